import Foundation
import Hummingbird
import Testing
import SymbolReel
import SymbolTestSupport
@testable import SymbolReelPreview

/// The preview server's routes served on a loopback port and asked over plain HTTP/1.1
/// (`LoopbackClient`): the page and its parts, frames exactly as the library draws them, the
/// state, bad requests, paths that try to reach the disk, the export endpoint's guard, and the
/// host check against DNS rebinding, with the Host a page on another site would send. The
/// page itself in Chromium is PreviewCommandTests' (the full tier).
@Suite struct PreviewRoutesTests {
    /// A small preset (96 × 96, 12 fps, half a second) in its own folder, with one GIF output.
    static func preset(in folder: URL) throws -> URL {
        let symbol = packageRoot.appendingPathComponent("Samples/heart.pulse.svg").path
        let json = """
        {
          "canvas": { "width": 96, "height": 96, "fps": 12, "duration": 0.5, "background": "#FFFFFF" },
          "symbol": { "source": "\(symbol)", "size": 0.6 },
          "style": { "renderingMode": "monochrome", "colors": ["#FF2D55"] },
          "timeline": [ { "from": 0, "until": 0.5, "effect": ".pulse" } ],
          "outputs": [ { "file": "pulse.gif" } ]
        }
        """
        let url = folder.appendingPathComponent("pulse.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func input(_ preset: URL) -> PreviewInput {
        PreviewInput(
            name: preset.lastPathComponent, files: [preset.path],
            load: {
                let clip = try Clip(presetAt: preset.path)
                let read = try PresetReader.read(contentsOf: preset.path)
                return PreviewClip(clip: clip, outputs: read.outputs, directory: preset.deletingLastPathComponent().path, files: [preset.path])
            },
            export: { loaded, cancellation, progress in
                try loaded.clip.export(loaded.outputs, relativeTo: loaded.directory, workers: 1, cancellation: cancellation, progress: progress)
            })
    }

    /// A session that has read the preset once, and the routes as a server bound to `bind` has them.
    static func app(_ preset: URL, bind: String = "127.0.0.1") async -> (Router<BasicRequestContext>, PreviewSession) {
        let session = PreviewSession(input: input(preset))
        await session.reloadIfChanged(force: true)
        return (PreviewRoutes.router(session, host: bind), session)
    }

    static func text(_ response: LoopbackClient.Response) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    @Test func thePageItsScriptAndStyleAreServed() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let (app, _) = await Self.app(try Self.preset(in: work))
        try await LoopbackClient.serving(app) { client in
            for (path, type, marker) in [("/", "text/html", "<html"), ("/preview.js", "text/javascript", "EventSource"),
                                         ("/preview.css", "text/css", "{")] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(path): \(response.headers[.contentType] ?? "no type")")
                    #expect(response.headers[.cacheControl] == "no-store", "\(path)")
                    #expect(Self.text(response).contains(marker), "\(path) lacks \(marker)")
                }
            }
        }
    }

    @Test func framesAreTheLibrarysStillsPixelForPixel() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let preset = try Self.preset(in: work)
        let (app, _) = await Self.app(preset)
        let clip = try Clip(presetAt: preset.path)
        try await LoopbackClient.serving(app) { client in
            for t in [0.0, 0.2, 0.45] {
                try await client.execute(uri: "/frame.png?t=\(t)", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/png")
                    let served = try PNGFile.decode(response.body)
                    #expect(served == PNGFile.image(from: clip.still(atSeconds: t, width: 96)), "frame at \(t) s differs from clip.still")
                }
            }
            // A time past the end is the last frame, as `frame --at` clamps it.
            try await client.execute(uri: "/frame.png?t=99", method: .get) { response in
                let served = try PNGFile.decode(response.body)
                #expect(served == PNGFile.image(from: clip.still(atSeconds: clip.duration, width: 96)))
            }
            try await client.execute(uri: "/pose?t=0.2", method: .get) { response in
                #expect(response.status == .ok)
                let pose = try JSONSerialization.jsonObject(with: Data(Self.text(response).utf8)) as? [String: Any]
                #expect(pose?["symbols"] != nil, "\(Self.text(response).prefix(200))")
            }
        }
    }

    /// A scene preset plays in the preview as a symbol's does: its frames are the library's
    /// stills of the scene (the What's New card, before and after its rows enter).
    @Test func aScenePlaysInThePreview() async throws {
        let preset = packageRoot.appendingPathComponent("Scenes/whats-new.json")
        let (app, _) = await Self.app(preset)
        let clip = try Clip(presetAt: preset.path)
        try await LoopbackClient.serving(app) { client in
            var frames: [PNGFile.Image] = []
            for t in [0.0, 3.9] {
                try await client.execute(uri: "/frame.png?t=\(t)", method: .get) { response in
                    #expect(response.status == .ok)
                    let served = try PNGFile.decode(response.body)
                    #expect(served == PNGFile.image(from: clip.still(atSeconds: t, width: served.width)), "scene frame at \(t) s differs from clip.still")
                    frames.append(served)
                }
            }
            #expect(frames.count == 2 && frames[0] != frames[1], "the rows entered")
        }
    }

    @Test func theStateNamesTheClipAndItsLoop() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let (app, _) = await Self.app(try Self.preset(in: work))
        try await LoopbackClient.serving(app) { client in
            let state = try await client.execute(uri: "/state", method: .get) { response in
                try #require(JSONSerialization.jsonObject(with: Data(Self.text(response).utf8)) as? [String: Any])
            }
            #expect(state["name"] as? String == "pulse.json")
            #expect(state["generation"] as? Int == 1)
            #expect((state["problems"] as? [Any])?.isEmpty == true)
            let clip = try #require(state["clip"] as? [String: Any])
            #expect(clip["frameCount"] as? Int == 6, "\(clip)")
            #expect(clip["width"] as? Int == 96)
            let frames = try #require(clip["loopFrames"] as? Int)
            #expect(frames >= 1)
            // Every loop frame is served under the current generation, and no other.
            try await client.execute(uri: "/loop.png?g=1&i=\(frames - 1)", method: .get) { response in
                #expect(response.status == .ok)
                try #expect(PNGFile.decode(response.body).width == 96)
            }
            for uri in ["/loop.png?g=1&i=\(frames)", "/loop.png?g=2&i=0"] {
                try await client.execute(uri: uri, method: .get) { response in #expect(response.status == .notFound, "\(uri)") }
            }
        }
    }

    @Test func badQueriesAreRefusedWithWhatToGive() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let (app, _) = await Self.app(try Self.preset(in: work))
        try await LoopbackClient.serving(app) { client in
            for (uri, said) in [("/frame.png", "?t=SECONDS"), ("/frame.png?t=soon", "?t=SECONDS"), ("/frame.png?t=nan", "?t=SECONDS"),
                                ("/pose?t=inf", "?t=SECONDS"), ("/loop.png?g=1", "?g=GENERATION&i=INDEX")] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(Self.text(response).contains(said), "\(uri): \(Self.text(response))")
                }
            }
        }
    }

    /// No route maps a path to a file: every way of spelling a file outside (or inside) the
    /// project is an unknown route, and nothing of the file comes back.
    @Test func pathsNeverReachTheDisk() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let (app, _) = await Self.app(try Self.preset(in: work))
        try await LoopbackClient.serving(app) { client in
            for uri in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/etc/passwd", "//etc/passwd",
                        "/pulse.json", "/pulse.gif", "/Package.swift", "/preview.js/../../pulse.json", "/%2fetc%2fpasswd"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri): \(response.status)")
                    #expect(!Self.text(response).contains("root:"), "\(uri) served a file")
                    #expect(!Self.text(response).contains("canvas"), "\(uri) served the preset")
                }
            }
        }
    }

    /// A cross-site form or fetch cannot add the custom header without a preflight the server
    /// never answers; only the page's own request starts an export, which writes the output.
    @Test func exportsStartOnlyFromThePage() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let (app, session) = await Self.app(try Self.preset(in: work))
        try await LoopbackClient.serving(app) { client in
            try await client.execute(uri: "/export", method: .post) { response in
                #expect(response.status == .forbidden)
                #expect(Self.text(response).contains("exports start from the preview page"))
            }
            #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("pulse.gif").path))
            let (id, stream) = await session.listen()
            var headers = HTTPFields()
            headers.append(.init(name: .init("X-SymbolReel")!, value: "export"))
            try await client.execute(uri: "/export", method: .post, headers: headers) { response in
                #expect(response.status == .accepted, "\(Self.text(response))")
            }
            // The stream carries the state first, then progress, then the result naming the file.
            var result = ""
            for await message in stream where message.hasPrefix("event: export") && !message.contains("\"running\"") {
                result = message; break
            }
            await session.stopListening(id)
            #expect(result.contains("\"done\"") && result.contains("pulse.gif"), "\(result)")
        }
        let gif = try GIFDecoder.decode(path: work.appendingPathComponent("pulse.gif").path)
        #expect(gif.frames.count == 6, "the exported GIF has \(gif.frames.count) frames")
    }

    /// A save that breaks the preset keeps the last good clip and reports where it broke.
    @Test func aBrokenSaveKeepsTheLastGoodClip() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let preset = try Self.preset(in: work)
        let (app, session) = await Self.app(preset)
        try "{\n  \"canvas\": { \"width\": 96,, }\n}\n".write(to: preset, atomically: true, encoding: .utf8)
        await session.reloadIfChanged(force: true)
        try await LoopbackClient.serving(app) { client in
            let state = try await client.execute(uri: "/state", method: .get) { response in
                try #require(JSONSerialization.jsonObject(with: Data(Self.text(response).utf8)) as? [String: Any])
            }
            let problems = try #require(state["problems"] as? [[String: Any]])
            #expect(problems.first?["line"] as? Int == 2, "\(problems)")
            #expect(problems.first?["file"] as? String == preset.path, "\(problems)")
            #expect(state["clip"] is [String: Any], "the last good clip is still shown")
            try await client.execute(uri: "/frame.png?t=0.1", method: .get) { response in #expect(response.status == .ok) }
        }
    }

    /// DNS rebinding: a page on another site that points its name at 127.0.0.1 still sends its
    /// own name in Host. Over a real loopback connection, that request is refused before any
    /// route runs; the loopback names are answered.
    @Test func requestsToAnotherNameAreRefused() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let (app, _) = await Self.app(try Self.preset(in: work))
        try await LoopbackClient.serving(app) { client in
            for authority in ["attacker.example", "attacker.example:8080", "127.0.0.1.nip.io", "LOCALHOST.evil.test"] {
                let response = try await client.execute(uri: "/state", method: .get, authority: authority)
                #expect(response.status == .forbidden, "\(authority): \(response.status)")
                let said = Self.text(response)
                #expect(said.contains("not to \(HostCheck<BasicRequestContext>.hostName(authority))"), "\(authority): \(said)")
                #expect(!said.contains("generation"), "\(authority) saw the state")
            }
            for authority in ["localhost", "127.0.0.1:9", "[::1]:8080", "LocalHost"] {
                let response = try await client.execute(uri: "/state", method: .get, authority: authority)
                #expect(response.status == .ok, "\(authority): \(response.status)")
            }
        }
    }

    /// A server bound to one address answers to it (and to the loopback names only when it is
    /// loopback); bound to every interface, it answers to any name, as the user chose.
    @Test func theNamesAnsweredFollowTheBoundAddress() async throws {
        let work = try makeTemporaryDirectory("preview-routes"); defer { try? FileManager.default.removeItem(at: work) }
        let preset = try Self.preset(in: work)
        // LoopbackClient addresses every request to "localhost" unless told otherwise.
        for (bind, status) in [("192.168.7.7", HTTPResponse.Status.forbidden), ("127.0.0.5", .ok), ("0.0.0.0", .ok), ("::", .ok)] {
            let (app, _) = await Self.app(preset, bind: bind)
            try await LoopbackClient.serving(app) { client in
                try await client.execute(uri: "/state", method: .get) { response in #expect(response.status == status, "bound to \(bind)") }
            }
        }
        typealias Check = HostCheck<BasicRequestContext>
        #expect(Check(bind: "192.168.7.7").allowed == ["192.168.7.7"])
        #expect(Check(bind: "[::1]").allowed == ["::1", "localhost", "127.0.0.1"])
        #expect(Check(bind: "0.0.0.0").allowed == nil)
        #expect(Check.hostName("[fe80::1]:8080") == "fe80::1")
        #expect(Check.hostName("Example.COM:80") == "example.com")
        #expect(Check.hostName("fe80::1") == "fe80::1", "a bare IPv6 address has no port to strip")
    }
}
