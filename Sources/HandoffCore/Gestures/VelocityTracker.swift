/// Estimates release velocity from finger samples. SPEC §4.3: the displacement over the window
/// from 100 ms before release (or touch-down, if later) to release, divided by its length. Under
/// `touches uikit` (§4.4) it is the scroll view's own estimate instead (`ScrollViewVelocity`).
public struct VelocityTracker: Equatable, Sendable {
    public static let window = 0.1
    /// The earlier samples a window holds at 120 fps, and one before it.
    static let room = 14
    /// The newest sample, held in place: a move at the newest sample's time replaces it, so a
    /// touch whose moves come at one time (a script's `pan` and `move` without `over`) keeps no
    /// list of samples.
    private var newest: (t: Double, p: Point)
    /// A finger's position at a time.
    typealias Sample = (t: Double, p: Point)
    /// The samples before `newest`, oldest first.
    private var earlier: [Sample] = []
    /// The scroll view's estimate, kept instead of the window's samples under `touches uikit`.
    private var sampled: ScrollViewVelocity?

    /// A finger went down at `position` at `time`; `sampled`: measure as UIKit's scroll view does.
    public init(time: Double, position: Point, sampled: Bool = false) {
        newest = (time, position)
        if sampled { self.sampled = ScrollViewVelocity(time: time, position: position) }
    }

    /// `init(time:position:sampled:)`, its samples kept in the storage in `spare`, which the
    /// last touch's tracker left there (`leaveSamples(in:)`): once one touch has made room for
    /// them, the next allocates none.
    init(time: Double, position: Point, sampled: Bool, reusing spare: inout [Sample]) {
        self.init(time: time, position: position, sampled: sampled)
        swap(&earlier, &spare)
    }

    /// Leaves the samples' storage in `spare`, emptied, for the next touch's tracker.
    mutating func leaveSamples(in spare: inout [Sample]) {
        if !earlier.isEmpty { earlier.removeAll(keepingCapacity: true) }
        swap(&earlier, &spare)
    }

    /// Records the finger's position after a move at time `t`.
    public mutating func add(time t: Double, position p: Point) {
        if sampled != nil {
            sampled!.add(time: t, position: p)
            return
        }
        guard newest.t != t else {
            newest = (t, p)
            return
        }
        // Room for a window's samples at once (0.1 s of frames at 120 fps, and the one before),
        // not grown one by one.
        if earlier.capacity == 0 { earlier.reserveCapacity(Self.room) }
        earlier.append(newest)
        newest = (t, p)
        // Keep one sample at or before the oldest window start that can still matter (the
        // newest, at `t`, is after it).
        let horizon = t - Self.window - 1e-9
        var drop = 0
        while drop + 1 < earlier.count, earlier[drop + 1].t <= horizon { drop += 1 }
        if drop > 0 { earlier.removeFirst(drop) }
    }

    /// The position at time `t`: the last sample at or before `t` (moves made at `t` included).
    private func position(at t: Double) -> Point {
        var p = earlier.first?.p ?? newest.p
        for s in earlier where s.t <= t + 1e-9 { p = s.p }
        if newest.t <= t + 1e-9 { p = newest.p }
        return p
    }

    /// The scroll view's estimate for a release at `t`, under `touches uikit`.
    public func scrollView(at t: Double) -> ScrollViewVelocity.Estimate? {
        sampled?.estimate(at: t)
    }

    /// Velocity (pt/s) for a release at `t`.
    public func velocity(at t: Double) -> Point {
        if let sampled { return sampled.estimate(at: t).velocity }
        let start = Swift.max(earlier.first?.t ?? newest.t, t - Self.window)
        let length = t - start
        guard length > 1e-9 else { return .zero }
        let d = position(at: t) - position(at: start)
        return Point(d.x / length, d.y / length)
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        guard a.sampled == nil, b.sampled == nil else { return a.sampled == b.sampled }
        return a.newest.t == b.newest.t && a.newest.p == b.newest.p
            && a.earlier.count == b.earlier.count
            && zip(a.earlier, b.earlier).allSatisfy { $0.t == $1.t && $0.p == $1.p }
    }
}

/// UIKit's scroll view release velocity (SPEC §4.4): each finger event after the first gives a
/// sample, its displacement since the previous event divided by the time between them (an event
/// under 1 ms after the previous one gives no sample: its movement counts in the next one); the
/// release is `0.25·v_last + 0.75·v_prev`, the one sample alone if there is one, 0 with none, and 0
/// when the finger has not moved for 0.1 s or more before the lift (the lift is not a sample).
public struct ScrollViewVelocity: Equatable, Sendable {
    /// Events closer than this give no sample (UIKit ignores them).
    public static let minimumInterval = 0.001
    /// A finger still for this long before the lift releases at 0.
    public static let stillness = 0.1
    /// Weight of the last sample; the one before weighs the rest.
    public static let lastWeight = 0.25

    /// The event the next sample is measured from.
    private var from: (t: Double, p: Point)
    /// The last two samples (pt/s), newest first.
    private(set) var last: Point?
    private(set) var previous: Point?
    /// When the finger last changed position (touch-down if it never moved).
    private var moved: Double

    /// What a release at a time reads, with the numbers `why` prints.
    public struct Estimate: Equatable, Sendable {
        public var velocity: Point
        /// The samples blended (newest first); nil when there were none.
        public var last: Point?
        public var previous: Point?
        /// How long the finger had been still, when that made the release 0 (≥ 0.1 s).
        public var still: Double?
    }

    public init(time: Double, position: Point) {
        from = (time, position)
        moved = time
    }

    /// A finger event: the finger is at `p` at time `t`.
    public mutating func add(time t: Double, position p: Point) {
        if p != from.p { moved = t }
        let dt = t - from.t
        // Rounding of frame times (k / fps) must not drop a 1 ms sample.
        guard dt >= Self.minimumInterval - 1e-12 else { return }
        let d = p - from.p
        previous = last
        last = Point(d.x / dt, d.y / dt)
        from = (t, p)
    }

    /// The release velocity for a lift at `t`.
    public func estimate(at t: Double) -> Estimate {
        let still = t - moved
        if still >= Self.stillness - 1e-9, last != nil {
            return Estimate(velocity: .zero, last: last, previous: previous, still: still)
        }
        guard let last else { return Estimate(velocity: .zero) }
        guard let previous else { return Estimate(velocity: last, last: last) }
        let w = Self.lastWeight
        let v = Point(
            w * last.x + (1 - w) * previous.x, w * last.y + (1 - w) * previous.y)
        return Estimate(velocity: v, last: last, previous: previous)
    }

    public static func == (a: ScrollViewVelocity, b: ScrollViewVelocity) -> Bool {
        a.from.t == b.from.t && a.from.p == b.from.p && a.last == b.last
            && a.previous == b.previous && a.moved == b.moved
    }
}
