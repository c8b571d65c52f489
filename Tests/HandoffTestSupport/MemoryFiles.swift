import Foundation
import HandoffScript

/// Files in memory, for sessions and trace runs under test: every test uses this one instead of
/// a copy of its own. Writes stay in memory; with `readingDisk`, a path not held in memory is
/// read from the disk (traces that name scene files beside them), which is never written.
package final class MemoryFiles: FileAccess, @unchecked Sendable {
    /// The files written or given, by path.
    package var files: [String: String]
    /// Whether a path not in `files` is read from the disk.
    package let readingDisk: Bool

    package init(_ files: [String: String] = [:], readingDisk: Bool = false) {
        self.files = files
        self.readingDisk = readingDisk
    }

    package func read(_ path: String) throws(FileError) -> String {
        if let text = files[path] { return text }
        guard readingDisk, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw FileError("no such file")
        }
        return text
    }

    package func exists(_ path: String) -> Bool {
        files[path] != nil || (readingDisk && FileManager.default.fileExists(atPath: path))
    }

    package func create(_ path: String, _ text: String) throws(FileError) { files[path] = text }
}
