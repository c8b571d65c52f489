/// A value held by reference until it changes (copy on write), as an array of one holds it:
/// copies of the simulator share a gesture's payload, moving one between the coordinator's
/// states moves a pointer, and a change to a payload nothing else holds is made where it is. (An
/// array, not a class of its own: a class's stored `var` is checked for exclusive access at run
/// time on every read and change, and a generic class's metadata is built on its first use.)
struct GestureBox<Value: Equatable & Sendable>: Equatable, Sendable {
    private var storage: [Value]

    init(_ value: Value) { storage = [value] }

    /// The value, read in place.
    var value: Value { storage[0] }

    /// Changes the value in place (a shared one is copied first).
    mutating func change<R>(_ body: (inout Value) -> R) -> R { body(&storage[0]) }

    /// Moves the value out of a box that is dropped after (a shared one gives a copy).
    mutating func take() -> Value { storage.removeLast() }
}
