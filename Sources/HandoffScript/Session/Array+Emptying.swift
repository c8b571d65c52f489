extension Array {
    /// Empties the array and keeps its capacity, element by element from the end. For the few
    /// elements of a command's buffers (facts, `why`'s decisions and moves) this costs less than
    /// `removeAll(keepingCapacity: true)`, which goes through a generic `replaceSubrange` and
    /// destroys each element through its type's metadata; here each is destroyed by code
    /// specialized for its type.
    mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
