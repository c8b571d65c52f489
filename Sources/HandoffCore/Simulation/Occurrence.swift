/// One entry of the simulator's log: a typed fact with the time and frame it happened at.
/// Frame 0 is the scene's start; each `stepFrame()` advances the frame by one.
public struct Occurrence: Equatable, Sendable {
    public var time: Double
    public var frame: Int
    public var event: Event

    public init(time: Double, frame: Int, event: Event) {
        self.time = time
        self.frame = frame
        self.event = event
    }
}
