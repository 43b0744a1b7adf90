#!/usr/bin/env python3
"""Reference timings for bench/raster.sh: the same inputs, sizes and per-frame transforms as
SymbolRasterBench, drawn with Skia (skia-python), Blend2D (blend2d-python), ThorVG
(thorvg-python) and cairo (pycairo). Each engine parses/builds its paths once, then per frame
clears the target and fills every path with a new transform, single-threaded.
resvg (resvg-py) can only render a whole SVG document to PNG bytes, so it is timed apart
(--engines resvg) on an SVG version of each input: every frame is an SVG string with the
frame's transform on a <g>, which resvg parses, rasterizes and encodes as PNG (engine
`resvg-py`); an empty document of the same size is timed too (input `blank`: resvg-py's cost
without any drawing). SymbolRasterBench --encode-png is the figure to set beside it.
Prints `ENGINE INPUT SIZE MS_PER_FRAME` lines, or `ENGINE skip REASON`.
Usage: reference.py [--sizes 256,512,1080] [--frames 180] [--repeat 3] [--engines skia,blend2d,thorvg,cairo|resvg] FILE.txt..."""
import importlib, math, os, subprocess, sys, time


def ensure(module, pip_name, apt=None):
    try:
        return importlib.import_module(module)
    except Exception:
        pass
    try:
        if apt:
            quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if subprocess.run(["apt-get", "install", "-y", "-q"] + apt, **quiet).returncode != 0:
                subprocess.run(["apt-get", "update", "-q"], **quiet)
                subprocess.run(["apt-get", "install", "-y", "-q"] + apt, check=True, **quiet)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", pip_name], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return importlib.import_module(module)
    except Exception as e:  # noqa: BLE001 - any failure means: skip this engine
        print("%s skip cannot install %s (%s)" % (module, pip_name, type(e).__name__), flush=True)
        return None


def items_from(path, box):
    out = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        _, color, d = line.rstrip("\n").split("\t", 2)
        rgb = tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))
        out.append((rgb, commands(d)))
    return out


def commands(d):
    for c in "MLCQZHV":
        d = d.replace(c, " %s " % c)
    toks = d.replace(",", " ").split()
    cmds, i, op, cur = [], 0, "M", (0.0, 0.0)
    while i < len(toks):
        if toks[i].isalpha():
            op = toks[i]; i += 1
        if op == "Z":
            cmds.append(("Z", ())); continue
        n = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4}[op]
        v = [float(t) for t in toks[i:i + n]]; i += n
        kind = op
        if op == "H": kind, v = "L", [v[0], cur[1]]
        if op == "V": kind, v = "L", [cur[0], v[0]]
        cmds.append((kind, v)); cur = (v[-2], v[-1])
        if op == "M": op = "L"
    return cmds


def frame_params(box, size, i, n):
    """Same as SymbolRasterBench.frameTransform: fit, then scale 0.85→1.15, rotate −10→+10°."""
    t = i / (n - 1) if n > 1 else 0
    s, angle = 0.85 + 0.30 * t, -10 + 20 * t
    k = size / max(box[2], box[3]) * s
    return (box[0] + box[2] / 2, box[1] + box[3] / 2), k, angle, size / 2


def affine(box, size, i, n):
    (cx, cy), k, angle, c = frame_params(box, size, i, n)
    r = math.radians(angle)
    a, b, cc, d = k * math.cos(r), k * math.sin(r), -k * math.sin(r), k * math.cos(r)
    return a, b, cc, d, c - (a * cx + cc * cy), c - (b * cx + d * cy)


REPEATS = 3


def timed(draw, frames):
    """Best of REPEATS runs of all frames, in ms per frame (the machine is shared)."""
    draw(0)
    best = float("inf")
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        for i in range(frames):
            draw(i)
        best = min(best, time.perf_counter() - t0)
    return best * 1e3 / frames


def bench_skia(skia, name, box, items, size, frames):
    surface = skia.Surface(size, size)
    canvas = surface.getCanvas()
    paths = []
    for rgb, cmds in items:
        p = skia.Path()
        for op, v in cmds:
            {"M": lambda: p.moveTo(*v), "L": lambda: p.lineTo(*v), "C": lambda: p.cubicTo(*v),
             "Q": lambda: p.quadTo(*v), "Z": lambda: p.close()}[op]()
        paths.append((p, skia.Paint(AntiAlias=True, Color=skia.Color(*rgb))))

    def draw(i):
        a, b, c, d, tx, ty = affine(box, size, i, frames)
        canvas.clear(skia.ColorTRANSPARENT)
        canvas.save()
        canvas.concat(skia.Matrix.MakeAll(a, c, tx, b, d, ty, 0, 0, 1))
        for p, paint in paths:
            canvas.drawPath(p, paint)
        canvas.restore()
    return timed(draw, frames)


def bench_blend2d(bl, name, box, items, size, frames):
    image = bl.BLImage(size, size, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)
    paths = []
    for rgb, cmds in items:
        p = bl.BLPath()
        for op, v in cmds:
            {"M": lambda: p.move_to(*v), "L": lambda: p.line_to(*v), "C": lambda: p.cubic_to(*v),
             "Q": lambda: p.quadric_to(*v), "Z": lambda: p.close()}[op]()
        paths.append((p, (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1.0)))

    def draw(i):
        (cx, cy), k, angle, c = frame_params(box, size, i, frames)
        ctx.clear_all()
        ctx.save()
        ctx.translate(c, c); ctx.rotate(math.radians(angle)); ctx.scale(k, k); ctx.translate(-cx, -cy)
        for p, color in paths:
            ctx.set_fill_style(color)
            ctx.fill_path(p)
        ctx.restore()
        ctx.flush()
    return timed(draw, frames)


def bench_thorvg(tvg, name, box, items, size, frames):
    engine = tvg.Engine()
    engine.init(0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size, size)
    shapes = []
    for rgb, cmds in items:
        s = tvg.Shape(engine)
        cur = (0, 0)
        for op, v in cmds:
            if op == "M": s.move_to(*v)
            elif op == "L": s.line_to(*v)
            elif op == "C": s.cubic_to(*v)
            elif op == "Q":  # ThorVG has no quads: raise to a cubic
                (x0, y0), (qx, qy, x, y) = cur, v
                s.cubic_to(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
            elif op == "Z": s.close()
            if v: cur = (v[-2], v[-1])
        s.set_fill_color(rgb[0], rgb[1], rgb[2], 255)
        canvas.add(s)
        shapes.append(s)

    def draw(i):
        a, b, c, d, tx, ty = affine(box, size, i, frames)
        m = tvg.Matrix(a, c, tx, b, d, ty, 0, 0, 1)
        for s in shapes:
            s.set_transform(m)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
    return timed(draw, frames)


def bench_cairo(cairo, name, box, items, size, frames):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, size, size)
    ctx = cairo.Context(surface)
    paths = []
    for rgb, cmds in items:
        ctx.new_path()
        cur = (0, 0)
        for op, v in cmds:
            if op == "M": ctx.move_to(*v)
            elif op == "L": ctx.line_to(*v)
            elif op == "C": ctx.curve_to(*v)
            elif op == "Q":
                (x0, y0), (qx, qy, x, y) = cur, v
                ctx.curve_to(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
            elif op == "Z": ctx.close_path()
            if v: cur = (v[-2], v[-1])
        paths.append((ctx.copy_path(), tuple(c / 255 for c in rgb)))
    ctx.new_path()

    def draw(i):
        (cx, cy), k, angle, c = frame_params(box, size, i, frames)
        ctx.set_operator(cairo.OPERATOR_CLEAR); ctx.paint(); ctx.set_operator(cairo.OPERATOR_OVER)
        ctx.save()
        ctx.translate(c, c); ctx.rotate(math.radians(angle)); ctx.scale(k, k); ctx.translate(-cx, -cy)
        for p, color in paths:
            ctx.new_path(); ctx.append_path(p); ctx.set_source_rgb(*color); ctx.fill()
        ctx.restore()
        surface.flush()
    return timed(draw, frames)


def svg_path_data(cmds):
    return " ".join(op + " ".join("%r" % c for c in v) for op, v in cmds)


def svg_document(items, size, transform=None):
    body = "".join('<path fill="#%02x%02x%02x" d="%s"/>' % (rgb + (svg_path_data(cmds),)) for rgb, cmds in items)
    if transform:
        body = '<g transform="matrix(%r %r %r %r %r %r)">%s</g>' % (transform + (body,))
    return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">%s</svg>' % (size, size, body)


def bench_resvg_py(resvg_py, name, box, items, size, frames):
    docs = [svg_document(items, size, affine(box, size, i, frames)) for i in range(frames)]
    return timed(lambda i: resvg_py.svg_to_bytes(svg_string=docs[i], skip_system_fonts=True), frames)


def main():
    args, sizes, frames, files = sys.argv[1:], [256, 512, 1080], 180, []
    wanted = ["skia", "blend2d", "thorvg", "cairo"]
    while args:
        a = args.pop(0)
        if a == "--sizes": sizes = [int(s) for s in args.pop(0).split(",")]
        elif a == "--frames": frames = int(args.pop(0))
        elif a == "--repeat":
            global REPEATS
            REPEATS = max(1, int(args.pop(0)))
        elif a == "--engines": wanted = args.pop(0).split(",")
        else: files.append(a)
    if "resvg" in wanted:
        resvg_py = ensure("resvg_py", "resvg-py")
        run(files, sizes, frames, [("resvg-py", resvg_py, bench_resvg_py)])
        for size in sizes if resvg_py else []:
            blank = svg_document([], size)
            ms = timed(lambda i: resvg_py.svg_to_bytes(svg_string=blank, skip_system_fonts=True), frames)
            print("resvg-py blank %d %.4f" % (size, ms), flush=True)
        return
    engines = [("skia", ensure("skia", "skia-python"), bench_skia),
               ("blend2d", ensure("blend2d", "blend2d-python"), bench_blend2d),
               ("thorvg", ensure("thorvg_python", "thorvg-python"), bench_thorvg),
               ("cairo", ensure("cairo", "pycairo", apt=["libcairo2-dev", "pkg-config", "python3-dev"]), bench_cairo)]
    run(files, sizes, frames, [e for e in engines if e[0] in wanted])


def run(files, sizes, frames, engines):
    for f in files:
        name = os.path.splitext(os.path.basename(f))[0]
        box = None
        for line in open(f):
            if not line.startswith("#") and line.strip():
                box = [float(v) for v in line.split("\t")[0].split()]
        items = items_from(f, box)
        for size in sizes:
            for label, module, fn in engines:
                if module is None:
                    continue
                try:
                    print("%s %s %d %.4f" % (label, name, size, fn(module, name, box, items, size, frames)), flush=True)
                except Exception as e:  # noqa: BLE001
                    print("%s skip %s: %s" % (label, name, e), flush=True)


if __name__ == "__main__":
    main()
