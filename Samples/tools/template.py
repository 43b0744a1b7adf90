"""SF Symbols template writer: masters, margins, interpolated variants, ribs and the SVG text."""
import math

from geo import (bounds, fraction_at, lerp, nearest_in_contour, seg_point, signed_area, flatten)

WEIGHTS = ['Ultralight', 'Thin', 'Light', 'Regular', 'Medium', 'Semibold', 'Bold', 'Heavy', 'Black']
MASTER_D = {'Ultralight': 1.25, 'Regular': 4.0, 'Black': 7.0}      # half stroke weights
COLUMN = {'Ultralight': 520.0, 'Thin': 816.6667, 'Light': 1113.3333, 'Regular': 1410.0, 'Medium': 1686.0,
          'Semibold': 1962.0, 'Bold': 2238.0, 'Heavy': 2514.0, 'Black': 2790.0}
BASELINE = {'S': 696.0, 'M': 1126.0, 'L': 1556.0}
SCALE = {'S': 1.0, 'M': 1.0 / 0.783, 'L': 1.29 / 0.783}
CAP_HEIGHT = 70.459
MARGIN_SPAN = (-95.215, 24.121)     # margin guides run from baseline-95.215 to baseline+24.121 (S row)


def fmt(v):
    """Shortest plain decimal with at most 4 fraction digits."""
    s = f"{round(v, 4):.4f}".rstrip('0').rstrip('.')
    return '0' if s in ('-0', '') else s


def path_d(path):
    out = []
    for segs in path:
        out.append(f"M{fmt(segs[0][1][0])} {fmt(segs[0][1][1])}")
        for i, seg in enumerate(segs):
            if i == len(segs) - 1 and seg[0] == 'L':
                break                     # the closing line is implied by Z
            out.append(seg[0] + ' '.join(f"{fmt(p[0])} {fmt(p[1])}" for p in seg[2:]))
        out.append('Z')
    return ''.join(out)


def commands(path):
    return [[s[0] for s in segs] for segs in path]


# ---------------------------------------------------------------- masters

def side_bearing(d):
    return 5.5 + 0.3 * d


def make_master(build, d):
    """Build a master at half weight d and move it so the left margin is x = 0."""
    parts = build(d)
    x0, _, x1, _ = bounds([c for p in parts for c in p['path']])
    sb = side_bearing(d)
    dx = sb - x0

    def f(p):
        return (p[0] + dx, p[1])

    out = []
    for p in parts:
        path = [[(s[0],) + tuple(f(q) for q in s[1:]) for s in segs] for segs in p['path']]
        ribs = None
        if p['ribs'] is not None:
            ribs = []
            for flags, t, (ca, pa), (cb, pb) in p['ribs']:
                ra = (ca,) + nearest_in_contour(path[ca], f(pa))
                rb = (cb,) + nearest_in_contour(path[cb], f(pb))
                ribs.append((flags, t, ra, rb))
        out.append({'path': path, 'ribs': ribs})
    return {'parts': out, 'advance': x1 - x0 + 2 * sb}


def check_compatible(masters, name):
    ref = masters[0]
    for m in masters[1:]:
        assert len(m['parts']) == len(ref['parts']), f"{name}: path count differs"
        for i, (a, b) in enumerate(zip(ref['parts'], m['parts'])):
            assert commands(a['path']) == commands(b['path']), f"{name}: path {i} commands differ"
            ra, rb = a['ribs'] or [], b['ribs'] or []
            assert len(ra) == len(rb), f"{name}: path {i} rib counts differ"
            assert [r[:2] for r in ra] == [r[:2] for r in rb], f"{name}: path {i} rib flags/t differ"
            assert [(r[2][0], r[3][0]) for r in ra] == [(r[2][0], r[3][0]) for r in rb], \
                f"{name}: path {i} ribs change subpath between masters"


def check_winding(masters, name):
    """Every contour runs clockwise unless it lies inside another contour of its path (a hole)."""
    for m in masters:
        for i, p in enumerate(m['parts']):
            for ci, segs in enumerate(p['path']):
                if signed_area(segs) > 0:
                    continue
                probe = seg_point(segs[0], 0.5)
                inside = any(_inside(probe, other) for cj, other in enumerate(p['path']) if cj != ci)
                assert inside, f"{name}: path {i} contour {ci} is counter-clockwise but not a hole"


def _inside(p, segs):
    pts = flatten(segs, 32)
    n, c = len(pts), False
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        if (a[1] > p[1]) != (b[1] > p[1]):
            x = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if x > p[0]:
                c = not c
    return c


# ---------------------------------------------------------------- variants

def interpolate(a, b, w):
    """Point-by-point blend of two compatible masters (w = 0 gives a, 1 gives b)."""
    parts = []
    for pa, pb in zip(a['parts'], b['parts']):
        path = [[(sa[0],) + tuple(lerp(qa, qb, w) for qa, qb in zip(sa[1:], sb[1:]))
                 for sa, sb in zip(ca, cb)] for ca, cb in zip(pa['path'], pb['path'])]
        ribs = None
        if pa['ribs'] is not None:
            ribs = [(ra[0], ra[1], _blend_end(ra[2], rb[2], pa, pb, path, w), _blend_end(ra[3], rb[3], pa, pb, path, w))
                    for ra, rb in zip(pa['ribs'], pb['ribs'])]
        parts.append({'path': path, 'ribs': ribs})
    return {'parts': parts, 'advance': a['advance'] + (b['advance'] - a['advance']) * w}


def _blend_end(ea, eb, pa, pb, path, w):
    ci = ea[0]
    if ea[1] == eb[1]:
        return (ci, ea[1], ea[2] + (eb[2] - ea[2]) * w)
    qa = seg_point(pa['path'][ci][ea[1]], ea[2])
    qb = seg_point(pb['path'][ci][eb[1]], eb[2])
    return (ci,) + nearest_in_contour(path[ci], lerp(qa, qb, w), tol=0.5)


def weight_variant(masters, weight):
    """Variant at a weight: linear in axis position between Ultralight(0), Regular(3), Black(8)."""
    x = WEIGHTS.index(weight)
    if x <= 3:
        return interpolate(masters['Ultralight'], masters['Regular'], x / 3.0)
    return interpolate(masters['Regular'], masters['Black'], (x - 3) / 5.0)


def scaled(variant, k):
    parts = [{'path': [[(s[0],) + tuple((q[0] * k, q[1] * k) for q in s[1:]) for s in segs] for segs in p['path']],
              'ribs': p['ribs']} for p in variant['parts']]
    return {'parts': parts, 'advance': variant['advance'] * k}


def rib_text(path, ribs):
    words = ['0']
    for flags, t, (ca, sa, ta), (cb, sb, tb) in ribs:
        pa = ca + fraction_at(path[ca], sa, ta)
        pb = cb + fraction_at(path[cb], sb, tb)
        for pos in (pa, pb):
            assert 0 <= pos - math.floor(pos) < 1 and int(math.floor(pos)) < len(path), f"rib position {pos} out of range"
        words += [str(flags), fmt(t), f"{pa:.4f}", f"{pb:.4f}"]
    return ' '.join(words)
