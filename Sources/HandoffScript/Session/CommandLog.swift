import HandoffCore

/// The history since the last load (SPEC §10.1), compact: each command is 16 bytes (its start
/// time, an index into a table of canonical texts, and the frames it ran when its rest was
/// dropped after a stop), texts are stored once in one byte buffer (repeated ones once), and the
/// state is copied at checkpoints so `back` re-runs at most one checkpoint's worth of commands
/// (SPEC §9: ≤ 64 bytes per command on average, `back` ≤ 50 ms).
struct CommandLog {
    /// One command of the history.
    struct Entry {
        /// The time the command started.
        var time: Double
        /// Its canonical text: an index into `starts`.
        var text: UInt32
        /// The frames it ran, when fewer than the whole command (its rest was dropped after a
        /// stop, or it is stopped now); `Entry.whole` when it ran to its end.
        var frames: Int32

        static let whole: Int32 = -1
    }

    /// The simulation state at a point of the history: a checkpoint (the `Session` and its
    /// `Simulator` are values, so a copy is a snapshot).
    struct State {
        var sim: Simulator
        var userSettings: [String: Setting]
        var sceneSettings: [Setting]
        /// What `why` explains (a checkpoint is taken between commands: nothing is pending).
        var why: WhyLog
    }

    private(set) var entries: [Entry] = []
    /// The canonical texts, back to back.
    private var bytes: [UInt8] = []
    /// Where each text starts in `bytes` (text k ends where k + 1 starts).
    private var starts: [UInt32] = []
    /// Recent texts' indices (plus one; 0: empty) by a hash of their bytes, so a repeated command
    /// stores no new text: one hash and one byte comparison, no `String` hashing (bounded: a
    /// slot keeps the latest text that hashed to it).
    private var interned: [UInt32] = []
    /// The texts of the lines run from the parse cache, by their entries' serials (plus one;
    /// 0: none yet), so a repeated line finds its text with no hashing and no comparison. A
    /// copied session copies its log with its cache, so a serial names one text in each.
    private var bySerial: [UInt32] = []
    /// The state after the first `index` commands, in increasing `index` (the first is at 0: the
    /// state right after the load).
    private(set) var checkpoints: [(index: Int, state: State)] = []
    /// The last checkpoint's index and frame counter (read on every command: no copy of a
    /// `State` on the hot path).
    private var lastIndex = 0
    private var lastFrame = 0
    /// A checkpoint is taken at the start of a command once this many commands, or
    /// `frameInterval` frames, have run since the last one.
    var commandInterval = 1024
    static let frameInterval = 20_000
    static let internLimit = 4096

    /// The most commands the history keeps: past them `record`, `back` and `compare` refuse
    /// until the next load.
    static let limit = 1_000_000
    /// The history outgrew `limit`: no command is added until `reset`.
    private(set) var overflowed = false
    /// Every hazard of the history (SPEC §10.1), with the index of its command and the time it
    /// first occurred, for `hazards` (`truncate` forgets those of the commands it drops).
    private(set) var hazards: [(entry: Int, time: Double, hazard: Hazard)] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// Starts a new history from the state right after a load.
    mutating func reset(_ state: State, nodes: Int) {
        entries = []
        bytes = []
        starts = []
        interned = []
        bySerial = []
        checkpoints = [(0, state)]
        overflowed = false
        hazards = []
        lastIndex = 0
        lastFrame = state.sim.frame
        // A checkpoint costs about 40 bytes per node: keep them ≤ 16 bytes per command.
        commandInterval = max(1024, nodes * 3)
    }

    /// Whether a checkpoint is due before the next command, given the frame counter now.
    func wantsCheckpoint(frame: Int) -> Bool {
        entries.count - lastIndex >= commandInterval || frame - lastFrame >= Self.frameInterval
    }

    mutating func checkpoint(_ state: State) {
        if lastIndex == entries.count, !checkpoints.isEmpty { return }
        checkpoints.append((entries.count, state))
        lastIndex = entries.count
        lastFrame = state.sim.frame
    }

    /// A command ran: it is appended, unless the history is full (it overflowed).
    /// `serial`: the parse-cache entry's whose canonical text `text` is (`Entry.serial`), or -1.
    mutating func add(_ text: String, serial: Int = -1, time: Double, frames: Int32) {
        guard entries.count < Self.limit else {
            overflowed = true
            return
        }
        if serial >= 0, serial < bySerial.count, bySerial[serial] != 0 {
            entries.append(Entry(time: time, text: bySerial[serial] - 1, frames: frames))
            return
        }
        append(text, time: time, frames: frames)
        guard serial >= 0 else { return }
        if serial >= bySerial.count {
            bySerial.append(contentsOf: repeatElement(0, count: serial + 1 - bySerial.count))
        }
        bySerial[serial] = entries[entries.count - 1].text + 1
    }

    /// Notes a hazard of history command `entry`, first at `time`.
    mutating func noteHazard(_ hazard: Hazard, entry: Int, time: Double) {
        hazards.append((entry, time, hazard))
    }

    mutating func append(_ text: String, time: Double, frames: Int32 = Entry.whole) {
        if interned.isEmpty { interned = Array(repeating: 0, count: Self.internLimit) }
        // A native or small string lends its bytes without a copy of the string.
        let id =
            text.utf8.withContiguousStorageIfAvailable { intern($0) }
            ?? {
                var text = text
                return text.withUTF8 { intern($0) }
            }()
        entries.append(Entry(time: time, text: id, frames: frames))
    }

    /// The index of the stored text with these bytes, storing them when the latest text in their
    /// slot is another.
    private mutating func intern(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let slot = Self.slot(utf8)
        let held = interned[slot]
        if held != 0, stored(Int(held - 1), equals: utf8) { return held - 1 }
        let id = UInt32(starts.count)
        starts.append(UInt32(bytes.count))
        bytes.append(contentsOf: utf8)
        interned[slot] = id + 1
        return id
    }

    /// The text's bytes hashed (`Bytes.hash`), folded to a slot of `interned`.
    private static func slot(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        Int(Bytes.hash(utf8) % UInt32(internLimit))
    }

    /// Whether stored text `id` has exactly these bytes.
    private func stored(_ id: Int, equals utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let a = Int(starts[id])
        let b = id + 1 < starts.count ? Int(starts[id + 1]) : bytes.count
        guard b - a == utf8.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress, let other = utf8.baseAddress else {
                return utf8.isEmpty
            }
            return Bytes.equal(base + a, other, utf8.count)
        }
    }

    /// Sets the frames the last command ran (`Entry.whole`: all of them).
    mutating func setLastFrames(_ frames: Int32) {
        guard !entries.isEmpty else { return }
        entries[entries.count - 1].frames = frames
    }

    func text(_ k: Int) -> String {
        let id = Int(entries[k].text)
        let a = Int(starts[id])
        let b = id + 1 < starts.count ? Int(starts[id + 1]) : bytes.count
        return String(decoding: bytes[a..<b], as: UTF8.self)
    }

    /// The frames command `k` ran, or nil when it ran to its end.
    func frames(_ k: Int) -> Int? {
        entries[k].frames == Entry.whole ? nil : Int(entries[k].frames)
    }

    /// The latest checkpoint at or before the first `index` commands.
    func checkpoint(atOrBefore index: Int) -> (index: Int, state: State) {
        var lo = 0
        var hi = checkpoints.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if checkpoints[mid].index <= index { lo = mid } else { hi = mid - 1 }
        }
        return checkpoints[lo]
    }

    /// Forgets every command from `index` on (and the checkpoints after it). Texts stay stored.
    mutating func truncate(to index: Int) {
        entries.removeSubrange(index...)
        hazards.removeAll { $0.entry >= index }
        while checkpoints.count > 1, checkpoints[checkpoints.count - 1].index > index {
            checkpoints.removeLast()
        }
        lastIndex = checkpoints[checkpoints.count - 1].index
        lastFrame = checkpoints[checkpoints.count - 1].state.sim.frame
    }

    /// The memory the log holds, in bytes (the figure SPEC §9 bounds per command).
    func byteEstimate(bytesPerCheckpoint: Int) -> Int {
        entries.capacity * MemoryLayout<Entry>.stride + bytes.capacity + starts.capacity * 4
            + interned.capacity * 4 + bySerial.capacity * 4
            + checkpoints.count * bytesPerCheckpoint
    }
}
