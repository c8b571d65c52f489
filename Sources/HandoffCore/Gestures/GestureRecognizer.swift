/// How the slop is charged when a pan is recognized (SPEC §4.2).
public enum SlopMode: String, Sendable, CaseIterable {
    /// UIKit: the whole accumulated movement is applied at recognition.
    case full
    /// Android: only the movement beyond the slop is applied.
    case subtract
}

/// The recognition state machine for one touch: a possible tap and one possible pan per axis,
/// resolved by the slop (SPEC §4.2). It is given facts (candidate axes, displacements) and returns
/// decisions; the simulator executes them. It never sees the scene.
public struct GestureRecognizer: Equatable, Sendable {
    /// What the simulator should do after an event.
    public enum Decision: Equatable, Sendable {
        /// Nothing to do (the finger lifted twice, or the pan was begun at touch-down).
        case none
        /// No pan yet: the finger is `distance` from its touch-down point on its farther axis.
        case tracking(distance: Double)
        /// No pan yet, and the tap failed at this event: the finger moved `distance` (on its
        /// farther axis) from its touch-down point, strictly more than the slop (SPEC §4.2).
        case tapMoved(distance: Double)
        /// The pan is axis-locked and this move has no component on its axis.
        case offAxis(Axis)
        /// A pan was recognized on `axis`: fail the tap, cancel the target's touch, then apply
        /// the scroll delta `delta` (the movement the slop mode charges at recognition).
        case beganPan(axis: Axis, delta: Double)
        /// The recognized pan moved by the scroll delta `delta`.
        case changedPan(delta: Double)
        /// The pan ended; release with the finger's velocity. `tap` is the first reason the tap
        /// failed for (SPEC §4.2: swallowed, not tappable, moved, cancelled by pan).
        case endedPan(tap: TapOutcome)
        /// The finger lifted without a pan and the touch was not swallowed: deliver the tap.
        case deliverTap
        /// The finger lifted without a pan but no tap reaches the target, for `reason`.
        case failTap(TapOutcome)
    }

    /// The recognizer's state.
    enum State: Equatable, Sendable {
        /// Finger down, nothing recognized yet.
        case possible(Possible)
        /// A pan owns the finger on an axis; `tap` is why no tap reaches the target.
        case panning(axis: Axis, tap: TapOutcome)
        /// The finger lifted.
        case ended
    }

    /// Facts held while nothing is recognized.
    struct Possible: Equatable, Sendable {
        /// Axes with a scroll node on the hit path, innermost first (the tie-break order).
        var axes: [Axis]
        var tappable: Bool
        var swallowed: Bool
        /// The finger moved past the slop on an axis no pan takes: the tap failed (`moved`).
        var moved = false

        /// The first reason the tap failed for, if it has (SPEC §4.2: swallowed always wins;
        /// a target that is not tappable keeps `not tappable`).
        var failure: TapOutcome? {
            if swallowed { return .swallowed }
            if !tappable { return .notTappable }
            return moved ? .moved : nil
        }
    }

    private(set) var state: State
    public let slop: Double
    public let mode: SlopMode
    /// Under `touches uikit` reaching the slop is enough (≥, SPEC §4.4); else it must be passed.
    public let reaching: Bool
    /// Whether moving past the slop fails the tap (§4.2); a control under `touches uikit` keeps
    /// its touch instead, and its touch gutter decides at the lift (§4.4).
    public let slopFails: Bool

    /// A touch went down. `axes` lists the pannable axes innermost first; `reaching`: the slop
    /// test is `≥` (UIKit's scroll view, SPEC §4.4), not `>` (§4.2).
    public init(
        axes: [Axis], tappable: Bool, swallowed: Bool, slop: Double, mode: SlopMode,
        reaching: Bool = false, slopFails: Bool = true
    ) {
        state = .possible(Possible(axes: axes, tappable: tappable, swallowed: swallowed))
        self.slop = slop
        self.mode = mode
        self.reaching = reaching
        self.slopFails = slopFails
    }

    /// A pan that begins at touch-down with no slop (a touch on an animating sheet).
    /// The touch began the pan in the same event as it went down, so the tap is `cancelled by
    /// pan` (SPEC §5.9).
    public mutating func beginImmediately(axis: Axis, tap: TapOutcome = .cancelledByPan) -> Decision
    {
        state = .panning(axis: axis, tap: tap)
        return .beganPan(axis: axis, delta: 0)
    }

    /// The pan just recognized failed because the content keeps the touch (SPEC §4.4): no pan
    /// is recognized for the rest of this touch, and the tap is as it was — failing now as
    /// `moved` if the finger is past the slop and the target is not a control. `net` is the
    /// finger's displacement from its touch-down point.
    public mutating func panFailed(net: Point) -> Decision {
        guard case .panning(_, let tap) = state else { return .none }
        var possible = Possible(
            axes: [], tappable: tap != .notTappable, swallowed: tap == .swallowed)
        possible.moved = tap == .moved
        let distance = Swift.max(abs(net.x), abs(net.y))
        let fails = slopFails && isPastSlop(distance) && possible.failure == nil
        if fails { possible.moved = true }
        state = .possible(possible)
        return fails ? .tapMoved(distance: distance) : .tracking(distance: distance)
    }

    /// The axis of the recognized pan, if any.
    public var panAxis: Axis? {
        switch state {
        case .panning(let axis, _): axis
        case .possible, .ended: nil
        }
    }

    /// Whether a displacement is strictly past the slop (SPEC §4.2), or under `reaching` at
    /// least the slop (§4.4). The finger's position is a sum of steps, so `pan 0 -10 over 100ms`
    /// (six steps of 1.67) ends 10.000000000000057 from its touch-down point: differences under
    /// `slopTolerance` are rounding, not movement, and a drag decides the same whether it is one
    /// move or split into frames. Under `reaching` a finger that has not moved never reaches a
    /// slop of 0: a pan needs some movement.
    public func isPastSlop(_ displacement: Double) -> Bool {
        let d = abs(displacement)
        guard reaching else { return d - slop > Self.slopTolerance }
        return d > Self.slopTolerance && d - slop > -Self.slopTolerance
    }

    /// A billionth of a point.
    public static let slopTolerance = 1e-9

    /// The finger moved by `step`; `net` is its displacement from the touch-down point.
    public mutating func touchMoved(net: Point, step: Point) -> Decision {
        switch state {
        case .possible(var possible):
            // First axis past the slop wins; on a tie, the innermost (first listed).
            guard let axis = possible.axes.first(where: { isPastSlop(net.along($0)) }) else {
                let distance = Swift.max(abs(net.x), abs(net.y))
                // A finger that moved is not a tap (SPEC §4.2): the tap fails once, here.
                guard slopFails, isPastSlop(distance), possible.failure == nil else {
                    return .tracking(distance: distance)
                }
                possible.moved = true
                state = .possible(possible)
                return .tapMoved(distance: distance)
            }
            // A pan recognized in the same event as the slop is passed cancels the tap.
            state = .panning(axis: axis, tap: possible.failure ?? .cancelledByPan)
            let moved = net.along(axis)
            let charged: Double
            switch mode {
            case .full: charged = moved
            case .subtract: charged = moved > 0 ? moved - slop : moved + slop
            }
            return .beganPan(axis: axis, delta: -charged)
        case .panning(let axis, _):
            let delta = -step.along(axis)
            return delta == 0 ? .offAxis(axis) : .changedPan(delta: delta)
        case .ended:
            return .none
        }
    }

    /// The pan just recognized on `axis` cannot begin: no node on it can (SPEC §13.2). The
    /// finger goes on as possible on the other axes (`axes`, innermost first, as at touch-down),
    /// and the tap has failed as `moved`, unless it had failed already.
    public mutating func panRefused(axis: Axis, axes: [Axis], tappable: Bool, swallowed: Bool) {
        var possible = Possible(
            axes: axes.filter { $0 != axis }, tappable: tappable, swallowed: swallowed)
        possible.moved = true
        state = .possible(possible)
    }

    /// The finger lifted.
    public mutating func touchEnded() -> Decision {
        defer { state = .ended }
        return lift
    }

    /// What a lift now decides (`touchEnded()`, for a recognizer that is dropped at the lift).
    var lift: Decision {
        switch state {
        case .possible(let possible): possible.failure.map { .failTap($0) } ?? .deliverTap
        case .panning(_, let tap): .endedPan(tap: tap)
        case .ended: .none
        }
    }
}
