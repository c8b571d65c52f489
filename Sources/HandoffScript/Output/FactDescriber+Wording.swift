import HandoffCore

/// The wording and values that several facts share, and that `state`, `why` and the debugger
/// reuse.
extension FactDescriber {
    /// A ledger as `{"d":…,"consumed":{…},"overscroll":{…},"unconsumed":…}` (also `state`'s).
    package static func ledger(_ l: Ledger, _ n: Names) -> FactValue {
        .record([
            ("d", .number(l.d)),
            ("consumed", .record(l.totals(false).map { (n.id($0.node), .number($0.amount)) })),
            ("overscroll", .record(l.totals(true).map { (n.id($0.node), .number($0.amount)) })),
            ("unconsumed", .number(l.unconsumed)),
        ])
    }

    /// A move or fling frame: the ledger, then its shares in order.
    static func ledgerFields(_ l: Ledger, _ n: Names) -> Fields {
        [
            ("ledger", ledger(l, n)),
            (
                "shares",
                .list(
                    l.shares.map {
                        .record([
                            ("node", .string(n.id($0.node))), ("amount", .number($0.amount)),
                            ("phase", .string($0.phase.rawValue)),
                        ])
                    })
            ),
        ]
    }

    /// A printed state value as text.
    static func text(_ v: StateValue) -> String {
        switch v {
        case .number(let d): NumberFormat.format(d)
        case .word(let w): w
        }
    }

    static func value(_ v: StateValue) -> FactValue {
        switch v {
        case .number(let d): .number(d)
        case .word(let w): .string(w)
        }
    }

    /// `set` alone: the settings aligned in three columns.
    static func settingsText(_ rows: [(key: String, value: String, origin: SettingOrigin)])
        -> [String]
    {
        let width = (rows.map(\.value.count).max() ?? 0) + 2
        return TextRenderer.aligned(
            rows.map { ($0.key, TextRenderer.pad($0.value, width) + $0.origin.rawValue) })
    }

    /// Settings as `[{"key":…,"value":…,"origin":…}]`.
    static func settings(_ rows: [(key: String, value: String, origin: SettingOrigin)])
        -> FactValue
    {
        .list(
            rows.map {
                .record([
                    ("key", .string($0.key)), ("value", .string($0.value)),
                    ("origin", .string($0.origin.rawValue)),
                ])
            })
    }

    /// Why a repair happened, as the `repair` line and JSON say it.
    static let repairReason = "header not fully collapsed"

    /// `delivered`, or `not delivered: REASON` (SPEC §6 `last_tap`).
    static func tapText(_ outcome: TapOutcome, _ n: Names) -> String {
        tapReason(outcome, n).map { "not delivered: " + $0 } ?? "delivered"
    }

    /// The reason SPEC §6 gives for a tap that was not delivered (nil when it was).
    static func tapReason(_ outcome: TapOutcome, _ n: Names) -> String? {
        switch outcome {
        case .delivered: nil
        case .swallowed: "swallowed"
        case .cancelledByPan: "cancelled by pan"
        case .moved: "moved"
        case .notTappable: "not tappable"
        case .rejected(let c): "rejected: \(n.id(c)) is transitioning"
        }
    }

    /// Why a `tab` changed nothing.
    static func refusalText(_ r: Refusal, _ n: Names) -> String {
        switch r {
        case .panActive: "a pan is active"
        case .transitioning(let c): "\(n.id(c)) is transitioning"
        case .noNextSegment(let tabs, let k): "'\(n.segment(tabs, k))' is the last segment"
        case .noPreviousSegment(let tabs, let k): "'\(n.segment(tabs, k))' is the first segment"
        }
    }
}

extension TraceRunner.Outcome {
    /// Whether the trace passed.
    var passed: Bool {
        switch self {
        case .passed: true
        case .failed, .failing, .corrupt, .stopped: false
        }
    }
}

extension FactDescriber {
    /// Why a node cannot begin a pan (SPEC §13.2), as `why` and the `pan` line say it:
    /// `sheet cannot begin: shouldBegin 'studios.offset <= 0' is false`.
    package static func cannotBegin(_ b: BeginBlock, _ n: Names) -> String {
        let id = n.id(b.node)
        switch b.reason {
        case .disabled: return "\(id) cannot begin: scrollEnabled is false"
        case .shouldBegin(let condition):
            return "\(id) cannot begin: shouldBegin '\(condition)' is false"
        case .waitsFor(let other):
            return
                "\(id) cannot begin: it waits for \(n.id(other)) to fail (requireToFail), and \(n.id(other)) can begin"
        }
    }

    /// A node that cannot begin, as JSON.
    static func beginBlock(_ b: BeginBlock, _ n: Names) -> FactValue {
        var fields: [(String, FactValue)] = [("node", .string(n.id(b.node)))]
        switch b.reason {
        case .disabled: fields.append(("reason", .string("scrollEnabled")))
        case .shouldBegin(let condition):
            fields += [("reason", .string("shouldBegin")), ("condition", .string(condition))]
        case .waitsFor(let other):
            fields += [("reason", .string("requireToFail")), ("waitsFor", .string(n.id(other)))]
        }
        return .record(fields)
    }
}
