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

    /// The budget kept in the repository is the figures measured at the end of issue 28's second
    /// round + 3 %, rounded up.
    @Test func theBudgetIsIssue28sFiguresPlusThreePercent() throws {
        let text = try String(
            contentsOf: Harness.root.appendingPathComponent(".ci/instruction-budget"),
            encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        // 8,916 × 1.03 = 9,183.48; 9,550 × 1.03 = 9,836.5; 9,679 × 1.03 = 9,969.37; 12,450 ×
        // 1.03 = 12,823.5; 13,283 × 1.03 = 13,681.49; 12,556 × 1.03 = 12,932.68; 10,885 × 1.03 =
        // 11,211.55; 12,388 × 1.03 = 12,759.64; 17,510 × 1.03 = 18,035.3.
        #expect(
            lines == [
                "script 9184", "replay 9837", "recording 9970", "mix-tabs 12824",
                "mix-sheet 13682", "mix-indicator 12933", "mix-switcher 11212",
                "mix-stretchy 12760", "fling 18036",
            ])
        #expect(text.contains("script 8,916 (9,102 at the first round's end, 9,335 at 256b888)"))
        #expect(text.contains("fling-heavy 17,510 (22,853; 199,954)"))
    }

    /// With nine figures the mixes and the fling-heavy script are checked too, each named when
    /// over its line; any other number of figures is a usage error.
    @Test func theMixesAreCheckedWithNineFigures() throws {
        let cycle = ["8916", "9550", "9679"]
        let today = try Self.check(cycle + ["12450", "13283", "12556", "10885", "12388", "17510"])
        #expect(today.status == 0, "\(today.err)")
        #expect(
            today.out
                == "instruction budget: script 8916, replay 9550, recording 9679, mix-tabs 12450,"
                + " mix-sheet 13283, mix-indicator 12556, mix-switcher 10885, mix-stretchy 12388,"
                + " fling 17510 within .ci/instruction-budget\n")
        let over = try Self.check(cycle + ["12825", "13283", "12556", "10885", "12761", "18037"])
        #expect(over.status == 1)
        #expect(
            over.err
                == "instruction budget: mix-tabs 12825 instructions a command exceeds its budget"
                + " 12824 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: mix-stretchy 12761 instructions a command exceeds its budget"
                + " 12760 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: fling 18037 instructions a command exceeds its budget"
                + " 18036 by 1 (.ci/instruction-budget)\n")
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
        let today = try Self.check(["8916", "9550", "9679"])
        #expect(today.status == 0, "\(today.err)")
        #expect(today.err.isEmpty)
        // At the budget is still within it.
        #expect(try Self.check(["9184", "9837", "9970"]).status == 0)
    }

    /// A figure over its budget fails, and the message names the figure, the budget and the
    /// excess; every figure over its budget is named.
    @Test func aFigureOverItsBudgetFailsNamingTheExcess() throws {
        let one = try Self.check(["8916", "9838", "9679"])
        #expect(one.status == 1)
        #expect(
            one.err
                == "instruction budget: replay 9838 instructions a command exceeds its budget 9837"
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
