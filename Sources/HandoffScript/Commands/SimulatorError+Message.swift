import HandoffCore

/// How the command language words the simulator's errors: the core's errors are typed and name
/// no command; the words that do (`'end' it first`) live here.
extension SimulatorError {
    package var message: String {
        switch self {
        case .fingerAlreadyDown: "a finger is already down; 'end' it first"
        case .noFinger: "no finger is down; start with 'touch' or 'pan'"
        case .nothingAt: "nothing to touch there"
        case .outsideWindow: "the point is outside the window"
        }
    }
}
