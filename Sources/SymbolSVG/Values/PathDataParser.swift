import SymbolGeometry

/// The result of reading SVG path data: everything before the first error, as SVG renders it.
package struct PathDataResult: Sendable {
    package var path: Path
    /// The first error; `path` holds every complete segment before it (SVG: render up to the error).
    package var error: ValueError?
    /// Drawing segments in `path` (lines, curves, closes; moves not counted), for the caller's limit.
    package var segmentCount: Int
}

/// SVG path data (`d`) → absolute `Path`.
///
/// One pass over the bytes with `NumberScanner`; no tokens, strings or intermediate arrays.
/// Relative, shorthand (H V S T) and arc commands are resolved here; arcs become cubics in
/// `PathBuilder`. Measured on a 2-core x86-64 VM, release build: 200,000 mixed segments (about
/// 3.5 MB of text) parse in ~50 ms (`swift test -c release --filter PathDataSpeed`).
package enum PathDataParser {
    /// Every command `M m L l H h V v C c S s Q q T t A a Z z`, implicit repeats (extra pairs
    /// after M/m are L/l), no separator needed before a minus or a second dot, exponents,
    /// compact arc flags (`a1 1 0 00.5.5`), S/T reflection only after C/S resp. Q/T. Data must
    /// start with M/m. Stops with an error at `segmentLimit` segments.
    package static func parse(_ s: Substring, segmentLimit: Int = 1_000_000) -> PathDataResult {
        var reader = PathDataReader(s, segmentLimit: segmentLimit)
        reader.run()
        return PathDataResult(path: reader.builder.path, error: reader.error, segmentCount: reader.segments)
    }
}

/// The state of one path data read: scanner, builder and the reflection memory of S/T.
private struct PathDataReader {
    private enum Previous { case other, cubic, quad }

    var scanner: NumberScanner
    var builder = PathBuilder()
    var error: ValueError?
    var segments = 0
    let segmentLimit: Int
    private var previous = Previous.other
    /// The last control point of the previous C/S (or Q/T), reflected by S (or T).
    private var lastControl = Point.zero

    init(_ text: Substring, segmentLimit: Int) {
        scanner = NumberScanner(text)
        self.segmentLimit = max(0, segmentLimit)
    }

    mutating func run() {
        scanner.skipWhitespace()
        guard let first = scanner.peek else { return }  // empty data: nothing to draw, no error
        guard first | 0x20 == UInt8(ascii: "m") else {
            fail("path data must start with a moveto ('M' or 'm')")
            return
        }
        var command: UInt8 = 0
        var afterComma = false
        var commaOffset = 0
        while let b = scanner.peek {
            let groupStart = scanner.offset
            if Self.isCommand(b) {
                if afterComma {
                    fail(at: commaOffset, "unexpected ',' before the '\(Character(Unicode.Scalar(b)))' command")
                    return
                }
                command = b
                scanner.advance()
                scanner.skipWhitespace()
                if b | 0x20 == UInt8(ascii: "z") {
                    guard reserve(closeSegments(), at: groupStart) else { return }
                    builder.close()
                    previous = .other
                    continue
                }
            } else if command | 0x20 == UInt8(ascii: "z") || !scanner.atNumberStart {
                fail(command | 0x20 == UInt8(ascii: "z")
                    ? "expected a command letter after 'Z'; numbers cannot follow a closepath"
                    : "expected a number or a command letter")
                return
            }
            guard segment(command, start: groupStart) else { return }
            // Extra coordinate pairs after a moveto are linetos of the same case.
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            scanner.skipWhitespace()
            commaOffset = scanner.offset
            afterComma = scanner.skipSeparator()
            if afterComma && scanner.isAtEnd {
                fail(at: commaOffset, "unexpected ',' at the end of the path data")
                return
            }
        }
    }

    private static func isCommand(_ b: UInt8) -> Bool {
        switch b | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
             UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    /// Reads one argument group of `command` and draws it. False (with `error` set) on failure.
    private mutating func segment(_ command: UInt8, start: Int) -> Bool {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? builder.current : .zero
        let name = command
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            guard let x = coordinate(name, first: true), let y = coordinate(name) else { return false }
            guard let p = point(origin.x + x, origin.y + y, name, start) else { return false }
            builder.move(to: p)
            previous = .other
        case UInt8(ascii: "l"):
            guard let x = coordinate(name, first: true), let y = coordinate(name) else { return false }
            guard let p = point(origin.x + x, origin.y + y, name, start), reserve(1, at: start) else { return false }
            builder.line(to: p)
            previous = .other
        case UInt8(ascii: "h"):
            guard let x = coordinate(name, first: true) else { return false }
            guard let p = point(origin.x + x, builder.current.y, name, start), reserve(1, at: start) else { return false }
            builder.line(to: p)
            previous = .other
        case UInt8(ascii: "v"):
            guard let y = coordinate(name, first: true) else { return false }
            guard let p = point(builder.current.x, origin.y + y, name, start), reserve(1, at: start) else { return false }
            builder.line(to: p)
            previous = .other
        case UInt8(ascii: "c"):
            guard let x1 = coordinate(name, first: true), let y1 = coordinate(name),
                  let x2 = coordinate(name), let y2 = coordinate(name),
                  let x = coordinate(name), let y = coordinate(name) else { return false }
            guard let c1 = point(origin.x + x1, origin.y + y1, name, start),
                  let c2 = point(origin.x + x2, origin.y + y2, name, start),
                  let p = point(origin.x + x, origin.y + y, name, start), reserve(1, at: start) else { return false }
            builder.cubic(to: p, control1: c1, control2: c2)
            previous = .cubic
            lastControl = c2
        case UInt8(ascii: "s"):
            guard let x2 = coordinate(name, first: true), let y2 = coordinate(name),
                  let x = coordinate(name), let y = coordinate(name) else { return false }
            let current = builder.current
            let c1x = previous == .cubic ? 2 * current.x - lastControl.x : current.x
            let c1y = previous == .cubic ? 2 * current.y - lastControl.y : current.y
            guard let c1 = point(c1x, c1y, name, start),
                  let c2 = point(origin.x + x2, origin.y + y2, name, start),
                  let p = point(origin.x + x, origin.y + y, name, start), reserve(1, at: start) else { return false }
            builder.cubic(to: p, control1: c1, control2: c2)
            previous = .cubic
            lastControl = c2
        case UInt8(ascii: "q"):
            guard let x1 = coordinate(name, first: true), let y1 = coordinate(name),
                  let x = coordinate(name), let y = coordinate(name) else { return false }
            guard let c = point(origin.x + x1, origin.y + y1, name, start),
                  let p = point(origin.x + x, origin.y + y, name, start), reserve(1, at: start) else { return false }
            builder.quad(to: p, control: c)
            previous = .quad
            lastControl = c
        case UInt8(ascii: "t"):
            guard let x = coordinate(name, first: true), let y = coordinate(name) else { return false }
            let current = builder.current
            let cx = previous == .quad ? 2 * current.x - lastControl.x : current.x
            let cy = previous == .quad ? 2 * current.y - lastControl.y : current.y
            guard let c = point(cx, cy, name, start),
                  let p = point(origin.x + x, origin.y + y, name, start), reserve(1, at: start) else { return false }
            builder.quad(to: p, control: c)
            previous = .quad
            lastControl = c
        default:  // 'a'
            guard let rx = coordinate(name, first: true), let ry = coordinate(name),
                  let rotation = coordinate(name),
                  let large = arcFlag(name), let sweep = arcFlag(name),
                  let x = coordinate(name), let y = coordinate(name) else { return false }
            guard let p = point(origin.x + x, origin.y + y, name, start) else { return false }
            guard arc(to: p, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep, start: start) else {
                return false
            }
            previous = .other
        }
        return true
    }

    /// Draws an arc. Arcs are the one command whose output (0 to 4 cubics, computed from
    /// squares of the radii) is not known up front, so near the segment limit, or with values
    /// so large that the conversion could overflow, the arc is first drawn into a scratch
    /// builder and checked.
    private mutating func arc(to p: Point, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool,
                              start: Int) -> Bool {
        let current = builder.current
        let bound = 1e60  // below this every intermediate of the arc conversion stays finite
        let tame = abs(rx) < bound && abs(ry) < bound && abs(p.x) < bound && abs(p.y) < bound
            && abs(current.x) < bound && abs(current.y) < bound
        if tame && segments + 4 <= segmentLimit {
            let before = builder.path.verbs.count
            let closedBefore = builder.path.verbs.last == .close
            builder.arc(to: p, rx: rx, ry: ry, xAxisRotation: rotation, largeArc: large, sweep: sweep)
            let added = builder.path.verbs.count - before
            // A segment drawn right after Z brings an implicit move, which is not a segment.
            segments += added > 0 && closedBefore ? added - 1 : added
            return true
        }
        var scratch = PathBuilder()
        scratch.move(to: current)
        scratch.arc(to: p, rx: rx, ry: ry, xAxisRotation: rotation, largeArc: large, sweep: sweep)
        guard scratch.path.isFinite else {
            fail(at: start, "arc coordinates are out of range")
            return false
        }
        guard reserve(scratch.path.verbs.count - 1, at: start) else { return false }
        builder.arc(to: p, rx: rx, ry: ry, xAxisRotation: rotation, largeArc: large, sweep: sweep)
        return true
    }

    /// Segments a Z adds: none when the subpath is already closed.
    private func closeSegments() -> Int { builder.path.verbs.last == .close ? 0 : 1 }

    /// Counts `count` new segments, or fails when they would pass the limit.
    private mutating func reserve(_ count: Int, at offset: Int) -> Bool {
        guard segments + count <= segmentLimit else {
            fail(at: offset, "path has more than \(segmentLimit) segments")
            return false
        }
        segments += count
        return true
    }

    /// One number of an argument group; the first needs no separator before it.
    @inline(__always)
    private mutating func coordinate(_ command: UInt8, first: Bool = false) -> Double? {
        if !first { scanner.skipCommaWhitespace() }
        switch scanner.scanNumber() {
        case .value(let v):
            return v
        case .outOfRange:
            fail("number out of range after '\(Character(Unicode.Scalar(command)))'")
            return nil
        case .none:
            fail("expected a number after '\(Character(Unicode.Scalar(command)))'")
            return nil
        }
    }

    private mutating func arcFlag(_ command: UInt8) -> Bool? {
        scanner.skipCommaWhitespace()
        if let f = scanner.flag() { return f }
        fail("expected an arc flag (0 or 1) after '\(Character(Unicode.Scalar(command)))'")
        return nil
    }

    /// An absolute point, or an error when relative arithmetic or reflection overflowed.
    @inline(__always)
    private mutating func point(_ x: Double, _ y: Double, _ command: UInt8, _ start: Int) -> Point? {
        if x.isFinite && y.isFinite { return Point(x, y) }
        fail(at: start, "coordinates after '\(Character(Unicode.Scalar(command)))' are out of range")
        return nil
    }

    /// Records an error at the scanner's position, naming what was found there.
    private mutating func fail(_ expectation: String) {
        let found = scanner.currentScalar.map { ", found \(describe($0))" } ?? ", found the end of the path data"
        fail(at: scanner.offset, expectation + found)
    }

    private mutating func fail(at offset: Int, _ message: String) {
        error = ValueError(offset: offset, message: message)
    }
}
