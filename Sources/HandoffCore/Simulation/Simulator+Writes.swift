/// Which nodes' offsets and selected pages were written (SPEC §9): the caller reads a command's
/// changes from those nodes only, instead of comparing every value of the scene.
extension Simulator {
    /// Notes a write of node `i`'s offset or selected page (whether or not it changed it).
    mutating func noteWrite(_ i: Int) {
        guard !isWritten[i] else { return }
        isWritten[i] = true
        written.append(i)
    }

    /// Starts a new list of written nodes, under the caller's `token` (which `writesToken` then
    /// returns: a simulator put back from a copy taken before shows another token).
    public mutating func trackWrites(token: Int) {
        // Emptied from the end, capacity kept (`removeAll(keepingCapacity:)` is generic code).
        while let i = written.popLast() { isWritten[i] = false }
        writesToken = token
    }
}
