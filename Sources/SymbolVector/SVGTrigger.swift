/// What starts an animated SVG's animation (docs/vector.md, "Triggers").
///
/// Every animation rule of the file is written through `rule`, so all of them start together
/// and frame 0 (the static attributes) shows until they do. `hover` and `focus` are CSS alone:
/// the rules apply only under `svg:hover` or `svg:focus` (or a focused parent, such as a
/// button), so the animation starts from frame 0 each time the pointer or focus arrives and the
/// symbol returns to rest when it leaves. Pausing instead (`animation-play-state`) would freeze
/// a bounce half-way when the pointer leaves. `click` and `inView` need a script, which
/// restarts the animation by toggling a class on the root (`playingClass`): on each click, or
/// each time the symbol scrolls into view (an IntersectionObserver). In an `<img>` there is no
/// pointer, focus or script: only `load` and `loop` play there.
package enum SVGTrigger: String, Sendable, CaseIterable {
    /// Plays when the file loads, `loop` times (0: forever): the default.
    case load
    case hover
    case focus
    case click
    case inView = "in-view"
    /// Plays when the file loads, forever, whatever the output's loop count.
    case loop

    /// The class the script puts on the root `<svg>` while the animation may play.
    static let playingClass = "symbol-playing"

    /// The animation rule of elements of class `className`.
    func rule(_ className: String, _ animation: String) -> String {
        let body = "{animation:\(animation)}"
        switch self {
        case .load, .loop: return ".\(className)" + body
        case .hover: return "svg:hover .\(className)" + body
        case .focus: return "svg:focus .\(className),:focus>svg .\(className)" + body
        case .click, .inView: return "svg.\(SVGTrigger.playingClass) .\(className)" + body
        }
    }

    /// Attributes of the root `<svg>`: a focus trigger makes it focusable.
    var rootAttributes: String { self == .focus ? " tabindex=\"0\"" : "" }

    /// The script that starts a click or in-view animation (nil for the others): it restarts the
    /// animations by taking the class off, forcing a style recalculation and putting it back.
    var script: String? {
        let start = "var c=\"\(SVGTrigger.playingClass)\";function play(){s.classList.remove(c);s.getBoundingClientRect();s.classList.add(c)}"
        switch self {
        case .click:
            return "(function(s){\(start)s.addEventListener(\"click\",play)})(document.currentScript.closest(\"svg\"))"
        case .inView:
            return "(function(s){\(start)new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting)play();else s.classList.remove(c)})})"
                + ".observe(s)})(document.currentScript.closest(\"svg\"))"
        default: return nil
        }
    }
}
