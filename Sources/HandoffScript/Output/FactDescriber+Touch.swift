import HandoffCore

/// The finger's facts: touches, slop, recognizers, taps and what they select (or why a `tab`
/// selected nothing), each written straight into the output's bytes.
extension FactDescriber {
    static func touchEvent<R: FactRenderer>(
        _ e: Event, _ n: Names, at moment: Moment, into r: inout R
    ) {
        func id(_ node: Int) -> FactValue { .string(n.id(node)) }
        switch e {
        case .touchDown(let p, let target, let path):
            func ids() -> [String] {
                var ids = path.map { n.id($0) }
                if target.item != nil { ids.append(n.target(target)) }
                return ids
            }
            r.describe(
                "touch", at: moment, marks: [.touchDown],
                { out in
                    out.line { w in
                        w.label("touch")
                        w.put(target, n)
                        w.put(" at (" as StaticString)
                        w.put(p.x)
                        w.put(", " as StaticString)
                        w.put(p.y)
                        w.put(")" as StaticString)
                    }
                    out.line { w in
                        w.label("path")
                        for (i, node) in path.enumerated() {
                            if i > 0 { w.put(" > " as StaticString) }
                            w.put(id: node, n)
                        }
                        if target.item != nil {
                            if !path.isEmpty { w.put(" > " as StaticString) }
                            w.put(target, n)
                        }
                    }
                },
                [
                    ("point", .list([.number(p.x), .number(p.y)])),
                    ("target", .string(n.target(target))),
                    ("path", .list(ids().map(FactValue.string))),
                ])
        case .stopped(let node, let kind):
            r.describe(
                "stopped", at: moment,
                { out in
                    out.line { w in
                        w.label("stopped")
                        w.put(id: node, n)
                        w.put(" " as StaticString)
                        w.put(kind)
                    }
                },
                [("node", id(node)), ("animation", .string(kind.rawValue))])
        case .swallowed(let t):
            r.describe(
                "swallowed", at: moment,
                { out in
                    out.line { w in
                        w.label("swallowed")
                        w.put(t, n)
                        w.put(": the touch stopped an animation" as StaticString)
                    }
                },
                [("target", .string(n.target(t)))])
        case .recognizer(let recognizer, let state):
            r.describe(
                "recognizer", at: moment, marks: recognizer.isPan && state == .began ? [.pan] : [],
                { out in
                    out.line { w in
                        switch recognizer {
                        case .pan(let axis):
                            w.label("pan")
                            w.put(axis)
                        case .tap(let t):
                            w.label("tap")
                            w.put(t, n)
                        }
                        w.put(" " as StaticString)
                        w.put(state)
                    }
                },
                [
                    ("recognizer", .string(recognizerName(recognizer, n))),
                    ("state", .string(state.rawValue)),
                ])
        case .delivered(let t, let held, let atLift):
            r.describe(
                "deliver", at: moment, marks: [.delivered],
                { out in
                    out.line { w in
                        w.label("deliver")
                        w.put(t, n)
                        w.put(
                            atLift
                                ? " touchesBegan and touchesEnded at the lift, after "
                                    as StaticString
                                : " touchesBegan after " as StaticString)
                        w.put(held)
                        w.put(" s" as StaticString)
                    }
                },
                [
                    ("target", .string(n.target(t))), ("after", .number(held)),
                    ("lift", .bool(atLift)),
                ])
        case .touchesCancelled(let t):
            r.describe(
                "touchesCancelled", at: moment, marks: [.tapCancelled],
                { out in
                    out.line { w in
                        w.label("cancel")
                        w.put(t, n)
                        w.put(" touchesCancelled" as StaticString)
                    }
                },
                [("target", .string(n.target(t)))])
        case .tap(let t, let outcome):
            tap(t, outcome, n, at: moment, marks: [.lift, TimelineMark.Kind(outcome)], into: &r)
        case .tabbed(let t):
            tap(t, .delivered, n, at: moment, marks: [.tapDelivered], into: &r)
        case .pageSelected(let node, let from, let to):
            r.describe(
                "select", at: moment,
                { out in
                    out.line { w in
                        w.label("select")
                        w.put(id: node, n)
                        w.put(" page " as StaticString)
                        w.put(from)
                        w.put(" → " as StaticString)
                        w.put(to)
                        w.put(" (" as StaticString)
                        w.put(page: to, of: node, n)
                        w.put(")" as StaticString)
                    }
                },
                [("node", id(node)), ("from", .int(from)), ("to", .int(to))])
        case .transitionEnded(let node, let page):
            r.describe(
                "transitionEnded", at: moment,
                { out in
                    out.line { w in
                        w.label("select")
                        w.put(id: node, n)
                        w.put(" transition to " as StaticString)
                        w.put(page: page, of: node, n)
                        w.put(" done" as StaticString)
                    }
                },
                [("node", id(node)), ("page", .int(page))])
        case .decided(.sheetCaught(let sheet, let stopped)):
            r.describe(
                "caught", at: moment,
                { out in
                    out.line { w in
                        w.label("caught")
                        w.put(id: sheet, n)
                        w.put(": the touch stopped its " as StaticString)
                        w.put(stopped)
                        w.put(" and began its pan (no slop); cancelled by pan" as StaticString)
                    }
                },
                [("node", id(sheet)), ("animation", .string(stopped.rawValue))])
        case .tracking(let d, let slop):
            r.describe(
                "tracking", at: moment,
                { out in
                    out.line { w in
                        w.label("tracking")
                        w.put("d " as StaticString)
                        w.put(d)
                        w.put(" of slop " as StaticString)
                        w.put(slop)
                    }
                },
                [("distance", .number(d)), ("slop", .number(slop))])
        case .tapMoved(let t, let d, let slop):
            r.describe(
                "recognizer", at: moment,
                { out in
                    out.line { w in
                        w.label("tap")
                        w.put(t, n)
                        w.put(" failed: moved " as StaticString)
                        w.put(d)
                        // Under `touches uikit` reaching the slop fails the tap (§4.4): `≥`
                        // where the distance is the slop itself; past it, `>` as always.
                        let reached = abs(d - slop) <= GestureRecognizer.slopTolerance
                        w.put(reached ? " ≥ slop " as StaticString : " > slop " as StaticString)
                        w.put(slop)
                    }
                },
                [
                    ("recognizer", .string(recognizerName(.tap(t), n))),
                    ("state", .string(RecognizerState.failed.rawValue)),
                    ("reason", .string("moved")), ("distance", .number(d)), ("slop", .number(slop)),
                ])
        case .panNotBegun(let axis, let blocks):
            r.describe(
                "panNotBegun", at: moment,
                { out in
                    out.line { w in
                        w.label("pan")
                        w.put(axis)
                        w.put(" not recognized: no node can begin (" as StaticString)
                        w.put(blocks.map { cannotBegin($0, n) }.joined(separator: "; "))
                        w.put(")" as StaticString)
                    }
                },
                [
                    ("axis", .string(axis.rawValue)),
                    ("blocked", .list(blocks.map { beginBlock($0, n) })),
                ])
        case .offAxis(let axis):
            r.describe(
                "offAxis", at: moment,
                { out in
                    out.line { w in
                        w.label("tracking")
                        w.put("pan locked " as StaticString)
                        w.put(axis)
                        w.put(": no " as StaticString)
                        w.put(axis)
                        w.put(" movement" as StaticString)
                    }
                },
                [("axis", .string(axis.rawValue))])
        case .refused(let refusal):
            r.describe(
                "refused", at: moment, marks: [.refusal],
                { out in
                    out.line { w in
                        w.label("refused")
                        w.put("tab: " as StaticString)
                        w.put(refusalText(refusal, n))
                    }
                },
                [("reason", .string(refusalText(refusal, n)))])
        default: preconditionFailure("event hands the other families elsewhere")
        }
    }

    /// A tap's fate: a lift's tap, or the delivered tap a `tab` makes (one kind, one wording).
    private static func tap<R: FactRenderer>(
        _ t: Target, _ outcome: TapOutcome, _ n: Names, at moment: Moment,
        marks: @autoclosure () -> TimelineMark.Kinds, into r: inout R
    ) {
        r.describe(
            "tap", at: moment, marks: marks(),
            { out in
                out.line { w in
                    w.label("tap")
                    w.put(t, n)
                    w.put(" " as StaticString)
                    w.put(tapText(outcome, n))
                }
            },
            [
                ("target", .string(n.target(t))), ("delivered", .bool(outcome.isDelivered)),
                ("reason", .optional(tapReason(outcome, n))),
            ])
    }

    /// A recognizer as JSON names it: `pan(y)`, `tap(TARGET)`.
    static func recognizerName(_ recognizer: RecognizerName, _ n: Names) -> String {
        switch recognizer {
        case .pan(let axis): "pan(\(axis.rawValue))"
        case .tap(let t): "tap(\(n.target(t)))"
        }
    }
}
