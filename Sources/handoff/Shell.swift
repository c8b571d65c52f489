import HandoffScript

/// The interactive shell (stdin is a terminal).
struct Shell {
    var session: Session

    func run() -> Int32 {
        var session = self.session
        var console = Console()
        while let line = readLine() {
            let r = session.run(line)
            console.emit(r.lines)
            if r.quit { break }
        }
        return 0
    }
}
