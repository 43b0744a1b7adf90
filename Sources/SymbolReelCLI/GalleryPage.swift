import Foundation
import SymbolReel

/// The review page `gallery` writes: one card per preset with its clips side by side, its
/// contact sheet and its JSON. Self-contained: inline CSS, relative links, no script and no
/// network. The same cards give the same bytes (no dates), so a gallery can be diffed.
enum GalleryPage {
    /// A file a card shows.
    enum Kind: String, Sendable {
        case mp4, webm, gif, apng, webp, svg, lottie, sheet

        var fileExtension: String { self == .sheet ? "sheet.png" : rawValue }
        var label: String {
            switch self {
            case .sheet: return "Contact sheet"
            case .webm: return "WebM"
            case .webp: return "WebP"
            case .lottie: return "dotLottie"
            default: return rawValue.uppercased()
            }
        }
        /// Played by a `<video>` element (the others are images).
        var isVideo: Bool { self == .mp4 || self == .webm }
        /// The output format that writes it (nil for the contact sheet, which is a still).
        var format: Preset.Output.Format? {
            switch self {
            case .mp4: return .mp4
            case .webm: return .webm
            case .gif: return .gif
            case .apng: return .apng
            case .webp: return .webp
            case .svg: return .svg
            case .lottie: return .dotLottie
            case .sheet: return nil
            }
        }
    }

    struct File: Sendable {
        var kind: Kind
        /// Relative to the page, with `/` between folders.
        var path: String
        var bytes: Int
        /// For a dotLottie: the frames ThorVG drew from it (`P.thorvg.webp`, written by
        /// Samples/tools/lottie_preview.py; the CLI runs no Python), relative to the page.
        var preview: String? = nil
    }

    /// One preset: what it rendered, or why it failed.
    struct Card: Sendable {
        /// The file name the clips share, also the card's anchor.
        var name: String
        /// The preset path as given on the command line.
        var source: String
        /// The preset file's text (nil when it could not be read).
        var presetJSON: String?
        /// The preset's own "name", when it has one.
        var title: String?
        var width: Int?
        var height: Int?
        var fps: Double?
        var frames = 0
        var seconds = 0.0
        var files: [File] = []
        /// A line under the heading (for example that the files were taken as they were).
        var note: String?
        var failure: String?
        var status: Int32?
    }

    static func html(_ cards: [Card]) -> String {
        let failed = cards.filter { $0.failure != nil }.count
        let summary = "\(cards.count - failed) of \(cards.count) preset\(cards.count == 1 ? "" : "s") rendered"
            + (failed > 0 ? ", \(failed) failed" : "")
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="symbolreel \(escape(SymbolReelVersion.string))">
            <title>SymbolReel gallery — \(escape(summary))</title>
            <style>
            \(css)
            </style>
            </head>
            <body>
            <header class="page">
            <h1>SymbolReel gallery</h1>
            <p class="summary\(failed > 0 ? " has-failures" : "")">\(escape(summary))</p>
            <nav>
            """
        for card in cards {
            out += "<a href=\"#\(escape(anchor(card.name)))\" class=\"\(card.failure == nil ? "ok" : "failed")\">\(escape(card.name))</a>\n"
        }
        out += "</nav>\n</header>\n<main>\n"
        for card in cards { out += card.failure == nil ? rendered(card) : failedCard(card) }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    /// `P.thorvg.webp` beside `P.lottie` (paths as given) when it exists and is not older
    /// than it; nil otherwise.
    static func thorvgPreview(of lottie: String) -> String? {
        let preview = String(lottie.dropLast(".lottie".count)) + ".thorvg.webp"
        let fm = FileManager.default
        guard lottie.hasSuffix(".lottie"),
              let made = (try? fm.attributesOfItem(atPath: preview))?[.modificationDate] as? Date,
              let source = (try? fm.attributesOfItem(atPath: lottie))?[.modificationDate] as? Date, made >= source else { return nil }
        return preview
    }

    private static func rendered(_ card: Card) -> String {
        var out = "<article class=\"card\" id=\"\(escape(anchor(card.name)))\">\n" + heading(card)
        out += "<div class=\"clips\">\n"
        let w = card.width ?? 1, h = card.height ?? 1
        let size = card.width == nil || card.height == nil ? "" : " width=\"\(w)\" height=\"\(h)\""
        // Each clip's figure keeps the canvas's shape and is at most `stageHeight` tall, so the
        // clip fills its stage and the caption lines up with it, whatever the aspect ratio.
        let figure = "width: min(100%, \(stageHeight * w / max(1, h))px)"
        for kind in GalleryLayout.formats {
            out += "<figure style=\"\(figure)\">\n<div class=\"stage\" style=\"aspect-ratio: \(w) / \(h)\">"
            if let file = card.files.first(where: { $0.kind == kind }) {
                let src = escape(url(file.path))
                let alt = escape("\(card.name) as \(kind.label)")
                if kind == .lottie, let preview = file.preview {
                    // The Lottie as an independent player draws it: Samples/tools/lottie_preview.py plays
                    // the file with ThorVG into P.thorvg.webp (the CLI runs no Python).
                    out += "<img src=\"\(escape(url(preview)))\"\(size) alt=\"\(escape("\(card.name).lottie rendered by ThorVG"))\" data-animated>"
                } else if kind == .lottie {
                    // No Lottie player runs offline without a script: the file, to open in one.
                    out += "<p class=\"missing\"><a href=\"\(src)\">\(escape(card.name)).lottie</a><br>for Lottie players</p>"
                } else if kind.isVideo {
                    out += "<video src=\"\(src)\"\(size) autoplay muted loop playsinline controls preload=\"auto\" aria-label=\"\(alt)\"></video>"
                } else {
                    out += "<img src=\"\(src)\"\(size) alt=\"\(alt)\" data-animated>"
                }
                let played = file.preview != nil ? " <span class=\"bytes\">rendered by ThorVG from the .lottie</span>" : ""
                out += "</div>\n<figcaption><a href=\"\(src)\">\(kind.label)</a> <span class=\"bytes\">\(bytes(file.bytes))</span>\(played)</figcaption>\n"
            } else {
                out += "<p class=\"missing\">no file</p></div>\n<figcaption>\(kind.label) <span class=\"bytes\">missing</span></figcaption>\n"
            }
            out += "</figure>\n"
        }
        out += "</div>\n"
        if let sheet = card.files.first(where: { $0.kind == .sheet }) {
            let src = escape(url(sheet.path))
            out += "<figure class=\"sheet\"><a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(escape("contact sheet of \(card.name)"))\"></a>"
                + "<figcaption>Contact sheet <span class=\"bytes\">\(bytes(sheet.bytes))</span></figcaption></figure>\n"
        }
        out += presetDetails(card) + "</article>\n"
        return out
    }

    private static func failedCard(_ card: Card) -> String {
        var out = "<article class=\"card failed\" id=\"\(escape(anchor(card.name)))\">\n" + heading(card)
        out += "<pre class=\"error\">\(escape(card.failure ?? ""))</pre>\n"
        out += presetDetails(card) + "</article>\n"
        return out
    }

    private static func heading(_ card: Card) -> String {
        var facts: [String] = []
        if card.failure == nil && card.frames > 0 {
            facts.append(String(format: "%.2f s", card.seconds))
            facts.append("\(card.frames) frame\(card.frames == 1 ? "" : "s")")
        }
        if let fps = card.fps { facts.append(fps == fps.rounded() ? "\(Int(fps)) fps" : String(format: "%.3f fps", fps)) }
        if let w = card.width, let h = card.height { facts.append("\(w)×\(h)") }
        if let status = card.status { facts.append("failed (exit \(status))") }
        var out = "<header>\n<h2>\(escape(card.name))</h2>\n"
        if let title = card.title, title != card.name { out += "<p class=\"title\">\(escape(title))</p>\n" }
        out += "<p class=\"facts\">\(facts.map(escape).joined(separator: " · "))</p>\n"
        out += "<p class=\"source\">\(escape(card.source))</p>\n"
        if let note = card.note { out += "<p class=\"note\">\(escape(note))</p>\n" }
        out += "</header>\n"
        return out
    }

    private static func presetDetails(_ card: Card) -> String {
        guard let json = card.presetJSON else { return "" }
        return "<details><summary>Preset JSON</summary><pre>\(escape(json))</pre></details>\n"
    }

    /// A byte count with thousands separators: `12,345 bytes`.
    static func bytes(_ n: Int) -> String {
        var digits = String(n)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: ",") + (n == 1 ? " byte" : " bytes")
    }

    /// Text for HTML content and quoted attribute values.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A relative path as a URL path: every byte outside A–Z a–z 0–9 - . _ ~ / percent-encoded,
    /// so names with spaces, `#` or `?` still link to their file.
    static func url(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// The tallest a clip is shown, in CSS pixels.
    private static let stageHeight = 320

    private static func anchor(_ name: String) -> String { "clip-" + name }

    private static let css = """
        :root {
          --bg: #f4f4f6; --card: #ffffff; --text: #1d1d1f; --muted: #6e6e73; --line: #e2e2e7;
          --accent: #0a66d8; --fail: #c4271d; --fail-bg: #fff3f2; --check: #ececf0;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #161618; --card: #232326; --text: #f2f2f4; --muted: #a1a1a8; --line: #37373c;
                  --accent: #5aa2ff; --fail: #ff6b5e; --fail-bg: #3a2020; --check: #2e2e33; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--text);
               font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        header.page { padding: 28px 32px 12px; max-width: 1240px; margin: 0 auto; }
        h1 { margin: 0 0 4px; font-size: 26px; font-weight: 650; letter-spacing: -0.01em; }
        .summary { margin: 0 0 14px; color: var(--muted); }
        .summary.has-failures { color: var(--fail); font-weight: 600; }
        nav { display: flex; flex-wrap: wrap; gap: 6px; }
        nav a { padding: 3px 10px; border-radius: 999px; background: var(--card); border: 1px solid var(--line);
                color: var(--text); text-decoration: none; font-size: 13px; }
        nav a.failed { color: var(--fail); border-color: var(--fail); }
        nav a:hover { border-color: var(--accent); }
        main { max-width: 1240px; margin: 0 auto; padding: 8px 32px 48px; display: grid; gap: 20px; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 18px 20px 14px;
                box-shadow: 0 1px 2px rgba(0, 0, 0, 0.04); scroll-margin-top: 12px; }
        .card.failed { border-color: var(--fail); background: var(--fail-bg); }
        .card header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 14px; margin-bottom: 12px; }
        h2 { margin: 0; font-size: 18px; font-weight: 650; }
        .card header p { margin: 0; }
        .title { font-weight: 500; }
        .note { flex-basis: 100%; color: var(--muted); font-size: 13px; font-style: italic; }
        .facts { color: var(--muted); font-variant-numeric: tabular-nums; }
        .failed .facts { color: var(--fail); }
        .source { color: var(--muted); font: 12px/1.4 ui-monospace, "SF Mono", Menlo, Consolas, monospace; margin-left: auto !important; }
        .clips { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 14px; }
        @media (max-width: 720px) { .clips { grid-template-columns: 1fr; } }
        figure { margin: 0; }
        .clips figure { margin: 0 auto; }
        .stage { width: 100%; border-radius: 10px; overflow: hidden; border: 1px solid var(--line);
                 display: flex; align-items: center; justify-content: center;
                 background: repeating-conic-gradient(var(--check) 0% 25%, transparent 0% 50%) 0 0 / 16px 16px; }
        .stage img, .stage video { display: block; width: 100%; height: 100%; object-fit: contain; }
        .missing { color: var(--muted); }
        figcaption { display: flex; justify-content: space-between; gap: 8px; margin-top: 6px; font-size: 13px; }
        figcaption a { color: var(--accent); font-weight: 600; text-decoration: none; }
        .bytes { color: var(--muted); font-variant-numeric: tabular-nums; }
        .sheet { margin-top: 16px; }
        .sheet img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
        .sheet figcaption { justify-content: flex-start; }
        pre { margin: 0; padding: 12px 14px; overflow: auto; border-radius: 8px; background: var(--bg); border: 1px solid var(--line);
              font: 12.5px/1.5 ui-monospace, "SF Mono", Menlo, Consolas, monospace; white-space: pre; }
        pre.error { white-space: pre-wrap; color: var(--fail); background: var(--card); border-color: var(--fail); }
        details { margin-top: 12px; }
        summary { cursor: pointer; color: var(--muted); font-size: 13px; padding: 2px 0; }
        details[open] summary { margin-bottom: 6px; }
        """
}
