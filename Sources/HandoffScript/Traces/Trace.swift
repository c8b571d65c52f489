/// The trace format (SPEC §7): a transcript of commands and the output they printed.
package enum Trace {
    package static let magic = "# handoff trace v1"

    package static func header(scene: String) -> String { "\(magic)\n# scene: \(scene)\n" }

    package static func block(command: String, output: [String]) -> String {
        var size = command.utf8.count + 3
        for line in output { size += line.utf8.count + 1 }
        var s = ""
        s.reserveCapacity(size)
        s += "> "
        s += command
        s += "\n"
        for line in output {
            s += line
            s += "\n"
        }
        return s
    }
}
