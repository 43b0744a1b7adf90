#!/usr/bin/env python3
"""A second, independent reading of SF Symbols 7 Draw (Draw On / Draw Off mid-animation).

Written without reading SymbolReel's Swift Draw code or Tests/Reference/sf_draw.py. It reuses
only the STILL-frame reading of sf_reference.py (another author's: which shapes form which layer,
colours, opacities, clear-behind, compositing, resvg rasterisation) and adds the draw part from
the rules below. Each rule says where it comes from, in brackets. "Apple" marks our reading of
Apple's renderer in iOS 26 (how it parses keyframes and attachments, cuts an outline and places
an attachment); "compiler" marks our reading of Apple's asset compiler (actool). No code of
theirs is quoted here: each bracket states the behaviour in our own words.

D1  Keyframes. `data-clipstroke-keyframes="0 f t p0 p1 ..."`: a version 0, then groups of four:
    flags (an integer), progress t, positions p0 and p1; numbers may be written 0, 0.0, 1.0.
    [Apple: a version 0 set needs (count - 1) to be a multiple of 4; flags are read as an
    integer, the other three numbers as floats.] Version 1 (an offset table) is refused here.
D2  A position is `subpath index + fraction`: the fraction of that subpath's arc length,
    measured on the element's own path data, subpaths starting at each M/m.
    [Apple: a position's distance is the subpath's length times the fraction part of p, and
    keyframes are grouped by subpath, floor(p).] A keyframe whose p0 and p1 lie on different
    subpaths (a ring's rib from its outer contour to its hole) gives each subpath its own
    position. [our inference: Apple's renderer treats such sets apart; we did not work out how,
    and treating each side on its own subpath is what the rib means.]
D3  Progress along the outline. Each position is a "single keyframe" (distance along its
    subpath, t). Sorted by distance, t runs linearly in distance from one to the next, and round
    the closed subpath from the last back to the first. [Apple: single keyframes are sorted by
    distance; the walk starts from the last keyframe moved back by the subpath's length, and
    between two keyframes t is `t0 + (s - d0) / (d1 - d0) * (t1 - t0)`.] Two keyframes at the
    same distance (a ring's seam, t = 0 and t = 1 at one point) are ordered so t runs on with
    the fewest jumps. [our inference: Apple's sort leaves ties unordered; any other order would
    sweep t backwards round the whole ring.]
D4  What shows. A draw range [lo, hi] keeps the parts of the outline whose t is in the range; lo
    at or below the keyframes' smallest t and hi at or above their largest do not cut (so [0, 1]
    is the still). [Apple: a bound within 1e-4 of the smallest or largest t is no bound;
    segments are split where t crosses a bound.] A Draw On at fraction f is [0, f], a Draw Off
    from the start forward [f, 1]; hi <= lo shows nothing. What the clipped path covers is
    painted only inside the shape's own outline: a squared cap (D5) near a corner can reach past
    it. [Apple: a layer drawn in part is clipped to its whole shape, and the part of its outline
    that the progress shows is filled inside that clip.] Coverage: the smaller of the loops' and
    the outline's, exact where they share an edge.
D5  Cuts. Where the kept outline stops (E), it is joined to where it resumes (N) by a round cap:
    with v the tangent pointing into the hidden part, the chord E-N is squared off across v (the
    point lying behind moves forward along v), and a semicircle on that chord bulges along v.
    There is no margin beyond it. [Apple: a round cap is two quarter circles (kappa 0.5519) of
    radius |chord| / 2 about the chord's middle, apex at middle + r v, after the squaring; a
    square cap and a plain line are the other styles. The style is the layer's line cap, round
    unless stroke-linecap says otherwise, and the clipped outline is made with the round one.] v
    is the stop's forward tangent when the keyframe interval it lies in is longer than the
    resumption's, else the resumption's backward tangent. [Apple: the choice compares the two
    intervals' lengths, the shorter way round.] Each stop joins the resumption on the other side
    of the same rib: the crossing between the same two keyframes at the same bound. [our
    inference; for a single contour Apple's renderer joins the next run in walk order, the same
    point; a ring is first joined into one contour.] A ring's seam (t = 1 meets t = 0) is a stop
    too, so a ring drawn on from its seam starts with a round cap.
D6  Layers. Every layer of the mode draws over the same range; a clear-behind layer with
    keyframes (a gap) erases with what it shows, so a gap opens as far as its own ribs say.
    [docs/rendering.md rule 3 with D4; the gap's keyframes are its own.] A shape without
    keyframes in a drawn layer shows whole while hi > lo. [Apple's SF Symbols 7 notes: parts
    with no draw data simply appear; none of our fixtures has one, except attachments (D7).]
D7  Attachments. `-sfsymbols-clipstroke-attachments: K c L e i s...` (comma between
    attachments): K 0 gives two floats a b next, K 1 takes a b from the store; then integers
    L and e, the index i of an entry of `<VARIANT>-draw-attachment-data` (`data-d="0 a b x y
    ..."`: a 0 then groups of four; x y is the anchor in root space), then the attached subpath
    indices. [Apple: how the renderer parses the attachment property and the data store;
    compiler: it reads `-draw-attachment-data` from template 7.0.] We read c as
    the carrier: the variant's drawable shape number c in document order. [our inference:
    Apple's `1 4 0 1 0 0` and our fixture's `1 1 0 1 0 0` both name the arc so.] The attachment
    rests where the carrier ends (its largest t). [our inference.]
D8  Where the attachment sits. While a Draw On cuts its carrier, Apple's renderer records the
    cut (the two crossing points) and maps the attachment rigidly: its anchor goes to the cut,
    and the rest direction turns onto the cut's direction. [Apple: a rotation from the
    normalised rest direction to the normalised direction from the cut's first point to its
    second, a move to the cut's first point, the anchor first moved to the origin.]
    We take the rest direction to be the carrier's rest cut (its last rib), and put the anchor
    at the same fraction along the current cut as it lies along the rest cut. [our inference:
    Apple's parser drops the sign of a and b (it skips to the next digit, passing over '-'),
    so we do not read them as a direction.] The attachment is never clipped; it shows whenever
    hi > lo; past its carrier's cut (a Draw Off from the start forward) it stays at rest.
    [Apple: no cut is recorded for the attachment itself, so only its scale may change; the
    appear/scale thresholds are not in our files and are not modelled.]
D9  Placement is the caller's root -> canvas matrix, the same for every progress of a clip:
    nothing moves or rescales because a part appears. [ours: placement fixed for the clip]

Command line: as sf_reference.py (`--jobs JOBS.json`), each job with "draw": [lo, hi].
"""

import bisect
import itertools
import json
import math
import os
import re
import sys
from xml.sax.saxutils import quoteattr

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sf_reference as still  # noqa: E402  the still-frame reading (another author's)

EPS = 1e-4


# ---------------------------------------------------------------- geometry
def affine(s):
    """SVG transform list -> (a, b, c, d, e, f)."""
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if not s:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", s):
        v = [float(x) for x in re.findall(still.NUM.pattern, args)]
        if name == "matrix":
            t = tuple(v[:6])
        elif name == "translate":
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            r = math.radians(v[0])
            t = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
            if len(v) == 3:
                t = mul(mul((1, 0, 0, 1, v[1], v[2]), t), (1, 0, 0, 1, -v[1], -v[2]))
        else:
            raise ValueError("transform %s is not supported" % name)
        m = mul(m, t)
    return m


def mul(p, q):
    """p then applied after q: p * q."""
    a, b, c, d, e, f = p
    A, B, C, D, E, F = q
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def element_ctm(doc, el):
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for anc in doc.ancestors(el)[1:] + [el]:  # the root's own viewBox mapping is the caller's
        m = mul(m, affine(anc.get("transform")))
    return m


def flatten(sub, steps=48):
    """One subpath (absolute M first, later commands as written) -> closed polyline [(x, y)]."""
    pts, cx, cy, sx, sy, last_c = [], 0.0, 0.0, 0.0, 0.0, None
    for cmd, a in sub:
        up, rel = cmd.upper(), cmd.islower()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        ctrl = None
        if up == "M":
            cx, cy = a[0] + ox, a[1] + oy
            sx, sy = cx, cy
            pts.append((cx, cy))
        elif up == "L":
            cx, cy = a[0] + ox, a[1] + oy
            pts.append((cx, cy))
        elif up == "H":
            cx = a[0] + (ox if rel else 0.0)
            pts.append((cx, cy))
        elif up == "V":
            cy = a[0] + (oy if rel else 0.0)
            pts.append((cx, cy))
        elif up in "CS":
            if up == "C":
                x1, y1, x2, y2, x, y = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy, a[4] + ox, a[5] + oy
            else:
                x1, y1 = (2 * cx - last_c[0], 2 * cy - last_c[1]) if last_c else (cx, cy)
                x2, y2, x, y = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy
            for k in range(1, steps + 1):
                u = k / steps
                w = 1 - u
                pts.append((w ** 3 * cx + 3 * w * w * u * x1 + 3 * w * u * u * x2 + u ** 3 * x,
                            w ** 3 * cy + 3 * w * w * u * y1 + 3 * w * u * u * y2 + u ** 3 * y))
            ctrl, cx, cy = (x2, y2), x, y
        elif up in "QT":
            if up == "Q":
                x1, y1, x, y = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy
            else:
                x1, y1 = (2 * cx - last_c[0], 2 * cy - last_c[1]) if last_c else (cx, cy)
                x, y = a[0] + ox, a[1] + oy
            for k in range(1, steps + 1):
                u = k / steps
                w = 1 - u
                pts.append((w * w * cx + 2 * w * u * x1 + u * u * x, w * w * cy + 2 * w * u * y1 + u * u * y))
            ctrl, cx, cy = (x1, y1), x, y
        elif up == "Z":
            cx, cy = sx, sy
        else:
            raise ValueError("path command %s is not supported by the draw reading" % cmd)
        last_c = ctrl
    if len(pts) > 1 and math.hypot(pts[-1][0] - pts[0][0], pts[-1][1] - pts[0][1]) < 1e-12:
        pts.pop()  # a Z onto the start leaves the closing edge implicit
    return pts


class Contour:
    """A closed polyline with arc length; the outline of one subpath (filled shapes close)."""
    def __init__(self, pts):
        self.pts = pts + [pts[0]]
        self.s = [0.0]
        for (x0, y0), (x1, y1) in zip(self.pts, self.pts[1:]):
            self.s.append(self.s[-1] + math.hypot(x1 - x0, y1 - y0))
        self.length = self.s[-1]

    def at(self, s):
        s = min(max(s, 0.0), self.length)
        i = max(1, bisect.bisect_left(self.s, s))
        i = min(i, len(self.s) - 1)
        s0, s1 = self.s[i - 1], self.s[i]
        u = 0.0 if s1 <= s0 else (s - s0) / (s1 - s0)
        (x0, y0), (x1, y1) = self.pts[i - 1], self.pts[i]
        return x0 + u * (x1 - x0), y0 + u * (y1 - y0)


# ---------------------------------------------------------------- keyframes (D1-D3)
def parse_keyframes(text):
    v = text.split()
    if not v:
        return []
    if int(float(v[0])) != 0 or (len(v) - 1) % 4:
        raise ValueError("data-clipstroke-keyframes: only version 0 with groups of four is read")
    return [(int(float(v[i])), float(v[i + 1]), float(v[i + 2]), float(v[i + 3])) for i in range(1, len(v), 4)]


def single_keyframes(kfs, j, length):
    """(distance, t, keyframe index, side) of every position on subpath j, in outline order."""
    out = []
    for idx, (_, t, p0, p1) in enumerate(kfs):
        for side, p in ((0, p0), (1, p1)):
            if math.floor(p + 1e-9) == j:
                out.append([(p - j) * length, t, idx, side])
    out.sort(key=lambda k: k[0])
    n, i = len(out), 0
    while i < n:  # D3: ties keep t running on
        k = i
        while k + 1 < n and abs(out[k + 1][0] - out[i][0]) <= 1e-9 * max(1.0, length):
            k += 1
        if k > i:
            group, prev, nxt = out[i:k + 1], out[i - 1][1], out[(k + 1) % n][1]
            best = min(itertools.permutations(group) if len(group) <= 4 else [sorted(group, key=lambda g: g[1])],
                       key=lambda g: abs(prev - g[0][1]) + abs(g[-1][1] - nxt) +
                       sum(abs(a[1] - b[1]) for a, b in zip(g, g[1:])))
            out[i:k + 1] = [list(g) for g in best]
        i = k + 1
    return out


def timed_points(contour, singles):
    """The contour from the first single keyframe round to it again, with keyframes inserted:
    [(x, y, t, key, side, span)] where key, side and span (the length between its two keyframes,
    the shorter way round) describe the segment that starts at the point."""
    L, n = contour.length, len(singles)
    out = []
    for i in range(n):
        a, b = singles[i], singles[(i + 1) % n]
        sa, sb = a[0], b[0] + (L if i == n - 1 else 0.0)
        key = (min(a[2], b[2]), max(a[2], b[2]))
        side = a[3] if a[3] == b[3] else -1
        span = min(sb - sa, L - (sb - sa))
        xs = [sa] + [s for s in contour.s[1:-1] if sa < s < sb] + \
             ([s + L for s in contour.s[1:-1] if sa < s + L < sb] if sb > L else [])
        for s in sorted(xs):
            u = 0.0 if sb <= sa else (s - sa) / (sb - sa)
            x, y = contour.at(s - L if s > L else s)
            out.append((x, y, a[1] + u * (b[1] - a[1]), key, side, span))
    return out


# ---------------------------------------------------------------- clipping (D4, D5)
def bounds(all_kfs, lo, hi):
    ts = [k[1] for k in all_kfs]
    tmin, tmax = min(ts), max(ts)
    return (None if lo <= tmin + EPS else lo), (None if hi >= tmax - EPS else hi)


def runs_of(points, lo, hi):
    """Maximal visible stretches of a closed timed polyline: [(pts, start, end)], where start
    and end are crossings (level, key, side), or None for a whole visible contour."""
    vis = lambda t: (lo is None or t >= lo - 1e-9) and (hi is None or t <= hi + 1e-9)
    n = len(points)
    seq = []  # (x, y, crossing or None, enters)
    for i in range(n):
        x0, y0, t0, key, side, span = points[i]
        x1, y1, t1 = points[(i + 1) % n][:3]
        seq.append((x0, y0, None, None))
        v0, v1 = vis(t0), vis(t1)
        if v0 == v1:
            continue
        c = hi if (hi is not None and (t0 > hi + 1e-9 or t1 > hi + 1e-9)) else lo
        u = min(1.0, max(0.0, (c - t0) / (t1 - t0)))
        seq.append((x0 + u * (x1 - x0), y0 + u * (y1 - y0), (round(c, 6), key, side, span), v1))
    crossings = [i for i, p in enumerate(seq) if p[2] is not None]
    if not crossings:
        return [([(p[0], p[1]) for p in seq], None, None)] if vis(points[0][2]) else []
    out, m = [], len(seq)
    for ci, c in enumerate(crossings):
        if not seq[c][3]:
            continue  # an exit: the stretch after it is hidden
        nxt = crossings[(ci + 1) % len(crossings)]
        span = [seq[(c + k) % m] for k in range(1, (nxt - c) % m)]
        out.append(([(seq[c][0], seq[c][1])] + [(p[0], p[1]) for p in span] + [(seq[nxt][0], seq[nxt][1])],
                    seq[c][2], seq[nxt][2]))
    return out


def direction(pts, forward):
    """Unit direction of the last (forward) or first (not forward) non-degenerate segment."""
    seq = pts[::-1] if forward else pts
    for a, b in zip(seq, seq[1:]):
        dx, dy = (a[0] - b[0], a[1] - b[1]) if forward else (b[0] - a[0], b[1] - a[1])
        n = math.hypot(dx, dy)
        if n > 1e-9:
            return dx / n, dy / n
    return None


def round_cap(run, partner, spans, steps=24):
    """D5: Apple's round cap: the tangent v into the hidden part; the chord from
    the stop E to the resumption N squared off across v (the point behind moves forward); a
    semicircle on it bulging along v. Returns the points to insert after E (ending at N's
    squared point; N itself starts the partner run) and the squared chord (E', N')."""
    E, N = run[-1], partner[0]
    a, b = direction(run, True), direction(partner, False)
    if a is None and b is None:
        return [], (E, N)
    # Apple: the stop's forward tangent when its keyframe interval is the longer, else the
    # resumption's backward one; both point into the hidden part.
    v = a if b is None or (a is not None and spans[0] > spans[1]) else (-b[0], -b[1])
    d = (N[0] - E[0]) * v[0] + (N[1] - E[1]) * v[1]
    E2, N2 = ((E[0] + v[0] * d, E[1] + v[1] * d), N) if d > 0 else (E, (N[0] - v[0] * d, N[1] - v[1] * d))
    c = ((E2[0] + N2[0]) / 2, (E2[1] + N2[1]) / 2)
    r = math.hypot(E2[0] - c[0], E2[1] - c[1])
    if r < 1e-9:
        return [E2, N2], (E2, N2)
    u = ((E2[0] - c[0]) / r, (E2[1] - c[1]) / r)
    arc = [(c[0] + r * (math.cos(f) * u[0] + math.sin(f) * v[0]), c[1] + r * (math.cos(f) * u[1] + math.sin(f) * v[1]))
           for f in (math.pi * k / steps for k in range(steps + 1))]
    return arc, (E2, N2)


def revealed_loops(contours, kfs, lo, hi):
    """D4/D5: closed loops (in the element's space) of what a shape shows over [lo, hi], and the
    cut records [(end crossing point, partner start point, end side)] for attachments."""
    lo_b, hi_b = bounds(kfs, lo, hi)
    if lo_b is None and hi_b is None:
        return [c.pts[:-1] for c in contours], []
    runs = []
    for j, c in enumerate(contours):
        singles = single_keyframes(kfs, j, c.length)
        if not singles:
            runs.append((c.pts[:-1], None, None))  # D6: no draw data on this subpath: it appears
            continue
        runs += runs_of(timed_points(c, singles), lo_b, hi_b)
    loops, cuts, used = [], [], set()
    for i, (pts, s, e) in enumerate(runs):
        if i in used:
            continue
        if s is None:
            loops.append(pts)
            used.add(i)
            continue
        loop, k = [], i
        while k not in used:
            used.add(k)
            pts_k, s_k, e_k = runs[k]
            loop += pts_k
            # D5: the partner starts at the same bound between the same two keyframes
            cands = [r for r in range(len(runs)) if runs[r][1] is not None and runs[r][1][:2] == e_k[:2]
                     and (r not in used or r == i)]
            if not cands:
                break
            end = pts_k[-1]
            r = min(cands, key=lambda r: math.hypot(runs[r][0][0][0] - end[0], runs[r][0][0][1] - end[1]))
            cap, chord = round_cap(pts_k, runs[r][0], (e_k[3], runs[r][1][3]))
            loop += cap
            cuts.append((chord[0], chord[1], e_k[2], e_k[0]))
            k = r
        loops.append(loop)
    return loops, cuts


# ---------------------------------------------------------------- attachments (D7, D8)
def parse_attachments(text):
    out = []
    for part in text.split(","):
        v = part.split()
        if not v:
            continue
        kind = int(float(v[0]))
        i = 1
        carrier = int(float(v[i])); i += 1
        if kind == 0:
            i += 2  # a b written out; not read (D8)
        i += 2  # L and e: not used by this reading
        entry = int(float(v[i])); i += 1
        out.append({"carrier": carrier, "entry": entry, "subpaths": [int(float(x)) for x in v[i:]]})
    return out


def attachment_store(doc, variant):
    node = doc.byid.get("%s-draw-attachment-data" % variant) if variant else None
    if node is None:
        return []
    v = (node.get("data-d") or "").split()
    if not v or float(v[0]) != 0 or (len(v) - 1) % 4:
        return []
    return [(float(v[i + 2]), float(v[i + 3])) for i in range(1, len(v), 4)]  # anchors (x, y)


def rest_cut(contours, kfs, ctm):
    """Root-space points of the carrier's last rib (largest t), p0 side first."""
    t, p0, p1 = max(((k[1], k[2], k[3]) for k in kfs), key=lambda k: k[0])
    pt = lambda p: apply(ctm, *contours[int(math.floor(p + 1e-9))].at((p - math.floor(p + 1e-9)) *
                                                                       contours[int(math.floor(p + 1e-9))].length))
    return pt(p0), pt(p1), t


def attachment_matrix(rest, cut, anchor):
    """D8: the rigid motion taking the rest cut onto the current cut, the anchor kept at its
    fraction along the cut. rest/cut: ((x0, y0), (x1, y1)) in root space, p0 side first."""
    (r0, r1), (c0, c1) = rest, cut
    rd, cd = (r1[0] - r0[0], r1[1] - r0[1]), (c1[0] - c0[0], c1[1] - c0[1])
    th = math.atan2(cd[1], cd[0]) - math.atan2(rd[1], rd[0])
    rr = rd[0] ** 2 + rd[1] ** 2
    lam = ((anchor[0] - r0[0]) * rd[0] + (anchor[1] - r0[1]) * rd[1]) / rr if rr > 0 else 0.5
    target = (c0[0] + lam * cd[0], c0[1] + lam * cd[1])
    cs, sn = math.cos(th), math.sin(th)
    rot = (cs, sn, -sn, cs, 0.0, 0.0)
    return mul((1, 0, 0, 1, target[0], target[1]), mul(rot, (1, 0, 0, 1, -anchor[0], -anchor[1])))


# ---------------------------------------------------------------- layers
def loops_markup(loops, ctm, rule):
    if not loops:
        return ""
    d = " ".join("M" + " L".join("%.6f %.6f" % apply(ctm, x, y) for x, y in lp) + " Z" for lp in loops if len(lp) > 2)
    return '<path d=%s fill="#000" fill-rule="%s" stroke="none"/>' % (quoteattr(d), rule)


class Shapes:
    """The variant's drawable shapes with their draw data, read once per job."""
    def __init__(self, doc, variant):
        self.doc = doc
        top = doc.byid.get(variant) if variant else doc.root
        self.order = [e for e in doc.drawables(top, skip_ids=("LayerTree", "Notes", "Guides"))]
        self.store = attachment_store(doc, variant)
        self.geo = {}

    def geometry(self, el):
        if el not in self.geo:
            if still.local(el.tag) != "path":
                raise ValueError("draw data on a <%s> is not read" % still.local(el.tag))
            subs = []
            for sd in still.split_subpaths(el.get("d", "")):
                subs.append(Contour(flatten(still.parse_path(sd))))
            self.geo[el] = (subs, element_ctm(self.doc, el))
        return self.geo[el]

    def keyframes(self, el):
        t = el.get("data-clipstroke-keyframes")
        return parse_keyframes(t) if t else None

    def attachments(self, el):
        t = still.parse_decls(el.get("style")).get("-sfsymbols-clipstroke-attachments") \
            or self.doc.prop_with_layer_rules(el, "-sfsymbols-clipstroke-attachments")
        return parse_attachments(t) if t else []


def shape_markup(shapes, el, lo, hi):
    doc = shapes.doc
    rule = "evenodd" if doc.inherited(el, "fill-rule", "nonzero").strip() == "evenodd" else "nonzero"
    full = lo <= EPS and hi >= 1 - EPS
    if hi <= lo:
        return ""
    atts = shapes.attachments(el)
    if atts and not full:
        a = atts[0]
        if a["carrier"] >= len(shapes.order) or a["entry"] >= len(shapes.store):
            raise ValueError("attachment names carrier %d / entry %d that the file lacks" % (a["carrier"], a["entry"]))
        carrier = shapes.order[a["carrier"]]
        ckfs = shapes.keyframes(carrier)
        subs, ctm = shapes.geometry(carrier)
        r0, r1, t_rest = rest_cut(subs, ckfs, ctm)
        loops, cuts = revealed_loops(subs, ckfs, lo, hi)
        # The cut at the Draw On's leading bound, p0 side first (D8); none: at rest.
        cut = next(((apply(ctm, *e), apply(ctm, *s)) if side != 1 else (apply(ctm, *s), apply(ctm, *e))
                    for e, s, side, level in cuts if abs(level - hi) < 1e-6 and hi < t_rest - EPS), None)
        body = still.piece_markup(doc, el, None)
        if cut is None:
            return body
        m = attachment_matrix((r0, r1), cut, shapes.store[a["entry"]])
        return '<g transform="matrix(%s)">%s</g>' % (" ".join("%.10g" % v for v in m), body)
    kfs = shapes.keyframes(el)
    if not kfs or full:
        return still.piece_markup(doc, el, None)
    subs, ctm = shapes.geometry(el)
    loops, _ = revealed_loops(subs, kfs, lo, hi)
    return loops_markup(loops, ctm, rule), still.piece_markup(doc, el, None)


def layer_coverage(shapes, groups, w, h, matrix, lo, hi):
    """Whole shapes in one rasterization; a cut shape's loops inside its outline (D4): the
    smaller of the two coverages, exact where the loops run along the outline, then united."""
    body, cut = "", []
    for act, pcs in groups:
        if act != "draw" or any(d is not None for _, d in pcs):
            raise ValueError("the draw reading covers the classic form, not LayerTree pieces")
        for el, _ in pcs:
            m = shape_markup(shapes, el, lo, hi)
            if isinstance(m, tuple):
                cut.append(m)
            else:
                body += m
    cov = still.rasterize(body, w, h, matrix) if body else np.zeros((h, w))
    for loops, outline in cut:
        a = np.minimum(still.rasterize(loops, w, h, matrix), still.rasterize(outline, w, h, matrix)) if loops else 0
        cov = cov + a - cov * a
    return cov


def render_job(job):
    w, h = int(job.get("width", 512)), int(job.get("height", 512))
    mode = job.get("mode", "monochrome")
    matrix = [float(v) for v in job.get("matrix", [1, 0, 0, 1, 0, 0])]
    primary = still.parse_color(job.get("primary") or "#000000") or "#000000"
    accent = still.parse_color(job.get("accent") or "#007AFF") or "#007AFF"
    lo, hi = (float(v) for v in job.get("draw", [0, 1]))
    doc = still.Doc(job["svg"])
    detect, items, visible = still.build_items(doc, job.get("variant"))
    layers = still.plan_layers(doc, mode, detect, items, visible, primary, accent)
    shapes = Shapes(doc, job.get("variant"))
    canvas = np.zeros((h, w, 4))  # premultiplied RGBA, as the still reading composites
    for L in layers:
        cov = layer_coverage(shapes, L["groups"], w, h, matrix, lo, hi)
        if L["clearBehind"]:
            canvas *= (1 - cov)[:, :, None]
        a = cov * L["opacity"]
        src = np.concatenate([still.rgb01(L["color"])[None, None, :] * a[:, :, None], a[:, :, None]], axis=2)
        canvas = src + canvas * (1 - a)[:, :, None]
    alpha = canvas[:, :, 3]
    rgb = np.where(alpha[:, :, None] > 0, canvas[:, :, :3] / np.maximum(alpha, 1e-12)[:, :, None], 0)
    out = np.concatenate([rgb, alpha[:, :, None]], axis=2)
    Image.fromarray(np.clip(np.round(out * 255), 0, 255).astype(np.uint8), "RGBA").save(job["out"])
    return {"out": job["out"], "draw": [lo, hi], "layers": len(layers)}


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "--jobs":
        sys.stderr.write("usage: draw_reading.py --jobs JOBS.json\n")
        return 2
    with open(args[1]) as f:
        jobs = json.load(f)
    failed = False
    for job in jobs:
        try:
            print(json.dumps(render_job(job)), flush=True)
        except Exception as e:  # one bad job does not stop the others
            failed = True
            sys.stderr.write("%s: %s\n" % (job.get("svg"), e))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
