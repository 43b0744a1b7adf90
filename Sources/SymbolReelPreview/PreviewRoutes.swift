import Foundation
import Hummingbird
import SymbolReel

/// The preview server's routes. Each answers from the session's state; the only files read
/// are none: frames and the loop are rendered into memory.
enum PreviewRoutes {
    static func router(_ session: PreviewSession, host: String) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: HostCheck(bind: host))
        router.get("/") { _, _ in text(PreviewPage.html, type: "text/html; charset=utf-8") }
        router.get("/preview.js") { _, _ in text(PreviewPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/preview.css") { _, _ in text(PreviewPage.style, type: "text/css; charset=utf-8") }
        router.get("/state") { _, _ in text(await session.stateJSON(), type: "application/json") }
        router.get("/frame.png") { request, _ in
            guard let t = seconds(request) else { return status(.badRequest, "give the time as ?t=SECONDS") }
            guard let png = await session.framePNG(atSeconds: t) else { return status(.notFound, "no clip yet") }
            return bytes(png, type: "image/png")
        }
        router.get("/pose") { request, _ in
            guard let t = seconds(request) else { return status(.badRequest, "give the time as ?t=SECONDS") }
            guard let json = await session.poseJSON(atSeconds: t) else { return status(.notFound, "no clip yet") }
            return text(json, type: "application/json")
        }
        router.get("/loop.png") { request, _ in
            let query = request.uri.queryParameters
            guard let g = query.get("g").flatMap({ Int(String($0)) }), let i = query.get("i").flatMap({ Int(String($0)) }) else {
                return status(.badRequest, "give the loop frame as ?g=GENERATION&i=INDEX")
            }
            guard let png = await session.loopFrame(generation: g, index: i) else { return status(.notFound, "no such loop frame") }
            return bytes(png, type: "image/png")
        }
        router.get("/events") { _, _ in
            let (id, stream) = await session.listen()
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            // A page that goes away ends its write; the stream is then dropped (nothing else is
            // done for it).
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                defer { Task { await session.stopListening(id) } }
                for await message in stream {
                    try await writer.write(ByteBuffer(string: message))
                }
                try await writer.finish(nil)
            })
        }
        router.post("/export") { request, _ in
            // A custom header cannot be sent across origins without a preflight, which this
            // server never answers: another site open in the browser cannot start an export.
            guard request.headers.contains(where: { $0.name.canonicalName == "x-symbolreel" && $0.value == "export" }) else {
                return status(.forbidden, "exports start from the preview page")
            }
            if let reason = await session.startExport() { return status(.conflict, reason) }
            return status(.accepted, "export started")
        }
        return router
    }

    private static func seconds(_ request: Request) -> Double? {
        guard let t = request.uri.queryParameters.get("t").flatMap({ Double(String($0)) }), t.isFinite else { return nil }
        return t
    }

    private static func text(_ s: String, type: String) -> Response {
        bytes(Array(s.utf8), type: type)
    }

    private static func bytes(_ b: [UInt8], type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: b)))
    }

    private static func status(_ s: HTTPResponse.Status, _ message: String) -> Response {
        var r = text(message + "\n", type: "text/plain; charset=utf-8")
        r.status = s
        return r
    }
}
