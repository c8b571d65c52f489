/// The simulator's log: occurrences appended in order, read in place, and drained all at once by
/// moving every entry out. An array would destroy each drained entry through `Occurrence`'s value
/// witness when it is emptied (its events hold arrays), even once its entries were moved out; this
/// buffer forgets moved-out entries by setting its count to 0, and keeps its capacity for the next
/// command. A value with copy-on-write storage, as an array is: a copied simulator (a checkpoint,
/// a re-simulation) logs into its own buffer.
public struct OccurrenceLog: Sendable {
    /// The entries, `count` of them initialized from `base`.
    private final class Storage: @unchecked Sendable {
        // Sendable: mutated only through a uniquely referenced storage (`makeUnique` first), as an
        // array's buffer is.
        let base: UnsafeMutablePointer<Occurrence>
        let capacity: Int
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    private var storage: Storage?

    public init() {}

    /// How many entries the buffer has room for.
    var capacity: Int { storage?.capacity ?? 0 }

    /// How many entries are in the log.
    public var count: Int { storage?.count ?? 0 }
    public var isEmpty: Bool { count == 0 }

    /// Appends an entry, growing the buffer (or copying it, when shared) first if needed.
    mutating func append(_ o: consuming Occurrence) {
        // Uniqueness is asked before any other reference to the storage is taken.
        let unique = isKnownUniquelyReferenced(&storage)
        if unique, let s = storage, s.count < s.capacity {
            (s.base + s.count).initialize(to: o)
            s.count += 1
            return
        }
        let s = reserve(count + 1, unique: unique)
        (s.base + s.count).initialize(to: o)
        s.count += 1
    }

    /// A new storage with room for `needed` entries, holding the entries: moved from the old
    /// storage when it was `unique`, copied when it is shared. Growing doubles the capacity; a
    /// copy made only because the storage is shared (a checkpoint of the simulator took it) keeps
    /// the old capacity, or each checkpoint would double it.
    private mutating func reserve(_ needed: Int, unique: Bool) -> Storage {
        let old = storage?.capacity ?? 0
        let new = Storage(capacity: needed > old ? Swift.max(needed, 2 * old, 16) : old)
        if let old = storage {
            new.count = old.count
            if unique {
                new.base.moveInitialize(from: old.base, count: old.count)
                old.count = 0
            } else {
                new.base.initialize(from: old.base, count: old.count)
            }
        }
        storage = new
        return new
    }

    /// The entries from `mark` on, copied (for a debugger's scan and tests: not the hot path).
    public func entries(from mark: Int) -> [Occurrence] {
        guard let s = storage, mark < s.count else { return [] }
        return Array(UnsafeBufferPointer(start: s.base + mark, count: s.count - mark))
    }

    /// Calls `body` with each entry from `mark` on, in place.
    func forEach(from mark: Int, _ body: (Occurrence) -> Void) {
        guard let s = storage else { return }
        for k in Swift.max(mark, 0)..<Swift.max(s.count, mark) { body(s.base[k]) }
    }

    /// Calls `body` with the entries, each of which `body` must move out exactly once (with
    /// `move()`), then empties the log without destroying them; the buffer keeps its capacity.
    public mutating func drain<R>(_ body: (UnsafeMutableBufferPointer<Occurrence>) -> R) -> R {
        let unique = isKnownUniquelyReferenced(&storage)
        guard count > 0 else { return body(UnsafeMutableBufferPointer(start: nil, count: 0)) }
        // Shared with a copy of the simulator: the entries are copied into a storage of our own.
        if !unique { _ = reserve(count, unique: false) }
        // Read in place (the storage is ours and stays alive while `body` runs: `self` is not
        // accessible from it), with no reference taken.
        let n = storage!.count
        // Emptied before `body` moves the entries out, so that none is ever destroyed.
        storage!.count = 0
        return body(UnsafeMutableBufferPointer(start: storage!.base, count: n))
    }

    /// Moves every entry out into an array and empties the log.
    public mutating func drainAll() -> [Occurrence] {
        drain { entries in
            Array(unsafeUninitializedCapacity: entries.count) { out, initialized in
                if let to = out.baseAddress, let from = entries.baseAddress {
                    to.moveInitialize(from: from, count: entries.count)
                }
                initialized = entries.count
            }
        }
    }
}
