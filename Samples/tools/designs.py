"""Original sample symbol designs. Each builder takes d (half the stroke weight) and returns parts.

Design coordinates: x roughly centred on 0, y = 0 on the baseline, y negative upward, cap height
70.459. The template writer moves each master so its left margin is at x = 0.
"""
import math

from geo import (TAU, add, arc_cubics, belt, circle_contour, mul, polar, polyline, rotate,
                 rounded_polygon)
from parts import (arc_prim, belt_ring, circle_intersections, disc, part, ring, ring_ribs,
                   scale_prims, stroke, stroke_ribs)

Y0 = -35.0          # vertical centre of most symbols
CIRCLE_R = 39.0     # centre-line radius of the enclosing circles (outer edge ~ +8 ... -78 at Regular)


def _stroke_part(prims, d, draws=False, **kw):
    return part(stroke(prims, d), stroke_ribs(prims, d, **kw) if draws else None)


# ---------------------------------------------------------------- checkmark family

CHECK = [(-28.0, -35.0), (-9.0, -12.0), (30.0, -63.0)]


def check_prims(k=1.0, to=None):
    prims = polyline(CHECK)
    if k == 1.0 and to is None:
        return prims
    return scale_prims(prims, k, (1.0, -37.5), to)


def checkmark(d):
    return [_stroke_part(check_prims(), d, draws=True)]


def circle(d):
    return [part(ring((0.0, Y0), CIRCLE_R, d))]


def checkmark_circle(d):
    check = check_prims(0.58, (0.5, Y0 - 0.5))
    return [part(ring((0.0, Y0), CIRCLE_R, d)), _stroke_part(check, d, draws=True)]


def checkmark_circle_fill(d):
    check = check_prims(0.58, (0.5, Y0 - 0.5))
    return [part(disc((0.0, Y0), CIRCLE_R + d)), _stroke_part(check, d, draws=True)]


def arrow_down_circle(d):
    tip = (0.0, -16.0)
    shaft = polyline([(0.0, -56.0), tip])
    head = polyline([(-14.0, -30.0), tip, (14.0, -30.0)])
    arrow = stroke(shaft, d) + stroke(head, d)
    return [part(ring((0.0, Y0), CIRCLE_R, d)), part(arrow)]


# ---------------------------------------------------------------- lines that draw

def wave_prims():
    """Four circular arcs, alternately humps and troughs, tangent at the mid line (sine-like)."""
    r, half = 11.0, math.radians(62.0)
    w = 2 * r * math.sin(half)
    x0 = -2 * w
    prims = []
    for k in range(4):
        cx = x0 + w * k + w / 2
        if k % 2 == 0:
            c = (cx, Y0 + r * math.cos(half))
            prims.append(('arc', c, r, -math.pi / 2 - half, -math.pi / 2 + half))
        else:
            c = (cx, Y0 - r * math.cos(half))
            prims.append(('arc', c, r, math.pi / 2 + half, math.pi / 2 - half))
    return prims


def wave(d):
    return [_stroke_part(wave_prims(), d, draws=True, bidirectional=True)]


def ring_symbol(d):
    c, r = (0.0, Y0), 32.0
    return [part(ring(c, r, d), ring_ribs(c, r, d))]


def progress_ring(d):
    c = (0.0, Y0)
    return [part(ring(c, CIRCLE_R, 0.45 * d)), part(ring(c, CIRCLE_R, d), ring_ribs(c, CIRCLE_R, d))]


# ---------------------------------------------------------------- arcs with variable colour

def wifi_arcs(d):
    o = (0.0, -10.0)
    parts = [part(disc(o, 4.5 + d))]
    for r in (22.0, 40.0, 58.0):
        parts.append(part(stroke([arc_prim(o, r, -90 - 46, -90 + 46)], d)))
    return parts


def speaker_body(d):
    pts = [(-46.0, -44.0), (-35.0, -44.0), (-18.0, -61.0), (-18.0, -9.0), (-35.0, -26.0), (-46.0, -26.0)]
    radii = [1.5, 8.0, 2.0, 2.0, 8.0, 1.5]
    return [belt(rounded_polygon(pts, radii), d)]


def speaker_waves(d):
    c = (-12.0, Y0)
    parts = [part(speaker_body(d))]
    spacing = 9.0 + 1.2 * d
    for k in range(3):
        r = 14.0 + 0.5 * d + spacing * k
        parts.append(part(stroke([arc_prim(c, r, -40, 40)], d)))
    return parts


# ---------------------------------------------------------------- fan

def _blade(d, centre, angle):
    base, tip = (0.0, 0.0), (6.0, -29.0)
    left, right = (-10.0 - 0.6 * d, -21.0), (12.0 + 0.6 * d, -8.0)
    pts = [base, left, tip, right]
    pts = [add(centre, rotate(p, angle)) for p in pts]
    return [('Q', pts[0], pts[1], pts[2]), ('Q', pts[2], pts[3], pts[0])]


def fan(d):
    hub = (0.0, -44.0)
    post = stroke(polyline([(0.0, -40.0), (0.0, -7.0)]), d)
    foot = stroke(polyline([(-19.0, -7.0), (19.0, -7.0)]), d)
    blades = [circle_contour(hub, 5.0 + d)]
    for k in range(4):
        blades.append(_blade(d, hub, math.radians(45 + 90 * k)))
    return [part(post + foot), part(blades)]


# ---------------------------------------------------------------- bell family

BELL_POLY = [(-20.0, -64.0), (20.0, -64.0), (27.0, -30.0), (40.0, -17.0), (-40.0, -17.0), (-27.0, -30.0)]
BELL_RADII = [19.0, 19.0, 12.0, 8.0, 8.0, 12.0]
SLASH = [(-35.0, -70.0), (37.0, 2.0)]


def bell_body(d):
    body = belt_ring(rounded_polygon(BELL_POLY, BELL_RADII), d)
    knob = stroke(polyline([(0.0, -64.0), (0.0, -70.0)]), d)
    return body + knob


def bell_clapper(d):
    top = -17.0 + d + 2.5 + 0.25 * d
    rc = 7.0 + 0.75 * d
    c = (0.0, top)
    segs = [('L', (-rc, top), (rc, top))] + arc_cubics(c, rc, 0.0, math.pi, 2)
    return [segs]


def bell(d):
    return [part(bell_body(d)), part(bell_clapper(d))]


def bell_slash(d):
    slash = polyline(SLASH)
    gap = d + 3.0 + 0.2 * d
    return [part(bell_body(d)), part(bell_clapper(d)),
            part(stroke(slash, gap), stroke_ribs(slash, gap)),
            part(stroke(slash, d), stroke_ribs(slash, d))]


# ---------------------------------------------------------------- star, heart, cloud, sun

def star_circles():
    c, ro, ri = (0.0, -36.0), 45.0, 22.0
    pts, radii = [], []
    for k in range(5):
        pts.append(polar(c, ro, math.radians(-90 + 72 * k)))
        pts.append(polar(c, ri, math.radians(-90 + 36 + 72 * k)))
        radii += [8.0, 8.0]
    return rounded_polygon(pts, radii)


def star(d):
    return [part(belt_ring(star_circles(), d))]


def star_fill(d):
    return [part([belt(star_circles(), d)])]


def heart_circles():
    lobe_r, tip_r, notch_r = 18.0, 8.0, 8.0
    left, right = (-17.0, -50.0), (17.0, -50.0)
    dy = math.sqrt((lobe_r + notch_r) ** 2 - 17.0 ** 2)
    notch = (0.0, -50.0 - dy)
    tip = (0.0, -12.0)
    return [(notch, notch_r, -1), (right, lobe_r, 1), (tip, tip_r, 1), (left, lobe_r, 1)]


def heart_pulse(d):
    heart = belt_ring(heart_circles(), d)
    # The pulse shrinks with the weight so it keeps clear of the heart's inner edge (>= 2.8 units).
    span, base = 27.0 - 1.6 * d, -44.5 + 0.2 * d
    up, down, sx = 13.0 - 1.4 * d, 10.0 - 0.4 * d, 1.0 - 0.02 * d
    pulse = polyline([(-span, base), (-10.0 * sx, base), (-4.0 * sx, base - up), (3.5 * sx, base + down),
                      (9.5 * sx, base), (span, base)])
    return [part(heart), part(stroke(pulse, 0.7 * d))]


CLOUD_LEFT, CLOUD_TOP, CLOUD_RIGHT = ((-8.0, -17.0), 12.0), ((14.0, -33.0), 19.0), ((32.0, -20.0), 15.0)


def _fillet_between(a, b, f):
    """Concave fillet circle of radius f touching circles a and b from outside (above them)."""
    (ca, ra), (cb, rb) = a, b
    p, q = circle_intersections(ca, ra + f, cb, rb + f)
    return (p if p[1] < q[1] else q), f, -1


def cloud_circles():
    l, t, r = CLOUD_LEFT, CLOUD_TOP, CLOUD_RIGHT
    return [(l[0], l[1], 1), _fillet_between(l, t, 7.5), (t[0], t[1], 1), _fillet_between(t, r, 7.5),
            (r[0], r[1], 1)]


def _sun(d):
    """Sun disc minus the cloud's top bump grown by a gap: a crescent bounded by two arcs."""
    tc, tr = CLOUD_TOP
    sc = add(tc, mul((math.cos(math.radians(-148)), math.sin(math.radians(-148))), 28.0))
    rs = 8.0 + 0.4 * d
    cut = tr + d + 2.5 + 0.2 * d
    x1, x2 = circle_intersections(sc, rs, tc, cut)

    def ang(c, p):
        return math.atan2(p[1] - c[1], p[0] - c[0])

    # The visible sun arc runs clockwise from one crossing to the other, round the far side.
    far = ang(tc, sc)
    a_start, a_end = ang(sc, x1), ang(sc, x2)
    sweep = (a_end - a_start) % TAU
    mid = a_start + sweep / 2
    if abs(((mid - far + math.pi) % TAU) - math.pi) > math.pi / 2:
        x1, x2 = x2, x1
        a_start, a_end = a_end, a_start
        sweep = (a_end - a_start) % TAU
    b0, b1 = ang(tc, x2), ang(tc, x1)
    back = ((b1 - b0 + math.pi) % TAU) - math.pi       # the short way back along the cut circle
    assert sweep / 4 < math.radians(95) and abs(back) / 2 < math.radians(95)
    segs = arc_cubics(sc, rs, a_start, sweep, 4) + arc_cubics(tc, cut, b0, back, 2)
    return sc, rs, [segs]


def _sparkle(c, r):
    k = 0.16 * r
    tips = [polar(c, r, math.radians(a)) for a in (-90, 0, 90, 180)]
    ctrls = [polar(c, k, math.radians(a)) for a in (-45, 45, 135, 225)]
    return [[('Q', tips[i], ctrls[i], tips[(i + 1) % 4]) for i in range(4)]]


def cloud_sun(d):
    sc, rs, sun = _sun(d)
    rays = []
    r1 = rs + 3.0 + d
    for a in (150, 195, 240, 285):
        ang = math.radians(a)
        rays += stroke(polyline([polar(sc, r1, ang), polar(sc, r1 + 4.0, ang)]), 0.9 * d)
    cloud = belt_ring(cloud_circles(), d)
    sparkle = _sparkle(CLOUD_TOP[0], 4.5 + 0.45 * d)
    return [part(sun), part(rays), part(cloud), part(sparkle)]


# ---------------------------------------------------------------- stack, thermometer

def stack(d):
    sp = 2 * d + 7.0 - 0.3 * d
    yf = -72.0 - 0.8 * d + 2 * sp + d
    card = belt_ring(rounded_polygon([(-36.0, yf), (36.0, yf), (36.0, -6.0), (-36.0, -6.0)], [9.0] * 4), d)
    bar1 = stroke(polyline([(-27.0, yf - sp), (27.0, yf - sp)]), d)
    bar2 = stroke(polyline([(-18.0, yf - 2 * sp), (18.0, yf - 2 * sp)]), d)
    return [part(card), part(bar1), part(bar2)]


THERMO_A, THERMO_BULB, THERMO_FILLET = 15.0, ((0.0, -20.0), 21.0), 9.0


def _thermo_circles(cap_y, half_width, bulb_r, fillet_r):
    """Tube or mercury silhouette: cap, fillet, bulb, fillet (clockwise), all tangent."""
    bc = THERMO_BULB[0]
    fx = half_width + fillet_r
    fy = bc[1] - math.sqrt((bulb_r + fillet_r) ** 2 - fx ** 2)
    return [((0.0, cap_y), half_width, 1), ((fx, fy), fillet_r, -1), (bc, bulb_r, 1), ((-fx, fy), fillet_r, -1)]


def thermometer(d):
    tube = belt_ring(_thermo_circles(-57.0, THERMO_A, THERMO_BULB[1], THERMO_FILLET), d)
    x0 = THERMO_A + 2 * d + 3.0
    for y in (-61.0, -61.0 + 2 * d + 6.0):
        tube += stroke(polyline([(x0, y), (x0 + 8.0, y)]), d)
    top = -47.0
    mercury = [belt(_thermo_circles(top, 8.0 - 0.5 * d, THERMO_BULB[1] - d - 3.0 - 0.2 * d, 6.0), 0.0)]
    return [part(tube), part(mercury, _column_ribs(mercury[0], THERMO_BULB[0][1], top))]


def _column_ribs(contour, y_bottom, y_top):
    from geo import horizontal_cut
    n = max(1, round((y_bottom - y_top) / 10.0))
    ribs = []
    for i in range(n + 1):
        y = y_bottom + (y_top - y_bottom) * i / n
        left, right = horizontal_cut(contour, y)
        ribs.append((8 if i == 0 else 0, i / n, (0, left), (0, right)))
    return ribs
