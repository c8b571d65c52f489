import Foundation
import Testing

/// CI fails when a command costs more instructions than `.ci/instruction-budget` allows
/// (`.ci/check-instructions`, called by `.ci/instructions` with what callgrind counted): checked
/// here on given figures, so no callgrind run is needed.
struct InstructionBudgetTests {
    /// Runs `.ci/check-instructions` with `figures`, against `budget` when given.
    static func check(_ figures: [String], budget: String? = nil) throws -> Harness.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [".ci/check-instructions"] + figures
        p.currentDirectoryURL = Harness.root
        if let budget {
            let file = try Harness.temporaryDirectory().appendingPathComponent("budget")
            try budget.write(to: file, atomically: true, encoding: .utf8)
            p.environment = ProcessInfo.processInfo.environment.merging(["BUDGET": file.path]) {
                $1
            }
        }
        let (out, err) = (Pipe(), Pipe())
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Harness.Result(
            out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self), status: p.terminationStatus)
    }

    /// The budget kept in the repository is the figures measured at the end of issue 28's fourth
    /// round + 3 %, rounded up.
    @Test func theBudgetIsIssue28sFiguresPlusThreePercent() throws {
        let text = try String(
            contentsOf: Harness.root.appendingPathComponent(".ci/instruction-budget"),
            encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        // 6,568 × 1.03 = 6,765.04; 7,329 × 1.03 = 7,548.87; 7,323 × 1.03 = 7,542.69; 9,098 ×
        // 1.03 = 9,370.94; 9,605 × 1.03 = 9,893.15; 9,084 × 1.03 = 9,356.52; 7,906 × 1.03 =
        // 8,143.18; 8,989 × 1.03 = 9,258.67; 12,878 × 1.03 = 13,264.34.
        #expect(
            lines == [
                "script 6766", "replay 7549", "recording 7543", "mix-tabs 9371",
                "mix-sheet 9894", "mix-indicator 9357", "mix-switcher 8144",
                "mix-stretchy 9259", "fling 13265",
            ])
        #expect(
            text.contains(
                "script 6,568 (7,383 at the third round's end, 8,916 at the second's, 9,102 at the")
        )
        #expect(text.contains("fling-heavy 12,878 (14,677; 199,954)"))
    }

    /// With nine figures the mixes and the fling-heavy script are checked too, each named when
    /// over its line; any other number of figures is a usage error.
    @Test func theMixesAreCheckedWithNineFigures() throws {
        let cycle = ["6568", "7329", "7323"]
        let today = try Self.check(cycle + ["9098", "9605", "9084", "7906", "8989", "12878"])
        #expect(today.status == 0, "\(today.err)")
        #expect(
            today.out
                == "instruction budget: script 6568, replay 7329, recording 7323, mix-tabs 9098,"
                + " mix-sheet 9605, mix-indicator 9084, mix-switcher 7906, mix-stretchy 8989,"
                + " fling 12878 within .ci/instruction-budget\n")
        let over = try Self.check(cycle + ["9372", "9605", "9084", "7906", "9260", "13266"])
        #expect(over.status == 1)
        #expect(
            over.err
                == "instruction budget: mix-tabs 9372 instructions a command exceeds its budget"
                + " 9371 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: mix-stretchy 9260 instructions a command exceeds its budget"
                + " 9259 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: fling 13266 instructions a command exceeds its budget"
                + " 13265 by 1 (.ci/instruction-budget)\n")
        // A budget without the mixes' lines fails on nine figures, not on three.
        let old = "script 9200\nreplay 9800\nrecording 9900\n"
        #expect(try Self.check(cycle, budget: old).status == 0)
        let missing = try Self.check(cycle + ["1", "1", "1", "1", "1", "1"], budget: old)
        #expect(missing.status == 1)
        #expect(missing.err.contains("no 'mix-tabs' line"))
        #expect(missing.err.contains("no 'fling' line"))
        #expect(try Self.check(cycle + ["1"]).status == 2)
    }

    @Test func figuresWithinTheBudgetPass() throws {
        let today = try Self.check(["6568", "7329", "7323"])
        #expect(today.status == 0, "\(today.err)")
        #expect(today.err.isEmpty)
        // At the budget is still within it.
        #expect(try Self.check(["6766", "7549", "7543"]).status == 0)
    }

    /// A figure over its budget fails, and the message names the figure, the budget and the
    /// excess; every figure over its budget is named.
    @Test func aFigureOverItsBudgetFailsNamingTheExcess() throws {
        let one = try Self.check(["6568", "7550", "7323"])
        #expect(one.status == 1)
        #expect(
            one.err
                == "instruction budget: replay 7550 instructions a command exceeds its budget 7549"
                + " by 1 (.ci/instruction-budget)\n")
        let two = try Self.check(
            ["9100", "8634", "10000"],
            budget: "# test\nscript 9000\n"
                + "replay 9000\nrecording 9531\n")
        #expect(two.status == 1)
        #expect(
            two.err.contains("script 9100 instructions a command exceeds its budget 9000 by 100"))
        #expect(
            two.err.contains(
                "recording 10000 instructions a command exceeds its budget 9531 by 469"))
        #expect(!two.err.contains("replay"))
    }

    /// A missing line or a figure that is not a count (callgrind printed nothing) fails too.
    @Test func aMissingBudgetOrFigureFails() throws {
        let noLine = try Self.check(["1", "1", "1"], budget: "script 9000\nreplay 9000\n")
        #expect(noLine.status == 1)
        #expect(noLine.err.contains("no 'recording' line"))
        let empty = try Self.check(["", "1", "1"])
        #expect(empty.status == 1)
        #expect(empty.err.contains("script measured '', not a count"))
    }
}
