import Foundation
import HandoffCore
import Testing

/// The reference vectors (shared/reference/physics_vectors.json) whose formulas SPEC adopts.
struct PhysicsVectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let index: Int
        let kind: String
        let inputs: [String: Double]
        let expected: [String: Double]
        let expectedName: String?
        let tolerance: Double
        let anchors: [String: Double]
        var testDescription: String { "#\(index) \(kind)" }
    }

    static let vectors: [Vector] = {
        let url = Bundle.module.url(forResource: "physics_vectors", withExtension: "json")!
        let root = try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return (root["vectors"] as! [[String: Any]]).enumerated().map { i, v in
            let inputs = v["inputs"] as! [String: Any]
            var numbers: [String: Double] = [:]
            var anchors: [String: Double] = [:]
            for (k, value) in inputs {
                if let d = value as? Double { numbers[k] = d }
                if let a = value as? [String: Double] { anchors = a }
            }
            var expected: [String: Double] = [:]
            var name: String?
            if let d = v["expected"] as? Double { expected["value"] = d }
            if let m = v["expected"] as? [String: Double] { expected = m }
            if let s = v["expected"] as? String { name = s }
            return Vector(
                index: i, kind: v["kind"] as! String, inputs: numbers, expected: expected,
                expectedName: name,
                tolerance: v["tolerance"] as! Double, anchors: anchors)
        }
    }()

    /// Vectors SPEC does not adopt, and why (SPEC decides where the sources differ).
    static let notAdopted: [Int: String] = [
        16: "the sheet rests on a detent at release: SPEC §5.5 rule 1 says it takes nothing",
        17: "the sheet rests on a detent at release: SPEC §5.5 rule 1 says it takes nothing",
        21:
            "at an exact page boundary SPEC §5.9 takes ceil(offset/width) − 1 with backward velocity",
    ]

    @Test func allVectorsAreRead() {
        #expect(Self.vectors.count == 22)
    }

    @Test(arguments: vectors.filter { notAdopted[$0.index] == nil })
    func adopted(_ v: Vector) throws {
        let i = v.inputs
        func check(_ actual: Double, _ key: String = "value") {
            let want = v.expected[key]!
            #expect(abs(actual - want) <= max(v.tolerance, 1e-12), "\(key): \(actual) vs \(want)")
        }
        switch v.kind {
        case "rubber_band":
            check(RubberBand.visual(raw: i["x"]!, dimension: i["d"]!))
        case "rubber_band_inverse":
            check(RubberBand.raw(visual: i["b"]!, dimension: i["d"]!))
        case "rubber_band_clamp":
            check(RubberBand.clamp(i["offset"]!, range: i["min"]!...i["max"]!, dimension: i["d"]!))
        case "decel_state":
            let d = Deceleration(velocity: i["v0"]!, rate: i["rate"]!)
            check(i["x0"]! + d.travel(at: i["t"]!), "x")
            check(d.velocity(at: i["t"]!), "v")
        case "decel_destination":
            check(i["x0"]! + Deceleration(velocity: i["v0"]!, rate: i["rate"]!).total)
        case "projection_wwdc":
            check(Deceleration.projection(velocity: i["v0"]!, rate: i["rate"]!))
        case "decel_time_to_distance_threshold":
            // SPEC's stop rule: momentum ends when under 0.5 pt of travel remains.
            let d = Deceleration(velocity: i["v0"]!, rate: i["rate"]!)
            check(try #require(d.time(toTravel: d.total - i["threshold_pt"]!)))
        case "spring_from_duration_bounce":
            let s = Spring(duration: i["duration"]!, bounce: i["bounce"]!)
            check(1, "mass")
            check(s.stiffness, "stiffness")
            check(s.damping, "damping")
        case "spring_from_response":
            let s = Spring(response: i["response"]!, dampingRatio: i["dampingRatio"]!)
            check(s.stiffness, "stiffness")
            check(s.damping, "damping")
        case "spring_position":
            let s = Spring(response: i["response"]!, dampingRatio: i["dampingRatio"]!)
            let x = s.state(displacement: i["from"]! - i["to"]!, velocity: i["v0"]!, at: i["t"]!).x
            check(i["to"]! + x)
        case "spring_position_velocity":
            let s = Spring(stiffness: i["stiffness"]!, dampingRatio: i["dampingRatio"]!)
            let x0 = i["displacement"] ?? (i["from"]! - i["to"]!)
            let state = s.state(displacement: x0, velocity: i["v0"]!, at: i["t"]!)
            check((i["to"] ?? 0) + state.x, "x")
            check(state.v, "v")
        case "detent_floatingpanel":
            let tops = v.anchors.values.sorted()
            let target = Targets.detent(
                tops: tops, top: i["y"]!, fingerVelocity: i["velocity"]!, start: i["y"]!
            ).target
            #expect(v.anchors.first { $0.value == target }?.key == v.expectedName)
        case "paging_flutter":
            let w = i["viewport"]!
            let start = Int(Targets.roundHalfAway(i["pixels"]! / w))
            let page = Targets.page(
                offset: i["pixels"]!, width: w, velocity: i["velocity"]!, start: start, count: 10)
            check(Double(page) * w)
        default:
            Issue.record("unknown vector kind \(v.kind)")
        }
    }

    @Test func springsSettleExactlyOnTarget() {
        // A list overscrolled by 50 released at rest: 50·e^(−2.5)·3.5 = 14.36 after 0.25 s.
        let x = Spring.bounce.state(displacement: 50, velocity: 0, at: 0.25).x
        #expect(abs(x - 50 * exp(-2.5) * 3.5) < 1e-12)
        #expect(abs(Spring.settle.stiffness - 246.7401100272) < 1e-9)
    }
}
