/// The rules of a scene resolved to node indices, with what the engine remembers within one frame
/// or step (SPEC §13.3). Empty for a scene without `on:`: then the simulator does no rule work.
struct ReactionBook: Equatable, Sendable {
    /// A `target` written by a release rule, waiting for §5.5 to start the momentum it shapes.
    struct Target: Equatable, Sendable {
        var write: CodeWrite
    }

    var rules: [Reaction] = []
    /// `set rule N off` switches a rule off.
    var enabled: [Bool] = []
    /// Nesting of the simulator's entry points within one frame or step: rules run when the
    /// outermost ends.
    var depth = 0
    /// The offsets when the frame or step began (what `scroll` compares with).
    var before: [Double] = []
    /// Where the frame's or step's facts begin in the log.
    var mark = 0
    /// Per rule: it ran in this frame or step.
    var ran: [Bool] = []
    /// Per rule: its trigger fired and it has not run yet.
    var pending: [Bool] = []
    /// Per rule: `reaction-loop` already noted in this frame or step.
    var looped: [Bool] = []
    /// The targets written by this release's rules.
    var targets: [Target] = []
    /// Whether a rule wrote in this frame or step (`ID.delta` then reads the motion alone).
    var wrote = false
    /// The offsets after the motion, before the rules wrote (taken at the first write).
    var afterMotion: [Double] = []
    /// The rest offsets the release whose rules run would reach (what `ID.target` reads).
    var releaseTargets: [Int: Double] = [:]
    /// The scroll velocity of the release whose rules are running.
    var releaseVelocity = 0.0
    /// The target `aimedVelocity` just aimed a momentum at (its landing).
    var landing: Double?

    /// Per node, for `hidden-momentum`: its offset as printed (hundredths) at the end of the last
    /// frame or step, when that last changed, and when a rule last wrote it.
    var printed: [Double] = []
    var changedAt: [Double] = []
    var writtenAt: [Double] = []

    init() {}

    init(_ reactions: [Reaction], offsets: [Double]) {
        rules = reactions
        printed = offsets.map { ($0 * 100).rounded() }
        changedAt = offsets.map { _ in 0 }
        writtenAt = offsets.map { _ in -Double.infinity }
        enabled = Array(repeating: true, count: rules.count)
        ran = enabled.map { _ in false }
        pending = ran
        looped = ran
    }

    var isEmpty: Bool { rules.isEmpty }

    /// A frame or step begins: nothing has run or fired yet.
    mutating func begin(offsets: [Double], mark: Int) {
        before = offsets
        self.mark = mark
        for k in ran.indices {
            ran[k] = false
            pending[k] = false
            looped[k] = false
        }
        targets.removeAll()
        wrote = false
        releaseTargets = [:]
    }
}
