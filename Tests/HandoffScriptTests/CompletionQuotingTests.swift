import HandoffCore
import HandoffTestSupport
import Testing

@testable import HandoffScript

/// Tab completion writes a file name with a space quoted, as the command language reads it.
struct CompletionQuotingTests {
    let session = Session(scene: BuiltinScenes.tabs, ref: "tabs", files: MemoryFiles())

    func files(_ prefix: String) -> [String] {
        ["my scenes/", "my scenes/list in scroll.yaml", "plain.yaml", "take#2.yaml"].filter {
            $0.hasPrefix(prefix)
        }
    }

    func tab(_ before: String) -> (delete: Int, insert: String, list: [String]) {
        Completion.action(for: before, session: session, files: files)
    }

    @Test func aNameWithASpaceIsOpenedWithAQuote() {
        // `my` is replaced by the quoted folder; a folder stays open for more.
        let r = tab("load my")
        #expect(r.delete == 2)
        #expect(r.insert == "\"my scenes/")
        #expect(r.list.isEmpty)
    }

    @Test func aQuotedNameIsClosedWhenComplete() throws {
        let before = "load \"my scenes/l"
        let r = tab(before)
        #expect(r.delete == "\"my scenes/l".count)
        #expect(r.insert == "\"my scenes/list in scroll.yaml\" ")
        // What Tab leaves on the line parses back to the file.
        let line = String(before.dropLast(r.delete)) + r.insert
        #expect(try CommandParser.parse(line) == .load("my scenes/list in scroll.yaml"))
    }

    /// A `#` would start a comment: such a name is quoted like one with a space.
    @Test func aNameWithAHashIsQuoted() throws {
        let r = tab("load tak")  // (`ta` would also be `tabs`)
        #expect(r.delete == 3)
        #expect(r.insert == "\"take#2.yaml\" ")
        #expect(try CommandParser.parse("load " + r.insert) == .load("take#2.yaml"))
    }

    @Test func namesWithoutSpacesAreNotQuoted() {
        let r = tab("load pl")
        #expect(r.delete == 0)
        #expect(r.insert == "ain.yaml ")
    }
}
