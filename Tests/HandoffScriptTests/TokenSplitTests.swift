import HandoffTestSupport
import Testing

@testable import HandoffScript

/// A line of plain ASCII is split byte by byte (issue 28: every error line is parsed), and gives
/// the tokens and columns that splitting by `Character` gives.
@Suite struct TokenSplitTests {
    @Test func bytesAndCharactersAgree() {
        let pieces = [" ", "\t", "\"", "'", "#", "a", "pan", "0", "-12", "é", "\r", "ms", "  "]
        var random = SplitMix(seed: 23)
        var ascii = 0
        for _ in 0..<4000 {
            let line = (0..<random.int(12)).map { _ in pieces[random.int(pieces.count)] }.joined()
            if line.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
                ascii += 1
                #expect(
                    Token.splitASCII(line) == Token.splitCharacters(line),
                    "\(line.debugDescription)")
            }
            #expect(Token.split(line) == Token.splitCharacters(line), "\(line.debugDescription)")
        }
        #expect(ascii > 1000)
    }

    @Test func quotesCommentsAndColumns() {
        #expect(
            Token.split("pan 0\t-12 # c") == [
                Token(text: "pan", column: 1), Token(text: "0", column: 5),
                Token(text: "-12", column: 7),
            ])
        #expect(
            Token.split("load \"a b.yaml\" x") == [
                Token(text: "load", column: 1), Token(text: "a b.yaml", column: 6),
                Token(text: "x", column: 17),
            ])
        #expect(
            Token.split("load 'open") == [
                Token(text: "load", column: 1), Token(text: "open", column: 6),
            ])
        #expect(
            Token.split("tap é 3") == [
                Token(text: "tap", column: 1), Token(text: "é", column: 5),
                Token(text: "3", column: 7),
            ])
    }
}
