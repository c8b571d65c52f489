/// The file system as the script layer sees it; the executable provides the real one, so this
/// layer stays free of I/O.
package protocol FileAccess {
    func read(_ path: String) throws(FileError) -> String
    func exists(_ path: String) -> Bool
    /// Creates (or truncates) a file with `text`, flushed.
    func create(_ path: String, _ text: String) throws(FileError)
    /// Appends `text` and flushes it, so a crash loses nothing written.
    func append(_ path: String, _ text: String) throws(FileError)
}

/// A file that could not be read or written.
package struct FileError: Error, Equatable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// Paths relative to a base directory (a trace's folder), as `# scene:` needs.
package enum Paths {
    package static func resolve(_ path: String, base: String?) -> String {
        guard let base, !base.isEmpty, !path.hasPrefix("/") else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
