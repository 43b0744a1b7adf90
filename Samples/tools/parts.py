"""Building blocks shared by the symbol designs: stroked centre lines, rings, fills and draw ribs.

A part is one <path> of a symbol: {'path': [contour, ...], 'ribs': [...] or None}. A rib is
(flags, t, (contour index, point on that side), (contour index, point on the other side)); the
template writer turns the points into outline positions (subpath index + arc-length fraction).
"""
import math

from geo import (TAU, add, belt, circle_contour, cross, dot, mul, norm, polar, prim_len,
                 prim_point, prim_tangent, reverse_contour, rot90, stroke_outline, sub, unit)

RIB_STEP = 10.0
D_MAX = 7.0          # Black's half weight: intermediate ribs keep clear of the mitred inner corners


def part(path, ribs=None):
    return {'path': path, 'ribs': ribs}


def stroke(prims, d, cap='round'):
    return [stroke_outline(prims, d, cap)]


def ring(c, r, d):
    """Circle outline: outer contour clockwise, inner counter-clockwise, both starting at the top."""
    return [circle_contour(c, r + d), circle_contour(c, r - d, clockwise=False)]


def disc(c, r):
    return [circle_contour(c, r)]


def belt_ring(circles, d):
    """Stroked closed belt: outer offset clockwise, inner offset reversed (a hole under non-zero)."""
    return [belt(circles, d), reverse_contour(belt(circles, -d))]


def _turn(p, q):
    t1, t2 = prim_tangent(p, 1.0), prim_tangent(q, 0.0)
    return math.atan2(cross(t1, t2), dot(t1, t2))


def stroke_ribs(prims, d, contour=0, bidirectional=False, counts=None):
    """Ribs across an open stroke: start, every corner, about every RIB_STEP units, end.

    The first side of each rib is the -d side (the one the outline walks forward). `counts`
    fixes the number of pieces per primitive when the centre line depends on the weight.
    """
    lens = [prim_len(p) for p in prims]
    total = sum(lens)
    samples, acc = [], 0.0
    for i, p in enumerate(prims):
        n = counts[i] if counts else max(1, round(lens[i] / RIB_STEP))
        guard_in = _guard(prims[i - 1], p) if i > 0 else 0.0
        guard_out = _guard(p, prims[i + 1]) if i + 1 < len(prims) else 0.0
        for k in range(n):
            along = lens[i] * k / n
            if k == 0 or (along > guard_in and lens[i] - along > guard_out):
                samples.append((acc + along, i, k / n))
        acc += lens[i]
    samples.append((total, len(prims) - 1, 1.0))
    ribs = []
    for j, (lam, i, u) in enumerate(samples):
        if u == 0.0 and i > 0 and abs(_turn(prims[i - 1], prims[i])) > 1e-7:
            a, b = _corner_sides(prims[i - 1], prims[i], d)
        else:
            pt, n = prim_point(prims[i], u), rot90(prim_tangent(prims[i], u))
            a, b = add(pt, mul(n, -d)), add(pt, mul(n, d))
        t = abs(lam - total / 2) / (total / 2) if bidirectional else lam / total
        ribs.append((8 if j == 0 else 0, t, (contour, a), (contour, b)))
    return ribs


def _guard(p, q):
    """How far the inner side of the corner between p and q is trimmed at the heaviest weight."""
    turn = abs(_turn(p, q))
    return 0.0 if turn < 1e-7 else D_MAX * math.tan(turn / 2) + 1.0


def _corner_sides(p, q, d):
    """The -d and +d outline points at a corner: the mitred inner vertex and the join's middle."""
    t1, t2 = prim_tangent(p, 1.0), prim_tangent(q, 0.0)
    n1, n2 = rot90(t1), rot90(t2)
    corner = prim_point(q, 0.0)
    s_in = 1.0 if cross(t1, t2) > 0 else -1.0
    inner = add(corner, mul(add(n1, n2), s_in * d / (1 + dot(n1, n2))))
    outer = add(corner, mul(unit(add(n1, n2)), -s_in * d))
    return (inner, outer) if s_in < 0 else (outer, inner)


def ring_ribs(c, r, d, start=-math.pi / 2, outer=0, inner=1):
    """Clockwise ribs round a ring from `start`, sharing the start and end rib."""
    n = max(4, round(TAU * r / RIB_STEP))
    ribs = []
    for i in range(n + 1):
        a = start + TAU * i / n
        ribs.append((8 if i == 0 else 0, i / n, (outer, polar(c, r + d, a)), (inner, polar(c, r - d, a))))
    return ribs


def scale_prims(prims, k, about, to):
    """Scale a centre line by k about `about`, then move `about` to `to` (keeps stroke width)."""
    def f(p):
        return add(to, mul(sub(p, about), k))
    out = []
    for p in prims:
        if p[0] == 'line':
            out.append(('line', f(p[1]), f(p[2])))
        else:
            out.append(('arc', f(p[1]), p[2] * k, p[3], p[4]))
    return out


def arc_prim(c, r, a0_deg, a1_deg):
    return ('arc', c, r, math.radians(a0_deg), math.radians(a1_deg))


def circle_intersections(c1, r1, c2, r2):
    """The two intersection points of two circles, ordered clockwise around c1 as seen from c2's side."""
    dv = sub(c2, c1)
    L = norm(dv)
    assert abs(r1 - r2) < L < r1 + r2, "circles do not intersect"
    a = (r1 * r1 - r2 * r2 + L * L) / (2 * L)
    h = math.sqrt(max(0.0, r1 * r1 - a * a))
    m = add(c1, mul(dv, a / L))
    n = rot90(unit(dv))
    return add(m, mul(n, -h)), add(m, mul(n, h))
