import Glibc
import HandoffScript

/// Properties checked beyond "does not crash", with `HANDOFF_FUZZ_ORACLES=1`: a broken one traps
/// with its name, so libFuzzer keeps the input like any crash.
package enum Oracles {
    package static let enabled: Bool = {
        guard let value = getenv("HANDOFF_FUZZ_ORACLES") else { return false }
        return String(cString: value) == "1"
    }()

    /// A printed line holds no raw control character (a name with ESC or a newline must be
    /// escaped, or it forges output and drives the terminal).
    package static func printable(_ lines: [OutputLine]) {
        guard enabled else { return }
        for line in lines {
            for byte in line.text.utf8 where byte < 0x20 || byte == 0x7F {
                fatalError(
                    "oracle: control character \(byte) printed raw: \(line.text.debugDescription)")
            }
        }
    }

    /// Verifying a trace writes no file.
    package static func noWrites(_ files: MemoryFiles) {
        guard enabled, files.writes > 0 else { return }
        fatalError("oracle: verifying a trace wrote \(files.writes) time(s)")
    }
}
