/// A value held by reference until it changes (copy on write): copies of the simulator share a
/// gesture's payload, and `unique` copies it before the first change to a shared one.
/// (Sendable unchecked: its value changes only through the unique reference `unique` makes.)
final class GestureBox<Value: Equatable & Sendable>: Equatable, @unchecked Sendable {
    var value: Value

    init(_ value: Value) { self.value = value }

    static func == (a: GestureBox, b: GestureBox) -> Bool { a === b || a.value == b.value }
}

extension GestureBox {
    /// Nothing else holds the box after this: a shared one is replaced by a copy.
    static func unique(_ box: inout GestureBox) {
        if !isKnownUniquelyReferenced(&box) { box = GestureBox(box.value) }
    }
}
