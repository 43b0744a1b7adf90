#!/usr/bin/env python3
"""Writes the bad-input corpus: SVG files and presets that must each give a clear error (the exit
code and message are in cases.tsv). Deterministic; run from anywhere. Stdlib only."""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SVG = os.path.join(HERE, "svg")
PRESETS = os.path.join(HERE, "presets")
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(os.path.join(folder, name), mode, **({} if mode == "wb" else {"encoding": "utf-8", "newline": "\n"})) as f:
        f.write(data)


def svg(name, body, raw=False):
    write(SVG, name, body if raw else HEAD + body + "</svg>\n")


rng = random.Random(20261121)

# --- SVG: broken XML, wrong files, encodings ---
svg("empty.svg", "", raw=True)
svg("whitespace.svg", "   \n\t\n", raw=True)
svg("binary-junk.svg", bytes(rng.randrange(256) for _ in range(2048)), raw=True)
svg("png-renamed.svg", b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(200)), raw=True)
svg("truncated-tag.svg", HEAD + '<path d="M0 0 L10 10"', raw=True)
svg("truncated-attribute.svg", HEAD + '<path d="M0 0 L10', raw=True)
svg("unclosed-root.svg", HEAD + '<path d="M0 0 L10 10 Z"/>\n', raw=True)
svg("mismatched-tags.svg", '<g><path d="M0 0 H10 V10 Z"/></rect>')
svg("two-roots.svg", HEAD + "</svg>\n" + HEAD + "</svg>\n", raw=True)
svg("html-root.svg", "<html><body><p>not an svg</p></body></html>\n", raw=True)
svg("nothing-drawable.svg", '<defs><path id="a" d="M0 0 H1 V1 Z"/></defs>')
svg("invalid-utf8.svg", HEAD.encode() + b'<path id="\xff\xfe\xfd" d="M0 0 H10 V10 Z"/></svg>\n', raw=True)
svg("unknown-encoding.svg", '<?xml version="1.0" encoding="Shift_JIS"?>\n' + HEAD + '<path d="M0 0 H10 V10 Z"/></svg>\n', raw=True)
svg("utf16-no-bom.svg", (HEAD + '<path d="M0 0 H10 V10 Z"/></svg>\n').encode("utf-16-le"), raw=True)
lol = '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">' + "".join(
    f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(9)) + "]>\n"
svg("entity-bomb.svg", lol + HEAD + '<text>&j;</text><path d="M0 0 H10 V10 Z"/></svg>\n', raw=True)
svg("undefined-entity.svg", '<path d="M0 0 H10 V10 Z" id="&nope;"/>')
svg("external-entity.svg", '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n' + HEAD + '<path id="&x;" d="M0 0 H10 V10 Z"/></svg>\n', raw=True)
svg("deep-nesting.svg", "<g>" * 5000 + '<path d="M0 0 H10 V10 Z"/>' + "</g>" * 5000)
svg("use-cycle.svg", '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>')
# Eleven levels of ten <use> each: 10^11 triangles asked for in 1.5 KB.
svg("use-bomb.svg", '<defs><path id="l0" d="M0 0 L10 0 L10 10 Z"/>' + "".join(
    '<g id="l%d">' % i + '<use href="#l%d"/>' % (i - 1) * 10 + "</g>" for i in range(1, 12)) + '</defs><use href="#l11"/>')
svg("unterminated-comment.svg", HEAD + '<!-- never ends <path d="M0 0 H10 V10 Z"/></svg>\n', raw=True)
svg("unterminated-cdata.svg", '<style><![CDATA[ path { fill: red } </style><path d="M0 0 H10 V10 Z"/>')
svg("unquoted-attribute.svg", '<path d=M0 0 H10 V10 Z/>')
svg("duplicate-attribute.svg", '<path d="M0 0 H10 V10 Z" d="M1 1 H2 V2 Z"/>')
svg("lt-in-attribute.svg", '<path d="M0 0 < H10 V10 Z"/>')
svg("nul-bytes.svg", (HEAD + '<path d="M0 0 H10\x00 V10 Z"/></svg>\n'), raw=True)

# --- SVG: well-formed, but bad numbers, colours, transforms (each element dropped with a note;
# the file has nothing else to draw, so reading fails) ---
svg("nan-path.svg", '<path d="M NaN 0 L 10 10 Z"/>')
svg("huge-coordinates.svg", '<path d="M 1e308 0 L 1e308 1e308 L 0 1e308 Z"/>')
svg("overflow-coordinates.svg", '<path d="M 1e999 0 L 10 10 Z"/>')
svg("bad-path-data.svg", '<path d="M 10 10 L foo bar"/>')
svg("path-no-move.svg", '<path d="L 10 10 20 20"/>')
svg("bad-colour.svg", '<path d="M0 0 H10 V10 Z" fill="#GGG"/><path d="M0 0 H10 V10 Z" fill="rgb(1,2"/>')
svg("bad-transform.svg", '<path d="M0 0 H10 V10 Z" transform="rotate(abc)"/>')
svg("huge-transform.svg", '<path d="M0 0 H10 V10 Z" transform="scale(1e308)"/>')
svg("singular-transform.svg", '<path d="M0 0 H10 V10 Z" transform="matrix(0 0 0 0 0 0)"/>')
svg("absurd-stroke-width.svg", '<path d="M0 0 L10 10" fill="none" stroke="black" stroke-width="1e300"/>')
write(SVG, "negative-viewbox.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 -100 100"><path d="M0 0 H10 V10 Z"/></svg>\n')
write(SVG, "nan-viewbox.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 NaN 100"><path d="M0 0 H10 V10 Z"/></svg>\n')
write(SVG, "negative-width.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="-5" height="10"><path d="M0 0 H10 V10 Z"/></svg>\n')
svg("gradient-href-cycle.svg", '<defs><linearGradient id="a" href="#b"/><linearGradient id="b" href="#a"/></defs>'
    '<path d="M0 0 H10 V10 Z" fill="url(#a)"/>')
svg("unclosed-style.svg", '<style>.a { fill: red </style><path class="a" d="M0 0 H10 V10 Z"/>')
svg("zero-size-shapes.svg", '<rect width="0" height="10"/><circle r="-5"/><ellipse rx="0" ry="0"/><line x1="1" y1="1" x2="1" y2="1"/>')
svg("template-empty-variant.svg", '<g id="Symbols"><g id="Regular-S"></g></g>')
rings = '<path class="monochrome-0" d="M0 0 H10 V10 Z"/>'
svg("template-incompatible-masters.svg",
    '<g id="Guides"><line id="Baseline-S" x1="0" x2="100" y1="70" y2="70"/><line id="Capline-S" x1="0" x2="100" y1="0" y2="0"/></g>'
    '<g id="Symbols"><g id="Ultralight-S">' + rings + '</g><g id="Regular-S">' + rings.replace("Z", "L 5 5 Z") +
    '</g><g id="Black-S"><path class="monochrome-0" d="M0 0 H10 V10 Z M2 2 H3 V3 Z"/></g></g>')

# --- Presets ---
SYMBOL = "../../../Samples/checkmark.svg"


def base(**changes):
    p = {"name": "bad", "canvas": {"width": 64, "height": 64, "fps": 30, "background": "#FFFFFF", "duration": 0.5},
         "symbol": {"source": SYMBOL}, "style": {"renderingMode": "monochrome", "colors": ["#000000"]},
         "timeline": [{"at": 0, "effect": ".bounce"}], "outputs": [{"file": "bad.gif"}]}
    for path, value in changes.items():
        keys = path.split(".")
        node = p
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        last = keys[-1]
        if value is DELETE:
            del node[last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return p


DELETE = object()


def preset(name, data):
    write(PRESETS, name, data if isinstance(data, (str, bytes)) else json.dumps(data, indent=2) + "\n")


preset("empty.json", "")
preset("junk.json", bytes(rng.randrange(256) for _ in range(512)))
preset("truncated.json", json.dumps(base(), indent=2)[:120])
preset("trailing-comma.json", '{"name": "x", "canvas": {"width": 64,}, "symbol": {"source": "a.svg"}}\n')
preset("array-root.json", "[1, 2, 3]\n")
preset("invalid-utf8.json", b'{"name": "\xff\xfe", "symbol": {"source": "a.svg"}}\n')
preset("deep-arrays.json", "[" * 100000 + "]" * 100000)
preset("width-as-string.json", base(**{"canvas.width": "512"}))
preset("negative-duration.json", base(**{"canvas.duration": -1}))
preset("zero-fps.json", base(**{"canvas.fps": 0}))
preset("fps-1000.json", base(**{"canvas.fps": 1000}))
preset("zero-width.json", base(**{"canvas.width": 0}))
preset("impossible-size.json", base(**{"canvas.width": 100000, "canvas.height": 100000}))
preset("output-too-wide.json", base(**{"outputs": [{"file": "wide.gif", "width": 9000}]}))
preset("too-long.json", base(**{"canvas.duration": 1000, "canvas.fps": 60}))
preset("too-many-repeats.json", base(**{"canvas.duration": DELETE, "timeline.0.options": ".repeat(100000)"}))
preset("too-many-frames.json", base(**{"canvas.duration": 400, "canvas.fps": 120}))
preset("infinite-duration.json", json.dumps(base(), indent=2).replace('"duration": 0.5', '"duration": 1e999'))
preset("unknown-effect.json", base(**{"timeline.0.effect": ".bouncy"}))
preset("effect-not-a-string.json", base(**{"timeline.0.effect": 42}))
preset("bad-options.json", base(**{"timeline.0": {"at": 0, "effect": ".bounce", "options": ".repeat(-1)"}}))
preset("speed-zero.json", base(**{"timeline.0": {"at": 0, "effect": ".bounce", "options": ".speed(0)"}}))
preset("at-and-from.json", base(**{"timeline.0": {"at": 0, "from": 1, "effect": ".pulse"}}))
preset("negative-time.json", base(**{"timeline.0.at": -2}))
preset("unknown-key.json", base(**{"style.colour": "#FF0000"}))
preset("missing-symbol.json", base(**{"symbol.source": "does-not-exist.svg"}))
preset("missing-replacement.json", base(**{"timeline.0": {"at": 0.1, "replaceWith": "nope.svg", "effect": ".replace"}}))
preset("bad-colour.json", base(**{"style.colors": ["#12345"]}))
preset("bad-background.json", base(**{"canvas.background": "blue-ish"}))
preset("no-outputs.json", base(**{"outputs": []}))
preset("unknown-extension.json", base(**{"outputs": [{"file": "clip.avi"}]}))
preset("variable-value-2.json", base(**{"style.variableValue": 2}))
preset("indefinite-replace.json", base(**{"timeline.0": {"from": 0, "until": 0.4, "effect": ".replace"}}))
preset("keyframes-backwards.json", base(**{"timeline.0": {"variableValue": [[1, 0], [0.5, 1]]}}))
preset("bad-mode.json", base(**{"style.renderingMode": "sepia"}))
preset("symbol-not-svg.json", base(**{"symbol.source": "../svg/binary-junk.svg"}))
preset("huge-number.json", json.dumps(base(), indent=2).replace('"width": 64', '"width": 1' + "0" * 400))

# --- Scene presets (docs/scenes.md): fonts that are not there, items of two kinds, and the limits ---
scene_canvas = {"width": 200, "height": 100, "fps": 10, "duration": 1}
preset("scene-missing-font.json", {"canvas": scene_canvas, "items": [{"text": "Hi", "font": {"family": "No Such Family Zq"}}]})
preset("scene-unreadable-font.json", {"canvas": scene_canvas, "items": [{"text": "Hi", "font": {"file": "scene-unreadable-font.json"}}]})
preset("scene-two-kinds.json", {"canvas": scene_canvas, "items": [{"text": "Hi", "label": {"symbol": {"source": "x.svg"}, "text": "x"}}]})
preset("scene-huge-text.json", {"canvas": scene_canvas, "items": [{"text": "word " * 600}]})
nested = {"text": "deep"}
for _ in range(12):
    nested = {"vstack": [nested]}
preset("scene-deep-stacks.json", {"canvas": scene_canvas, "items": [nested]})
preset("scene-no-duration.json", {"canvas": {"width": 200, "height": 100}, "items": [{"text": "Hi"}]})
