"""Dialect fixtures for SF Symbols 7 Draw data as Apple's exports write it: our own designs (rings, arcs,
stroked lines and a triangle built here), never copied from a real file.

- apple-v7-draw-arrow-bubble.svg: a circular arrow round a bubble, with its arrowhead an attachment in
  Apple's encoding (`-sfsymbols-clipstroke-attachments` on the arrowhead, a trailing `<g id="Data">` with
  `<variant>-draw-attachment-data` per master), three S masters; the bubble's ribs point at subpath 1 (its
  hole); the arc has five keyframes, the first with flags 0.
- apple-v7-draw-five-keyframes.svg: a zigzag with five keyframes at uneven progress values, numbers written
  `0`, `0.0` and `1.0`; a v7 file that keeps the old `<!--glyph: ...-->` header.
- apple-v7-draw-two-keyframes.svg: an almost closed arc with keyframes only at its ends.
- apple-v6-draw-gap-slash.svg: `Template v.6.0` with Draw data: a ring, and a slash over it whose clear-behind
  gap layer (opacity 0) has keyframes of its own and shares the slash's motion group, so it opens in step.
- apple-v7-draw-gap-groups.svg: a ring crossed by an arrow; the arrow's clear-behind gap layer, its shaft and its
  arrowhead are each in a motion group of their own, and the arrowhead (an attachment in Apple's encoding) is in
  another layer than the shaft it rides: the gap must open as the shaft draws, the head ride the shaft's tip.
"""
import math

from dialects import C, CY, E, apple, rrect, variant
from geo import add, mul, polyline, prim_point, prim_tangent, rot90, stroke_outline
from parts import arc_prim, ring, ring_ribs, stroke_ribs
from svgwriter import WIREFRAME_RULE
from template import BASELINE, COLUMN, fmt, make_master, rib_text

MASTERS = (('Ultralight', 1.25), ('Regular', 4.0), ('Black', 7.0))


def keyframes_attr(path, ribs, style=None):
    """data-clipstroke-keyframes; style 'apple' writes the first flags as 0 and t as 0.0 ... 1.0."""
    text = rib_text(path, ribs)
    if style == 'apple':
        words = text.split(' ')
        for k in range(1, len(words), 4):
            t = float(words[k + 1])
            words[k + 1] = '1.0' if t == 1 else ('0.0' if t == 0 else words[k + 1])
        words[1] = '0'
        text = ' '.join(words)
    return f'data-clipstroke-keyframes="{text}"'


# ---------------------------------------------------------------- the circular arrow round a bubble

BUBBLE_C = (46.0, CY)
ARC_R, BUBBLE_R = 31.0, 15.0
ARC_FROM, ARC_TO = -50.0, 250.0          # degrees, clockwise on screen (y down), from upper right round to upper left


def arrow_bubble_parts(d):
    arc = [arc_prim(BUBBLE_C, ARC_R, ARC_FROM, ARC_TO)]
    end, tangent = prim_point(arc[-1], 1.0), prim_tangent(arc[-1], 1.0)
    normal = rot90(tangent)
    head_len, head_half = 7.0 + 1.4 * d, 5.0 + 1.3 * d
    base = add(end, mul(tangent, -1.0))
    tip = add(end, mul(tangent, head_len))
    head = [[('L', add(base, mul(normal, -head_half)), tip), ('L', tip, add(base, mul(normal, head_half))),
             ('L', add(base, mul(normal, head_half)), add(base, mul(normal, -head_half)))]]
    bubble_d = 0.75 * d
    return [{'path': ring(BUBBLE_C, BUBBLE_R, bubble_d), 'ribs': ring_ribs(BUBBLE_C, BUBBLE_R, bubble_d)},
            {'path': [stroke_outline(arc, d)], 'ribs': stroke_ribs(arc, d, counts=[4])},
            {'path': head, 'ribs': None}], end, tangent


def arrow_bubble():
    return _attachment_fixture(lambda d: arrow_bubble_parts(d)[0], captions=0)


def _attachment_fixture(build, captions):
    """Three S masters of a circular arrow round a bubble (`build(d)`: the bubble, `captions`
    caption lines, the arc and its arrowhead), the arrowhead an attachment in Apple's encoding
    naming the arc by its path index, and the Data group of its anchors."""
    variants, data = [], []
    for w, d in MASTERS:
        _parts, end, tangent = arrow_bubble_parts(d)
        m = make_master(build, d)
        dx = m['parts'][0]['path'][0][0][1][0] - build(d)[0]['path'][0][0][1][0]
        bubble, *lines, arc, head = m['parts']
        layer0 = C(0, (0, 'secondary'), (0, 'systemBlueColor'))
        els = ([E(bubble['path'], layer0, attrs=keyframes_attr(bubble['path'], bubble['ribs']))]
               + [E(line['path'], layer0) for line in lines]
               + [E(arc['path'], C(1, (1, 'primary'), (1, 'systemOrangeColor')),
                    attrs=keyframes_attr(arc['path'], arc['ribs'], style='apple')),
                  E(head['path'], C(1, (1, 'primary'), (1, 'systemOrangeColor')),
                    attrs=f'style="-sfsymbols-clipstroke-attachments:1 {1 + captions} 0 1 0 0"')])
        vid = f'{w}-S'
        variants.append(variant(vid, els, m['advance']))
        ax, ay = COLUMN[w] + end[0] + dx, BASELINE['S'] + end[1]
        data.append(f'  <g id="{vid}-draw-attachment-data" data-d="0 {fmt(tangent[0])} {fmt(tangent[1])} '
                    f'{ax:.2f} {ay:.2f}"/>\n')
    rules = ['.monochrome-0 {-sfsymbols-motion-group:0}', '.monochrome-1 {-sfsymbols-motion-group:1}', WIREFRAME_RULE]
    return variants, rules, [' <g id="Data">\n'] + data + [' </g>\n']


# ------------------------------------------- an arrowhead and the ring it rides in one path

RING_RULE = '{-sfsymbols-always-rotates:true;-sfsymbols-motion-group:1;-sfsymbols-clipstroke-attachments:1 4 0 1 0 0}'


def ring_attachment():
    """A circular arrow round a caption bubble with the structure of the one real export whose
    arrowhead rides its ring (the drawing is ours): layer 0 is ONE path of two closed subpaths,
    the arrowhead (subpath 0) and the ring's whole outline (subpath 1, starting at the ring's
    bottom, so one side's rib points run back through the outline's start), with five keyframes
    whose rib points all lie on subpath 1; the attachment property sits on layer 0's class rule
    in every mode, beside always-rotates and a motion group; layer 1 is the bubble (two
    subpaths), layer 2 its caption lines (five subpaths), neither with keyframes. Multicolor
    paints the bubble in labelColor and the lines in secondaryLabelColor, whose class rules
    carry the SF Symbols app's preview grey."""
    def build(d):
        (bubble, arc, head), _end, _tangent = arrow_bubble_parts(d)
        contour = arc['path'][0]
        # The outline starts half way along its first side: the ring's bottom.
        half = len(contour) // 4
        outline = contour[half:] + contour[:half]
        prims = [arc_prim(BUBBLE_C, ARC_R, ARC_FROM, ARC_TO)]
        ring_part = {'path': head['path'] + [outline], 'ribs': stroke_ribs(prims, d, contour=1, counts=[4])}
        h, cx, cy = 0.6 + 0.15 * d, BUBBLE_C[0], BUBBLE_C[1]
        words = [(-7.0, -1.0, -4.0), (1.0, 7.0, -4.0), (-7.0, 2.0, 0.0), (4.0, 7.0, 0.0), (-5.0, 5.0, 4.0)]
        lines = [rrect(cx + x0, cy + y - h, cx + x1, cy + y + h, 0.5 * h) for x0, x1, y in words]
        return [ring_part, bubble, {'path': lines, 'ribs': None}]

    variants, data = [], []
    classes = ('monochrome-0 multicolor-0:tintColor hierarchical-0:secondary SFSymbolsPreviewWireframe',
               'monochrome-1 multicolor-1:labelColor hierarchical-1:primary SFSymbolsPreview212121',
               'monochrome-2 multicolor-2:secondaryLabelColor hierarchical-2:primary SFSymbolsPreview212121')
    for w, d in MASTERS:
        _parts, end, tangent = arrow_bubble_parts(d)
        m = make_master(build, d)
        dx = m['parts'][0]['path'][1][0][1][0] - build(d)[0]['path'][1][0][1][0]
        ring_part, bubble, lines = m['parts']
        els = [E(ring_part['path'], classes[0], attrs=keyframes_attr(ring_part['path'], ring_part['ribs'], style='apple')),
               E(bubble['path'], classes[1]), E(lines['path'], classes[2])]
        vid = f'{w}-S'
        variants.append(variant(vid, els, m['advance']))
        ax, ay = COLUMN[w] + end[0] + dx, BASELINE['S'] + end[1]
        data.append(f'  <g id="{vid}-draw-attachment-data" data-d="0 {fmt(tangent[0])} {fmt(tangent[1])} '
                    f'{ax:.2f} {ay:.2f}"/>\n')
    rules = ['.monochrome-0 ' + RING_RULE, '.multicolor-0:tintColor ' + RING_RULE, '.hierarchical-0:secondary ' + RING_RULE,
             '.multicolor-1:labelColor {fill:#212121}', '.multicolor-2:secondaryLabelColor {fill:#212121}',
             '.SFSymbolsPreview212121 {fill:#212121;opacity:1.0}', WIREFRAME_RULE]
    return variants, rules, [' <g id="Data">\n'] + data + [' </g>\n']


# ------------------------------------------- a caption bubble whose arrow's ribs wrap past its start

def caption_arrow():
    """The circular arrow round a bubble, as the one real export with Draw attachments we know of
    builds it (its structure only; the drawing is ours): the bubble with three caption lines, so
    the arc is the variant's fifth path (`-sfsymbols-clipstroke-attachments:1 4 0 1 0 0` names it),
    and the arc's outline starts in the middle of its inner side, so the second rib point of its
    keyframes runs backwards through the outline's start (0.20, 0.10, 0.00, 0.90, 0.80)."""
    def build(d):
        bubble, arc, head = arrow_bubble_parts(d)[0]
        contour = arc['path'][0]
        arc = {'path': [contour[8:] + contour[:8]], 'ribs': arc['ribs']}
        lines = [{'path': [rrect(BUBBLE_C[0] - 7.0, BUBBLE_C[1] + y - 0.6 - 0.15 * d, BUBBLE_C[0] + 7.0,
                                 BUBBLE_C[1] + y + 0.6 + 0.15 * d, 0.5 * (0.6 + 0.15 * d))], 'ribs': None} for y in (-4.0, 0.0, 4.0)]
        return [bubble] + lines + [arc, head]
    return _attachment_fixture(build, captions=3)


def _bare_move_first(text):
    """The arc's path (the one whose keyframes start `0 0 0.0`) begun with a move that draws
    nothing, its keyframe positions counted one subpath on: the file counts a subpath at every
    move, as the real file's numbers (its outline is subpath 1) suggest."""
    import re

    def shift(m):
        d, groups = m.group(1), [float(v) for v in m.group(2).split()]
        x, y = re.match(r'M(-?[\d.]+) (-?[\d.]+)', d).groups()
        words = []
        for k in range(0, len(groups), 4):
            fl, t, a, b = groups[k:k + 4]
            words.append('%s %s %.4f %.4f' % (fmt(fl), '1.0' if t == 1 else '0.0' if t == 0 else fmt(t), a + 1, b + 1))
        return 'd="M%s %sM%s" data-clipstroke-keyframes="0 %s"' % (x, y, d[1:], ' '.join(words))
    return re.sub(r'd="(M[^"]*)" data-clipstroke-keyframes="0 (0 0\.0 [^"]*)"', shift, text)


# ---------------------------------------------------------------- five keyframes, uneven progress

def five_keyframes():
    d = 4.0
    pts = [(8.0, -22.0), (22.0, -58.0), (42.0, -14.0), (66.0, -60.0), (84.0, -30.0)]
    prims = polyline(pts)
    parts = [{'path': [stroke_outline(prims, d)], 'ribs': stroke_ribs(prims, d, counts=[1, 1, 1, 1])}]
    m = make_master(lambda _d: parts, d)
    p = m['parts'][0]
    assert len(p['ribs']) == 5
    els = [E(p['path'], C(0, (0, 'primary'), (0, 'systemGreenColor')), attrs=keyframes_attr(p['path'], p['ribs'], 'apple'))]
    return [variant('Regular-M', els, m['advance'])], [WIREFRAME_RULE]


# ---------------------------------------------------------------- waves drawn from the middle out

def middle_out():
    """Three waves beside a speaker body of our own, each wave drawn outward from its middle as
    SF Symbols 7 writes it: its first rib flagged 8 at progress 0 in the middle, then the rib at
    one end (progress 1), then the rib at the other end (progress 1) with its two points listed
    the other way round. The body has no keyframes."""
    d = 3.5
    centre = (14.0, CY)
    parts = [{'path': [rrect(2.0, CY - 12.0, 16.0, CY + 12.0, 3.0)], 'ribs': None}]
    for r in (22.0, 34.0, 46.0):
        prims = [arc_prim(centre, r, -42.0, 42.0)]
        start, mid, end = stroke_ribs(prims, d, counts=[2])
        (_, _, a_start, b_start), (_, _, a_mid, b_mid), (_, _, a_end, b_end) = start, mid, end
        ribs = [(8, 0.0, a_mid, b_mid), (0, 1.0, a_end, b_end), (0, 1.0, b_start, a_start)]
        parts.append({'path': [stroke_outline(prims, d)], 'ribs': ribs})
    m = make_master(lambda _d: parts, d)
    body, *waves = m['parts']
    els = [E(body['path'], C(0, (0, 'primary'), (0, 'systemBlueColor')))]
    els += [E(w['path'], C(1, (1, 'secondary'), (1, 'systemBlueColor')), attrs=keyframes_attr(w['path'], w['ribs']))
            for w in waves]
    return [variant('Regular-M', els, m['advance'])], [WIREFRAME_RULE]


# ---------------------------------------------------------------- a v6 slash with a gap layer

def gap_slash():
    d, gap = 4.0, 8.0
    c = (46.0, CY)
    slash = polyline([(14.0, -68.0), (78.0, -4.0)])
    parts = [{'path': ring(c, 28.0, d), 'ribs': ring_ribs(c, 28.0, d)},
             {'path': [stroke_outline(slash, gap)], 'ribs': stroke_ribs(slash, gap)},
             {'path': [stroke_outline(slash, d)], 'ribs': stroke_ribs(slash, d)}]
    m = make_master(lambda _d: parts, d)
    ringp, gapp, slashp = m['parts']
    els = [E(ringp['path'], C(0, (0, 'secondary'), (0, 'systemTealColor')), attrs=keyframes_attr(ringp['path'], ringp['ribs'])),
           E(gapp['path'], C(1, (1, 'primary'), (1, 'systemTealColor')), attrs=keyframes_attr(gapp['path'], gapp['ribs'])),
           E(slashp['path'], C(2, (2, 'primary'), (2, 'systemRedColor')), attrs=keyframes_attr(slashp['path'], slashp['ribs']))]
    rules = ['.monochrome-0 {-sfsymbols-motion-group:0}',
             '.monochrome-1 {opacity:0.0; -sfsymbols-clear-behind:true; -sfsymbols-motion-group:1}',
             '.monochrome-2 {-sfsymbols-motion-group:1}',
             '.hierarchical-1:primary {opacity:0.0; -sfsymbols-clear-behind:true}',
             '.multicolor-1:systemTealColor {opacity:0.0; -sfsymbols-clear-behind:true}', WIREFRAME_RULE]
    return [variant('Regular-M', els, m['advance'])], rules


# ---------------------------------------------------------------- gap and attachment in other motion groups

def gap_groups():
    """A ring crossed by an arrow from upper left to lower right: layer 0 the ring, layer 1 the shaft's
    clear-behind gap (opacity 0, keyframes of its own), layer 2 the shaft, layer 3 the arrowhead, an
    attachment whose carrier is the shaft (path 2); every layer in a motion group of its own."""
    d, gap = 4.0, 9.0
    c = (46.0, CY)
    start, end = (12.0, -70.0), (74.0, -8.0)
    shaft = polyline([start, end])
    tangent = prim_tangent(shaft[-1], 1.0)
    normal = rot90(tangent)
    head_len, head_half = 12.0, 8.0
    base = add(end, mul(tangent, -1.0))
    tip = add(end, mul(tangent, head_len))
    head = [[('L', add(base, mul(normal, -head_half)), tip), ('L', tip, add(base, mul(normal, head_half))),
             ('L', add(base, mul(normal, head_half)), add(base, mul(normal, -head_half)))]]
    parts = [{'path': ring(c, 28.0, d), 'ribs': ring_ribs(c, 28.0, d)},
             {'path': [stroke_outline(shaft, gap)], 'ribs': stroke_ribs(shaft, gap)},
             {'path': [stroke_outline(shaft, d)], 'ribs': stroke_ribs(shaft, d)},
             {'path': head, 'ribs': None}]
    m = make_master(lambda _d: parts, d)
    dx = m['parts'][0]['path'][0][0][1][0] - parts[0]['path'][0][0][1][0]
    ringp, gapp, shaftp, headp = m['parts']
    els = [E(ringp['path'], C(0, (0, 'secondary'), (0, 'systemGrayColor')), attrs=keyframes_attr(ringp['path'], ringp['ribs'])),
           E(gapp['path'], C(1, (1, 'primary'), (1, 'systemGrayColor')), attrs=keyframes_attr(gapp['path'], gapp['ribs'], 'apple')),
           E(shaftp['path'], C(2, (2, 'primary'), (2, 'systemPinkColor')), attrs=keyframes_attr(shaftp['path'], shaftp['ribs'], 'apple')),
           E(headp['path'], C(3, (3, 'primary'), (3, 'systemPinkColor')), attrs='style="-sfsymbols-clipstroke-attachments:1 2 0 1 0 0"')]
    rules = []
    for tokens in (('monochrome-0', 'hierarchical-0:secondary', 'multicolor-0:systemGrayColor'),
                   ('monochrome-1', 'hierarchical-1:primary', 'multicolor-1:systemGrayColor'),
                   ('monochrome-2', 'hierarchical-2:primary', 'multicolor-2:systemPinkColor'),
                   ('monochrome-3', 'hierarchical-3:primary', 'multicolor-3:systemPinkColor')):
        for t in tokens:
            n = t.split('-')[1].split(':')[0]
            gap_rule = 'opacity:0.0; -sfsymbols-clear-behind:true; ' if n == '1' else ''
            rules.append(f".{t.replace(':', chr(92) + ':')} {{{gap_rule}-sfsymbols-motion-group:{n}}}")
    rules.append(WIREFRAME_RULE)
    ax, ay = COLUMN['Regular'] + end[0] + dx, BASELINE['M'] + end[1]
    data = [' <g id="Data">\n',
            f'  <g id="Regular-M-draw-attachment-data" data-d="0 {fmt(tangent[0])} {fmt(tangent[1])} {ax:.2f} {ay:.2f}"/>\n',
            ' </g>\n']
    return [variant('Regular-M', els, m['advance'])], rules, data


# ---------------------------------------------------------------- an almost closed arc with only two keyframes

def two_keyframes():
    """A 320-degree arc whose only keyframes are its ends: each side runs more than half round the
    outline, so a walk the short way round would cross to the other side."""
    d = 4.0
    arc = [arc_prim((46.0, CY), 30.0, -70.0, 250.0)]
    ribs = stroke_ribs(arc, d, counts=[1])
    parts = [{'path': [stroke_outline(arc, d)], 'ribs': [ribs[0], ribs[-1]]}]
    m = make_master(lambda _d: parts, d)
    p = m['parts'][0]
    els = [E(p['path'], C(0, (0, 'primary'), (0, 'systemIndigoColor')), attrs=keyframes_attr(p['path'], p['ribs'], 'apple'))]
    return [variant('Regular-M', els, m['advance'])], [WIREFRAME_RULE]


def fixtures():
    """[(file, producer, exercises, text)] for dialects.fixtures()."""
    out = []
    vs, rules, data = arrow_bubble()
    ex = ('Draw in Apple\'s encoding: a circular arrow round a bubble; the arrowhead is an attachment '
          '(-sfsymbols-clipstroke-attachments:1 1 0 1 0 0 and a Data group with Ultralight/Regular/Black-S-draw-attachment-data) '
          'that rides the tip of the arc; the arc has five keyframes (first flags 0, t written 0.0 and 1.0), '
          'the bubble ring\'s ribs point at subpath 1; three S masters')
    text = apple('arrow.bubble', f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7, vs, rules)
    out.append(('apple-v7-draw-arrow-bubble.svg', 'Apple SF Symbols 7', ex, text.replace('</svg>\n', ''.join(data) + '</svg>\n')))

    vs, rules, data = caption_arrow()
    ex = ('Draw attachments as the one real export with them builds them: a circular arrow round a caption bubble '
          '(the bubble and three caption lines, so the arc is the fifth path and the arrowhead names it with '
          '-sfsymbols-clipstroke-attachments:1 4 0 1 0 0); the arc\'s path begins with a move that draws nothing, so its '
          'outline is subpath 1, and the outline starts in the middle of its inner side, so the second rib point of its '
          'five keyframes runs backwards through the outline\'s start (1.20, 1.10, 1.00, 1.90, 1.80); the arc draws '
          'progressively from its first frame with the arrowhead riding its tip')
    text = apple('caption.arrow', f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7, vs, rules)
    text = _bare_move_first(text)
    out.append(('apple-v7-draw-caption-wrap.svg', 'Apple SF Symbols 7', ex, text.replace('</svg>\n', ''.join(data) + '</svg>\n')))

    vs, rules, data = ring_attachment()
    ex = ('Draw attachment on its own path, as the one real export whose arrowhead rides its ring builds it: layer 0 is one '
          'path of two closed subpaths, the arrowhead (0) and the ring\'s outline (1, starting at the ring\'s bottom), with '
          'five keyframes whose rib points all lie on subpath 1 (one side running back through the outline\'s start); '
          '-sfsymbols-clipstroke-attachments:1 4 0 1 0 0, always-rotates and motion group 1 on layer 0\'s class rule in '
          'every mode; the bubble (layer 1, two subpaths) and its five caption words (layer 2) have no keyframes and are '
          'labelColor and secondaryLabelColor in multicolor, their class rules holding the preview grey #212121. The ring '
          'draws progressively from the first frame with the arrowhead at its drawn end')
    text = apple('captions.arrow', f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7, vs, rules)
    out.append(('apple-v7-draw-ring-attachment.svg', 'Apple SF Symbols 7', ex, text.replace('</svg>\n', ''.join(data) + '</svg>\n')))

    vs, rules = middle_out()
    ex = ('Draw from the middle out, as SF Symbols 7 writes a speaker\'s waves: each wave\'s keyframes are its middle '
          '(flags 8, progress 0), one end (progress 1) and the other end (progress 1, its two points listed the other '
          'way round); the waves grow both ways from the middle on Draw On and shrink toward both ends on Draw Off, '
          'leaving nothing of the middle behind; the body has no keyframes')
    out.append(('apple-v7-draw-middle-out.svg', 'Apple SF Symbols 7', ex,
                apple('speaker.waves', f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7, vs, rules)))

    vs, rules = five_keyframes()
    ex = ('Draw keyframes: a zigzag with five keyframes at uneven progress values, numbers written 0, 0.0 and 1.0, '
          'first flags 0; a v7 export keeping the old glyph header comment (point size, font version, template writer version)')
    out.append(('apple-v7-draw-five-keyframes.svg', 'Apple SF Symbols 7', ex,
                apple('zigzag', f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7, vs, rules)))

    vs, rules = two_keyframes()
    ex = ('Draw keyframes: an almost closed arc (320 degrees) with only two keyframes, at its ends; each side of the '
          'outline runs more than half way round between them, so the sides must be walked away from each other, '
          'not the short way')
    out.append(('apple-v7-draw-two-keyframes.svg', 'Apple SF Symbols 7', ex,
                apple('arc', f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7, vs, rules)))

    vs, rules = gap_slash()
    ex = ('Template v.6.0 with Draw data: a ring and a slash whose clear-behind gap layer (opacity 0) has keyframes '
          'of its own and shares the slash\'s motion group, so the gap opens in step as the slash draws')
    out.append(('apple-v6-draw-gap-slash.svg', 'Apple SF Symbols 6', ex,
                apple('ring.slash', f'SymbolReel dialect fixture (Apple SF Symbols 6 export): {ex}.', 6, vs, rules)))

    vs, rules, data = gap_groups()
    ex = ('Draw across motion groups: a ring crossed by an arrow whose clear-behind gap layer (opacity 0, keyframes of '
          'its own), shaft and arrowhead are each in a motion group of their own; the gap opens as the shaft draws, and '
          'the arrowhead (-sfsymbols-clipstroke-attachments:1 2 0 1 0 0, a Regular-M-draw-attachment-data entry) rides '
          'the tip of the shaft, a path of another layer, at that layer\'s time')
    text = apple('arrow.ring', f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7, vs, rules)
    out.append(('apple-v7-draw-gap-groups.svg', 'Apple SF Symbols 7', ex, text.replace('</svg>\n', ''.join(data) + '</svg>\n')))
    return out
