import HandoffCore

/// One node key that `set ID.KEY VALUE` and `compare ID.KEY VALUE` change (SPEC §13.4).
package struct NodeKey: Sendable {
    /// As typed after the id: `bounces`, `nested.fling`.
    package let name: String
    /// The values it takes, for errors, "did you mean" and completion; a number when empty.
    package let values: [String]
    /// The setting for a value as typed; nil when the value is not one it takes.
    let parse: @Sendable (String) -> NodeSetting?
    /// The value in force on a node, as `set` writes it.
    let current: @Sendable (Simulator, Int) -> String
}

/// The one table of node keys the session can change (SPEC §13.4): a new key is one entry here
/// and one case of `NodeSetting` (the core applies it).
package enum NodeKeys {
    static let yesNo = ["true", "false"]

    static func bool(_ v: String) -> Bool? {
        switch v {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    static func word(_ b: Bool) -> String { b ? "true" : "false" }

    package static let all: [NodeKey] = [
        NodeKey(
            name: "bounces", values: yesNo, parse: { bool($0).map(NodeSetting.bounces) },
            current: { sim, i in word(sim.graph.nodes[i].scroll?.bounces ?? false) }),
        NodeKey(
            name: "scrollEnabled", values: yesNo,
            parse: { bool($0).map(NodeSetting.scrollEnabled) },
            current: { sim, i in word(sim.scrollEnabled[i]) }),
        NodeKey(
            name: "transfers", values: Transfers.allCases.map(\.rawValue),
            parse: { Transfers(rawValue: $0).map(NodeSetting.transfers) },
            current: { sim, i in sim.transfers[i].rawValue }),
        NodeKey(
            name: "nested.pre", values: DirectionSet.allCases.map(\.rawValue),
            parse: { DirectionSet(rawValue: $0).map(NodeSetting.nestedPre) },
            current: { sim, i in sim.graph.nodes[i].scroll?.nested.pre.rawValue ?? "none" }),
        NodeKey(
            name: "nested.post", values: DirectionSet.allCases.map(\.rawValue),
            parse: { DirectionSet(rawValue: $0).map(NodeSetting.nestedPost) },
            current: { sim, i in sim.graph.nodes[i].scroll?.nested.post.rawValue ?? "none" }),
        NodeKey(
            name: "nested.fling", values: [FlingMode.handoff.rawValue, FlingMode.none.rawValue],
            parse: { FlingMode(rawValue: $0).map(NodeSetting.nestedFling) },
            current: { sim, i in sim.graph.nodes[i].scroll?.nested.fling.rawValue ?? "handoff" }),
        NodeKey(
            name: "deceleration", values: ["normal", "fast"],
            parse: { v in
                switch v {
                case "normal": return .deceleration(Deceleration.normal)
                case "fast": return .deceleration(Deceleration.fast)
                default:
                    guard let r = CommandParser.decimal(v), r > 0, r < 1 else { return nil }
                    return .deceleration(r)
                }
            },
            current: { sim, i in
                let r = sim.graph.nodes[i].scroll?.rate ?? Deceleration.normal
                return r == Deceleration.normal
                    ? "normal" : (r == Deceleration.fast ? "fast" : NumberFormat.exact(r))
            }),
        NodeKey(
            name: "momentum", values: yesNo, parse: { bool($0).map(NodeSetting.momentum) },
            current: { sim, i in word(sim.graph.nodes[i].sheet?.momentum ?? false) }),
        NodeKey(
            name: "delaysContentTouches", values: yesNo,
            parse: { bool($0).map(NodeSetting.delaysContentTouches) },
            current: { sim, i in word(sim.graph.nodes[i].scroll?.delaysContentTouches ?? true) }),
        NodeKey(
            name: "canCancelContentTouches", values: yesNo,
            parse: { bool($0).map(NodeSetting.canCancelContentTouches) },
            current: { sim, i in
                word(sim.graph.nodes[i].scroll?.canCancelContentTouches ?? true)
            }),
        NodeKey(
            name: "style", values: SheetStyle.allCases.map(\.rawValue),
            parse: { SheetStyle(rawValue: $0).map(NodeSetting.style) },
            current: { sim, i in sim.graph.nodes[i].sheet?.style.rawValue ?? "custom" }),
        NodeKey(
            name: "scrollingExpands", values: yesNo,
            parse: { bool($0).map(NodeSetting.scrollingExpands) },
            current: { sim, i in word(sim.graph.nodes[i].sheet?.expands ?? true) }),
    ]

    package static var names: [String] { all.map(\.name) }

    /// The words a `set`/`compare` KEY takes as its VALUE, for "missing a VALUE (…)" and
    /// completion: a setting's, `gestures`'s, or an `ID.KEY`'s (empty: a number).
    package static func values(of key: String) -> [String] {
        if let v = SettingKeys.values[key] { return v }
        if key == "gestures" { return ["on", "off"] }
        return split(key)?.key.values ?? []
    }

    /// "a VALUE", with the words it takes when there are some.
    static func missingValue(of key: String) -> String {
        let v = values(of: key)
        return v.isEmpty ? "a VALUE" : "a VALUE (\(v.joined(separator: ", ")))"
    }

    /// Splits `ID.KEY` at the key it ends with (ids and keys may hold dots: `sheet.backdrop`,
    /// `nested.pre`); nil when it ends with none.
    static func split(_ text: String) -> (id: String, key: NodeKey)? {
        for key in all where text.hasSuffix("." + key.name) {
            let id = String(text.dropLast(key.name.count + 1))
            if !id.isEmpty { return (id, key) }
        }
        return nil
    }

    /// A close `ID.KEY` for a key that is none of them (`studios.bounce` → `studios.bounces`).
    static func suggestion(_ text: String) -> String? {
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex else { return nil }
        let id = text[..<dot]
        let key = String(text[text.index(after: dot)...])
        if ["pre", "post", "fling"].contains(key) { return "\(id).nested.\(key)" }
        return Suggest.closest(to: key, in: names + ["pre", "post", "fling"]).map {
            ["pre", "post", "fling"].contains($0) ? "\(id).nested.\($0)" : "\(id).\($0)"
        }
    }
}
