// swift-tools-version: 6.1
import PackageDescription

/// Orrery: a deterministic, virtual-time simulator of the systems behind a web service.
///
/// Arrows point one way: `orrery` → `Scenarios` → `Simulator` and `Reports`; the bench suite → both.
/// Every module runs nonisolated async code on its caller's executor, so simulation code never
/// hops off the simulation's serial executor without asking to.
///
/// Release builds copy and destroy values field by field, inline (`-disable-type-layout`), where
/// Swift 6.3 calls out of line to each type's value witnesses: a copy of a node id or a string
/// was three calls deep before its one retain (600,000 such copies in `strategies.yaml`). In
/// every module, as a value's outlined copy is one function per type shared by all of them (with
/// `Simulator` alone, its copies of node ids still went through another module's). Instructions
/// (`scripts/count-instructions.sh`): `strategies.yaml` 857.1 M → 825.1 M, `closed-loop.yaml`
/// 834.2 M → 806.6 M; the binary grows by 1 %.
let moduleSettings: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .unsafeFlags(["-Xfrontend", "-disable-type-layout"], .when(configuration: .release)),
]

/// `Simulator` is optimised (`-O`) in debug builds too, the tests' builds: nearly every test runs
/// worlds through its event loop, and unoptimised it was most of the suite's time. Measured on a
/// clean build of our modules (2 cores): the whole suite, 2,974 tests, ran in 202 s (382 s of CPU);
/// unoptimised, it took 1,134 s in the last clean-clone CI run (other builds ran beside its first
/// minutes). The debug build of our modules (dependencies built) took 450 s with it.
/// `-O` comes after SwiftPM's `-Onone`, and the last wins; `-enable-testing` stays, so the tests'
/// `@testable import` still sees internal names. What `-O` drops is `assert` (one, in the timer
/// queue); `precondition` holds as before. The other modules stay unoptimised for debugging.
let simulatorOptimisedForTests: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// `orrery` uses the system allocator: linked with jemalloc it ran simulations no faster (within
/// ±5 % of user time on and a 100,000-request closed loop) and kept up to twice the
/// resident memory. `ORRERY_ALLOCATOR=jemalloc` links it again, to repeat that measurement.
let orreryAllocator: [Target.Dependency] = Context.environment["ORRERY_ALLOCATOR"] == "jemalloc" ? ["CJemalloc"] : []

/// What static Foundation needs beyond the libraries the modules name themselves (their
/// autolink entries are the dynamic ones', since the modules compile as usual).
let staticFoundation = ["FoundationInternationalization", "FoundationEssentials", "CoreFoundation", "_FoundationICU",
                        "_FoundationCShims", "_FoundationCollections", "swiftSynchronization", "dispatch", "BlocksRuntime", "stdc++"]

/// A release `orrery` on Linux links the Swift runtime and Foundation statically
/// (`-static-stdlib`): its calls into the runtime — two atomic reference counts per object hand-off,
/// several per simulated request — become direct calls instead of jumps through the dynamic
/// linker's table, and the process starts without relocating Foundation and ICU. Measured
/// (`perf stat`, alternating): `orrery run scenarios/closed-loop.yaml` 80.7 → 72.0 ms of CPU, of
/// which ~3 ms is start-up (`orrery --version` 6.5 → 3.5 ms), a 200 s `strategies.yaml` −8 %. The
/// binary grows from 54 to 126 MB. Debug builds (and the tests, which link `orrery`'s module into
/// a test bundle beside the dynamic runtime of the test libraries) stay dynamic, and
/// `ORRERY_LINKING=dynamic` keeps a release build dynamic too: for tools that interpose the
/// runtime's functions (a retain and release counter loaded with `LD_PRELOAD`, say).
let orreryLinking: [LinkerSetting] = Context.environment["ORRERY_LINKING"] == "dynamic" ? [] : [
    .unsafeFlags(["-static-stdlib"] + staticFoundation.flatMap { ["-Xlinker", "-l\($0)"] }, .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "Orrery",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Simulator", targets: ["Simulator"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .executable(name: "orrery", targets: ["orrery"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "Simulator",
            dependencies: [
                "CPrefetch",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: moduleSettings + simulatorOptimisedForTests
        ),
        // Charts, tables, number and duration formats, report bundles and atomic writes: they know
        // nothing of the simulator, only of figures.
        .target(name: "Reports", swiftSettings: moduleSettings),
        .target(
            name: "Scenarios",
            dependencies: [
                "Simulator",
                "Reports",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: moduleSettings
        ),
        .executableTarget(
            name: "orrery",
            dependencies: [
                "Scenarios",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + orreryAllocator,
            swiftSettings: moduleSettings,
            linkerSettings: orreryLinking
        ),
        // The loader's fuzz target: a corpus replayer when built normally, libFuzzer's
        // LLVMFuzzerTestOneInput when built by scripts/fuzz-libfuzzer.sh (-sanitize=fuzzer).
        .executableTarget(name: "OrreryFuzz", dependencies: ["Scenarios"], swiftSettings: moduleSettings),
        // One header: a hint to the processor to load a cache line early (the event loop asks
        // for the object its next event will touch).
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        .systemLibrary(
            name: "CJemalloc",
            path: "Sources/CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // The benchmark suite lives in Sources/bench; Benchmarks/OrreryBenchmarks is the one-file
        // shim that package-benchmark's plugin discovers (it only looks directly under Benchmarks/).
        .target(
            name: "OrreryBench",
            dependencies: [
                "Simulator",
                "Scenarios",
                "CJemalloc",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Sources/bench",
            swiftSettings: moduleSettings
        ),
        .executableTarget(
            name: "OrreryBenchmarks",
            dependencies: [
                "OrreryBench",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/OrreryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .testTarget(
            name: "SimulatorTests",
            dependencies: [
                "Simulator",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: moduleSettings
        ),
        .testTarget(name: "ReportsTests", dependencies: ["Reports"], swiftSettings: moduleSettings),
        // What more than one test target reads back (a CSV line's fields, a replay command's words).
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: moduleSettings),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "Reports", "TestSupport"], swiftSettings: moduleSettings),
        .testTarget(name: "OrreryCLITests", dependencies: ["orrery", "Scenarios", "TestSupport", .product(name: "Yams", package: "Yams")],
                    swiftSettings: moduleSettings),
    ]
)
