// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Handoff",
    products: [
        .executable(name: "handoff", targets: ["handoff"]),
        .library(name: "HandoffCore", targets: ["HandoffCore"]),
        .library(name: "HandoffScript", targets: ["HandoffScript"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // Pure, deterministic model: scenes, hit testing, gestures, nested scrolling, physics.
        .target(name: "HandoffCore"),
        // Text in, text out: command language, scene files, rendering, sessions, traces.
        .target(
            name: "HandoffScript",
            dependencies: ["HandoffCore", .product(name: "Yams", package: "Yams")]
        ),
        // libedit (Debian: libedit-dev), wrapped for Swift by shim.h.
        .systemLibrary(
            name: "CEditLine",
            path: "Sources/CEditLine",
            providers: [.apt(["libedit-dev"])]
        ),
        .executableTarget(
            name: "handoff",
            dependencies: [
                "HandoffScript", "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: SPEC §9 speed and memory targets, measured in a release build.
        .executableTarget(name: "handoff-bench", dependencies: ["HandoffScript"]),
        // What only the tests share: one in-memory FileAccess and one seeded random generator.
        .target(
            name: "HandoffTestSupport", dependencies: ["HandoffScript"],
            path: "Tests/HandoffTestSupport"),
        .testTarget(
            name: "HandoffCoreTests",
            dependencies: [
                "HandoffCore", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // A copy of shared/reference/physics_vectors.json, so a fresh clone tests on its own.
            resources: [.copy("Resources/physics_vectors.json")]
        ),
        .testTarget(
            name: "HandoffScriptTests",
            dependencies: [
                "HandoffScript", "HandoffTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Public UIKit recursiveDescription dumps (SPEC §11), sources in their README.md.
            resources: [.copy("Resources/uikit")]
        ),
        // Drives the built `handoff` binary end to end and replays every file in Traces/.
        .testTarget(
            name: "handoffTests",
            dependencies: [
                "handoff", "HandoffScript", "HandoffTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (`make fuzz`, Fuzz/README.md): they link only with `-sanitize=fuzzer`, so they
// exist only when HANDOFF_FUZZ=1.
if Context.environment["HANDOFF_FUZZ"] == "1" {
    package.targets.append(.target(name: "CFuzzerDriver", path: "Fuzz/Sources/CFuzzerDriver"))
    package.targets.append(
        .target(
            name: "FuzzSupport", dependencies: ["HandoffScript", "CFuzzerDriver"],
            path: "Fuzz/Sources/FuzzSupport"))
    for name in ["fuzz-commands", "fuzz-scene", "fuzz-trace", "fuzz-rules"] {
        package.targets.append(
            .executableTarget(
                name: name, dependencies: ["FuzzSupport"], path: "Fuzz/Sources/\(name)"))
    }
}
