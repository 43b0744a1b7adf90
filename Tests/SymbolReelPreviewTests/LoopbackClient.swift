import Foundation
import Hummingbird
import Logging

/// The preview routes served for real on a free loopback port, and a client that talks plain
/// HTTP/1.1 to them over a socket of its own: one connection a request (`Connection: close`),
/// with any `Host` a page would send. No HTTP client library and no TLS stack: the test build
/// compiles no AsyncHTTPClient, NIOSSL or BoringSSL (HummingbirdTesting links all three).
struct LoopbackClient: Sendable {
    let port: Int

    /// A response as read off the socket: status, header fields and the (de-chunked) body.
    struct Response: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Serves `router` on 127.0.0.1 (a port the system chooses) while `body` runs, then stops it.
    static func serving<T>(_ router: Router<BasicRequestContext>, _ body: (LoopbackClient) async throws -> T) async throws -> T {
        let (ports, found) = AsyncStream.makeStream(of: Int.self)
        // Stopping by cancellation makes the server log its open listener's CancellationError.
        var logger = Logger(label: "symbolreel.preview.tests")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in found.yield(channel.localAddress?.port ?? 0); found.finish() }, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            // A server that fails to bind ends the stream, so the wait below ends with it.
            group.addTask {
                defer { found.finish() }
                try await app.run()
            }
            defer { group.cancelAll() }
            var bound = ports.makeAsyncIterator()
            guard let port = await bound.next(), port > 0 else { throw Failure(description: "the server bound no port") }
            return try await body(LoopbackClient(port: port))
        }
    }

    /// Sends one request and reads the whole response. The socket is blocking, so it runs on a
    /// thread of its own: the server's handlers need the tests' cooperative threads meanwhile.
    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], authority: String = "localhost") async throws -> Response {
        var head = "\(method.rawValue) \(uri) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\nContent-Length: 0\r\n"
        for field in headers { head += "\(field.name.rawName): \(field.value)\r\n" }
        let request = Array((head + "\r\n").utf8)
        let port = self.port
        let raw = try await withCheckedThrowingContinuation { (done: CheckedContinuation<[UInt8], Error>) in
            Thread { done.resume(with: Result { try Self.exchange(request, port: port) }) }.start()
        }
        return try Self.parse(raw)
    }

    /// The same, handing the response to `check` (the shape of HummingbirdTesting's client).
    func execute<T>(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], _ check: (Response) async throws -> T) async throws -> T {
        try await check(execute(uri: uri, method: method, headers: headers))
    }

    /// Writes `request` to 127.0.0.1:`port` and reads until the server closes (30 s at most).
    private static func exchange(_ request: [UInt8], port: Int) throws -> [UInt8] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to 127.0.0.1:\(port): errno \(errno)") }
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += n
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return response }
            guard n > 0 else { throw Failure(description: "recv after \(response.count) bytes: errno \(errno)") }
            response += chunk[..<n]
        }
    }

    /// Status line, header fields, and the body by Content-Length, chunks, or the rest.
    static func parse(_ raw: [UInt8]) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
            throw Failure(description: "no end of header in \(raw.count) bytes")
        }
        let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ", maxSplits: 2)
        guard statusWords.count >= 2, lines[0].hasPrefix("HTTP/1.1 "), let code = Int(statusWords[1]) else {
            throw Failure(description: "not an HTTP/1.1 status line: \(lines[0])")
        }
        var headers = HTTPFields()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), let name = HTTPFields.Element.Name(String(line[..<colon])) else {
                throw Failure(description: "bad header line: \(line)")
            }
            headers.append(HTTPFields.Element(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var body = Array(raw[(end + separator.count)...])
        if headers[.transferEncoding]?.lowercased() == "chunked" {
            body = try dechunk(body)
        } else if let length = headers[.contentLength].flatMap(Int.init) {
            guard body.count >= length else { throw Failure(description: "body \(body.count) bytes of \(length)") }
            body = Array(body.prefix(length))
        }
        return Response(status: HTTPResponse.Status(code: code), headers: headers, body: body)
    }

    /// `size CRLF data CRLF` … `0 CRLF CRLF`.
    private static func dechunk(_ data: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = [], at = 0
        while true {
            guard let lineEnd = data[at...].indices.first(where: { data[$0...].starts(with: [13, 10]) }),
                  let field = String(decoding: data[at..<lineEnd], as: UTF8.self).split(separator: ";").first,
                  let size = Int(field.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw Failure(description: "bad chunk at byte \(at)")
            }
            if size == 0 { return out }
            let start = lineEnd + 2
            guard start + size <= data.count else { throw Failure(description: "chunk of \(size) bytes cut short") }
            out += data[start..<(start + size)]
            at = start + size + 2
        }
    }
}
