import HandoffScript

/// Bytes waiting to be written: each piece appended with one copy, into storage reused from one
/// write to the next (its capacity kept), with none of `Array.append`'s generic work.
struct ByteBuffer {
    /// The bytes, in the first `count` of `storage` (the rest is room to grow).
    private var storage: [UInt8] = []
    private(set) var count = 0

    init() {}

    /// A buffer with room for `capacity` bytes from the start: one that fills up to a known size
    /// (a script's batch of output) never grows, and never copies its bytes to grow.
    init(capacity: Int) {
        storage = Array(repeating: 0, count: capacity)
    }

    var isEmpty: Bool { count == 0 }

    /// Forgets the bytes, keeping the room.
    mutating func removeAll() { count = 0 }

    /// Appends `n` bytes that `body` writes at the pointer it is given: one check for room and
    /// one access to the storage, however many pieces they are.
    @inline(__always)
    mutating func append(count n: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if count + n > storage.count {
            storage += repeatElement(
                0, count: max(count + n, 2 * storage.count, 1024) - storage.count)
        }
        let at = count
        storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + at) }
        count = at + n
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        append(count: bytes.count) { $0.update(from: source, count: bytes.count) }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        append(count: 1) { $0.pointee = byte }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A command's text output, its bytes as they are.
    mutating func append(_ text: TextOutput) {
        append(count: text.byteCount) { text.copyBytes(to: $0) }
    }

    /// The bytes, valid during the call.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let n = count
        return storage.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(start: $0.baseAddress, count: n))
        }
    }

    /// The bytes, mutable (for a system call that wants them so), valid during the call.
    mutating func withMutableBytes<T>(_ body: (UnsafeMutableRawBufferPointer) -> T) -> T {
        let n = count
        return storage.withUnsafeMutableBytes {
            body(UnsafeMutableRawBufferPointer(rebasing: $0[..<n]))
        }
    }
}
