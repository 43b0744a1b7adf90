#!/usr/bin/env python3
"""Writes the raster benchmark inputs into paths/*.txt.

Format, one path per line: `MINX MINY WIDTH HEIGHT<TAB>#RRGGBB<TAB>PATHDATA`, where the four
numbers are the symbol's viewBox and PATHDATA is absolute SVG path data (M L C Q Z only) filled
with the non-zero rule. Lines starting with `#` are comments. All lines of a file form one
input drawn per frame. Inputs: a 24-tooth rounded gear with a hole (many curves) and four
simple symbol-like shapes (ring, checkmark outline, bell outline, star).
"""
import math, os

HERE = os.path.dirname(os.path.abspath(__file__))


def f(v):
    return ("%.3f" % v).rstrip("0").rstrip(".")


def arc(cx, cy, r, a0, a1):
    """Cubic segments (as 'C ...' strings) along a circle from angle a0 to a1 (radians)."""
    out = []
    n = max(1, int(math.ceil(abs(a1 - a0) / (math.pi / 2) - 1e-9)))
    d = (a1 - a0) / n
    k = 4 / 3 * math.tan(d / 4)
    for i in range(n):
        t0, t1 = a0 + i * d, a0 + (i + 1) * d
        p0 = (cx + r * math.cos(t0), cy + r * math.sin(t0))
        p3 = (cx + r * math.cos(t1), cy + r * math.sin(t1))
        c1 = (p0[0] - k * r * math.sin(t0), p0[1] + k * r * math.cos(t0))
        c2 = (p3[0] + k * r * math.sin(t1), p3[1] - k * r * math.cos(t1))
        out.append("C %s %s %s %s %s %s" % tuple(map(f, (*c1, *c2, *p3))))
    return out


def circle(cx, cy, r, reverse=False):
    a0, a1 = (0, -2 * math.pi) if reverse else (0, 2 * math.pi)
    return " ".join(["M %s %s" % (f(cx + r), f(cy))] + arc(cx, cy, r, a0, a1) + ["Z"])


def gear(teeth=24, cx=50, cy=50, r_root=38, r_tip=45, hole=13):
    step = 2 * math.pi / teeth
    parts = []
    for k in range(teeth):
        a = k * step
        root0, root1 = a, a + step * 0.42          # along the root circle
        tip0, tip1 = a + step * 0.58, a + step * 0.92  # along the tip circle (angles for the flanks)
        p = lambda r, t: (cx + r * math.cos(t), cy + r * math.sin(t))
        if k == 0:
            parts.append("M %s %s" % tuple(map(f, p(r_root, root0))))
        parts += arc(cx, cy, r_root, root0, root1)
        # Rounded flank up: a cubic whose controls bulge outward.
        s, e = p(r_root, root1), p(r_tip, tip0)
        c1, c2 = p(r_root + (r_tip - r_root) * 0.55, root1 + step * 0.02), p(r_tip, tip0 - step * 0.08)
        parts.append("C %s %s %s %s %s %s" % tuple(map(f, (*c1, *c2, *e))))
        parts += arc(cx, cy, r_tip, tip0, tip0 + (tip1 - tip0) * 0.5)
        mid = tip0 + (tip1 - tip0) * 0.5
        e2 = p(r_root, a + step)
        c1, c2 = p(r_tip, mid + step * 0.08), p(r_root + (r_tip - r_root) * 0.55, a + step - step * 0.02)
        parts.append("C %s %s %s %s %s %s" % tuple(map(f, (*c1, *c2, *e2))))
    parts.append("Z")
    return " ".join(parts) + " " + circle(cx, cy, hole, reverse=True)


def ring():
    return circle(50, 50, 40) + " " + circle(50, 50, 28, reverse=True)


def capsule(p, q, w):
    """A stadium from p to q with half-width w (round ends), as one closed subpath."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    l = math.hypot(dx, dy)
    n = (-dy / l * w, dx / l * w)
    a = math.atan2(n[1], n[0])
    parts = ["M %s %s" % (f(p[0] + n[0]), f(p[1] + n[1])), "L %s %s" % (f(q[0] + n[0]), f(q[1] + n[1]))]
    parts += arc(q[0], q[1], w, a, a - math.pi)
    parts.append("L %s %s" % (f(p[0] - n[0]), f(p[1] - n[1])))
    parts += arc(p[0], p[1], w, a + math.pi, a)
    parts.append("Z")
    return " ".join(parts)


def checkmark(w=8):
    """A thick checkmark: two round-ended strokes as filled outlines (same winding, so the
    non-zero rule unions them)."""
    return capsule((20, 52), (40, 72), w) + " " + capsule((40, 72), (80, 28), w)


def bell():
    return ("M 50 10 C 54 10 56 13 56 16 C 70 19 76 31 76 46 L 76 64 C 76 70 82 74 86 78 "
            "C 88 80 87 84 83 84 L 17 84 C 13 84 12 80 14 78 C 18 74 24 70 24 64 L 24 46 "
            "C 24 31 30 19 44 16 C 44 13 46 10 50 10 Z "
            "M 40 88 Q 50 86 60 88 C 59 94 55 97 50 97 C 45 97 41 94 40 88 Z")


def star(points=5, r_out=44, r_in=18):
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        t = -math.pi / 2 + i * math.pi / points
        pts.append((50 + r * math.cos(t), 52 + r * math.sin(t)))
    return "M " + " L ".join("%s %s" % (f(x), f(y)) for x, y in pts) + " Z"


INPUTS = {
    "gear": [("#455A64", gear())],
    "ring": [("#1E88E5", ring())],
    "checkmark": [("#43A047", checkmark())],
    "bell": [("#F9A825", bell())],
    "star": [("#E53935", star())],
}

def samples():
    """The real samples (Regular-M, every shape in the symbol's first colour), read by our own
    reader through `symbolreel inspect --json` (SYMBOLREEL_BIN, default the release build).
    Shapes that clear behind are left out: the input format only fills."""
    import json, subprocess
    binary = os.environ.get("SYMBOLREEL_BIN", os.path.join(HERE, "..", "..", ".build", "release", "symbolreel"))
    out = {}
    for name in ["bell.slash", "wifi.arcs", "cloud.sun", "speaker.waves", "fan", "star.fill"]:
        path = os.path.join(HERE, "..", "..", "Samples", name + ".svg")
        try:
            info = json.loads(subprocess.run([binary, "inspect", "--json", path], check=True,
                                             capture_output=True, text=True).stdout)
        except (OSError, subprocess.CalledProcessError) as e:
            print("skipping samples:", e)
            return {}
        clear = {i for layer in info["modes"]["monochrome"] if layer["clearBehind"] for i in layer["shapes"]}
        x, y, w, h = info["bounds"]
        box = "%s %s %s %s" % (f(x), f(y), f(w), f(h))
        out["sample-" + name] = [(box, "#0A84FF", s["d"]) for s in info["shapes"] if s["index"] not in clear]
    return out


os.makedirs(os.path.join(HERE, "paths"), exist_ok=True)
INPUTS = {name: [("0 0 100 100", c, d) for c, d in paths] for name, paths in INPUTS.items()}
INPUTS.update(samples())
for name, paths in INPUTS.items():
    with open(os.path.join(HERE, "paths", name + ".txt"), "w") as out:
        out.write("# %s: viewBox, fill, path data (generated by make_paths.py)\n" % name)
        for box, color, d in paths:
            out.write("%s\t%s\t%s\n" % (box, color, d))
print("wrote", ", ".join(sorted(INPUTS)))
