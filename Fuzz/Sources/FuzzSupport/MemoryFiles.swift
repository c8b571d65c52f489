import HandoffScript

/// The file system a fuzz run sees: a few files held in memory, never the disk. Writes go to
/// memory too (capped), so no input can create, truncate or overwrite a real file.
package final class MemoryFiles: FileAccess {
    package private(set) var files: [String: String]
    /// How many create/append calls were made (a verified trace must make none).
    package private(set) var writes = 0
    static let maxBytes = 1 << 20

    package init(_ files: [String: String] = [:]) { self.files = files }

    package func read(_ path: String) throws(FileError) -> String {
        guard let text = files[path] else { throw FileError("no such file") }
        return text
    }

    package func exists(_ path: String) -> Bool { files[path] != nil }

    package func create(_ path: String, _ text: String) throws(FileError) {
        writes += 1
        guard text.utf8.count <= Self.maxBytes else { throw FileError("file too large") }
        files[path] = text
    }

    package func append(_ path: String, _ text: String) throws(FileError) {
        writes += 1
        guard let old = files[path] else { throw FileError("no such file") }
        guard old.utf8.count + text.utf8.count <= Self.maxBytes else {
            throw FileError("no space left on device")
        }
        files[path] = old + text
    }
}
