import CFuzzerDriver
import Glibc

/// Runs libFuzzer on `callback` from a Swift `main`. SwiftPM renames an executable's `main` (so
/// tests can link it), which leaves libFuzzer's own `main` unused: a fuzz binary without this
/// call links, runs its top-level code and exits 0 without fuzzing anything.
package enum Driver {
    package static func run(
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
    }
}
