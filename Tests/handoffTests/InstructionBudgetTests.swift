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

    /// The budget kept in the repository is the figures measured at the end of issue 28's third
    /// round + 3 %, rounded up.
    @Test func theBudgetIsIssue28sFiguresPlusThreePercent() throws {
        let text = try String(
            contentsOf: Harness.root.appendingPathComponent(".ci/instruction-budget"),
            encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        // 7,383 × 1.03 = 7,604.49; 7,955 × 1.03 = 8,193.65; 8,161 × 1.03 = 8,405.83; 10,415 ×
        // 1.03 = 10,727.45; 11,054 × 1.03 = 11,385.62; 10,448 × 1.03 = 10,761.44; 9,215 × 1.03 =
        // 9,491.45; 10,298 × 1.03 = 10,606.94; 14,677 × 1.03 = 15,117.31.
        #expect(
            lines == [
                "script 7605", "replay 8194", "recording 8406", "mix-tabs 10728",
                "mix-sheet 11386", "mix-indicator 10762", "mix-switcher 9492",
                "mix-stretchy 10607", "fling 15118",
            ])
        #expect(
            text.contains("script 7,383 (8,916 at the second round's end, 9,102 at the first's)"))
        #expect(text.contains("fling-heavy 14,677 (17,510; 199,954)"))
    }

    /// With nine figures the mixes and the fling-heavy script are checked too, each named when
    /// over its line; any other number of figures is a usage error.
    @Test func theMixesAreCheckedWithNineFigures() throws {
        let cycle = ["7383", "7955", "8161"]
        let today = try Self.check(cycle + ["10415", "11054", "10448", "9215", "10298", "14677"])
        #expect(today.status == 0, "\(today.err)")
        #expect(
            today.out
                == "instruction budget: script 7383, replay 7955, recording 8161, mix-tabs 10415,"
                + " mix-sheet 11054, mix-indicator 10448, mix-switcher 9215, mix-stretchy 10298,"
                + " fling 14677 within .ci/instruction-budget\n")
        let over = try Self.check(cycle + ["10729", "11054", "10448", "9215", "10608", "15119"])
        #expect(over.status == 1)
        #expect(
            over.err
                == "instruction budget: mix-tabs 10729 instructions a command exceeds its budget"
                + " 10728 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: mix-stretchy 10608 instructions a command exceeds its budget"
                + " 10607 by 1 (.ci/instruction-budget)\n"
                + "instruction budget: fling 15119 instructions a command exceeds its budget"
                + " 15118 by 1 (.ci/instruction-budget)\n")
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
        let today = try Self.check(["7383", "7955", "8161"])
        #expect(today.status == 0, "\(today.err)")
        #expect(today.err.isEmpty)
        // At the budget is still within it.
        #expect(try Self.check(["7605", "8194", "8406"]).status == 0)
    }

    /// A figure over its budget fails, and the message names the figure, the budget and the
    /// excess; every figure over its budget is named.
    @Test func aFigureOverItsBudgetFailsNamingTheExcess() throws {
        let one = try Self.check(["7383", "8195", "8161"])
        #expect(one.status == 1)
        #expect(
            one.err
                == "instruction budget: replay 8195 instructions a command exceeds its budget 8194"
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
