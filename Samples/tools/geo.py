"""Geometry for the sample generator: centre lines, exact offsets, outlines and arc length.

Coordinates are SVG-style (y grows downward), so an increasing angle turns clockwise on
screen. Outline segments are tuples: ('L', p0, p1), ('Q', p0, c, p2), ('C', p0, c1, c2, p3).
A contour is a closed list of segments (last end == first start); a path is a list of contours.
Everything is built from a centre line and a half width d, with no branch on d, so the three
weight masters of a symbol get the same command sequence.
"""
import math

TAU = 2 * math.pi


def add(a, b): return (a[0] + b[0], a[1] + b[1])
def sub(a, b): return (a[0] - b[0], a[1] - b[1])
def mul(a, k): return (a[0] * k, a[1] * k)
def dot(a, b): return a[0] * b[0] + a[1] * b[1]
def cross(a, b): return a[0] * b[1] - a[1] * b[0]
def norm(a): return math.hypot(a[0], a[1])
def unit(a): n = norm(a); return (a[0] / n, a[1] / n)
def rot90(a): return (-a[1], a[0])
def polar(c, r, ang): return (c[0] + r * math.cos(ang), c[1] + r * math.sin(ang))
def lerp(a, b, t): return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def rotate(p, ang, about=(0.0, 0.0)):
    c, s = math.cos(ang), math.sin(ang)
    x, y = p[0] - about[0], p[1] - about[1]
    return (about[0] + x * c - y * s, about[1] + x * s + y * c)


# ---------------------------------------------------------------- arcs as cubics

def arc_cubics(c, r, a0, sweep, pieces=None):
    """Circular arc as cubic segments (each at most ~90 degrees unless pieces is forced)."""
    if pieces is None:
        pieces = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-3))
    step = sweep / pieces
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    out = []
    for i in range(pieces):
        s0, s1 = a0 + i * step, a0 + (i + 1) * step
        p0, p3 = polar(c, r, s0), polar(c, r, s1)
        t0 = (-math.sin(s0), math.cos(s0))
        t1 = (-math.sin(s1), math.cos(s1))
        out.append(('C', p0, add(p0, mul(t0, k * r)), sub(p3, mul(t1, k * r)), p3))
    return out


def circle_contour(c, r, start=-math.pi / 2, clockwise=True):
    """A full circle as four cubics starting at angle `start` (default: the top)."""
    return arc_cubics(c, r, start, TAU if clockwise else -TAU, 4)


# ---------------------------------------------------------------- centre-line primitives
# ('line', a, b) or ('arc', centre, radius, a0, a1); a1 > a0 turns clockwise on screen.

def prim_len(p):
    if p[0] == 'line':
        return norm(sub(p[2], p[1]))
    return abs(p[4] - p[3]) * p[2]


def prim_point(p, u):
    if p[0] == 'line':
        return lerp(p[1], p[2], u)
    return polar(p[1], p[2], p[3] + (p[4] - p[3]) * u)


def prim_tangent(p, u):
    if p[0] == 'line':
        return unit(sub(p[2], p[1]))
    a = p[3] + (p[4] - p[3]) * u
    sg = 1.0 if p[4] > p[3] else -1.0
    return (-math.sin(a) * sg, math.cos(a) * sg)


def offset_prim(p, s):
    """Exact offset by s along rot90(tangent)."""
    if p[0] == 'line':
        n = rot90(unit(sub(p[2], p[1])))
        return ('line', add(p[1], mul(n, s)), add(p[2], mul(n, s)))
    sg = 1.0 if p[4] > p[3] else -1.0
    r = p[2] - sg * s
    assert r > 1e-6, f"arc offset collapses (r={p[2]}, s={s})"
    return ('arc', p[1], r, p[3], p[4])


def prims_to_segments(prims):
    out = []
    for p in prims:
        if p[0] == 'line':
            out.append(('L', p[1], p[2]))
        else:
            # A round join always takes two cubics, so its command count never depends on the angle.
            out.extend(arc_cubics(p[1], p[2], p[3], p[4] - p[3], 2 if p[0] == 'join' else None))
    return out


def line_intersection(p, r, q, s):
    den = cross(r, s)
    assert abs(den) > 1e-9, "parallel offset lines at a corner"
    t = cross(sub(q, p), s) / den
    return add(p, mul(r, t))


def _side(prims, s):
    """One side of a stroke: offsets by s with round outer joins and mitred inner joins."""
    pieces = [list(offset_prim(p, s)) for p in prims]
    out = [pieces[0]]
    for i in range(1, len(prims)):
        t1, t2 = prim_tangent(prims[i - 1], 1.0), prim_tangent(prims[i], 0.0)
        turn = math.atan2(cross(t1, t2), dot(t1, t2))
        nxt = pieces[i]
        if abs(turn) > 1e-7:
            assert prims[i - 1][0] == 'line' and prims[i][0] == 'line', "corners only between lines"
            corner = prims[i][1]
            prev = out[-1]
            if s * turn > 0:   # inner side of the turn: trim both lines to their intersection
                x = line_intersection(prev[1], t1, nxt[1], t2)
                assert dot(sub(x, prev[1]), t1) > 0.5 and dot(sub(nxt[2], x), t2) > 0.5, \
                    "inner join eats a whole segment; make the arms longer or the stroke thinner"
                prev[2] = x
                nxt[1] = x
            else:              # outer side: a round join about the corner
                n1 = mul(rot90(t1), s)
                a0 = math.atan2(n1[1], n1[0])
                out.append(['join', corner, abs(s), a0, a0 + turn])
        out.append(nxt)
    return [tuple(p) for p in out]


def reverse_prim(p):
    if p[0] == 'line':
        return ('line', p[2], p[1])
    return (p[0], p[1], p[2], p[4], p[3])


def stroke_outline(prims, d, cap='round'):
    """Closed clockwise outline of an open centre line: side -d forward, end cap, side +d back, start cap."""
    a = _side(prims, -d)
    b = [reverse_prim(p) for p in reversed(_side(prims, d))]
    te, ts = prim_tangent(prims[-1], 1.0), prim_tangent(prims[0], 0.0)
    e, s0 = prim_point(prims[-1], 1.0), prim_point(prims[0], 0.0)
    ne, ns = rot90(te), rot90(ts)
    segs = prims_to_segments(a)
    if cap == 'round':
        segs += arc_cubics(e, d, math.atan2(-ne[1], -ne[0]), math.pi, 2)
    else:
        segs.append(('L', add(e, mul(ne, -d)), add(e, mul(ne, d))))
    segs += prims_to_segments(b)
    if cap == 'round':
        segs += arc_cubics(s0, d, math.atan2(ns[1], ns[0]), math.pi, 2)
    else:
        segs.append(('L', add(s0, mul(ns, d)), add(s0, mul(ns, -d))))
    assert signed_area(segs) > 0, "stroke outline is not clockwise"
    return segs


def polyline(points):
    return [('line', points[i], points[i + 1]) for i in range(len(points) - 1)]


# ---------------------------------------------------------------- belts (closed, tangent-continuous)
# A belt is a closed curve wrapped around circles (centre, radius, s): s=+1 goes round the circle
# clockwise (a convex part of a clockwise shape), s=-1 counter-clockwise (a concave fillet).
# Offsetting a belt by h toward the outside is the belt of radii r + s*h with the same tangents.

def belt(circles, h=0.0):
    cs = [(c, r + s * h, s) for (c, r, s) in circles]
    for c, r, s in cs:
        assert r >= 0, f"belt radius went negative ({r:.3f}); fillet too small for this weight"
    n = len(cs)
    tang = []
    for i in range(n):
        (ci, ri, si), (cj, rj, sj) = cs[i], cs[(i + 1) % n]
        dv = sub(cj, ci)
        L = norm(dv)
        k = si * ri - sj * rj
        phi = math.atan2(dv[1], dv[0])
        theta = phi + math.asin(max(-1.0, min(1.0, k / L)))
        t = (math.cos(theta), math.sin(theta))
        pi_ = add(ci, mul(rot90(t), -si * ri))
        pj_ = add(cj, mul(rot90(t), -sj * rj))
        tang.append((pi_, pj_))
    segs = []
    for i in range(n):
        c, r, s = cs[i]
        pin, pout = tang[i - 1][1], tang[i][0]
        a_in = math.atan2(pin[1] - c[1], pin[0] - c[0])
        a_out = math.atan2(pout[1] - c[1], pout[0] - c[0])
        sweep = (s * (a_out - a_in)) % TAU
        if r > 1e-9:
            assert 1e-6 < sweep < TAU - 1e-6, "degenerate belt arc"
            segs.extend(arc_cubics(c, r, a_in, s * sweep))
        if norm(sub(tang[i][1], tang[i][0])) > 1e-6:
            segs.append(('L', tang[i][0], tang[i][1]))
    return segs


def fillet_circle(prev, v, nxt, r):
    """Circle of radius r rounding the polygon corner v (orientation from the turn)."""
    t1, t2 = unit(sub(v, prev)), unit(sub(nxt, v))
    turn = math.atan2(cross(t1, t2), dot(t1, t2))
    s = 1 if turn > 0 else -1
    bis = unit(sub(t2, t1))          # points into the turn
    dist = r / math.cos(turn / 2) if r > 0 else 0.0
    return (add(v, mul(bis, dist)), r, s)


def rounded_polygon(points, radii):
    n = len(points)
    return [fillet_circle(points[i - 1], points[i], points[(i + 1) % n], radii[i]) for i in range(n)]


# ---------------------------------------------------------------- measuring outlines

def seg_point(seg, t):
    k = seg[0]
    if k == 'L':
        return lerp(seg[1], seg[2], t)
    if k == 'Q':
        p0, c, p2 = seg[1:]
        u = 1 - t
        return (u * u * p0[0] + 2 * u * t * c[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p2[1])
    p0, c1, c2, p3 = seg[1:]
    u = 1 - t
    a, b, cc, dd = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * p0[0] + b * c1[0] + cc * c2[0] + dd * p3[0], a * p0[1] + b * c1[1] + cc * c2[1] + dd * p3[1])


def seg_end(seg): return seg[-1]


# Five-point Gauss-Legendre nodes and weights on [-1, 1].
_GL = [(-0.9061798459386640, 0.2369268850561891), (-0.5384693101056831, 0.4786286704993665),
       (0.0, 0.5688888888888889), (0.5384693101056831, 0.4786286704993665),
       (0.9061798459386640, 0.2369268850561891)]


def _speed(seg, t):
    """|d/dt| of a quadratic or cubic segment."""
    u = 1 - t
    if seg[0] == 'Q':
        p0, c, p2 = seg[1:]
        dx = 2 * u * (c[0] - p0[0]) + 2 * t * (p2[0] - c[0])
        dy = 2 * u * (c[1] - p0[1]) + 2 * t * (p2[1] - c[1])
    else:
        p0, c1, c2, p3 = seg[1:]
        dx = 3 * u * u * (c1[0] - p0[0]) + 6 * u * t * (c2[0] - c1[0]) + 3 * t * t * (p3[0] - c2[0])
        dy = 3 * u * u * (c1[1] - p0[1]) + 6 * u * t * (c2[1] - c1[1]) + 3 * t * t * (p3[1] - c2[1])
    return math.hypot(dx, dy)


def seg_length(seg, t1=1.0):
    if seg[0] == 'L':
        return norm(sub(seg[2], seg[1])) * t1
    total, parts = 0.0, 16
    for i in range(parts):
        lo, hi = t1 * i / parts, t1 * (i + 1) / parts
        for x, w in _GL:
            total += w * (hi - lo) / 2 * _speed(seg, (lo + hi) / 2 + x * (hi - lo) / 2)
    return total


def contour_length(segs):
    return sum(seg_length(s) for s in segs)


def signed_area(segs, steps=32):
    """Shoelace area of the flattened contour; positive = clockwise on screen (y down)."""
    pts = flatten(segs, steps)
    return 0.5 * sum(cross(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))


def flatten(segs, steps=32):
    pts = []
    for s in segs:
        n = 1 if s[0] == 'L' else steps
        for i in range(n):
            pts.append(seg_point(s, i / n))
    return pts


def nearest_on_seg(seg, p):
    best_t, best_d = 0.0, float('inf')
    n = 64
    for i in range(n + 1):
        d = norm(sub(seg_point(seg, i / n), p))
        if d < best_d:
            best_t, best_d = i / n, d
    lo, hi = max(0.0, best_t - 1.0 / n), min(1.0, best_t + 1.0 / n)
    for _ in range(60):   # golden-section refinement
        m1, m2 = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        if norm(sub(seg_point(seg, m1), p)) < norm(sub(seg_point(seg, m2), p)):
            hi = m2
        else:
            lo = m1
    t = (lo + hi) / 2
    return t, norm(sub(seg_point(seg, t), p))


def nearest_in_contour(segs, p, tol=0.02):
    """(segment index, parameter) of the point of the contour nearest to p, which must lie on it."""
    best = None
    for si, seg in enumerate(segs):
        t, dist = nearest_on_seg(seg, p)
        if best is None or dist < best[0] - 1e-9:
            best = (dist, si, t)
    dist, si, t = best
    assert dist < tol, f"rib end {p} is {dist:.4f} off the outline"
    if t > 1 - 1e-7:                      # prefer the start of the next segment
        si, t = (si + 1) % len(segs), 0.0
    return si, t


def fraction_at(segs, si, t):
    """Arc-length fraction (0 <= f < 1) of the point at parameter t of segment si."""
    before = sum(seg_length(s) for s in segs[:si])
    frac = (before + seg_length(segs[si], t)) / contour_length(segs)
    return 0.0 if frac > 1 - 5e-5 else frac


def point_at(path, pos):
    """Inverse of locate, for checking: the outline point at a position."""
    ci = int(math.floor(pos))
    frac = pos - ci
    segs = path[ci]
    target = frac * contour_length(segs)
    for seg in segs:
        L = seg_length(seg)
        if target <= L + 1e-9:
            lo, hi = 0.0, 1.0
            for _ in range(50):
                mid = (lo + hi) / 2
                if seg_length(seg, mid) < target:
                    lo = mid
                else:
                    hi = mid
            return seg_point(seg, (lo + hi) / 2)
        target -= L
    return seg_end(segs[-1])


def horizontal_cut(segs, y):
    """Leftmost and rightmost points where the contour crosses the horizontal line y."""
    xs = []
    for seg in segs:
        n = 1 if seg[0] == 'L' else 64
        for i in range(n):
            a, b = seg_point(seg, i / n), seg_point(seg, (i + 1) / n)
            if (a[1] - y) * (b[1] - y) <= 0 and a[1] != b[1]:
                lo, hi = i / n, (i + 1) / n
                for _ in range(60):
                    mid = (lo + hi) / 2
                    if (seg_point(seg, lo)[1] - y) * (seg_point(seg, mid)[1] - y) <= 0:
                        hi = mid
                    else:
                        lo = mid
                xs.append(seg_point(seg, (lo + hi) / 2)[0])
    assert len(xs) >= 2, f"no cut at y={y}"
    return (min(xs), y), (max(xs), y)


def self_intersections(segs, steps=24):
    """Crossings of a contour with itself (flattened); adjacent pieces are ignored."""
    pts = flatten(segs, steps)
    n = len(pts)
    edges = [(pts[i], pts[(i + 1) % n]) for i in range(n) if norm(sub(pts[(i + 1) % n], pts[i])) > 1e-9]
    hits = 0
    m = len(edges)
    for i in range(m):
        a, b = edges[i]
        for j in range(i + 2, m):
            if i == 0 and j == m - 1:
                continue
            c, d = edges[j]
            if _segments_cross(a, b, c, d):
                hits += 1
    return hits


def _segments_cross(a, b, c, d):
    d1, d2 = cross(sub(b, a), sub(c, a)), cross(sub(b, a), sub(d, a))
    d3, d4 = cross(sub(d, c), sub(a, c)), cross(sub(d, c), sub(b, c))
    return d1 * d2 < -1e-12 and d3 * d4 < -1e-12




def bounds(path):
    pts = [pt for segs in path for pt in flatten(segs, 32)]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))






def reverse_contour(segs):
    return [(s[0],) + tuple(reversed(s[1:])) for s in reversed(segs)]
