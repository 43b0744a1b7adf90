// swift-tools-version: 6.0
// SymbolReel: SF Symbols-style animated symbols to video on Linux. MIT licence (LICENSE).
// Module layout and import rules: docs/architecture.md (one folder per target).
import PackageDescription

let package = Package(
    name: "SymbolReel",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "symbolreel", targets: ["SymbolReelCLI"]),
        .library(name: "SymbolReel", targets: ["SymbolReel"]),
        .library(name: "SymbolReelTesting", targets: ["SymbolReelTesting"]),
        // Snapshot strategies for pointfreeco's swift-snapshot-testing (its own product, so only
        // a package that asks for it builds that dependency).
        .library(name: "SymbolReelSnapshotTesting", targets: ["SymbolReelSnapshotTesting"]),
    ],
    // Every package at an exact version, so that every machine resolves one graph: this
    // repository commits no Package.resolved (its commit ids name one machine's copies of the
    // packages, not GitHub's), so the versions are pinned here. Each is the newest release our
    // build machines carry; none is held back. Raising one is a change of its own: its line
    // here, the packages it brings below, docs/architecture.md's table, and a test run.
    // `DependencyPinTests` fails when a package is not pinned or resolves to another version.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // `symbolreel preview`'s local HTTP server (SymbolReelPreview only; the library never sees it).
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        // SymbolReelSnapshotTesting only (its SnapshotTesting product: no swift-syntax is built).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
        // Tests only: an independent ZIP reader for the dotLottie archive (SymbolVectorTests).
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),

        // The packages that those depend on, pinned too: SwiftPM takes a dependency's ranges
        // as they are (hummingbird asks for swift-nio `from: "2.101.0"`), so without these lines
        // two machines resolve whatever is newest on each. No target of ours names them; some
        // are only in the graph because a product we do not build declares them (hummingbird's
        // HummingbirdTesting and its TLS stack), and SwiftPM fetches but never compiles those.
        .package(url: "https://github.com/apple/swift-algorithms.git", exact: "1.2.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", exact: "1.7.4"),
        .package(url: "https://github.com/apple/swift-async-algorithms.git", exact: "1.1.4"),
        .package(url: "https://github.com/apple/swift-atomics.git", exact: "1.3.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-collections.git", exact: "1.6.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", exact: "1.4.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", exact: "1.7.3"),
        .package(url: "https://github.com/apple/swift-http-structured-headers.git", exact: "1.7.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", exact: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", exact: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", exact: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-transport-services.git", exact: "1.28.0"),
        .package(url: "https://github.com/apple/swift-numerics.git", exact: "1.1.1"),
        .package(url: "https://github.com/apple/swift-service-context.git", exact: "1.5.1"),
        .package(url: "https://github.com/apple/swift-system", exact: "1.8.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", exact: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", exact: "1.13.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        // Geometry, scene model and the SVG reader (the parse stage).
        .target(name: "SymbolGeometry"),
        .target(name: "SymbolScene", dependencies: ["SymbolGeometry"]),
        .target(name: "SymbolSVG", dependencies: ["SymbolGeometry", "SymbolScene"]),

        // Effects and time (the evaluate stage).
        .target(name: "SymbolTimeline", dependencies: ["SymbolGeometry", "SymbolScene"]),

        // Pixels.
        .target(name: "SymbolRaster", dependencies: ["SymbolGeometry"]),
        .target(name: "SymbolRender", dependencies: ["SymbolGeometry", "SymbolScene", "SymbolTimeline", "SymbolRaster"]),

        // C libraries: module map and shim header only.
        .systemLibrary(
            name: "CAVCodec", pkgConfig: "libavformat",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // zlib's deflate for the dotLottie zip (libpng already links zlib).
        .systemLibrary(name: "CLibz", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Text: HarfBuzz shapes and gives glyph outlines; fontconfig finds families and fallbacks.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // Shaped text as our own paths (scenes' words), drawn by our rasterizer.
        .target(name: "SymbolText", dependencies: ["SymbolGeometry", "CHarfBuzz", "CFontconfig"]),
        // Release-build timing of a paragraph's layout and glyph paths, first and cached (a figure, not a test).
        .executableTarget(name: "SymbolTextBench", dependencies: ["SymbolText", "SymbolGeometry", "SymbolRaster"], path: "bench/text"),

        // Encoders.
        .target(name: "SymbolEncode", dependencies: ["SymbolGeometry", "SymbolRaster"]),
        .target(name: "SymbolEncodeMP4", dependencies: ["SymbolEncode", "SymbolRaster", "CAVCodec"]),
        .target(name: "SymbolEncodeGIF", dependencies: ["SymbolEncode", "SymbolRaster", "CGIF"]),
        .target(name: "SymbolEncodePNG", dependencies: ["SymbolEncode", "SymbolRaster", "CPNG", "CLibz"]),
        .target(name: "SymbolEncodeWebP", dependencies: ["SymbolEncode", "SymbolRaster", "CWebP"]),
        // Vector clips: Lottie, dotLottie and animated SVG written from a clip's vector scene.
        .target(name: "SymbolVector", dependencies: ["SymbolGeometry", "SymbolScene", "SymbolRender", "SymbolEncode", "CLibz"]),
        // Scenes: items laid out on a canvas, their entrances and exits, scenes one after another,
        // each frame a picture (docs/scenes.md).
        .target(name: "SymbolCompose", dependencies: ["SymbolGeometry", "SymbolScene", "SymbolTimeline", "SymbolRender", "SymbolText"]),

        // The staged pipeline: evaluate → render workers → reorder → encoders.
        .target(
            name: "SymbolPipeline",
            dependencies: ["SymbolGeometry", "SymbolScene", "SymbolTimeline", "SymbolRaster", "SymbolRender", "SymbolEncode"]),

        // Front door and command line.
        .target(
            name: "SymbolReel",
            dependencies: [
                "SymbolGeometry", "SymbolScene", "SymbolSVG", "SymbolTimeline", "SymbolRaster", "SymbolRender",
                "SymbolEncode", "SymbolEncodeMP4", "SymbolEncodeGIF", "SymbolEncodePNG", "SymbolEncodeWebP",
                "SymbolPipeline", "SymbolVector", "SymbolText", "SymbolCompose",
            ]),
        // The `symbolreel` command. The target's name differs from the product's by more than
        // letter case, so the tree checks out on case-insensitive disks (macOS's default).
        .executableTarget(
            name: "SymbolReelCLI",
            dependencies: ["SymbolReel", "SymbolReelPreview", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            plugins: ["BuildCommit"]),
        // Gives `symbolreel --version` the git commit it was built from (why a build command:
        // Plugins/BuildCommit/BuildCommit.swift).
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // `symbolreel preview`: the live preview page and its HTTP server (Hummingbird), kept out
        // of the front door so the library never links a web server.
        .target(
            name: "SymbolReelPreview",
            dependencies: ["SymbolReel", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log")]),

        // Release-build raster benchmark (bench/raster.sh); --encode-png also times a PNG per frame
        // (the like-for-like figure against resvg, which only renders whole SVGs to PNG).
        .executableTarget(
            name: "SymbolRasterBench", dependencies: ["SymbolRaster", "SymbolGeometry", "SymbolEncodePNG"], path: "bench/raster/SymbolRasterBench"),

        // The path data reader's speed (`make bench`): a benchmark, kept out of the test suite.
        .executableTarget(name: "SymbolPathDataBench", dependencies: ["SymbolSVG"], path: "bench/pathdata"),

        // bench/chart.png for `make bench`: the report's ratios as bars, drawn with our own
        // rasterizer, stroker (a tiny stroke font for the labels) and PNG encoder.
        .target(name: "BenchChart", dependencies: ["SymbolGeometry", "SymbolRaster"], path: "bench/chart/BenchChart"),
        .executableTarget(
            name: "SymbolBenchChart", dependencies: ["BenchChart", "SymbolEncodePNG"], path: "bench/chart/SymbolBenchChart"),
        // docs/motion.png: our effect curves against Apple's measured motion (docs/effects.md).
        .executableTarget(
            name: "SymbolMotionChart", dependencies: ["BenchChart", "SymbolEncodePNG", "SymbolGeometry", "SymbolRaster", "SymbolSVG", "SymbolTimeline"],
            path: "bench/chart/SymbolMotionChart"),

        // Encoder benchmark (`make bench`): the same synthetic frames through our encoders, and
        // written raw for the ffmpeg program.
        .executableTarget(
            name: "SymbolEncodeBench",
            dependencies: [
                "SymbolEncode", "SymbolEncodeMP4", "SymbolEncodeGIF", "SymbolEncodePNG", "SymbolEncodeWebP", "SymbolPipeline",
                "SymbolGeometry", "SymbolRaster", "SymbolTestSupport",
            ],
            path: "bench/encode"),

        // What every test target shares (argument-parser's TestHelpers, once): the package root,
        // process launching, the outside tools a test requires (`.requires(.ffprobe)`: skipped
        // with a reason, failed under CI=true), seeded random numbers, golden images and decoders.
        .target(name: "SymbolTestSupport", dependencies: ["SymbolRaster", "CPNG", "CAVCodec", "CGIF", "CWebP"]),
        // For users' Swift tests: a frame against a golden PNG with a tolerance (Swift Testing).
        .target(name: "SymbolReelTesting", dependencies: ["SymbolReel", "SymbolTestSupport"]),
        // For users of swift-snapshot-testing: `assertSnapshot(of: clip, as: .frameHashes)`, `.poses`,
        // `.frame(at:)`, `.contactSheet()`; PNGs compared with SymbolReelTesting's tolerance.
        .target(
            name: "SymbolReelSnapshotTesting",
            dependencies: [
                "SymbolReel", "SymbolReelTesting", "SymbolTestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),

        .testTarget(name: "SymbolGeometryTests", dependencies: ["SymbolGeometry"]),
        .testTarget(name: "SymbolSceneTests", dependencies: ["SymbolScene"]),
        .testTarget(name: "SymbolSVGTests", dependencies: ["SymbolSVG", "SymbolScene", "SymbolGeometry", "SymbolTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "SymbolPipelineTests",
            dependencies: [
                "SymbolPipeline", "SymbolEncode", "SymbolRaster", "SymbolRender", "SymbolTimeline", "SymbolScene", "SymbolGeometry",
                "SymbolTestSupport",
            ]),
        .testTarget(name: "SymbolTimelineTests", dependencies: ["SymbolTimeline", "SymbolScene", "SymbolGeometry"]),
        .testTarget(name: "SymbolRasterTests", dependencies: ["SymbolRaster", "SymbolGeometry", "SymbolTestSupport"]),
        .testTarget(
            name: "SymbolRenderTests", dependencies: ["SymbolRender", "SymbolSVG", "SymbolTimeline", "SymbolTestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "SymbolEncodeTests",
            dependencies: [
                "SymbolEncode", "SymbolEncodeMP4", "SymbolEncodeGIF", "SymbolEncodePNG", "SymbolEncodeWebP", "SymbolGeometry", "SymbolTestSupport",
            ]),
        .testTarget(name: "BenchChartTests", dependencies: ["BenchChart", "SymbolRaster"]),
        // Text against HarfBuzz's hb-view and hb-shape, FreeType through Pillow, and bad fonts.
        .testTarget(name: "SymbolTextTests", dependencies: ["SymbolText", "SymbolRaster", "SymbolGeometry", "SymbolTestSupport"]),
        // The library itself: presets, the JSON reader, the export plan, contact sheets.
        .testTarget(name: "SymbolReelTests", dependencies: ["SymbolReel", "SymbolTestSupport", "FuzzBodies"]),
        .testTarget(name: "SymbolReelTestingTests", dependencies: ["SymbolReelTesting", "SymbolReel", "SymbolTestSupport"]),
        // The snapshot strategies through swift-snapshot-testing itself; recorded snapshots in __Snapshots__.
        .testTarget(
            name: "SymbolReelSnapshotTestingTests",
            dependencies: [
                "SymbolReelSnapshotTesting", "SymbolReelTesting", "SymbolReel", "SymbolTestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        // The vector writers' files read back structurally (JSON, XML, ZIP), in-process.
        .testTarget(name: "SymbolVectorTests", dependencies: ["SymbolVector", "SymbolRender", "SymbolSVG", "SymbolTimeline", "SymbolTestSupport", "ZIPFoundation"]),
        // The preview server's routes served on a loopback port and asked over a plain socket,
        // with its host check. Not HummingbirdTesting: it links AsyncHTTPClient and with it
        // swift-nio-ssl's BoringSSL, hundreds of C files in every test build.
        .testTarget(
            name: "SymbolReelPreviewTests",
            dependencies: [
                "SymbolReelPreview", "SymbolReel", "SymbolTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The CLI tests run the symbolreel binary: depending on it makes `swift test` build it first (never a stale one).
        .testTarget(name: "SymbolReelCLITests", dependencies: ["SymbolReel", "SymbolCompose", "SymbolTestSupport", "SymbolReelCLI"], exclude: ["Goldens", "Browser"]),
        // What each fuzz target does with an input (Tests/Fuzz), shared with the regression replay.
        .target(
            name: "FuzzBodies", dependencies: ["SymbolReel", "SymbolRender", "SymbolSVG", "SymbolTimeline", "SymbolGeometry", "SymbolRaster", "SymbolText"],
            path: "Tests/Fuzz/FuzzBodies"),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (`make fuzz`), declared only when SYMBOLREEL_FUZZ is set: they have no
// `main` of their own (libFuzzer's, linked by `-sanitize=fuzzer`, drives them), so an ordinary
// build must not try to link them.
if Context.environment["SYMBOLREEL_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport"))
    for name in ["FuzzSVGReader", "FuzzPathData", "FuzzCSS", "FuzzPreset", "FuzzEffectExpression", "FuzzDrawMarkup", "FuzzLayerTree", "FuzzFont"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["FuzzBodies", "FuzzSupport"], path: "Tests/Fuzz/\(name)"))
    }
}
