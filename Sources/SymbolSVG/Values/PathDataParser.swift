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
/// `PathBuilder`. Measured on a shared 2-core x86-64 VM, release build: 200,000 mixed commands
/// (2.6 MB, one in six an arc; 250,000 segments) in 47–49 ms, best of 5, up to 82 ms while
/// the machine was busy (`swift run -c release SymbolPathDataBench`, bench/pathdata,
/// also in `make bench`). About a third of that is arc trigonometry and `Path` array growth
/// in `PathBuilder`, not scanning.
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
                    ? "expected a command letter after '\(Character(Unicode.Scalar(command)))'; numbers cannot follow a closepath"
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
        switch command | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"):
            return straight(command, start: start)
        case UInt8(ascii: "a"):
            return arcGroup(command, start: start)
        default:
            return curve(command, start: start)
        }
    }

    /// M, L, H and V in either case.
    private mutating func straight(_ command: UInt8, start: Int) -> Bool {
        let current = builder.current
        let origin = command >= UInt8(ascii: "a") ? current : .zero
        let target: Point
        switch command | 0x20 {
        case UInt8(ascii: "h"):
            guard let x = coordinate(command, first: true),
                  let p = point(origin.x + x, current.y, command, start) else { return false }
            target = p
        case UInt8(ascii: "v"):
            guard let y = coordinate(command, first: true),
                  let p = point(current.x, origin.y + y, command, start) else { return false }
            target = p
        default:
            guard let p = pair(command, first: true, origin: origin, start: start) else { return false }
            target = p
        }
        previous = .other
        if command | 0x20 == UInt8(ascii: "m") {
            builder.move(to: target)
            return true
        }
        guard reserve(1, at: start) else { return false }
        builder.line(to: target)
        return true
    }

    /// C, S, Q and T in either case. S and T reflect the previous control point only after a
    /// command of their own family; otherwise their first control point is the current point.
    private mutating func curve(_ command: UInt8, start: Int) -> Bool {
        let origin = command >= UInt8(ascii: "a") ? builder.current : .zero
        switch command | 0x20 {
        case UInt8(ascii: "c"), UInt8(ascii: "s"):
            let smooth = command | 0x20 == UInt8(ascii: "s")
            guard let c1 = smooth ? reflection(of: .cubic, command, start) : pair(command, first: true, origin: origin, start: start),
                  let c2 = pair(command, first: smooth, origin: origin, start: start),
                  let p = pair(command, first: false, origin: origin, start: start),
                  reserve(1, at: start) else { return false }
            builder.cubic(to: p, control1: c1, control2: c2)
            lastControl = c2
            previous = .cubic
        default:
            let smooth = command | 0x20 == UInt8(ascii: "t")
            guard let c = smooth ? reflection(of: .quad, command, start) : pair(command, first: true, origin: origin, start: start),
                  let p = pair(command, first: smooth, origin: origin, start: start),
                  reserve(1, at: start) else { return false }
            builder.quad(to: p, control: c)
            lastControl = c
            previous = .quad
        }
        return true
    }

    /// The current point, or the last control point mirrored about it when the previous
    /// command belongs to `family`.
    private mutating func reflection(of family: Previous, _ command: UInt8, _ start: Int) -> Point? {
        let c = builder.current
        guard previous == family else { return c }
        return point(2 * c.x - lastControl.x, 2 * c.y - lastControl.y, command, start)
    }

    /// Two numbers made absolute against `origin`.
    @inline(__always)
    private mutating func pair(_ command: UInt8, first: Bool, origin: Point, start: Int) -> Point? {
        guard let x = coordinate(command, first: first), let y = coordinate(command) else { return nil }
        return point(origin.x + x, origin.y + y, command, start)
    }

    /// A and a: rx ry rotation large-arc-flag sweep-flag x y.
    private mutating func arcGroup(_ command: UInt8, start: Int) -> Bool {
        let origin = command >= UInt8(ascii: "a") ? builder.current : .zero
        guard let rx = coordinate(command, first: true), let ry = coordinate(command),
              let rotation = coordinate(command),
              let large = arcFlag(command), let sweep = arcFlag(command),
              let x = coordinate(command), let y = coordinate(command) else { return false }
        guard let p = point(origin.x + x, origin.y + y, command, start),
              arc(to: p, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep, start: start) else {
            return false
        }
        previous = .other
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
        let found = scanner.currentScalar.map { ", found \(ValueText.describe($0))" } ?? ", found the end of the path data"
        fail(at: scanner.offset, expectation + found)
    }

    private mutating func fail(at offset: Int, _ message: String) {
        error = ValueError(offset: offset, message: message)
    }
}
