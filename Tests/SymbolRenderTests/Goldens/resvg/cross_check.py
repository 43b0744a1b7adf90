#!/usr/bin/env python3
"""Evidence for the known deviations in README.md: renders the named SVGs with skia-python
(SVGDOM) and pycairo (the same geometry by hand), plus a 256-sample reference (cairo without
anti-aliasing at 16x the size, 16x16 boxes averaged), and prints the README's rule (worst
channel mean / % of pixels off) for every pair. Pass our renders as NAME=ours.png, e.g. from
`symbolreel page NAME.svg --width 300 -o /tmp/NAME.png`.
Needs: pip install skia-python pycairo numpy pillow (pycairo: apt-get install libcairo2-dev)."""
import math, os, sys
import numpy as np, skia, cairo
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))

def load(path):
    return np.asarray(Image.open(path).convert("RGBA")).astype(np.int64)

def demultiply(a):
    out = a.copy(); al = np.maximum(a[..., 3], 1)
    for c in range(3):
        out[..., c] = np.where(a[..., 3] > 0, np.clip((a[..., c] * 255 + al // 2) // al, 0, 255), 0)
    return out

def rule(a, e, levels=4):
    """GoldenImage.compare: worst channel mean, fraction of pixels off."""
    la, le = a[..., 3], e[..., 3]
    low = np.minimum(la, le); n = la.size
    off = np.abs(la - le) > levels; means = [np.abs(la - le).sum() / n]
    allow = levels + 255 / (2 * np.maximum(low, 1))
    for c in range(3):
        d = np.abs(a[..., c] - e[..., c]) * (low > 0)
        means.append(d.sum() / n); off |= (d > allow) & (low > 0)
    return max(means), off.sum() / n

def skia_render(name):
    surface = skia.Surface(300, 300); canvas = surface.getCanvas(); canvas.clear(0)
    dom = skia.SVGDOM.MakeFromStream(skia.Stream.MakeFromFile(os.path.join(HERE, name + ".svg")))
    dom.setContainerSize(skia.Size(200, 200)); canvas.scale(1.5, 1.5); dom.render(canvas)
    return demultiply(surface.toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType).astype(np.int64))

def rgb(h): return tuple(int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))

def draw(cr, name):
    """The geometry of each SVG, by hand."""
    if name == "stroke-dashoffset":
        cr.arc(100, 100, 70, 0, 2 * math.pi); cr.set_source_rgb(*rgb("#0277BD")); cr.set_line_width(14)
        cr.set_dash([30, 15], -12); cr.stroke()
    elif name == "stroke-miterlimit":
        cr.set_source_rgb(*rgb("#00695C")); cr.set_line_width(14); cr.set_line_join(cairo.LINE_JOIN_MITER)
        for pts, limit in (([(20, 80), (60, 20), (100, 80)], 2), ([(110, 80), (150, 20), (190, 80)], 4),
                           ([(20, 180), (100, 110), (180, 180)], 1)):
            cr.set_miter_limit(limit); cr.move_to(*pts[0])
            for p in pts[1:]: cr.line_to(*p)
            cr.stroke()
    elif name == "shapes-polyline":
        cr.set_source_rgb(*rgb("#558B2F")); cr.set_line_width(10); cr.set_miter_limit(4)
        pts = [(20, 170), (60, 40), (100, 150), (140, 50), (180, 160)]; cr.move_to(*pts[0])
        for p in pts[1:]: cr.line_to(*p)
        cr.stroke()
    elif name == "gradient-linear-stop-opacity":
        g = cairo.LinearGradient(0, 20, 0, 180); r, gr, b = rgb("#00897B")
        g.add_color_stop_rgba(0, r, gr, b, 1); g.add_color_stop_rgba(1, r, gr, b, 0)
        cr.set_source(g); cr.arc(100, 100, 80, 0, 2 * math.pi); cr.fill()
    else:
        raise SystemExit("no hand geometry for " + name)

def cairo_render(name, k=1, antialias=True):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 300 * k, 300 * k); cr = cairo.Context(surface)
    if not antialias: cr.set_antialias(cairo.ANTIALIAS_NONE); cr.set_tolerance(0.01)
    cr.scale(1.5 * k, 1.5 * k); draw(cr, name); surface.flush()
    a = np.frombuffer(surface.get_data(), np.uint8).reshape(300 * k, 300 * k, 4)[..., [2, 1, 0, 3]].astype(np.float64)
    a = a.reshape(300, k, 300, k, 4).mean(axis=(1, 3))
    return demultiply(np.round(a).astype(np.int64))

for arg in sys.argv[1:]:
    name, _, ours = arg.partition("=")
    images = {"resvg": load(os.path.join(HERE, name + ".png")), "skia": skia_render(name),
              "cairo": cairo_render(name), "256-sample": cairo_render(name, 16, antialias=False)}
    if ours: images["ours"] = load(ours)
    keys = list(images)
    print(name)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            m, f = rule(images[a], images[b])
            print("  %-10s vs %-10s mean %.3f  %.2f %% off%s" % (a, b, m, f * 100, "" if f <= 0.01 and m <= 0.5 else "  (fails)"))
