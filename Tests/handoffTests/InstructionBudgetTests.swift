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

    /// The budget kept in the repository is the figures measured at the end of issue 28's fifth
    /// round + 3 %, rounded up.
    @Test func theBudgetIsIssue28sFiguresPlusThreePercent() throws {
        let text = try String(
            contentsOf: Harness.root.appendingPathComponent(".ci/instruction-budget"),
            encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        // 6,473 × 1.03 = 6,667.19; 7,231 × 1.03 = 7,447.93; 7,241 × 1.03 = 7,458.23; 9,169 ×
        // 1.03 = 9,444.07; 9,628 × 1.03 = 9,916.84; 9,166 × 1.03 = 9,440.98; 7,991 × 1.03 =
        // 8,230.73; 9,055 × 1.03 = 9,326.65; 12,855 × 1.03 = 13,240.65.
        #expect(
            lines == [
                "script 6668", "replay 7448", "recording 7459", "mix-tabs 9445",
                "mix-sheet 9917", "mix-indicator 9441", "mix-switcher 8231",
                "mix-stretchy 9327", "fling 13241",
            ])
        #expect(
            text.contains(
                "script 6,473 (6,581 at the fourth round's end, 7,383 at the third's, 8,916 at the")
        )
        #expect(text.contains("fling-heavy 12,855 (12,993;"))
    }

    /// With nine figures the mixes and the fling-heavy script are checked too, each named when
    /// over its line; any other number of figures is a usage error.
    @Test func theMixesAreCheckedWithNineFigures() throws {
        let cycle = ["6473", "7231", "7241"]
        let today = try Self.check(cycle + ["9169", "9628", "9166", "7991", "9055", "12855"])
        #expect(today.status == 0, "\(today.err)")
        #expect(
            today.out
                == "instruction budget: script 6473, replay 7231, recording 7241, mix-tabs 9169,"
                + " mix-sheet 9628, mix-indicator 9166, mix-switcher 7991, mix-stretchy 9055,"
                + " fling 12855 within .ci/instruction-budget\n")
        let over = try Self.check(cycle + ["9446", "9628", "9166", "7991", "9328", "13242"])
        #expect(over.status == 1)
        #expect(
            over.err
                == "instruction budget: mix-tabs 9446 instructions a command exceeds its budget"
                + " 9445 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: mix-stretchy 9328 instructions a command exceeds its budget"
                + " 9327 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: fling 13242 instructions a command exceeds its budget"
                + " 13241 by 1 (.ci/instruction-budget)\n")
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
        let today = try Self.check(["6473", "7231", "7241"])
        #expect(today.status == 0, "\(today.err)")
        #expect(today.err.isEmpty)
        // At the budget is still within it.
        #expect(try Self.check(["6668", "7448", "7459"]).status == 0)
    }

    /// A figure over its budget fails, and the message names the figure, the budget and the
    /// excess; every figure over its budget is named.
    @Test func aFigureOverItsBudgetFailsNamingTheExcess() throws {
        let one = try Self.check(["6473", "7449", "7241"])
        #expect(one.status == 1)
        #expect(
            one.err
                == "instruction budget: replay 7449 instructions a command exceeds its budget 7448"
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
