"""Dialect fixtures for the marks SF Symbols 6 and 7 exports add: rotation marks with
a rotate-anchor node, a wiggle style, a LayerTree that erases and then draws into the hole, and
one path shared by several layers. Our own designs (a fan in a frame, a pendulum, a tram on a
disc, a badge), built from circles, rounded rectangles and polygons; nothing is copied."""
import math

from dialects import CY, E, WIREFRAME_RULE, apple, circ, rect, ring, rrect, variant
from svgwriter import layer_tree_rules


def _rotate(contour, c, deg):
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)

    def r(p):
        x, y = p[0] - c[0], p[1] - c[1]
        return (c[0] + x * ca - y * sa, c[1] + x * sa + y * ca)
    return [(s[0],) + tuple(r(q) for q in s[1:]) for s in contour]


def _rules(token_sets, body):
    return [f'.{t.replace(":", chr(92) + ":")} {{{body}}}' for t in token_sets]


def fan():
    """A three-bladed fan in a frame; the blades (layer 1) turn counter-clockwise about the hub,
    which is marked by a rotate-anchor circle (not at the blades' bounding-box centre)."""
    adv, hub = 92.0, (46.0, CY)
    frame = [rrect(2.0, -72.0, 90.0, 2.0, 14.0), rrect(9.0, -65.0, 83.0, -5.0, 9.0, cw=False)]
    blade = rrect(hub[0] - 5.0, hub[1] - 28.0, hub[0] + 5.0, hub[1] - 6.0, 4.5)
    blades = [_rotate(blade, hub, a) for a in (0.0, 120.0, 240.0)] + [circ(hub, 6.0)]
    l0 = 'monochrome-0 multicolor-0:systemGrayColor hierarchical-0:secondary'
    l1 = 'monochrome-1 multicolor-1:systemTealColor hierarchical-1:primary'
    els = [E(frame, l0), E(blades, l1),
           E([circ(hub, 1.5)], None, attrs='id="Regular-M-rotate-anchor" style="fill:none;stroke:#00AEEF;stroke-width:0.5"')]
    marks = '-sfsymbols-always-rotates:true;-sfsymbols-rotates-clockwise:false'
    rules = [WIREFRAME_RULE] + _rules(l1.split(), marks)
    return [variant('Regular-M', els, adv)], rules


def pendulum():
    """A pendulum: a bar (layer 0) and a bob on a rod (layer 1) marked to wiggle clockwise, about
    its pivot (the rotate anchor at the top of the rod)."""
    adv = 80.0
    bar = [rrect(4.0, -72.0, 76.0, -64.0, 3.5)]
    bob = [rect(38.0, -66.0, 42.0, -22.0), circ((40.0, -14.0), 12.0)]
    l0 = 'monochrome-0 multicolor-0:systemBrownColor hierarchical-0:secondary'
    l1 = 'monochrome-1 multicolor-1:systemOrangeColor hierarchical-1:primary'
    rules = [WIREFRAME_RULE] + _rules(l1.split(), '-sfsymbols-wiggle-style:clockwise')
    pivot = E([circ((40.0, -66.0), 1.5)], None, attrs='id="Regular-M-rotate-anchor" style="fill:none;stroke:#00AEEF;stroke-width:0.5"')
    return [variant('Regular-M', [E(bar, l0), E(bob, l1), pivot], adv)], rules


def tram_disc():
    """A tram on a disc, in the structure of real SF Symbols 6 exports of vehicles in a filled
    circle (studied in public apps; none copied): one wireframe path; layer 0 the disc, layer 1 the
    tram built from six shapeGroupLayer pieces in the order draw, draw, erase, draw, erase, erase
    (body and roof bar; skirt; windows; wheels; lamps; door), their fill actions and indices given
    as class rules, not inline; the tram layer clear-behind at opacity 0 in monochrome only, white
    in multicolor, primary over a tertiary disc in hierarchical. The windows, lamps and door are cut
    from the tram, so the disc shows through them in every mode."""
    adv, c = 96.0, (48.0, CY)
    sub = [circ(c, 46.0),
           rrect(20.0, -62.0, 76.0, -18.0, 8.0), rect(34.0, -68.0, 62.0, -63.0),        # 1 body, 2 roof bar
           rrect(18.0, -22.0, 78.0, -14.0, 3.0),                                        # 3 skirt
           rrect(25.0, -56.0, 46.0, -40.0, 3.0), rrect(50.0, -56.0, 71.0, -40.0, 3.0),  # 4-5 windows
           circ((33.0, -12.0), 6.0), circ((63.0, -12.0), 6.0),                          # 6-7 wheels
           circ((29.0, -28.0), 3.0), circ((67.0, -28.0), 3.0),                          # 8-9 lamps
           rect(46.5, -35.0, 49.5, -23.0)]                                              # 10 door
    disc = 'monochrome-0 multicolor-0:custom hierarchical-0:tertiary'
    tram = 'monochrome-1 multicolor-1:white hierarchical-1:primary'
    tree = [(disc, '0', None),
            (tram, '', [('draw', '1 2'), ('draw', '3'), ('erase', '4 5'), ('draw', '6 7'), ('erase', '8 9'), ('erase', '10')])]
    rules = ['.monochrome-0 {-sfsymbols-motion-group:1;-sfsymbols-indices:0}',
             '.monochrome-1 {opacity:0.0;-sfsymbols-clear-behind:true;-sfsymbols-motion-group:0}',
             '.multicolor-0:custom {fill:#2E7D32;-sfsymbols-motion-group:1;-sfsymbols-indices:0}',
             '.multicolor-1:white {-sfsymbols-motion-group:0}',
             '.hierarchical-0:tertiary {-sfsymbols-motion-group:1;-sfsymbols-indices:0}',
             '.hierarchical-1:primary {-sfsymbols-motion-group:0}'] + layer_tree_rules(tree) + [WIREFRAME_RULE]
    return [variant('Regular-M', [E(sub, 'SFSymbolsPreviewWireframe')], adv)], rules, tree


def outline_on_outline():
    """Two outlined rounded squares, the front one over the back one, in the structure of a real
    SF Symbols 6 export of two outlined shapes (studied in a public app; none copied): the back
    outline is one path (layer 0); the front outline is two paths, its outer contour shared by
    layers 1 and 2 and its inner contour, wound the other way, in layer 2 only. Layer 1 (the outer
    contour alone) clears behind at opacity 0 in every mode, hiding the back outline under the
    front square; layer 2 fills its two paths as one, so the front square is an outline with an
    empty middle, not a solid square."""
    adv = 96.0
    back = [rrect(4.0, -72.0, 60.0, -16.0, 14.0), rrect(11.0, -65.0, 53.0, -23.0, 8.0, cw=False)]
    outer = [rrect(30.0, -50.0, 92.0, 6.0, 14.0)]
    inner = [rrect(37.0, -43.0, 85.0, -1.0, 8.0, cw=False)]
    b = 'monochrome-0 multicolor-0:tintColor hierarchical-0:secondary'
    shared = 'monochrome-1 monochrome-2 multicolor-1:tintColor multicolor-2:tintColor hierarchical-1:primary hierarchical-2:primary'
    front = 'monochrome-2 multicolor-2:tintColor hierarchical-2:primary'
    rules = (_rules(['monochrome-1', 'multicolor-1:tintColor', 'hierarchical-1:primary'],
                    'opacity:0.0;-sfsymbols-clear-behind:true;-sfsymbols-motion-group:0') + [WIREFRAME_RULE])
    els = [E(back, b + ' SFSymbolsPreviewWireframe'), E(outer, shared + ' SFSymbolsPreviewWireframe'),
           E(inner, front + ' SFSymbolsPreviewWireframe')]
    return [variant('Regular-M', els, adv)], rules


def shared_badge():
    """A square (layer 0) with a badge: the badge disc is in layers 1 and 2 at once; layer 1 (the
    disc and a gap ring around it) clears behind at opacity 0, layer 2 paints the disc."""
    adv, b = 90.0, (68.0, -56.0)
    square = [rrect(4.0, -62.0, 72.0, 2.0, 10.0)]
    gap = ring(b, 19.0, 13.0)
    disc = [circ(b, 13.0)]
    g = 'monochrome-1 multicolor-1:white hierarchical-1:primary'
    d = 'monochrome-1 monochrome-2 multicolor-1:white multicolor-2:systemRedColor hierarchical-1:primary hierarchical-2:primary'
    els = [E(square, 'monochrome-0 multicolor-0:systemIndigoColor hierarchical-0:secondary'), E(gap, g), E(disc, d)]
    rules = [WIREFRAME_RULE] + _rules(g.split(), 'opacity:0;-sfsymbols-clear-behind:true')
    return [variant('Regular-M', els, adv)], rules


def shared_tint():
    """A folder (layer 0; in multicolor its tab is a layer of its own) with a rounded-square badge in front:
    the badge's one path comes first in the document and names its front layer before its gap layer
    (monochrome-2 monochrome-1), every multicolor layer is tintColor, and the multicolor indices are not
    the monochrome ones (gap multicolor-2, badge multicolor-3). The gap layer is the badge and a band
    round it, clearing behind at opacity 0."""
    adv = 92.0
    body = [rrect(4.0, -56.0, 80.0, 0.0, 8.0)]
    tab = [rrect(4.0, -66.0, 36.0, -50.0, 5.0)]
    badge = [rrect(54.0, -30.0, 86.0, 2.0, 7.0)]
    band = [rrect(48.0, -36.0, 92.0, 8.0, 12.0), rrect(54.0, -30.0, 86.0, 2.0, 7.0, cw=False)]
    g = 'monochrome-1 multicolor-2:tintColor hierarchical-1:primary'
    d = 'monochrome-2 monochrome-1 multicolor-3:tintColor multicolor-2:tintColor hierarchical-2:primary hierarchical-1:primary'
    els = [E(badge, d), E(band, g), E(body, 'monochrome-0 multicolor-0:tintColor hierarchical-0:secondary'),
           E(tab, 'monochrome-0 multicolor-1:systemBrownColor hierarchical-0:secondary')]
    rules = [WIREFRAME_RULE] + _rules(g.split(), 'opacity:0.0;-sfsymbols-clear-behind:true')
    return [variant('Regular-M', els, adv)], rules


def shared_stroke():
    """A document (layer 0) with a badge disc in front, in layers 1 and 2 at once, the disc's path
    carrying its own stroke-width 3. In multicolor the disc is the clear-behind gap layer's only
    path, so CoreUI strokes the layer at that width and the gap is a band reaching 3 round the disc;
    in monochrome and hierarchical the gap layer's first path is a drawn ring (16 to 19), so it
    fills. The gap looks the same in every mode."""
    adv, b = 84.0, (62.0, -14.0)
    document = [rrect(4.0, -66.0, 64.0, -4.0, 6.0)]
    gap = ring(b, 19.0, 16.0)
    disc = [circ(b, 16.0)]
    g = 'monochrome-1 hierarchical-1:primary'
    d = ('monochrome-1 monochrome-2 hierarchical-1:primary hierarchical-2:primary '
         'multicolor-1:systemGreenColor multicolor-2:systemGreenColor')
    els = [E(document, 'monochrome-0 multicolor-0:systemBlueColor hierarchical-0:secondary'), E(gap, g),
           E(disc, d, attrs='stroke-width="3"')]
    rules = [WIREFRAME_RULE] + _rules(['monochrome-1', 'multicolor-1:systemGreenColor', 'hierarchical-1:primary'],
                                      'opacity:0.0;-sfsymbols-clear-behind:true')
    return [variant('Regular-M', els, adv)], rules


def stroked_tree():
    """One path: 0 disc (layer 0); 1 a card, 2 a square pip and 3 a dot on it. Layer 1 draws the
    card, then an erase piece with its own stroke-width 3 cuts a band round the pip's outline out
    of the card (its holder says stroke-linejoin="round", so the band's corners are round): the
    disc shows in a square frame, and the pip's middle keeps the card, because a stroked eraser
    cuts a band, not its fill, and an erase piece cuts its own layer only. Layer 2 is a
    clear-behind node of opacity 0 with stroke-width 1.5: it erases a ring round the dot from
    everything beneath (card and disc), leaving the dot's middle."""
    adv, c = 96.0, (48.0, CY)
    sub = [circ(c, 44.0), rect(22.0, c[1] - 18.0, 74.0, c[1] + 18.0), rect(30.0, c[1] - 7.0, 44.0, c[1] + 7.0),
           circ((60.0, c[1]), 5.0)]
    tree = [('monochrome-0 hierarchical-0:secondary multicolor-0:systemIndigoColor', '0', None),
            ('monochrome-1 hierarchical-1:primary multicolor-1:systemOrangeColor', '1 2',
             [('draw', '1'), ('erase', '2', 'stroke-width="3"')], 'stroke-linejoin="round"'),
            ('monochrome-2 hierarchical-2:primary multicolor-2:white', '3', None, 'stroke-width="1.5"')]
    rules = [WIREFRAME_RULE] + _rules(['monochrome-2', 'hierarchical-2:primary', 'multicolor-2:white'],
                                      'opacity:0.0;-sfsymbols-clear-behind:true')
    return [variant('Regular-M', [E(sub, 'SFSymbolsPreviewWireframe')], adv)], rules, tree


def fixtures():
    """[(file, producer, exercises, text)]"""
    out = []
    for file, version, design, ex in (
            ('apple-v6-rotate-anchor.svg', 6, fan,
             'rotation marks: the fan blades (layer 1) are -sfsymbols-always-rotates and -sfsymbols-rotates-clockwise:false; '
             'a Regular-M-rotate-anchor circle marks the hub they turn about (its bounding box\'s middle) and is not drawn'),
            ('apple-v6-wiggle-style.svg', 6, pendulum,
             'wiggle style: the bob on its rod (layer 1) has -sfsymbols-wiggle-style:clockwise, so a Wiggle without a '
             'direction turns it, about the pivot the Regular-M-rotate-anchor circle marks'),
            ('apple-v6-shared-path-stroke.svg', 6, shared_stroke,
             'one path in several layers, stroked gap (template 6.0): the badge disc is in monochrome-1 monochrome-2 (and '
             'hierarchical-1, -2, multicolor-1, -2) with its own stroke-width 3; in multicolor it is the first (and only) '
             'path of the clear-behind gap layer, which CoreUI strokes at that width, so the gap is a band reaching 3 units '
             'round the disc; in monochrome and hierarchical the gap layer\'s first path is a drawn ring (no stroke width), '
             'so it fills; the gap looks the same in every mode'),
            ('apple-v6-shared-path-outline.svg', 6, outline_on_outline,
             'one path in several layers, outline form (the structure of a real export of two outlined shapes): the '
             'front square\'s outer contour is in layers 1 and 2, its inner contour (wound the other way) in layer 2 '
             'only; layer 1 clears behind at opacity 0 in every mode, hiding the back outline under the front square, '
             'and layer 2 fills its two paths as one path, so the front square is an outline with an empty middle'),
            ('apple-v7-shared-path.svg', 7, shared_badge,
             'one path in several layers: the badge disc is in monochrome-1 monochrome-2 (and multicolor-1, -2, '
             'hierarchical-1, -2); layer 1 clears behind at opacity 0 (disc + gap ring), layer 2 paints the disc, so '
             'a gap opens around it in every mode'),
            ('apple-v7-shared-path-tint.svg', 7, shared_tint,
             'one path in several layers, second form: the badge\'s path comes first and names its front layer before '
             'its clear-behind gap layer (monochrome-2 monochrome-1, multicolor-3:tintColor multicolor-2:tintColor); every '
             'multicolor layer is tintColor and the multicolor indices differ from the monochrome ones; the gap (badge and '
             'a band round it, opacity 0) opens around the badge in every mode')):
        vs, rules = design()
        out.append((file, f'Apple SF Symbols {version}', ex,
                    apple(file[:-4], f'SymbolReel dialect fixture (Apple SF Symbols {version} export): {ex}.', version, vs, rules)))
    vs, rules, tree = stroked_tree()
    ex = ('LayerTree with stroke widths: layer 1 draws a card, then an erase piece with its own stroke-width 3 cuts '
          'a band round a square pip out of the card (round corners, from the join its holder names), keeping the '
          'pip\'s middle; layer 2, a clear-behind node of opacity 0 with stroke-width 1.5, erases a ring round its dot '
          'from the card and the disc, keeping the dot\'s middle; in every mode')
    out.append(('apple-v7-layertree-stroke.svg', 'Apple SF Symbols 7', ex,
                apple('apple-v7-layertree-stroke', f'SymbolReel dialect fixture (Apple SF Symbols 7 export): {ex}.', 7,
                      vs, rules, layertree=tree)))
    vs, rules, tree = tram_disc()
    ex = ('LayerTree vehicle as real SF Symbols 6 exports write it: layer 1 (a tram) is built from pieces in the '
          'order draw, draw, erase, draw, erase, erase, given as class rules; it is clear-behind at opacity 0 in '
          'monochrome only (white in multicolor, primary over a tertiary disc in hierarchical); its windows, lamps '
          'and door are erased from the tram only, so the disc shows through them in every mode')
    out.append(('apple-v6-layertree-vehicle-disc.svg', 'Apple SF Symbols 6', ex,
                apple('apple-v6-layertree-vehicle-disc', f'SymbolReel dialect fixture (Apple SF Symbols 6 export): {ex}.', 6,
                      vs, rules, layertree=tree, bare_tree=True)))
    return out
