import Foundation
import Testing

/// The HTML timeline rendered by a real browser: headless Chromium (Debian package `chromium`,
/// installed by `make deps`, which `make test` and CI run). Where Chromium is missing the test is
/// reported as skipped — except under CI (`CI` set), where it runs and fails, so a CI machine
/// without Chromium never passes it silently.
struct PlotChromiumTests {
    static let chromium: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/chromium"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static var runs: Bool { chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// Runs Chromium headless on `url` with `arguments`; its standard output.
    static func chromium(_ arguments: [String], url: String, profile: URL) throws -> String {
        let binary = try #require(
            chromium, "chromium is not installed: `make deps` installs it (Debian package chromium)"
        )
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--user-data-dir=\(profile.path)", "--no-first-run", "--disable-extensions",
            ] + arguments + [url]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "chromium exited \(p.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: runs), .timeLimit(.minutes(2)))
    func theHTMLRendersAndReadsOut() throws {
        let dir = try Harness.temporaryDirectory()
        let html = dir.appendingPathComponent("fling.html")
        let jsonl = dir.appendingPathComponent("fling.jsonl")
        let trace = PlotCLITests.trace
        #expect(try Harness.run(["plot", trace, "-o", html.path]).status == 0)
        #expect(try Harness.run(["plot", trace, "-o", jsonl.path]).status == 0)
        let url = "file://\(html.path)#t=0.5"

        // The screenshot is a picture, not a blank page: many colours, the lanes' among them.
        let png = dir.appendingPathComponent("shot.png")
        _ = try Self.chromium(
            ["--screenshot=\(png.path)", "--window-size=1000,800"], url: url,
            profile: dir.appendingPathComponent("profile"))
        let image = try PNG.decode([UInt8](try Data(contentsOf: png)))
        #expect(image.width == 1000 && image.height == 800)
        var histogram: [UInt32: Int] = [:]
        for p in image.pixels { histogram[p, default: 0] += 1 }
        let background = histogram.values.max() ?? 0
        #expect(Double(background) < 0.8 * Double(image.pixels.count), "mostly one colour")
        #expect(histogram.count > 50, "\(histogram.count) colours")
        // The sheet's lane (#4e79a7) and the studios lane (#59a14f) are drawn.
        #expect(histogram[0x4e79a7, default: 0] > 200)
        #expect(histogram[0x59a14f, default: 0] > 200)

        // The read-out at t = 0.5 shows that moment's row, as JSON Lines has it.
        let dom = try Self.chromium(
            ["--dump-dom"], url: url, profile: dir.appendingPathComponent("profile"))
        #expect(dom.contains(#"id="readout""#))
        #expect(dom.contains(#"data-t="0.5""#))
        let rows = try String(contentsOf: jsonl, encoding: .utf8).split(separator: "\n")
        let row = try #require(rows.last { $0.hasPrefix(#"{"t":0.5,"#) })
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
        let studios = try #require((object["offsets"] as? [String: Any])?["studios"] as? Double)
        let read = try #require(Self.readout(dom, "studios.offset"))
        // The read-out shows what `state --json` shows (2 decimals); JSON Lines has it to 1e-6.
        #expect(abs(try #require(Double(read)) - studios) <= 0.005 + 1e-6)
        #expect(Self.readout(dom, "sheet.top") == "100")
    }

    /// The value the read-out shows for `path`.
    static func readout(_ dom: String, _ path: String) -> String? {
        guard let at = dom.range(of: "data-path=\"\(path)\"") else { return nil }
        guard let open = dom.range(of: "<span class=\"v\">", range: at.upperBound..<dom.endIndex),
            let close = dom.range(of: "</span>", range: open.upperBound..<dom.endIndex)
        else { return nil }
        return String(dom[open.upperBound..<close.lowerBound])
    }
}
