import SymbolGeometry
import SymbolTimeline

/// How an item comes onto the canvas or leaves it (`enter` and `exit` in a scene preset;
/// docs/scenes.md). The direction words name the way the item moves: `fade.up` rises into place
/// on entering and rises away on leaving; `slide.left` comes in from the left edge and leaves
/// through it.
package enum MotionKind: String, Sendable, CaseIterable {
    case fade
    case fadeUp = "fade.up"
    case fadeDown = "fade.down"
    case slideLeft = "slide.left"
    case slideRight = "slide.right"
    case slideTop = "slide.top"
    case slideBottom = "slide.bottom"
    case scale
    /// Each piece (a character by default) appears at once at its turn; nothing moves.
    case typewriter
}

/// The pieces of a text that enter one after another.
package enum TextUnit: String, Sendable, CaseIterable {
    case item, line, word, character
}

/// One entrance or exit as the composition plays it: when the first piece starts, how long each
/// piece takes, and how much later each next piece starts.
package struct ItemMotion: Sendable, Equatable {
    package var kind: MotionKind
    /// Scene seconds at which the first piece starts.
    package var at: Double
    /// Seconds each piece takes (a typewriter's pieces take none).
    package var duration: Double
    package var curve: Curve
    /// Seconds between one piece's start and the next's.
    package var stagger: Double
    /// For text: what a piece is.
    package var unit: TextUnit

    package init(kind: MotionKind, at: Double, duration: Double = 0.5, curve: Curve = .easeOut, stagger: Double = 0,
                 unit: TextUnit = .item) {
        self.kind = kind; self.at = at; self.duration = max(0, duration); self.curve = curve
        self.stagger = max(0, stagger); self.unit = unit
    }

    /// How far along piece `index` is at scene time `t`: 0 before it starts, 1 once done (the
    /// curve applied; a spring may overshoot on the way).
    func progress(piece index: Int, at t: Double) -> Double {
        let start = at + Double(index) * stagger
        if kind == .typewriter || duration <= 0 { return t >= start ? 1 : 0 }
        let elapsed = t - start
        if elapsed <= 0 { return 0 }
        // A spring settles in its own time; the other curves end at `duration`.
        if case .spring = curve { return curve.progress(elapsed: elapsed, duration: duration) }
        return elapsed >= duration ? 1 : curve.progress(elapsed: elapsed, duration: duration)
    }

    /// The opacity and move of a piece whose box is `box`, `shown` of the way in (1: in place,
    /// 0: gone), on a canvas `canvas` big. `leaving` flips the direction of travel for the moves
    /// that have one, so that `fade.up` rises both ways.
    func look(shown v: Double, box: Rect, canvas: (width: Double, height: Double), leaving: Bool) -> (opacity: Double, transform: Transform) {
        let rest = 1 - v
        let lift = min(max(box.height * 0.5, 12), canvas.height * 0.05)
        let sign: Double = leaving ? -1 : 1
        switch kind {
        case .fade, .typewriter:
            return (v, .identity)
        case .fadeUp:
            return (v, .translation(0, sign * rest * lift))
        case .fadeDown:
            return (v, .translation(0, -sign * rest * lift))
        case .slideLeft:
            return (v > 0 ? 1 : 0, .translation(-rest * box.maxX, 0))
        case .slideRight:
            return (v > 0 ? 1 : 0, .translation(rest * (canvas.width - box.minX), 0))
        case .slideTop:
            return (v > 0 ? 1 : 0, .translation(0, -rest * box.maxY))
        case .slideBottom:
            return (v > 0 ? 1 : 0, .translation(0, rest * (canvas.height - box.minY)))
        case .scale:
            let s = max(v, 0)
            let c = box.center
            return (min(1, max(0, v)), .translation(-c.x, -c.y).concatenating(.scale(s)).concatenating(.translation(c.x, c.y)))
        }
    }
}

/// An item's entrance and exit together.
package struct ItemMotions: Sendable, Equatable {
    package var enter: ItemMotion?
    package var exit: ItemMotion?
    package init(enter: ItemMotion? = nil, exit: ItemMotion? = nil) { self.enter = enter; self.exit = exit }

    /// The opacity and move of piece `index` (of the item's pieces for its units) at scene time
    /// `t`: its entrance's look, then its exit's.
    func look(piece index: Int, box: Rect, at t: Double, canvas: (width: Double, height: Double)) -> (opacity: Double, transform: Transform) {
        var opacity = 1.0, transform = Transform.identity
        if let enter {
            let v = enter.progress(piece: index, at: t)
            let l = enter.look(shown: v, box: box, canvas: canvas, leaving: false)
            opacity *= l.opacity
            transform = transform.concatenating(l.transform)
        }
        if let exit {
            let v = 1 - exit.progress(piece: index, at: t)
            let l = exit.look(shown: v, box: box, canvas: canvas, leaving: true)
            opacity *= l.opacity
            transform = transform.concatenating(l.transform)
        }
        return (min(max(opacity.isNaN ? 0 : opacity, 0), 1), transform)
    }

    /// The motions of child `index` of a stack: each starts its stagger times `index` later.
    func child(_ index: Int) -> ItemMotions {
        var m = self
        if let e = enter { m.enter?.at = e.at + Double(index) * e.stagger }
        if let e = exit { m.exit?.at = e.at + Double(index) * e.stagger }
        return m
    }
}
