"""Draw frames for the reference renderer (sf_reference.py): which part of each shape a Draw
effect shows at a given progress, and where an attachment sits.

Written from the rule text in Tests/Reference/README.md ("Draw frames"), independently of the
Swift renderer. Geometry is worked out here in the template's root user space; resvg rasterizes.
"""
import math
import re

import numpy as np

NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
STEPS = 32           # samples per curve when flattening an outline
WALK = 96            # samples between two keyframes along each side
MARGIN_PX = 1.5      # the reveal reaches this far past the outline, in device pixels


# ---------------------------------------------------------------- transforms (a b c d e f)
def mat_mul(m, n):
    """m after n: x -> m(n(x))."""
    a, b, c, d, e, f = n
    A, B, C, D, E, F = m
    return (A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F)


def apply(m, p):
    return (m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5])


def parse_transform(text):
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in NUM.findall(args)]
        if name == "matrix" and len(v) == 6:
            t = tuple(v)
        elif name == "translate":
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            r = math.radians(v[0])
            t = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
        else:
            raise ValueError("transform %s is not supported by the draw reference" % name)
        m = mat_mul(m, t)
    return m


def to_root(doc, el):
    """The element's user space -> root user space (the root's own mapping excluded)."""
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for anc in doc.ancestors(el)[1:] + [el]:
        if anc.get("transform"):
            m = mat_mul(m, parse_transform(anc.get("transform")))
    return m


# ---------------------------------------------------------------- outlines
def subpaths(d):
    """[(points, closed)] of path data, curves flattened, absolute coordinates."""
    tokens = re.findall(r"[A-Za-z]|" + NUM.pattern, d)
    out, pts, closed = [], None, False
    cx = cy = sx = sy = 0.0
    last_ctrl = None
    i, cmd = 0, None

    def take(k):
        nonlocal i
        v = [float(t) for t in tokens[i:i + k]]
        i += k
        return v
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                closed = True
                cx, cy = sx, sy
                continue
        up, rel = cmd.upper(), cmd.islower()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        if up == "M":
            x, y = take(2)
            if pts:
                out.append((pts, closed))
            cx, cy = sx, sy = x + ox, y + oy
            pts, closed = [(cx, cy)], False
            cmd = "l" if rel else "L"
            last_ctrl = None
            continue
        if up in "LHV":
            if up == "L":
                x, y = take(2)
                cx, cy = x + ox, y + oy
            elif up == "H":
                cx = take(1)[0] + (cx if rel else 0.0)
            else:
                cy = take(1)[0] + (cy if rel else 0.0)
            pts.append((cx, cy))
            last_ctrl = None
            continue
        if up in "CSQT":
            p0 = (cx, cy)
            if up == "C":
                v = take(6)
                c1, c2, p3 = (v[0] + ox, v[1] + oy), (v[2] + ox, v[3] + oy), (v[4] + ox, v[5] + oy)
            elif up == "S":
                v = take(4)
                c1 = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_ctrl else p0
                c2, p3 = (v[0] + ox, v[1] + oy), (v[2] + ox, v[3] + oy)
            else:
                if up == "Q":
                    v = take(4)
                    q, p3 = (v[0] + ox, v[1] + oy), (v[2] + ox, v[3] + oy)
                else:
                    v = take(2)
                    q = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_ctrl else p0
                    p3 = (v[0] + ox, v[1] + oy)
                c1 = (p0[0] + 2 / 3 * (q[0] - p0[0]), p0[1] + 2 / 3 * (q[1] - p0[1]))
                c2 = (p3[0] + 2 / 3 * (q[0] - p3[0]), p3[1] + 2 / 3 * (q[1] - p3[1]))
            for k in range(1, STEPS + 1):
                t = k / STEPS
                s = 1 - t
                pts.append(tuple(s * s * s * p0[j] + 3 * s * s * t * c1[j] + 3 * s * t * t * c2[j] + t * t * t * p3[j]
                                 for j in range(2)))
            last_ctrl = c2 if up in "CS" else (q if up in "QT" else None)
            cx, cy = p3
            continue
        raise ValueError("path command %s is not supported by the draw reference" % cmd)
    if pts:
        out.append((pts, closed))
    return out


class Outline:
    """One subpath measured by arc length."""

    def __init__(self, pts, closed):
        self.pts = list(pts) + ([pts[0]] if closed and pts[-1] != pts[0] else [])
        self.closed = closed
        self.acc = [0.0]
        for a, b in zip(self.pts, self.pts[1:]):
            self.acc.append(self.acc[-1] + math.dist(a, b))
        self.length = self.acc[-1]

    def at(self, f):
        s = min(max(f, 0.0), 1.0) * self.length
        lo, hi = 0, len(self.acc) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.acc[mid] <= s:
                lo = mid
            else:
                hi = mid
        seg = self.acc[hi] - self.acc[lo]
        u = 0.0 if seg <= 0 else (s - self.acc[lo]) / seg
        a, b = self.pts[lo], self.pts[hi]
        return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)


def side(outlines, pa, pb, n, others=()):
    """n + 1 points from outline position pa to pb (subpath index + fraction): along the subpath;
    round a closed one the way that meets neither of `others` (the other side's positions),
    else the shorter way; straight across when they are on different subpaths."""
    def split(p):
        i = min(int(math.floor(p)), len(outlines) - 1)
        return i, min(max(p - i, 0.0), 1.0)
    (ia, fa), (ib, fb) = split(pa), split(pb)
    if ia != ib:
        a, b = outlines[ia].at(fa), outlines[ib].at(fb)
        return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)]
    o = outlines[ia]
    delta = fb - fa
    if o.closed:
        ways = sorted([(fb - fa) % 1.0, (fb - fa) % 1.0 - 1.0], key=abs)

        def meets(way):
            for q in others:
                iq, fq = split(q)
                along = ((fq - fa) if way > 0 else (fa - fq)) % 1.0
                if iq == ia and 1e-9 < along < abs(way) - 1e-9:
                    return True
            return False
        clear = [w for w in ways if not meets(w)]
        delta = clear[0] if len(clear) == 1 else ways[0]
    return [o.at((fa + delta * k / n) % 1.0 if o.closed else fa + delta * k / n) for k in range(n + 1)]


def keyframes(el):
    """(flags, t, p0, p1) of data-clipstroke-keyframes version 0; None when absent or another version."""
    text = el.get("data-clipstroke-keyframes")
    if not text:
        return None
    v = [float(x) for x in NUM.findall(text)]
    if not v or v[0] != 0 or (len(v) - 1) % 4 or len(v) < 9:
        return None
    return [tuple(v[k:k + 4]) for k in range(1, len(v), 4)]


def draw_path(doc, el):
    """The draw path of an element with keyframes, in root space: [(point, progress, side A, side B)]
    (the point is the midpoint of the cut from side A to side B) and the outline walked round each of
    its ends beyond the first and last keyframe (root-space polylines)."""
    ribs = keyframes(el)
    if ribs is None or local_name(el) != "path":
        return None
    outlines = [Outline(p, c) for p, c in subpaths(el.get("d", ""))]
    m = to_root(doc, el)
    line = []
    for (_, t0, a0, b0), (_, t1, a1, b1) in zip(ribs, ribs[1:]):
        one, two = side(outlines, a0, a1, WALK, (b0, b1)), side(outlines, b0, b1, WALK, (a0, a1))
        one, two = [apply(m, p) for p in one], [apply(m, p) for p in two]
        spans = (sum(math.dist(p, q) for p, q in zip(one, one[1:])), sum(math.dist(p, q) for p, q in zip(two, two[1:])))
        for k in range(0 if not line else 1, WALK + 1):
            a, b = one[k], two[k]
            line.append((((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), t0 + (t1 - t0) * k / WALK, a, b, spans))
    (_, _, a0, b0), (_, _, a1, b1) = ribs[0], ribs[1]
    (_, _, y0, z0), (_, _, y1, z1) = ribs[-1], ribs[-2]
    ends = ([apply(m, p) for p in side(outlines, b0, a0, WALK, (a1, b1))],
            [apply(m, p) for p in side(outlines, y0, z0, WALK, (y1, z1))])
    return line, ends


def local_name(el):
    return el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else None


def shown(line, lo, hi):
    """The pieces of the draw path whose progress is within [lo, hi]: lists of cuts (side A, side B),
    each piece with whether it starts at the path's first sample and ends at its last, and for its
    first and last cut each side's direction into the hidden part and the length of that side
    between the two keyframes the cut lies between."""
    pieces, cur = [], None
    n = len(line)
    for i, ((_, t, a0, b0, _), (_, u, a1, b1, spans)) in enumerate(zip(line, line[1:])):
        if t == u:
            s0, s1 = (0.0, 1.0) if lo <= t <= hi else (None, None)
        else:
            x, y = (lo - t) / (u - t), (hi - t) / (u - t)
            s0, s1 = max(0.0, min(x, y)), min(1.0, max(x, y))
            if s0 > s1:
                s0 = s1 = None
        if s0 is None:
            if cur:
                pieces.append(cur)
            cur = None
            continue

        def at(s):
            return ((a0[0] + (a1[0] - a0[0]) * s, a0[1] + (a1[1] - a0[1]) * s),
                    (b0[0] + (b1[0] - b0[0]) * s, b0[1] + (b1[1] - b0[1]) * s))
        back = ((a0[0] - a1[0], a0[1] - a1[1]), (b0[0] - b1[0], b0[1] - b1[1]))
        if cur is None or s0 > 0:
            if cur:
                pieces.append(cur)
            cur = {"cuts": [at(s0)], "first": i == 0 and s0 == 0, "last": False, "into": [(back, spans)]}
        cur["cuts"].append(at(s1))
        cur["into"][1:] = [(tuple((-x, -y) for x, y in back), spans)]
        cur["last"] = i + 2 == n and s1 == 1
        if s1 < 1:
            pieces.append(cur)
            cur = None
    if cur:
        pieces.append(cur)
    return pieces


def reveal_markup(line, ends, lo, hi, margin):
    """SVG markup of what the draw path shows at [lo, hi] (Apple's clip stroke, docs/draw.md): the
    outline region between the cuts, the outline round the path's ends when they show, and a round
    cap on each end of a shown piece as Apple's renderer draws it (our reading): the cut squared
    across the tangent of the side with the longer keyframe interval, then a half disc on it with
    no margin (README, "The cap on a cut"); the region between the cuts widened by `margin`."""
    out = []

    def polygon(points):
        out.append('<polygon points="%s" fill="#000" stroke="#000" stroke-width="%s" stroke-linejoin="round"/>'
                   % (" ".join("%.6f,%.6f" % p for p in points), format(2 * margin, ".8g")))

    def squared(cut, into):
        """Apple's cap on a cut (our reading): the direction into the hidden part is the tangent
        of the side whose keyframe interval is the longer; the cut is squared off across it by
        moving the point that lags forward along it. Returns the squared cut and the direction."""
        (a, b), ((ta, tb), (la, lb)) = cut, into
        v = ta if la > lb else tb
        n = math.hypot(*v)
        if n <= 1e-12:
            return (a, b), None
        v = (v[0] / n, v[1] / n)
        d = (b[0] - a[0]) * v[0] + (b[1] - a[1]) * v[1]
        if d > 0:
            return ((a[0] + v[0] * d, a[1] + v[1] * d), b), v
        return (a, (b[0] - v[0] * d, b[1] - v[1] * d)), v

    def cap(cut, v, steps=32):
        """A half disc on the squared cut, bulging along v (no margin, as Apple draws it)."""
        a, b = cut
        c = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        r = math.dist(a, b) / 2
        if v is None or r <= 1e-12:
            return
        u = ((a[0] - c[0]) / r, (a[1] - c[1]) / r)
        arc = [(c[0] + r * (math.cos(f) * u[0] + math.sin(f) * v[0]), c[1] + r * (math.cos(f) * u[1] + math.sin(f) * v[1]))
               for f in (math.pi * k / steps for k in range(steps + 1))]
        out.append('<polygon points="%s" fill="#000"/>' % " ".join("%.6f,%.6f" % p for p in arc))
    for piece in shown(line, lo, hi):
        cuts = piece["cuts"]
        (s0, v0), (s1, v1) = squared(cuts[0], piece["into"][0]), squared(cuts[-1], piece["into"][-1])
        polygon([s0[0]] + [a for a, _ in cuts] + [s1[0], s1[1]] + [b for _, b in reversed(cuts)] + [s0[1]])
        cap(s0, v0)
        cap(s1, v1)
        if piece["first"]:
            polygon(ends[0])
        if piece["last"]:
            polygon(ends[1])
    return "".join(out)


def point_at(line, t):
    """The last point of the draw path at progress t, and the direction there (radians)."""
    found = None
    for (p, a, *_), (q, b, *_) in zip(line, line[1:]):
        if min(a, b) <= t <= max(a, b):
            f = 1.0 if a == b else (t - a) / (b - a)
            found = ((p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f), math.atan2(q[1] - p[1], q[0] - p[0]))
    return found


# ---------------------------------------------------------------- attachments
def attachment(doc, el, variant):
    """(carrier element, anchor in root space, rest progress) of an attachment in Apple's encoding."""
    value = None
    for token in (el.get("class") or "").split():
        value = doc.layer_rule(token).get("-sfsymbols-clipstroke-attachments", value)
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl and decl.split(":", 1)[0].strip() == "-sfsymbols-clipstroke-attachments":
            value = decl.split(":", 1)[1]
    if value is None or not variant:
        return None
    v = [float(x) for x in NUM.findall(value)]
    if len(v) < 6:
        return None
    carrier, entry, rest = int(v[1]), int(v[2]), v[3]
    store = doc.byid.get(variant + "-draw-attachment-data")
    if store is None:
        return None
    data = [float(x) for x in NUM.findall(store.get("data-d", ""))]
    if not data or data[0] != 0 or (len(data) - 1) % 4 or len(data) < 5 or entry >= (len(data) - 1) // 4:
        return None
    ax, ay = data[1 + 4 * entry + 2], data[1 + 4 * entry + 3]
    shapes = [e for e in doc.drawables(doc.byid[variant]) if not doc.hidden(e)]
    if not 0 <= carrier < len(shapes):
        return None
    return shapes[carrier], (ax, ay), rest if 0 <= rest <= 1 else 1.0


def ride(line, anchor, rest, hi):
    """The transform (a b c d e f, root space) that carries the attachment to the tip at `hi`."""
    home, tip = point_at(line, rest), point_at(line, min(hi, rest))
    if home is None or tip is None:
        return None
    turn = tip[1] - home[1]
    c, s = math.cos(turn), math.sin(turn)
    ax, ay = anchor
    tx, ty = ax + tip[0][0] - home[0][0], ay + tip[0][1] - home[0][1]
    # translate(tx ty) rotate(turn) translate(-ax -ay)
    return (c, s, -s, c, tx - (c * ax - s * ay), ty - (s * ax + c * ay))


# ---------------------------------------------------------------- a layer mid-draw
def layer_ranges(layers, given):
    """Each layer's shown range from the job's per-layer ranges (null: the whole layer): a layer that
    clears behind at opacity 0 (a gap) shows the range of the first layer above it with opacity > 0."""
    own = [(0.0, 1.0) if r is None else (float(r[0]), float(r[1])) for r in given]
    if len(own) != len(layers):
        raise ValueError("draw_layers has %d ranges for %d layers" % (len(own), len(layers)))
    out = []
    for k, L in enumerate(layers):
        above = [j for j in range(k + 1, len(layers)) if layers[j]["opacity"] > 0]
        out.append(own[above[0]] if L["clearBehind"] and L["opacity"] <= 0 and above else own[k])
    return out


def layer_coverage(doc, ref, groups, w, h, matrix, lo, hi, variant, ranges=None):
    """Coverage of a layer (non-LayerTree) showing progress [lo, hi] of every shape's draw path.
    `ranges` maps a shape element to its layer's range: an attachment rides its carrier at that."""
    scale = math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
    margin = MARGIN_PX / max(scale, 1e-12)
    pieces = [(el, d) for act, pcs in groups if act == "draw" for el, d in pcs]
    paths = {el: draw_path(doc, el) for el, _ in pieces}
    layer_has_data = any(p is not None for p in paths.values())
    cov = np.zeros((h, w))
    shown = max(0.0, hi - lo)
    for el, d in pieces:
        att = attachment(doc, el, variant)
        if lo <= 0 and hi >= 1 and att is None:
            a = ref.coverage(doc, [(el, d)], w, h, matrix)
        elif att is not None:
            carrier, anchor, rest = att
            clo, chi = (ranges or {}).get(carrier, (lo, hi))
            if lo <= 0 and hi >= 1 and clo <= 0 and chi >= 1:
                a = ref.coverage(doc, [(el, d)], w, h, matrix)
                cov = cov + a - cov * a
                continue
            cp = paths.get(carrier) or draw_path(doc, carrier)
            t = ride(cp[0], anchor, rest, chi) if cp and chi > clo else None
            if chi <= clo:
                continue
            body = ref.piece_markup(doc, el, d)
            if t:
                body = "<g transform=\"matrix(%s)\">%s</g>" % (" ".join(format(x, ".10g") for x in t), body)
            a = ref.rasterize(body, w, h, matrix)
        elif paths[el] is not None:
            if shown <= 0:
                continue
            line, ends = paths[el]
            a = ref.coverage(doc, [(el, d)], w, h, matrix) * ref.rasterize(reveal_markup(line, ends, lo, hi, margin),
                                                                            w, h, matrix)
        elif layer_has_data:
            a = ref.coverage(doc, [(el, d)], w, h, matrix) * min(1.0, shown / 0.25)
        else:
            raise ValueError("a layer without draw data mid-draw (automatic centre lines are not in the reference)")
        cov = cov + a - cov * a
    return cov
