import Testing

@testable import HandoffScript

/// Every user error is worded by `ErrorMessage` and printed by its `line`: the words of each case
/// and where the location and `error: ` go.
@Suite struct ErrorMessageTests {
    @Test func unreadableFilesAreWordedOnce() {
        #expect(
            ErrorMessage.text(.unreadable(.file("a.trace"), reason: "no such file or folder"))
                == "cannot read 'a.trace': no such file or folder")
        #expect(
            ErrorMessage.text(.unreadable(.scene("s.yaml"), reason: "not a regular file"))
                == "cannot read scene 's.yaml': not a regular file")
        #expect(ErrorMessage.text(.unreadable(.yaml, reason: "bad")) == "cannot read YAML: bad")
        // The path is escaped: a control character in it cannot reach the terminal.
        #expect(
            ErrorMessage.text(.unreadable(.file("a\u{1B}b"), reason: "x"))
                == "cannot read 'a\\x1bb': x")
        #expect(
            ErrorMessage.line(FileError("is a directory").unreadable("d"))
                == "error: cannot read 'd': is a directory")
    }

    @Test func aLocatedErrorPutsItsPlaceFirst() {
        let inTrace = UserError.located(
            SourceLocation(file: "t.trace", line: 1), .unreadable(.it, reason: "is a directory"))
        #expect(ErrorMessage.line(inTrace) == "t.trace:1: error: cannot read it: is a directory")
        #expect(ErrorMessage.text(inTrace) == "t.trace:1: cannot read it: is a directory")
        let inScene = UserError.located(
            SourceLocation(file: "s.yaml", line: 3, column: 7), .message("unknown key 'x'"))
        #expect(ErrorMessage.line(inScene) == "s.yaml:3:7: error: unknown key 'x'")
        #expect(ErrorMessage.text(inScene) == "s.yaml:3:7: unknown key 'x'")
        #expect(ErrorMessage.line(.message("the trace is empty")) == "error: the trace is empty")
    }

    @Test func sceneErrorsRenderThroughTheGenerator() {
        let e = SceneError(file: "s.yaml", line: 2, column: 5, message: "bad size")
        #expect(e.rendered == "s.yaml:2:5: error: bad size")
        #expect(SceneLoadError.invalid(e).message == "s.yaml:2:5: bad size")
        #expect(
            SceneLoadError.unreadable(path: "s.yaml", message: "is a directory").rendered
                == "error: cannot read scene 's.yaml': is a directory")
    }
}
