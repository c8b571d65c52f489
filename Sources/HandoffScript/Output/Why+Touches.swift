import HandoffCore

/// `why` for touches: UIKit's touch pipeline (SPEC §4.4, `touches uikit`) and a tap's fate (§4.2).
extension Why {
    /// The scroll view's own release velocity and the samples it blended.
    static func scrollViewVelocity(_ e: ScrollViewVelocity.Estimate) -> String {
        func p(_ v: Point) -> String { "(\(f(v.x)), \(f(v.y)))" }
        if let still = e.still {
            return
                "the finger had not moved for \(f(still * 1000)) ms (0.1 s or more) before the lift: the scroll view releases at 0"
        }
        guard let last = e.last else {
            return "no movement sample (moves less than 1 ms apart): the scroll view releases at 0"
        }
        guard let previous = e.previous else {
            return
                "release velocity \(p(e.velocity)) pt/s: the scroll view's only movement sample"
        }
        return
            "release velocity \(p(e.velocity)) pt/s: the scroll view's 0.25·\(p(last)) + 0.75·\(p(previous)) of its last two movement samples"
    }

    /// A release too slow for UIKit's scroll view to start momentum.
    static func belowMomentumThreshold(_ id: String, _ v: Double) -> String {
        "\(id) released at \(f(v)) pt/s, slower than 250 pt/s (0.25 pt/ms): UIKit's scroll view zeroes it and starts no momentum"
    }
}

extension Why {
    /// §4.4: the content had the touch, so the pan failed.
    static func contentKeepsTouch(_ target: Target, _ owner: Int, _ control: Bool, _ n: Names)
        -> String
    {
        let because =
            control
            ? "\(n.target(target)) is a control, which keeps its touch (touchesShouldCancel is false)"
            : "\(n.id(owner)), which would own the pan, has canCancelContentTouches false"
        return
            "the content already had the touch and \(because): the pan fails and nothing scrolls for the rest of this touch"
    }

    /// §4.4: a pan began inside the delay.
    static func neverDelivered(_ target: Target, _ n: Names) -> String {
        "the pan began within 0.15 s of the touch-down, while a scroll view delayed the content's touch: \(n.target(target)) never received it, so no touchesCancelled"
    }

    /// §4.4: a touch caught a moving scroll view.
    static func caughtMoving(_ node: Int, _ kind: AnimationKind, _ n: Names) -> String {
        "the touch-down caught \(n.id(node)) in its \(kind.rawValue) and begins its pan at once, with no slop (UIKit's _beginScroll while decelerating or bouncing); the touch is swallowed"
    }

    /// §4.4: a control's touch gutter at the lift.
    static func touchGutter(_ target: Target, _ inside: Bool, _ n: Names) -> String {
        inside
            ? "the finger lifted within 70 pt of the control \(n.target(target)) (its touch gutter): it fires"
            : "the finger lifted more than 70 pt outside the control \(n.target(target)) (its touch gutter): its tap fails as moved"
    }

    /// §5.10: how a system sheet shares a drag begun on its content.
    static func systemSheet(
        _ sheet: Int, _ driver: Int, _ shared: Bool, _ expands: Bool, _ n: Names
    )
        -> String
    {
        let s = n.id(sheet)
        let d = n.id(driver)
        guard shared else {
            return
                "\(d) was scrolled away from its top when the drag began: the drag is \(d)'s alone (UIKit's own sheet \(s) does not move in it)"
        }
        return expands
            ? "\(d) was at its top when the drag began: UIKit's own sheet \(s) shares it as under nested, whatever the policy (forward: the sheet first up to its top-most detent, then \(d); backward: the sheet)"
            : "\(d) was at its top when the drag began: UIKit's own sheet \(s) has scrollingExpands false, so forward drags scroll \(d) at every detent and backward ones move the sheet"
    }
}

extension Why {
    /// A tap's fate and the rule that decided it.
    static func tap(_ target: Target, _ outcome: TapOutcome, _ n: Names) -> (String, String) {
        let id = n.target(target)
        switch outcome {
        case .delivered:
            return (
                "§4.2",
                "tap delivered to \(id): no pan was recognized and the touch was not swallowed"
            )
        case .swallowed:
            return ("§4.2", "no tap for \(id): the touch stopped an animation (swallowed)")
        case .cancelledByPan:
            return (
                "§4.2", "no tap for \(id): a pan was recognized and the target got touchesCancelled"
            )
        case .moved:
            return (
                "§4.2",
                "no tap for \(id): the finger moved past the slop before any pan (a finger that moved is not a tap)"
            )
        case .notTappable:
            return (
                "§4.2",
                "no tap for \(id): it is not tappable (a view needs tap: true; rows and segments are)"
            )
        case .rejected(let c):
            return (
                "§5.8",
                "no tap for \(id): rejected: \(n.id(c)) is transitioning, so the control is disabled"
            )
        }
    }
}
