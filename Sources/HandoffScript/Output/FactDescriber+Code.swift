import HandoffCore

/// The app's code's writes (SPEC §13.3): `code      rule 1 (scroll studios): studios.offset 12.5
/// → 0`, or for several writes in one command `… held at 0, 37 writes, t 0.02–0.62`.
extension FactDescriber {
    static func code<R: FactRenderer>(_ c: CodeSummary, _ n: Names, into r: inout R) {
        let w = c.first
        let trigger = w.trigger.rawValue + " " + n.id(w.triggerNode)
        let path = n.id(w.node) + "." + w.key.rawValue
        // `scrollEnabled` prints and reports as a flag, everything else as a number.
        let flag = w.key == .scrollEnabled
        func value(_ v: Double) -> String { v != 0 ? "true" : "false" }
        r.describe(
            "code", at: Moment(time: c.tLast, frame: c.frame), marks: [],
            { out in
                out.line { l in
                    l.label("code")
                    l.put("rule " as StaticString)
                    l.put(w.rule)
                    l.put(" (" as StaticString)
                    l.put(trigger)
                    l.put("): " as StaticString)
                    l.put(path)
                    if w.ignored {
                        l.put(" " as StaticString)
                        l.put(c.to)
                        l.put(" ignored: the release starts no momentum on " as StaticString)
                        l.put(id: w.node, n)
                        return
                    }
                    if flag {
                        l.put(" " as StaticString)
                        l.put(value(w.from))
                        l.put(" → " as StaticString)
                        l.put(value(c.to))
                    } else if c.count > 1, c.held {
                        l.put(" held at " as StaticString)
                        l.put(c.to)
                    } else {
                        l.put(" " as StaticString)
                        l.put(w.from)
                        l.put(" → " as StaticString)
                        l.put(c.to)
                    }
                    guard c.count > 1 else { return }
                    l.put(", " as StaticString)
                    l.put(c.count)
                    l.put(" writes, t " as StaticString)
                    l.put(c.tFirst)
                    l.put("–" as StaticString)
                    l.put(c.tLast)
                }
            },
            [
                ("rule", .int(w.rule)), ("trigger", .string(trigger)), ("path", .string(path)),
                ("from", flag ? .bool(w.from != 0) : .number(w.from)),
                ("to", flag ? .bool(c.to != 0) : .number(c.to)), ("count", .int(c.count)),
                ("t_first", .number(c.tFirst)), ("t_last", .number(c.tLast)),
                ("ignored", .bool(w.ignored)),
            ])
    }
}
