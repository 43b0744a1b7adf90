import Hummingbird

/// Answers only requests addressed to the server by a name it was bound to. A page on another
/// site can point its own domain at 127.0.0.1 ("DNS rebinding") and then read the preview as
/// same-origin: the state, the files it watches and the frames. Such a request still carries
/// the other site's name in its Host header, so it is refused here before any route runs.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    /// The host names accepted (lower case, no port, IPv6 without brackets); nil accepts any,
    /// for a server bound to every interface (`--host 0.0.0.0`), which the user opened on purpose.
    let allowed: Set<String>?

    /// The names a server bound to `bind` answers to: that address, and the loopback names
    /// when it is a loopback address.
    init(bind: String) {
        // An IPv6 address may be given in brackets (`--host [::1]`); the name is without them.
        let bind = bind.lowercased().trimmingCharacters(in: ["[", "]"])
        if ["0.0.0.0", "::"].contains(bind) {
            allowed = nil
        } else {
            var names: Set<String> = [bind]
            if Self.loopback.contains(bind) || bind.hasPrefix("127.") { names.formUnion(Self.loopback) }
            allowed = names
        }
    }

    static var loopback: Set<String> { ["localhost", "127.0.0.1", "::1"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A request without a Host (HTTP/1.0 by hand) comes from no browser; let it through.
        guard let allowed, let authority = request.head.authority else { return try await next(request, context) }
        let name = Self.hostName(authority)
        guard allowed.contains(name) else {
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            let message = "this preview answers requests to \(allowed.sorted().joined(separator: ", ")), not to \(name)\n"
            return Response(status: .forbidden, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message)))
        }
        return try await next(request, context)
    }

    /// `name:port`, `[v6]:port` or a bare name, as the Host header carries it, without the port.
    static func hostName(_ authority: String) -> String {
        let a = authority.lowercased()
        if a.hasPrefix("["), let close = a.firstIndex(of: "]") { return String(a[a.index(after: a.startIndex)..<close]) }
        if let colon = a.lastIndex(of: ":"), a.firstIndex(of: ":") == colon { return String(a[..<colon]) }
        return a
    }
}
