/// A value held by reference until it changes (copy on write), as an array of one holds it:
/// copies of the simulator share a gesture's payload, moving one between the coordinator's
/// states moves a pointer, and a change to a payload nothing else holds is made where it is. (An
/// array, not a class of its own: a class's stored `var` is checked for exclusive access at run
/// time on every read and change, and a generic class's metadata is built on its first use.)
struct GestureBox<Value: Equatable & Sendable>: Equatable, Sendable {
    private var storage: [Value]

    /// A box for `value` made in `spare`, the storage an emptied box left (`take(leaving:)`):
    /// when nothing else holds it, the box allocates nothing.
    init(_ value: Value, reusing spare: inout [Value]) {
        storage = []
        swap(&storage, &spare)
        storage.append(value)
    }

    /// The value, read in place.
    var value: Value { storage[0] }

    /// Changes the value in place (a shared one is copied first).
    mutating func change<R>(_ body: (inout Value) -> R) -> R { body(&storage[0]) }

    /// Moves the value out of a box that is dropped after (a shared one gives a copy), leaving
    /// its storage, with room for one, in `spare` for the next box.
    mutating func take(leaving spare: inout [Value]) -> Value {
        let value = storage.removeLast()
        swap(&storage, &spare)
        return value
    }
}
