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
        // 6,581 × 1.03 = 6,778.43; 7,329 × 1.03 = 7,548.87; 7,337 × 1.03 = 7,557.11; 9,288 ×
        // 1.03 = 9,566.64; 9,797 × 1.03 = 10,090.91; 9,276 × 1.03 = 9,554.28; 8,081 × 1.03 =
        // 8,323.43; 9,182 × 1.03 = 9,457.46; 12,993 × 1.03 = 13,382.79.
        #expect(
            lines == [
                "script 6779", "replay 7549", "recording 7558", "mix-tabs 9567",
                "mix-sheet 10091", "mix-indicator 9555", "mix-switcher 8324",
                "mix-stretchy 9458", "fling 13383",
            ])
        #expect(
            text.contains(
                "script 6,581 (7,383 at the third round's end, 8,916 at the second's, 9,102 at the")
        )
        #expect(text.contains("fling-heavy 12,993 (14,677; 199,954)"))
    }

    /// With nine figures the mixes and the fling-heavy script are checked too, each named when
    /// over its line; any other number of figures is a usage error.
    @Test func theMixesAreCheckedWithNineFigures() throws {
        let cycle = ["6581", "7329", "7337"]
        let today = try Self.check(cycle + ["9288", "9797", "9276", "8081", "9182", "12993"])
        #expect(today.status == 0, "\(today.err)")
        #expect(
            today.out
                == "instruction budget: script 6581, replay 7329, recording 7337, mix-tabs 9288,"
                + " mix-sheet 9797, mix-indicator 9276, mix-switcher 8081, mix-stretchy 9182,"
                + " fling 12993 within .ci/instruction-budget\n")
        let over = try Self.check(cycle + ["9568", "9797", "9276", "8081", "9459", "13384"])
        #expect(over.status == 1)
        #expect(
            over.err
                == "instruction budget: mix-tabs 9568 instructions a command exceeds its budget"
                + " 9567 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: mix-stretchy 9459 instructions a command exceeds its budget"
                + " 9458 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: fling 13384 instructions a command exceeds its budget"
                + " 13383 by 1 (.ci/instruction-budget)\n")
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
        let today = try Self.check(["6581", "7329", "7337"])
        #expect(today.status == 0, "\(today.err)")
        #expect(today.err.isEmpty)
        // At the budget is still within it.
        #expect(try Self.check(["6779", "7549", "7558"]).status == 0)
    }

    /// A figure over its budget fails, and the message names the figure, the budget and the
    /// excess; every figure over its budget is named.
    @Test func aFigureOverItsBudgetFailsNamingTheExcess() throws {
        let one = try Self.check(["6581", "7550", "7337"])
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
