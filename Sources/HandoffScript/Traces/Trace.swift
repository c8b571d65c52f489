/// The trace format (SPEC §7): a transcript of commands and the output they printed.
package enum Trace {
    package static let magic = "# handoff trace v1"

    package static func header(scene: String) -> String { "\(magic)\n# scene: \(scene)\n" }

    package static func block(command: String, output: [String]) -> String {
        var s = "> " + command + "\n"
        for line in output { s += line + "\n" }
        return s
    }
}
