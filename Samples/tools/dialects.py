"""Dialect fixtures: our own designs written the way other producers of SF Symbols custom-symbol files write them.

Every file is generated here from our own geometry (designs.py outlines or circles, rectangles, rounded
rectangles, arcs and stroked lines built below); nothing is taken from Apple's templates or any icon set.
The files feed Tests/Fixtures/Dialects/, where a reference renderer and our SVG reader are compared.

Glyph coordinates: x from the left margin (0) rightwards, y from the baseline (0), negative upward; the
guide box is 0 ... advance by -70.459 ... 0. A Regular-M variant sits at column x 1410, baseline y 1126
and is drawn at design size (the S variant of a three-size file is x 0.783, L x 1.29).
"""
import json
import math
import re
from types import SimpleNamespace

import designs as D
from geo import arc_cubics, belt, circle_contour, polyline, reverse_contour, rounded_polygon, stroke_outline
from minify import num, relative_d
from parts import arc_prim
from svgwriter import GUIDE_STYLE, MARGIN_STYLE, WIREFRAME_RULE, guide_lines, layer_tree_lines, notes
from template import BASELINE, CAP_HEIGHT, COLUMN, MARGIN_SPAN, fmt, make_master, path_d

OUT = 'Tests/Fixtures/Dialects'
CY = -CAP_HEIGHT / 2
REG_D = 4.0                       # Regular half stroke weight
MODES = ('monochrome', 'hierarchical', 'multicolor')
XML = '<?xml version="1.0" encoding="UTF-8"?>\n'
APPLE_DOCTYPE = ('<!DOCTYPE svg\nPUBLIC "-//W3C//DTD SVG 1.1//EN"\n'
                 '       "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n')
NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


# ---------------------------------------------------------------- shapes (contours in glyph coordinates)

def rect(x0, y0, x1, y1, cw=True):
    pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if not cw:
        pts.reverse()
    return [('L', pts[i], pts[(i + 1) % 4]) for i in range(4)]


def rrect(x0, y0, x1, y1, r, cw=True):
    segs = belt(rounded_polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], [r] * 4))
    return segs if cw else reverse_contour(segs)


def pill(x0, y0, x1, y1):
    r, cy = (y1 - y0) / 2, (y0 + y1) / 2
    return ([('L', (x0 + r, y0), (x1 - r, y0))] + arc_cubics((x1 - r, cy), r, -math.pi / 2, math.pi, 2)
            + [('L', (x1 - r, y1), (x0 + r, y1))] + arc_cubics((x0 + r, cy), r, math.pi / 2, math.pi, 2))


def circ(c, r, cw=True):
    return circle_contour(c, r, clockwise=cw)


def ring(c, ro, ri):
    return [circ(c, ro), circ(c, ri, cw=False)]


def line(points, d):
    return stroke_outline(polyline(points), d)


def lens(c, w, h, cw=True):
    """An eye-shaped lens (two circular arcs) of half width w and half height h, clockwise from the left corner."""
    R = (w * w + h * h) / (2 * h)
    up, down = (c[0], c[1] + R - h), (c[0], c[1] - R + h)
    a = math.atan2(R - h, w)
    segs = (arc_cubics(up, R, -math.pi + a, math.pi - 2 * a) + arc_cubics(down, R, a, math.pi - 2 * a))
    return segs if cw else reverse_contour(segs)


def scale_contours(contours, k):
    return [[(s[0],) + tuple((q[0] * k, q[1] * k) for q in s[1:]) for s in segs] for segs in contours]


def move_contours(contours, dx, dy, kx=1.0, ky=1.0):
    return [[(s[0],) + tuple((q[0] * kx + dx, q[1] * ky + dy) for q in s[1:]) for s in segs] for segs in contours]


def regular(build):
    """The Regular master of one of our designs: ([contours per part], advance)."""
    m = make_master(build, REG_D)
    return [p['path'] for p in m['parts']], m['advance']


def h_reference():
    """Our own H-shaped reference glyph (cap height tall), three abutting rectangles."""
    return [rect(0, -CAP_HEIGHT, 9, 0), rect(9, -39, 39, -30), rect(39, -CAP_HEIGHT, 48, 0)]


# ---------------------------------------------------------------- elements and classes

def E(contours, cls=None, **kw):
    """One element of a variant: a <path> (or a placeholder <rect> when rect=(x, y, w, h))."""
    return dict(c=contours, cls=cls, **kw)


def C(m=None, h=None, c=None, wire=True):
    """Apple-ordered class list: monochrome, multicolor, hierarchical, preview wireframe."""
    out = []
    if m is not None:
        out.append(f"monochrome-{m}")
    if c is not None:
        out.append(f"multicolor-{c[0]}:{c[1]}")
    if h is not None:
        out.append(f"hierarchical-{h[0]}:{h[1]}")
    if wire:
        out.append('SFSymbolsPreviewWireframe')
    return ' '.join(out)


def variant(vid, els, adv, k=1.0):
    size = vid.split('-')[1]
    if k != 1.0:
        els = [dict(e, c=scale_contours(e['c'], k)) if e.get('c') else e for e in els]
    return dict(id=vid, x=COLUMN[vid.split('-')[0]], y=BASELINE[size], els=els, adv=adv * k)


def guides(variants, indent='  '):
    return guide_lines([(v['id'], v['x'], v['y'], {'advance': v['adv']}) for v in variants], indent)


def rules_text(rules, indent=' '):
    return f'{indent}<style>' + '\n'.join(rules) + f'\n{indent}</style>\n'


def el_lines(els, indent, attrs=lambda e, n: '', d=path_d, dx=0.0, dy=0.0, close='/>'):
    """<path>/<rect> lines; consecutive elements sharing a 'wrap' attribute string sit in one <g wrap>."""
    out, open_wrap = [], None
    for n, e in enumerate(els):
        wrap = e.get('wrap')
        if wrap != open_wrap:
            if open_wrap:
                out.append(f'{indent}</g>\n')
            if wrap:
                out.append(f'{indent}<g {wrap}>\n')
            open_wrap = wrap
        pad = indent + (' ' if wrap else '')
        cls = f' class="{e["cls"]}"' if e.get('cls') else ''
        extra = attrs(e, n) + (f' {e["attrs"]}' if e.get('attrs') else '')
        if e.get('rect'):
            x, y, w, h = e['rect']
            out.append(f'{pad}<rect{cls} x="{fmt(x + dx)}" y="{fmt(y + dy)}" width="{fmt(w)}" height="{fmt(h)}"'
                       f'{extra}{close}\n')
        else:
            contours = move_contours(e['c'], dx, dy) if (dx or dy) else e['c']
            out.append(f'{pad}<path{cls} d="{d(contours)}"{extra}{close}\n')
    if open_wrap:
        out.append(f'{indent}</g>\n')
    return out


def H_groups(rows, indent='  '):
    """The H-reference guide glyph, repeated per row with the same id (as Apple exports repeat it)."""
    return [f'{indent}<g id="H-reference" style="fill:#27AAE1;stroke:none;" '
            f'transform="matrix(1 0 0 1 339 {fmt(BASELINE[r])})">\n{indent} <path d="{path_d(h_reference())}"/>\n'
            f'{indent}</g>\n' for r in rows]


# ---------------------------------------------------------------- Apple SF Symbols exports

APPLE_WRITER = {2: '12.0.0', 3: '24.0.0', 4: '61.0.0', 5: '91.0.0', 6: '116.0.0', 7: '138.0.0'}


def apple(name, comment, version, variants, rules, root='size', href=False, layertree=None, bare_tree=False):
    rows = sorted({v['id'].split('-')[1] for v in variants}, key='SML'.index)
    weights = [w for w in ('Ultralight', 'Regular', 'Black') if any(v['id'].startswith(w) for v in variants)]
    size = 'width="3300" height="2200"' if root == 'size' else 'viewBox="0 0 3300 2200"'
    out = [XML, f'<!--{comment}-->\n', '<!--Generator: Apple Native CoreSVG 341-->\n', APPLE_DOCTYPE,
           f'<svg version="1.1" {NS} {size}>\n',
           f' <!--glyph: "", point size: 100.0, font version: "19.0d1e2", template writer version: '
           f'"{APPLE_WRITER[version]}"-->\n']
    if rules:
        out.append(rules_text(rules))
    out.append(notes(SimpleNamespace(name=name), f'{version}.0', ('S', 'M', 'L'), tuple(weights)))
    out.append(' <g id="Guides">\n')
    if href:
        out += H_groups(('S', 'M', 'L'))
    out += guides(variants)
    out.append(' </g>\n <g id="Symbols">\n')
    for v in variants:
        out.append(f'  <g id="{v["id"]}" transform="matrix(1 0 0 1 {fmt(v["x"])} {fmt(v["y"])})">\n')
        out += el_lines(v['els'], '   ')
        out.append('  </g>\n')
    out.append(' </g>\n')
    if layertree:
        out += layer_tree_lines(layertree, bare=bare_tree)
    out.append('</svg>\n')
    return ''.join(out)


def masters3(build):
    """Ultralight-S, Regular-S, Black-S variants of one of our designs (its real masters)."""
    out = []
    for w, d in (('Ultralight', 1.25), ('Regular', 4.0), ('Black', 7.0)):
        m = make_master(build, d)
        out.append((w, [p['path'] for p in m['parts']], m['advance']))
    return out


# ---------------------------------------------------------------- the designs used by the Apple fixtures

def badge_wide():
    (body, clapper), adv = regular(D.bell)
    bc = (adv + 9.0, -60.0)
    els = [E(body, C(0, (0, 'primary'), (0, 'systemGrayColor'))),
           E(clapper, C(0, (0, 'primary'), (0, 'systemGrayColor'))),
           E([circ(bc, 20.0)], C(1, (1, 'primary'), (1, 'systemYellowColor'))),
           E([circ(bc, 14.5)], C(2, (2, 'primary'), (2, 'systemRedColor')))]
    rules = ['.monochrome-1 {opacity:0.0; -sfsymbols-clear-behind:true}',
             '.multicolor-1:systemYellowColor {-sfsymbols-clear-behind:true}',
             '.hierarchical-1:primary {opacity:0.0; -sfsymbols-clear-behind:true}', WIREFRAME_RULE]
    return els, adv, rules


def cap_above():
    adv = 100.0
    tray = line([(12.0, -34.0), (12.0, -8.0), (88.0, -8.0), (88.0, -34.0)], REG_D)
    shaft = line([(50.0, -22.0), (50.0, -94.0)], REG_D)
    head = line([(31.0, -75.0), (50.0, -94.0), (69.0, -75.0)], REG_D)
    els = [E([tray], C(0, (0, 'secondary'), (0, 'systemGrayColor'))),
           E([shaft, head], C(1, (1, 'primary'), (1, 'systemBlueColor')))]
    return els, adv, [WIREFRAME_RULE]


def index_order():
    adv, r = 100.0, 23.0
    red, green, blue = (33.0, -26.0), (67.0, -26.0), (50.0, -50.0)
    els = [E([circ(blue, r)], C(2, (2, 'primary'), (2, 'systemBlueColor'))),
           E([circ(red, r)], C(0, (0, 'tertiary'), (0, 'systemRedColor'))),
           E([circ(green, r)], C(1, (1, 'secondary'), (1, 'systemGreenColor')))]
    rules = ['.monochrome-0 {-sfsymbols-motion-group:0}', '.monochrome-1 {-sfsymbols-motion-group:1}',
             '.monochrome-2 {-sfsymbols-motion-group:2}', WIREFRAME_RULE]
    return els, adv, rules


def mode_rule_scope():
    adv, c = 92.0, (46.0, CY)
    els = [E(ring(c, 36.0, 28.0), C(0, (0, 'secondary'), (0, 'systemGrayColor'))),
           E([circ(c, 17.0)], C(1, (1, 'primary'), (1, 'systemBlueColor'))),
           E([line([(18.0, -63.0), (74.0, -7.0)], 6.0)], C(2, (2, 'primary'), (2, 'systemRedColor')))]
    rules = ['.monochrome-2 {opacity:0.0; -sfsymbols-clear-behind:true}', WIREFRAME_RULE]
    return els, adv, rules


def visible_clear_behind():
    adv = 96.0
    els = [E([rrect(6.0, -70.0, 66.0, -10.0, 12.0)], C(0, (0, 'secondary'), (0, 'systemBlueColor'))),
           E([circ((66.0, -16.0), 22.0)], C(1, (1, 'primary'), (1, 'systemGreenColor')))]
    rules = ['.multicolor-1:systemGreenColor {opacity:0.6; -sfsymbols-clear-behind:true}',
             '.hierarchical-1:primary {opacity:0.5; -sfsymbols-clear-behind:true}', WIREFRAME_RULE]
    return els, adv, rules


def eraser_disc(kind):
    adv, c = 84.0, (42.0, CY)
    disc = E([circ(c, 36.0)], C(0, (0, 'secondary'), (0, 'systemIndigoColor' if kind == 'eye' else 'systemOrangeColor')))
    if kind == 'eye':
        mark = [lens(c, 25.0, 15.0), lens(c, 19.0, 10.0, cw=False), circ(c, 5.5)]
    else:
        mark = [line([(42.0, -58.0), (42.0, -29.0)], 5.0), circ((42.0, -15.0), 5.5)]
    els = [disc, E(mark, C(1, (1, 'primary'), (1, 'white')))]
    rules = ['.monochrome-1 {opacity:0.0; -sfsymbols-clear-behind:true}', '.multicolor-1:white {fill:#FFFFFF}',
             '.hierarchical-1:primary {opacity:0.0; -sfsymbols-clear-behind:true}', WIREFRAME_RULE]
    return els, adv, rules


def evenodd_group():
    adv, c = 92.0, (46.0, CY)
    plus = [rect(21.0, c[1] - 5.0, 71.0, c[1] + 5.0), rect(41.0, c[1] - 25.0, 51.0, c[1] + 25.0)]
    els = [E([circ(c, 36.0), circ(c, 30.0)], C(0, (0, 'secondary'), (0, 'systemTealColor')), wrap='fill-rule="evenodd"'),
           E(plus, C(1, (1, 'primary'), (1, 'systemBlueColor')))]
    return els, adv, [WIREFRAME_RULE]


def unannotated_leftover():
    (star,), adv = regular(D.star_fill)
    els = [E(star, C(0, (0, 'primary'), (0, 'systemYellowColor'))),
           E([circ((adv - 4.0, 8.0), 5.0)], None)]
    return els, adv, ['.monochrome-0 {-sfsymbols-layer-tags:star}', WIREFRAME_RULE]


def multicolor_background():
    (check,), adv = regular(D.checkmark)
    bg = rrect(1.0, -76.0, adv - 1.0, 4.0, 16.0)
    els = [E([bg], C(c=(0, 'systemBlueColor'))),
           E(check, C(0, (0, 'primary'), (1, 'white')))]
    return els, adv, ['.multicolor-1:white {fill:#FFFFFF}', WIREFRAME_RULE]


def toggle():
    adv = 108.0
    els = [E([pill(6.0, -54.0, 102.0, -16.0)], C(0, (0, 'secondary'), (0, 'systemGreenColor'))),
           E([circ((83.0, -35.0), 15.0)], C(1, (1, 'tertiary'), (1, 'knobWhite')))]
    rules = ['.monochrome-1 {opacity:0.4; -sfsymbols-clear-behind:true}',
             '.multicolor-1:knobWhite {fill:#FFFFFF; -sfsymbols-clear-behind:true}',
             '.hierarchical-1:tertiary {-sfsymbols-clear-behind:true}', WIREFRAME_RULE]
    return els, adv, rules


def git_branch():
    adv, ro, ri, d = 86.0, 9.5, 5.0, 3.5
    top, bottom, side = (26.0, -60.0), (26.0, -12.0), (64.0, -60.0)
    nodes = ring(top, ro, ri) + ring(bottom, ro, ri) + ring(side, ro, ri)
    branch = line([(64.0, -60.0 + ro + d), (64.0, -44.0), (29.0, -30.0)], d)
    trunk = line([(26.0, -60.0 + ro + d), (26.0, -12.0 - ro - d)], d)
    els = [E(nodes + [branch], C(0, (0, 'primary'), (0, 'systemOrangeColor'))),
           E([trunk], C(1, (1, 'secondary'), (1, 'systemGrayColor')))]
    rules = ['.monochrome-1 {-sfsymbols-layer-tags:trunk}', '.hierarchical-1:secondary {-sfsymbols-layer-tags:trunk}',
             WIREFRAME_RULE]
    return els, adv, rules


def hierarchical_only():
    adv = 90.0
    page = [rrect(8.0, -72.0, 66.0, -2.0, 9.0), rrect(16.0, -64.0, 58.0, -10.0, 4.0, cw=False)]
    lines = [line([(24.0, -52.0), (50.0, -52.0)], 3.0), line([(24.0, -40.0), (44.0, -40.0)], 3.0)]
    els = [E(page, C(h=(0, 'secondary'))), E(lines, C(h=(1, 'tertiary'))),
           E([circ((66.0, -18.0), 17.0)], C(h=(2, 'primary')))]
    rules = ['.hierarchical-2:primary {-sfsymbols-clear-behind:true}', WIREFRAME_RULE]
    return els, adv, rules


def _area(segs):
    """Twice the signed area of a contour's end points (enough to tell its winding)."""
    pts = [q[-1] for q in segs]
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(pts, pts[1:] + pts[:1]))


def _against(segs, container):
    """`segs` wound the other way round from `container`, so filled together it is a hole."""
    return reverse_contour(segs) if (_area(segs) > 0) == (_area(container) > 0) else segs


def knockout_square():
    """A logo knocked out of a filled rounded square (the logo.*.square.fill form of SF Symbols 3):
    the square is layer 0, secondary and blue; the logo, a bolt of our own wound against the
    square, is layer 1, primary and white. No monochrome class: filled as one path, the bolt is
    a hole in the square."""
    adv = 90.0
    square = rrect(4.0, -78.0, 86.0, 4.0, 18.0)
    bolt = [('L', (50.0, -68.0), (26.0, -32.0)), ('L', (26.0, -32.0), (43.0, -32.0)), ('L', (43.0, -32.0), (36.0, -6.0)),
            ('L', (36.0, -6.0), (64.0, -44.0)), ('L', (64.0, -44.0), (47.0, -44.0)), ('L', (47.0, -44.0), (56.0, -68.0)),
            ('L', (56.0, -68.0), (50.0, -68.0))]
    els = [E([square], C(h=(0, 'secondary'), c=(0, 'systemBlueColor'))),
           E([_against(bolt, square)], C(h=(1, 'primary'), c=(1, 'white')))]
    return els, adv, ['.SFSymbolsPreview007AFF {fill:#007AFF;opacity:1.0}', WIREFRAME_RULE]


def knockout_dial():
    """A dial knocked out of a filled disc (the vault.fill form): a ring wound against the disc
    (a hole round a solid hub), and a slot across the hub wound against it too. Hierarchical classes only, no
    multicolor and no monochrome: monochrome and multicolor fill every path as one."""
    adv = 92.0
    c = (46.0, CY)
    disc = circ(c, 40.0)
    outer, inner = _against(circ(c, 22.0), disc), circ(c, 15.0)
    inner = inner if (_area(inner) > 0) == (_area(disc) > 0) else reverse_contour(inner)
    bar = _against(rect(43.0, CY - 10.0, 49.0, CY + 10.0), disc)
    els = [E([disc], C(h=(0, 'secondary'))), E([outer, inner, bar], C(h=(1, 'primary')))]
    return els, adv, [WIREFRAME_RULE]


def clear_behind_class():
    """SF Symbols 3's clear-behind as a class on the path: a bar (layer 0, primary, red) runs
    under a ring (layer 1, secondary, tint, `clearBehindLayer`), which clears the bar where it
    covers it in hierarchical and multicolor; monochrome is the whole glyph."""
    adv = 90.0
    c = (45.0, CY)
    bar = rect(10.0, CY - 4.0, 80.0, CY + 4.0)
    ring_ = [circ(c, 30.0), reverse_contour(circ(c, 22.0))]
    els = [E([bar], C(h=(0, 'primary'), c=(0, 'systemRedColor'))),
           E(ring_, C(h=(1, 'secondary'), c=(1, 'tintColor')).replace(' SFSymbolsPreviewWireframe', ' clearBehindLayer SFSymbolsPreviewWireframe'))]
    return els, adv, [WIREFRAME_RULE]


def multicolor_only():
    (sun, rays, cloud, sparkle), adv = regular(D.cloud_sun)
    els = [E(sun, C(c=(0, 'systemYellowColor'))), E(rays, C(c=(1, 'systemOrangeColor'))),
           E(cloud, C(c=(2, 'cloudGray'))), E(sparkle, C(c=(3, 'tintColor')))]
    return els, adv, ['.multicolor-2:cloudGray {fill:#D1D6E0}', WIREFRAME_RULE]


def no_multicolor():
    (heart, pulse), adv = regular(D.heart_pulse)
    els = [E(heart, C(0, (0, 'primary'))), E(pulse, C(1, (1, 'secondary')))]
    return els, adv, ['.monochrome-1 {-sfsymbols-always-pulses:true}',
                      '.hierarchical-1:secondary {-sfsymbols-always-pulses:true}', WIREFRAME_RULE]


def layertree_frame():
    """One path of 5 subpaths: frame outer/inner (layer 0), disc, bar (erased), dot (layer 1)."""
    adv, c = 92.0, (46.0, CY)
    path = [rrect(4.0, -77.0, 88.0, 6.0, 14.0), rrect(12.0, -69.0, 80.0, -2.0, 8.0, cw=False),
            circ(c, 25.0), rect(18.0, c[1] - 5.0, 74.0, c[1] + 5.0), circ(c, 3.5)]
    tree = [('monochrome-0 hierarchical-0:secondary multicolor-0:systemGrayColor', '0 1', None),
            ('monochrome-1 hierarchical-1:primary multicolor-1:systemPurpleColor', '2 3 4',
             [('draw', '2'), ('erase', '3'), ('draw', '4')])]
    return [E(path, 'SFSymbolsPreviewWireframe')], adv, tree


def layertree_reordered():
    """Subpaths: 0 disc, 1 frame outer, 2 cut in the disc, 3 frame hole. LayerTree lists layer 1 first."""
    adv = 100.0
    path = [circ((74.0, -26.0), 20.0), rrect(6.0, -72.0, 70.0, -8.0, 10.0), circ((79.0, -22.0), 5.0),
            rrect(14.0, -64.0, 62.0, -16.0, 4.0, cw=False)]
    tree = [('monochrome-1 hierarchical-1:primary multicolor-1:systemPinkColor', '0 2',
             [('draw', '0'), ('erase', '2')]),
            ('monochrome-0 hierarchical-0:secondary multicolor-0:systemGrayColor', '1 3', None)]
    return [E(path, 'SFSymbolsPreviewWireframe')], adv, tree


# ---------------------------------------------------------------- Sketch

def sketch(comment, title, els, adv, rules, wrapper_at=(1000.0, 1000.0), placeholder=None):
    v = variant('Regular-M', els, adv)
    wx, wy = wrapper_at
    out = [XML, f'<!-- {comment} -->\n',
           f'<svg width="3300px" height="2200px" viewBox="0 0 3300 2200" version="1.1" {NS}>\n',
           '    <!-- Generator: Sketch 99.1 (000000) - https://sketch.com -->\n',
           f'    <title>{title}</title>\n']
    out.append('    <defs>\n' + (rules_text(rules, '        ') if rules else '') + '    </defs>\n')
    out.append('    <g id="Page-1" stroke="none" stroke-width="1" fill="none" fill-rule="evenodd">\n')
    out.append('        <g id="Guides" stroke="#27AAE1" stroke-width="0.5">\n')
    for g in guides([v], ''):
        out.append('            ' + re.sub(r' style="[^"]*"', '', g))
    out.append('        </g>\n')
    out.append(f'        <g id="Symbols-Copy" transform="translate({wx:.6f}, {wy:.6f})">\n')
    out.append(f'            <g id="Regular-M" transform="translate({v["x"] - wx:.6f}, {v["y"] - wy:.6f})" '
               f'stroke="#000000" stroke-width="0.2">\n')
    names = ['Oval', 'Path', 'Combined-Shape', 'Shape']

    def attrs(e, n):
        return f' id="{names[n % 4]}{"" if n < 4 else "-" + str(n // 4 + 1)}"'
    if placeholder:
        x, y, w, h = placeholder
        out.append(f'                <rect id="Rectangle" fill="#D8D8D8" opacity="0" x="{fmt(x)}" y="{fmt(y)}" '
                   f'width="{fmt(w)}" height="{fmt(h)}"></rect>\n')
    out += el_lines(v['els'], '                ', attrs, close='></path>')
    out.append('            </g>\n        </g>\n    </g>\n</svg>\n')
    return ''.join(out)


def sketch_side_by_side():
    adv = 80.0
    els = [E([circ((36.0, CY), 30.0)], C(0, (0, 'primary'), (0, 'systemBlueColor'))),
           E(ring((94.0, CY), 24.0, 17.0), C(1, (1, 'secondary'), (1, 'systemMintColor')))]
    return els, adv, ['.multicolor-1:systemMintColor {-sfsymbols-layer-tags:"second bubble"}', WIREFRAME_RULE]


# ---------------------------------------------------------------- Pixelmator Pro

def pixelmator(comment, els, adv, rules):
    v = variant('Regular-M', els, adv)
    out = [XML, f'<!-- {comment} -->\n',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200" viewBox="0 0 3300 2200">\n',
           rules_text(rules, '    '),
           '    <g id="Guides">\n']
    out += ['        ' + g for g in guides([v], '')]
    out.append('    </g>\n    <g id="Symbols">\n        <g id="Regular-M">\n')

    def attrs(e, n):
        return f' id="Path{"" if n == 0 else " " + str(n + 1)}" fill="none" stroke="#000000" stroke-width="0.5"'
    out += el_lines(v['els'], '            ', attrs, dx=v['x'], dy=v['y'])
    out.append('        </g>\n    </g>\n</svg>\n')
    return ''.join(out)


def pixelmator_wifi():
    parts, adv = regular(D.wifi_arcs)
    levels = ['primary', 'secondary', 'secondary', 'secondary']
    els = [E(p, C(i, (i, levels[i]), (i, 'systemBlueColor'))) for i, p in enumerate(parts)]
    rules = [f'.monochrome-{i} {{-sfsymbols-motion-group:{i}}}' for i in range(4)] + [WIREFRAME_RULE]
    return els, adv, rules


def pixelmator_eraser():
    (disc, check), adv = regular(D.checkmark_circle_fill)
    els = [E(disc, C(0, (0, 'secondary'), (0, 'systemGreenColor'))), E(check, C(1, (1, 'primary'), (1, 'white')))]
    rules = ['.monochrome-1 {opacity:0.0; -sfsymbols-clear-behind:true}', '.multicolor-1:white {fill:#FFFFFF}',
             WIREFRAME_RULE]
    return els, adv, rules


# ---------------------------------------------------------------- Inkscape

INK_NS = ('xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
          'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
          'xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"')


def inkscape(name, comment, els, adv, rules, outer, inner, layer_style=None):
    """outer: the layer's matrix; inner: the variant group's matrix (their product is translate(1410 1126))."""
    v = variant('Regular-M', els, adv)
    m = ','.join(num_ink(x) for x in outer)
    n_ = ','.join(num_ink(x) for x in inner)
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n', f'<!-- {comment} -->\n',
           '<!-- Created with Inkscape (http://www.inkscape.org/) -->\n\n',
           f'<svg width="3300" height="2200" viewBox="0 0 3300 2200" version="1.1" id="svg1" '
           f'inkscape:version="1.3.2 (091e20e, 2023-11-25)" sodipodi:docname="{name}" {INK_NS}>\n',
           '  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" bordercolor="#000000" borderopacity="0.25" '
           'inkscape:showpageshadow="2" inkscape:pageopacity="0.0" inkscape:pagecheckerboard="0" '
           'inkscape:deskcolor="#d1d1d1" inkscape:document-units="px" inkscape:zoom="0.5" inkscape:cx="1650" '
           'inkscape:cy="1100" inkscape:current-layer="layer2"/>\n',
           '  <defs id="defs1"/>\n',
           rules_text(rules, '  ').replace('  <style>', '  <style id="style1">', 1),
           '  <g id="Guides" inkscape:groupmode="layer" inkscape:label="Guides" sodipodi:insensitive="true">\n']
    out += guides([v], '    ')
    ls = f' style="{layer_style}"' if layer_style else ''
    out.append('  </g>\n')
    out.append(f'  <g id="layer2" inkscape:groupmode="layer" inkscape:label="Symbols" transform="matrix({m})"{ls}>\n')
    out.append(f'    <g id="Regular-M" inkscape:label="Regular-M" transform="matrix({n_})">\n')

    def attrs(e, k):
        return (f' id="path{101 + k}" style="fill:#000000;fill-opacity:1;stroke:none;stroke-width:1.33333"'
                f' inkscape:label="layer {k}"')
    out += el_lines(v['els'], '      ', attrs)
    out.append('    </g>\n  </g>\n</svg>\n')
    return ''.join(out)


def num_ink(v):
    return f"{round(v, 8):.8f}".rstrip('0').rstrip('.') or '0'


def inkscape_cloud():
    (sun, rays, cloud, sparkle), adv = regular(D.cloud_sun)
    els = [E(sun, C(0, (0, 'secondary'), (0, 'systemYellowColor'))),
           E(rays, C(0, (1, 'secondary'), (1, 'systemOrangeColor'))),
           E(cloud, C(1, (2, 'primary'), (2, 'cloudGray'))), E(sparkle, C(2, (3, 'tertiary'), (3, 'tintColor')))]
    return els, adv, ['.multicolor-2:cloudGray {fill:#D1D6E0}', WIREFRAME_RULE]


def inkscape_speaker():
    parts, adv = regular(D.speaker_waves)
    els = [E(parts[0], C(0, (0, 'primary'), (0, 'systemGrayColor')))]
    els += [E(p, C(i + 1, (i + 1, 'secondary'), (i + 1, 'systemBlueColor'))) for i, p in enumerate(parts[1:])]
    return els, adv, [WIREFRAME_RULE]


# ---------------------------------------------------------------- Affinity Designer

AFF_ROOT = ('<svg width="100%" height="100%" viewBox="0 0 3300 2200" version="1.1" {ns} xml:space="preserve" '
            'xmlns:serif="http://www.serif.com/" style="fill-rule:evenodd;clip-rule:evenodd;stroke-linejoin:round;'
            'stroke-miterlimit:2;">\n')


def affinity(comment, els, adv, rules, path_style=''):
    v = variant('Regular-M', els, adv)
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n', f'<!-- {comment} -->\n',
           '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n',
           AFF_ROOT.format(ns=NS), rules_text(rules, '    '),
           '    <g id="Guides" serif:id="Guides">\n']
    for g in guides([v], ''):
        out.append('        ' + g.replace('style="fill:none;', 'style="fill:none;fill-rule:nonzero;'))
    out.append('    </g>\n    <g id="Symbols" serif:id="Symbols">\n')
    out.append(f'        <g id="Regular-M" transform="matrix(1,0,0,1,{fmt(v["x"])},{fmt(v["y"])})">\n')

    def attrs(e, n):
        sid = e.get('sid', f'layer {n}')
        st = e.get('style', path_style)
        return f' serif:id="{sid}"' + (f' style="{st}"' if st else '')
    out += el_lines(v['els'], '            ', attrs)
    out.append('        </g>\n    </g>\n</svg>\n')
    return ''.join(out)


def affinity_placeholder():
    (star,), adv = regular(D.star)
    els = [E(None, C(0, (0, 'primary'), (0, 'systemYellowColor')), rect=(0.0, -CAP_HEIGHT, adv, CAP_HEIGHT),
             sid='placeholder margins', style='opacity:0;fill:rgb(235,235,235);'),
           E(star, C(0, (0, 'primary'), (0, 'systemYellowColor')), sid='star outline')]
    return els, adv, [WIREFRAME_RULE]


def affinity_arrow():
    (rng, arrow), adv = regular(D.arrow_down_circle)
    els = [E(rng, C(0, (0, 'secondary'), (0, 'systemBlueColor')), sid='ring'),
           E(arrow, C(1, (1, 'primary'), (1, 'tintColor')), sid='arrow (overlapping contours)', style='fill-rule:nonzero;')]
    return els, adv, [WIREFRAME_RULE]


# ---------------------------------------------------------------- SVGO

def svgo(comment, name, els, adv, rules):
    v = variant('Regular-M', els, adv)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200"><!--{comment}-->',
           f'<style>{"".join(rules)}</style>',
           '<g id="Notes"><rect id="artboard" width="3300" height="2200" style="fill:#fff"/>'
           '<text id="template-version" style="stroke:none;fill:#000;font-family:sans-serif;font-size:13px;'
           'text-anchor:end" transform="translate(3036 1933)">Template v.7.0</text>'
           f'<text id="descriptive-name" style="stroke:none;fill:#000;font-family:sans-serif;font-size:13px;'
           f'text-anchor:end" transform="translate(3036 1953)">{name}</text></g><g id="Guides">']
    guide = 'style="fill:none;stroke:#27aae1;stroke-width:.5"'
    y = v['y']
    out.append(f'<path id="Baseline-M" d="M263 {num(y)}h2773" {guide}/>')
    out.append(f'<path id="Capline-M" d="M263 {num(y - CAP_HEIGHT)}h2773" {guide}/>')
    for side, mx in (('left', v['x']), ('right', v['x'] + v['adv'])):
        out.append(f'<path id="{side}-margin-Regular-M" d="M{num(mx)} {num(y + MARGIN_SPAN[0])}v'
                   f'{num(MARGIN_SPAN[1] - MARGIN_SPAN[0])}" style="fill:none;stroke:#00aeef;stroke-width:.5"/>')
    out.append(f'</g><g id="Symbols"><g id="Regular-M" transform="translate({num(v["x"])} {num(y)})">')
    out += [s.strip() for s in el_lines(v['els'], '', d=relative_d)]
    out.append('</g></g></svg>')
    return ''.join(out)


def svgo_grouped():
    parts, adv = regular(D.bell_slash)
    els = [E(parts[0], C(0, (0, 'primary'), (0, 'systemYellowColor'))),
           E(parts[1], C(1, (1, 'primary'), (1, 'systemOrangeColor'))),
           E(parts[2], C(2, (2, 'primary'), (2, 'systemRedColor'))),
           E(parts[3], C(3, (3, 'primary'), (3, 'systemRedColor')))]
    rules = ['.monochrome-0,.hierarchical-0:primary{-sfsymbols-motion-group:0}',
             '.monochrome-1,.hierarchical-1:primary{-sfsymbols-motion-group:0}',
             '.monochrome-2,.hierarchical-2:primary{opacity:0;-sfsymbols-clear-behind:true;-sfsymbols-motion-group:1}',
             '.monochrome-3,.hierarchical-3:primary{-sfsymbols-motion-group:1}',
             '.SFSymbolsPreviewWireframe{fill:none;opacity:1;stroke:#000;stroke-width:.5}']
    return els, adv, rules


def svgo_stripped():
    (rng, check), adv = regular(D.checkmark_circle)
    els = [E(rng, C(0, (0, 'secondary'), (0, 'systemBlueColor'))), E(check, C(1, (1, 'primary'), (1, 'systemGreenColor')))]
    return els, adv, ['.SFSymbolsPreviewWireframe{fill:none;opacity:1;stroke:#000;stroke-width:.5}']


# ---------------------------------------------------------------- SwiftDraw-like plain SVG (800 x 600, no viewBox)

def swiftdraw(comment, els, rules=None, k=4.0, at=(230.0, 440.0)):
    out = [XML, f'<!-- {comment} -->\n', f'<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">\n']
    if rules:
        out.append(rules_text(rules, '  '))
    for e in els:
        contours = move_contours(e['c'], at[0], at[1], k, k)
        cls = f' class="{e["cls"]}"' if e.get('cls') else ''
        extra = f' {e["attrs"]}' if e.get('attrs') else ''
        out.append(f'  <path{cls} d="{path_d(contours)}"{extra}/>\n')
    out.append('</svg>\n')
    return ''.join(out)


def swiftdraw_plain():
    parts, adv = regular(D.fan)
    return [E(parts[0], attrs='fill="#1C1C1E"'), E(parts[1], attrs='fill="#1C1C1E" fill-rule="nonzero"')]


def swiftdraw_classes():
    parts, adv = regular(D.stack)
    levels = ['primary', 'secondary', 'tertiary']
    els = [E(p, C(i, (i, levels[i]), wire=False), attrs='fill="#000000"') for i, p in enumerate(parts)]
    return els, ['.monochrome-1 {-sfsymbols-motion-group:1}', '.monochrome-2 {-sfsymbols-motion-group:2}']


# ---------------------------------------------------------------- the corpus

def _m(design, vids=('Regular-M',)):
    els, adv, rules = design()
    ks = {'S': 0.783, 'M': 1.0, 'L': 1.29}
    return [variant(v, els, adv, ks[v[-1]]) for v in vids], rules


def _masters(build, classes, rules):
    return [variant(f'{w}-S', [E(p, classes[i]) for i, p in enumerate(parts)], adv)
            for w, parts, adv in masters3(build)], rules


def fixtures():
    """[(file, producer, exercises, text)]"""
    F = []

    def add(file, producer, exercises, text):
        F.append((file, producer, exercises, text))

    def A(file, version, exercises, design, vids=('Regular-M',), root='size', href=False, comment=None):
        vs, rules = _m(design, vids)
        text = apple(file[:-4], comment or f'SymbolReel dialect fixture (Apple SF Symbols {version} export): {exercises}.',
                     version, vs, rules, root=root, href=href)
        add(file, f'Apple SF Symbols {version}', exercises, text)

    # Apple, older template versions, three S masters of our designs
    vs, rules = _masters(D.bell, [C(c=(0, 'systemYellowColor')), C(c=(1, 'systemOrangeColor'))], [WIREFRAME_RULE])
    ex = ('template v2: paths carry only multicolor classes and the style has no layer rules; monochrome and '
          'hierarchical draw every path as one layer')
    add('apple-v2-multicolor-only.svg', 'Apple SF Symbols 2', ex,
        apple('bell', f'SymbolReel dialect fixture (Apple SF Symbols 2 export): {ex}.', 2, vs, rules))

    vs, rules = _masters(D.wifi_arcs, [C(h=(0, 'primary'), c=(0, 'systemBlueColor'))] +
                         [C(h=(i, 'secondary'), c=(i, 'systemBlueColor')) for i in (1, 2, 3)],
                         ['.SFSymbolsPreview007AFF {fill:#007AFF;opacity:1.0}', WIREFRAME_RULE])
    ex = ('template v3 with a viewBox-only root: hierarchical and multicolor classes but no monochrome classes; '
          'monochrome fills every path as one')
    add('apple-v3-no-monochrome.svg', 'Apple SF Symbols 3', ex,
        apple('wifi.arcs', f'SymbolReel dialect fixture (Apple SF Symbols 3 export): {ex}.', 3, vs, rules, root='viewBox'))

    vs, rules = _masters(D.stack, [C(i, (i, lv), (i, 'systemIndigoColor')) for i, lv in
                                   enumerate(('primary', 'secondary', 'tertiary'))], [WIREFRAME_RULE])
    ex = ('template v4, three S masters (draw Regular-S as is); an H-reference guide glyph repeated with the same '
          'id in Guides for every row, not part of the symbol')
    add('apple-v4-masters-href.svg', 'Apple SF Symbols 4', ex,
        apple('stack', f'SymbolReel dialect fixture (Apple SF Symbols 4 export): {ex}.', 4, vs, rules, href=True))

    A('apple-v5-exclamation-eraser.svg', 5, 'monochrome eraser: an exclamation mark layer with opacity 0 and '
      'clear-behind cuts its shape out of the disc (also in hierarchical); white exclamation painted in multicolor',
      lambda: eraser_disc('exclamation'))
    A('apple-v6-eye-eraser.svg', 6, 'monochrome eraser: an eye (lens ring + pupil) with opacity 0 and clear-behind '
      'cut out of the disc (also in hierarchical); white eye painted in multicolor', lambda: eraser_disc('eye'),
      root='viewBox')
    A('apple-v6-no-multicolor.svg', 6, 'monochrome and hierarchical classes only: multicolor has no data and draws '
      'as monochrome', no_multicolor)
    A('apple-v7-badge-wide.svg', 7, 'ink wider than the guide box (badge right of the right margin); clear-behind '
      'gap erased in monochrome/hierarchical (opacity 0) and painted yellow in multicolor; Regular-S/M/L all present',
      badge_wide, vids=('Regular-S', 'Regular-M', 'Regular-L'), href=True)
    A('apple-v7-cap-above.svg', 7, 'ink taller than the guides: the arrow head rises about 25 units above the '
      'capline and must not be cut', cap_above)
    A('apple-v7-index-order.svg', 7, 'layer index order differs from document order: the paths are written as '
      'layers 2, 0, 1 and must paint 0 (red, back), 1, 2 (blue, front)', index_order)
    A('apple-v7-mode-rule-scope.svg', 7, 'a mode rule applies only in its mode: .monochrome-2 {opacity:0.0; '
      '-sfsymbols-clear-behind:true} makes the slash an eraser in monochrome, while hierarchical-2:primary and '
      'multicolor-2:systemRedColor are unstyled and paint it', mode_rule_scope)
    A('apple-v7-visible-clear-behind.svg', 7, 'visible clear-behind: the circle erases the square under it, then '
      'paints itself at opacity 0.5 (hierarchical) / 0.6 (multicolor); plain layer in monochrome',
      visible_clear_behind)
    A('apple-v7-evenodd-group.svg', 7, 'fill-rule evenodd inherited from a <g> around the ring (two same-winding '
      'circles: a hole only by even-odd); the plus outside the group overlaps itself and stays solid (non-zero)',
      evenodd_group)
    A('apple-v7-unannotated-leftover.svg', 7, 'a leftover path with no class beside annotated ones (a dot below '
      'the baseline, right): it is not drawn in any mode', unannotated_leftover)
    A('apple-v7-multicolor-background.svg', 7, 'a background rounded square with only a multicolor class: drawn '
      'blue under a white check in multicolor, absent in monochrome and hierarchical', multicolor_background)
    A('apple-v7-toggle.svg', 7, 'a toggle: the knob layer is clear-behind and painted (opacity 0.4 in '
      'monochrome, tertiary in hierarchical, custom white fill in multicolor) over the erased track',
      toggle)
    A('apple-v7-git-branch.svg', 7, 'a git-branch-like symbol: three node rings and the branch in layer 0, the '
      'trunk a separate layer 1 (secondary / gray)', git_branch)
    A('apple-v7-hierarchical-only.svg', 7, 'hierarchical classes only (primary / secondary / tertiary); monochrome '
      'fills every path as one (the page outline keeps its hole); the badge layer is clear-behind in hierarchical '
      '(erases the page, then paints)',
      hierarchical_only)
    A('apple-v3-knockout-square.svg', 3, 'a logo knocked out of a filled square (SF Symbols 3, hierarchical and '
      'multicolor classes, no monochrome class): filled as one path in monochrome the bolt, wound against the '
      'square, is a hole; blue square and white bolt in multicolor, the bolt primary over a secondary square in '
      'hierarchical', knockout_square, root='viewBox')
    A('apple-v3-knockout-dial.svg', 3, 'a dial knocked out of a filled disc (SF Symbols 3, hierarchical classes '
      'only): monochrome and multicolor fill every path as one, so the ring and the slot across the hub are holes '
      'and the rest of the hub is solid', knockout_dial, root='viewBox')
    A('apple-v3-clear-behind-class.svg', 3, 'SF Symbols 3 clear-behind written as a class on the path '
      '(hierarchical-1:secondary clearBehindLayer): the ring clears the bar beneath it in hierarchical and '
      'multicolor, so the bar stops at the ring\'s outer edge and shows again inside it', clear_behind_class,
      root='viewBox')
    A('apple-v7-multicolor-only.svg', 7, 'multicolor classes only (system colours, tintColor, a custom name with '
      'fill); monochrome and hierarchical draw every path as one layer', multicolor_only, root='viewBox')

    for file, design, ex in (
            ('apple-v7-layertree-erase.svg', layertree_frame,
             'LayerTree form: one path of 5 subpaths; layer 0 = frame (indices 0 1), layer 1 = draw disc (2), erase '
             'bar (3), draw dot (4): the bar cuts the disc in every mode'),
            ('apple-v7-layertree-reordered.svg', layertree_reordered,
             'LayerTree whose children are listed layer 1 first; layer indices pick non-adjacent subpaths (0 2 / '
             '1 3); a LayerTree paints in child order (CoreUI does not sort it by index), so the disc of layer 1 '
             'is at the back with a hole erased and the frame of layer 0 in front')):
        els, adv, tree = design()
        text = apple(file[:-4], f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7,
                     [variant('Regular-M', els, adv)], [WIREFRAME_RULE], layertree=tree)
        add(file, 'Apple SF Symbols 7', ex, text)

    # Sketch
    els, adv, rules = sketch_side_by_side()
    ex = ('Sketch export: nested translate groups (Symbols-Copy wrapper, variant group Regular-M), root group '
          'fill="none" fill-rule="evenodd", variant stroked at 0.2: fill anyway; side-by-side ink beyond the right margin')
    add('sketch-nested-translate.svg', 'Sketch', ex, sketch(ex, 'bubbles', els, adv, rules))
    parts, adv = regular(D.thermometer)
    ex = ('Sketch export without classes or style: every path is one layer; a placeholder <rect opacity="0"> over '
          'the guide box paints nothing')
    add('sketch-placeholder-rect.svg', 'Sketch', ex,
        sketch(ex, 'thermometer', [E(p) for p in parts], adv, None, wrapper_at=(1400.0, 1050.0),
               placeholder=(0.0, -CAP_HEIGHT, adv, CAP_HEIGHT)))

    # Pixelmator Pro
    for file, design, ex in (
            ('pixelmator-absolute.svg', pixelmator_wifi,
             'Pixelmator Pro export: no variant transform (absolute artboard coordinates), fill="none" '
             'stroke="#000000" stroke-width="0.5" baked on every path: fill with the layer paint'),
            ('pixelmator-eraser.svg', pixelmator_eraser,
             'Pixelmator Pro export with absolute coordinates and baked wireframe strokes; monochrome clear-behind '
             'check (opacity 0) erases the disc, white check painted in multicolor')):
        els, adv, rules = design()
        add(file, 'Pixelmator Pro', ex, pixelmator(ex, els, adv, rules))

    # Inkscape
    els, adv, rules = inkscape_cloud()
    ex = ('Inkscape: non-uniform matrix(2,0,0,0.5,...) on the layer and matrix(0.5,0,0,2,...) on Regular-M, '
          'sodipodi:namedview, inkscape:/sodipodi: attributes, per-path style fill')
    add('inkscape-nonuniform.svg', 'Inkscape', ex,
        inkscape('inkscape-nonuniform.svg', ex, els, adv, rules, (2, 0, 0, 0.5, 100, -50),
                 (0.5, 0, 0, 2, (1410 - 100) / 2, (1126 + 50) / 0.5)))
    els, adv, rules = inkscape_speaker()
    ex = ('Inkscape: skewX matrix(1,0,0.5,1,0,0) on the layer undone by matrix(1,0,-0.5,1,...) on Regular-M; '
          'fill-rule:evenodd from the layer style (contours do not overlap, so the shapes are unchanged)')
    add('inkscape-skew-evenodd.svg', 'Inkscape', ex,
        inkscape('inkscape-skew-evenodd.svg', ex, els, adv, rules, (1, 0, 0.5, 1, 0, 0), (1, 0, -0.5, 1, 1410 - 563, 1126),
                 layer_style='fill-rule:evenodd'))

    # Affinity Designer
    els, adv, rules = affinity_placeholder()
    ex = ('Affinity Designer: width/height 100%, root style fill-rule:evenodd, serif:id attributes; an opacity-0 '
          'placeholder <rect> with the layer class spans the margins and paints nothing')
    add('affinity-placeholder.svg', 'Affinity Designer', ex, affinity(ex, els, adv, rules))
    els, adv, rules = affinity_arrow()
    ex = ('Affinity Designer: root fill-rule:evenodd overridden by style="fill-rule:nonzero;" on the arrow, whose '
          'shaft and head overlap (the overlap stays filled)')
    add('affinity-nonzero-override.svg', 'Affinity Designer', ex, affinity(ex, els, adv, rules))

    # SVGO
    els, adv, rules = svgo_grouped()
    ex = ('SVGO: one line, grouped selectors (.monochrome-2,.hierarchical-2:primary{opacity:0;'
          '-sfsymbols-clear-behind:true}), multicolor rules stripped but multicolor classes kept')
    add('svgo-grouped-selectors.svg', 'SVGO', ex, svgo(ex, 'bell.slash', els, adv, rules))
    els, adv, rules = svgo_stripped()
    ex = 'SVGO: every mode rule stripped, classes kept: layers still come from the classes'
    add('svgo-stripped-rules.svg', 'SVGO', ex, svgo(ex, 'checkmark.circle', els, adv, rules))

    # SwiftDraw-like
    ex = ('SwiftDraw-like plain SVG: 800x600 root without viewBox, no variant groups, no classes: every path is '
          'one layer (a fan, scaled x4)')
    add('swiftdraw-plain.svg', 'SwiftDraw-like plain SVG', ex, swiftdraw(ex, swiftdraw_plain()))
    els, rules = swiftdraw_classes()
    ex = ('SwiftDraw-like plain SVG: 800x600 root without viewBox and no variant groups, but paths carry monochrome '
          'and hierarchical classes (three layers of a stack)')
    add('swiftdraw-classes.svg', 'SwiftDraw-like plain SVG', ex, swiftdraw(ex, els, rules))
    import dialects_marks  # here, not at the top: it imports this module's helpers
    F += dialects_marks.fixtures()

    import dialects_draw   # Draw data as Apple's exports write it (imports this module, so not at the top)
    F.extend(dialects_draw.fixtures())
    return sorted(F)


# ---------------------------------------------------------------- manifest, README

VARIANT = re.compile(r'<g id="((?:Ultralight|Thin|Light|Regular|Medium|Semibold|Bold|Heavy|Black)-[SML])"')


def modes_of(text):
    found = set()
    for cls in re.findall(r'\bclass="([^"]*)"', text):
        for tok in cls.split():
            for mode in MODES:
                if re.fullmatch(rf'{mode}-\d+(:\S+)?', tok):
                    found.add(mode)
    return [m for m in MODES if m in found]


def variant_of(text):
    ids = set(VARIANT.findall(text))
    return next((v for v in ('Regular-M', 'Regular-S') if v in ids), None)


def check(file, text):
    head = text.split('\n', 2)
    first = head[1] if text.startswith('<?xml') else re.sub(r'^<svg[^>]*>', '', head[0])
    assert first.startswith('<!--'), f"{file}: no leading comment"
    assert text.count('<g') >= text.count('</g>'), file


def dialect_files():
    entries, files = [], {}
    for file, producer, exercises, text in fixtures():
        check(file, text)
        files[f"{OUT}/{file}"] = text
        entries.append({'file': file, 'producer': producer, 'variant': variant_of(text), 'modes': modes_of(text),
                        'exercises': exercises})
    assert len(entries) >= 30, len(entries)
    files[f"{OUT}/manifest.json"] = json.dumps(entries, indent=2, ensure_ascii=False) + '\n'
    files[f"{OUT}/README.md"] = readme(entries)
    return files


def readme(entries):
    out = ['# Dialect fixtures\n\n',
           'SF Symbols custom-symbol files written the way other producers write them: Apple SF Symbols exports '
           '(template versions 2 to 7, including the LayerTree form), Sketch, Pixelmator Pro, Inkscape, Affinity '
           'Designer, SVGO and SwiftDraw-like plain SVG. They test our SVG reader against an independent reference '
           'renderer. Every file is one of **our own designs** (the sample designs of `Samples/tools/designs.py` '
           'or circles, rectangles, rounded rectangles, arcs and stroked lines built in '
           '`Samples/tools/dialects.py`) written in another producer\'s dialect; no third-party symbol, icon or '
           'path data is copied, and the generator comments and version strings only imitate the dialects. '
           'Each file starts with a comment saying what it exercises.\n\n',
           'Generated by `python3 Samples/tools/make_samples.py` (Python 3, stdlib only; '
           '`--check` fails if a file is stale); do not edit by hand. `manifest.json` lists every file with its '
           'producer, the variant to draw without interpolation (`Regular-M`, else `Regular-S`; `null` when the '
           'file has no variant groups), the modes its classes annotate and what it exercises. Variant groups sit '
           'at column x 1410 and the row baseline (S 696, M 1126, L 1556); glyphs are drawn at design size in '
           'the M row (cap height 70.459), S = M x 0.783, L = M x 1.29.\n\n',
           '`Tests/SymbolRenderTests/DialectReferenceTests.swift` draws every file in every mode with our '
           'renderer and with the independent reference (`Tests/Reference`) and compares them; '
           '`python3 Tests/Fixtures/Dialects/contact_sheet.py` draws contact sheets of all of them to look at. '
           'The rules they exercise, and their evidence: `docs/rendering.md`.\n\n',
           '| file | producer | variant | exercises |\n| --- | --- | --- | --- |\n']
    for e in entries:
        v = f"`{e['variant']}`" if e['variant'] else '—'
        out.append(f"| `{e['file']}` | {e['producer']} | {v} | {e['exercises'].replace('|', '/')} |\n")
    return ''.join(out)
