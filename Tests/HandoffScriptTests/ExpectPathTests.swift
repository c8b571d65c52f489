import Testing

@testable import HandoffScript

/// `expect` paths are parsed once into values (SPEC §8) and print back to their text.
@Suite struct ExpectPathTests {
    @Test func pathsParseToValuesAndPrintBack() {
        let cases: [(String, ExpectPath?)] = [
            ("owner", .owner), ("t", .time), ("ledger.unconsumed", .unconsumed),
            ("ledger.outer", .ledger("outer")),
            ("outer.offset", .value(id: "outer", field: .offset)),
            ("sheet.backdrop.alpha", .value(id: "sheet.backdrop", field: .alpha)),
            ("pager.page", .value(id: "pager", field: .page)), ("ledger.", nil), (".offset", nil),
            ("outer.ofset", nil), ("outer", nil),
        ]
        for (text, path) in cases {
            #expect(ExpectPath(text) == path, "\(text)")
            if let path { #expect(path.canonical == text) }
        }
    }
}
