/// A property a keyframe track animates, like a `KeyframeAnimator` value.
package enum TrackProperty: String, Hashable, Sendable, CaseIterable {
    /// Canvas-level scale of the symbol (1 = as placed).
    case scale
    /// Canvas-level rotation in degrees, clockwise.
    case rotation
    /// Canvas-level offsets as fractions of the canvas width and height.
    case offsetX, offsetY
    /// Canvas-level opacity, 0…1.
    case opacity
    /// The symbol's variable value, 0…1.
    case variableValue

    /// The value before the first keyframe when the track gives none.
    package var restingValue: Double {
        switch self {
        case .scale, .opacity: return 1
        case .rotation, .offsetX, .offsetY, .variableValue: return 0
        }
    }
}

/// One keyframe: a target value, how long the segment toward it lasts, and how it gets there.
package struct Keyframe: Hashable, Sendable {
    /// How a keyframe reaches its value: SwiftUI's LinearKeyframe (with any unit curve, spring
    /// and move included) or CubicKeyframe.
    package enum Interpolation: Hashable, Sendable {
        /// `.linear`, `.easeOut`, `.timingCurve…`; `.spring` runs a spring from the current value
        /// and velocity; `.move` jumps at the segment's start.
        case curve(Curve)
        /// A smooth spline through the neighbouring values (Catmull-Rom tangents).
        case cubic

        package static let linear = Interpolation.curve(.linear)
        package static let move = Interpolation.curve(.move)
        package static func spring(_ s: Spring) -> Interpolation { .curve(.spring(s)) }
    }

    package var value: Double
    /// Seconds, ≥ 0; a zero-length keyframe jumps.
    package var duration: Double
    package var interpolation: Interpolation

    package init(_ value: Double, duration: Double, _ interpolation: Interpolation = .linear) {
        self.value = value
        self.duration = duration
        self.interpolation = interpolation
    }
}

/// A keyframe track over time, evaluated like SwiftUI's `KeyframeTimeline`: segments follow one
/// another; each starts from where the previous one ended with its velocity (so springs and
/// cubic segments join smoothly); a track that ends on a spring lasts until the spring settles.
package struct KeyframeTrack: Hashable, Sendable {
    package let property: TrackProperty
    /// When the first keyframe starts, in clip seconds.
    package let start: Double
    package let initialValue: Double
    package let keyframes: [Keyframe]
    private let segments: [KeyframeSegment]

    package init(_ property: TrackProperty, start: Double = 0, initialValue: Double? = nil, keyframes: [Keyframe]) {
        self.property = property
        self.start = start
        self.initialValue = initialValue ?? property.restingValue
        self.keyframes = keyframes
        self.segments = KeyframeSegment.compile(keyframes, from: self.initialValue, at: start)
    }

    /// From (time, value) points, as in `{"variableValue": [[0, 0], [2, 1]]}`: the first point
    /// gives the start and initial value, each next one a keyframe reached at its time. Times must
    /// increase (the timeline rejects the negative durations otherwise made).
    package init(_ property: TrackProperty, points: [(time: Double, value: Double)], interpolation: Keyframe.Interpolation = .linear) {
        let first = points.first ?? (0, property.restingValue)
        var keyframes: [Keyframe] = []
        for (a, b) in zip(points, points.dropFirst()) { keyframes.append(Keyframe(b.value, duration: b.time - a.time, interpolation)) }
        self.init(property, start: first.time, initialValue: first.value, keyframes: keyframes)
    }

    /// Seconds from `start` until the value stops changing (a final spring's settling included).
    package var duration: Double { (segments.last.map { $0.start + $0.length } ?? start) - start }
    package var end: Double { start + duration }

    /// The value at `t` clip seconds.
    package func value(at t: Double) -> Double {
        guard let first = segments.first, t >= first.start else { return initialValue }
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].start <= t { lo = mid } else { hi = mid - 1 }
        }
        return segments[lo].value(at: t - segments[lo].start)
    }
}

/// A compiled segment: start state, length and shape.
struct KeyframeSegment: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        case jump
        case ease(Curve)
        case hermite(m0: Double, m1: Double)
        case spring(SpringMotion)
    }
    let start: Double
    let length: Double
    let from: Double
    let to: Double
    let shape: Shape

    func value(at e: Double) -> Double {
        switch shape {
        case .jump: return to
        case .ease(let c): return from + (to - from) * c.progress(elapsed: e, duration: length)
        case .spring(let m): return to + m.displacement(at: e)
        case .hermite(let m0, let m1):
            guard length > 0 else { return to }
            let u = min(max(e / length, 0), 1), u2 = u * u, u3 = u2 * u
            return (2 * u3 - 3 * u2 + 1) * from + (u3 - 2 * u2 + u) * length * m0
                + (-2 * u3 + 3 * u2) * to + (u3 - u2) * length * m1
        }
    }

    func velocity(at e: Double) -> Double {
        switch shape {
        case .jump: return 0
        case .ease(let c): return (to - from) * c.velocity(elapsed: e, duration: length)
        case .spring(let m): return m.velocity(at: e)
        case .hermite(let m0, let m1):
            guard length > 0 else { return 0 }
            let u = min(max(e / length, 0), 1), u2 = u * u
            return (6 * u2 - 6 * u) * from / length + (3 * u2 - 4 * u + 1) * m0
                + (-6 * u2 + 6 * u) * to / length + (3 * u2 - 2 * u) * m1
        }
    }

    static func compile(_ keyframes: [Keyframe], from initial: Double, at start: Double) -> [KeyframeSegment] {
        var out: [KeyframeSegment] = []
        var value = initial, velocity = 0.0, time = start
        for (i, k) in keyframes.enumerated() {
            let d = max(0, k.duration.isFinite ? k.duration : 0)
            let isLast = i == keyframes.count - 1
            let shape: Shape
            var length = d
            switch k.interpolation {
            case _ where d == 0, .curve(.move):
                shape = .jump
            case .curve(.spring(let s)):
                let m = SpringMotion(s, displacement: value - k.value, velocity: velocity,
                                     tolerance: Spring.settleTolerance)
                shape = .spring(m)
                if isLast { length = max(d, m.settle) }
            case .curve(let c):
                shape = .ease(c)
            case .cubic:
                shape = .hermite(m0: velocity, m1: endTangent(keyframes, i, previous: value))
            }
            let seg = KeyframeSegment(start: time, length: length, from: value, to: k.value, shape: shape)
            out.append(seg)
            value = seg.value(at: d)
            velocity = seg.velocity(at: d)
            time += d
        }
        return out
    }

    /// The tangent where cubic keyframe `i` ends: Catmull-Rom (the slope from the previous value
    /// to the next keyframe's) unless the track stops or jumps there, then zero.
    private static func endTangent(_ ks: [Keyframe], _ i: Int, previous: Double) -> Double {
        guard i + 1 < ks.count else { return 0 }
        let next = ks[i + 1]
        if case .curve(.move) = next.interpolation { return 0 }
        if case .curve(let c) = next.interpolation, c.intrinsicDuration == nil, next.duration > 0 {
            // A Bézier segment follows: match its starting slope.
            return (next.value - ks[i].value) * c.velocity(elapsed: 0, duration: next.duration)
        }
        let span = ks[i].duration + next.duration
        return span > 0 ? (next.value - previous) / span : 0
    }
}
