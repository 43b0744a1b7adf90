"""Parser fixtures: the bell.slash sample written in the other layouts a reader meets."""
import re

from catalog import by_name
from svgwriter import (HEADER, MARGIN_STYLE, WRITER_COMMENT, guide_lines, layer_tree_lines, notes, style_block, style_rules,
                       template, variant_group)
from template import BASELINE, COLUMN, MARGIN_SPAN, SCALE, WEIGHTS, fmt, path_d, scaled, weight_variant
import minify

SYMBOL = 'bell.slash'


def variant(masters, weight, size):
    v = masters[weight] if weight in masters else weight_variant(masters, weight)
    return scaled(v, SCALE[size]) if size != 'S' else v


def layout_files(all_masters):
    sym, m = by_name(SYMBOL), all_masters[SYMBOL]
    every = [(f"{w}-{s}", COLUMN[w], BASELINE[s], variant(m, w, s)) for s in ('S', 'M', 'L') for w in WEIGHTS]
    regular = [(f"Regular-{s}", COLUMN['Regular'], BASELINE[s], variant(m, 'Regular', s)) for s in ('S', 'M', 'L')]
    masters = [(f"{w}-S", COLUMN[w], BASELINE['S'], m[w]) for w in ('Ultralight', 'Regular', 'Black')]
    regular_text = template(sym, regular, weights=('Regular',), rows=('S', 'M', 'L'))
    return {
        'all-27-variants.svg': template(sym, every, weights=tuple(WEIGHTS), rows=('S', 'M', 'L')),
        'regular-only.svg': regular_text,
        'single-variant.svg': template(sym, [regular[1]], weights=('Regular',), rows=('M',)),
        'template-v1-noclasses.svg': _v1(sym, masters),
        'multicolor-only.svg': template(sym, masters, modes=('multicolor',)),
        'svgo-minified.svg': minify.minified_template(sym, regular),
        'inkscape-nested.svg': _inkscape(sym, masters),
        'percent-size.svg': _percent(sym, masters),
        'layertree.svg': _layertree(sym, masters),
    }


def _v1(sym, masters):
    """Template 1.0/2.0: no <style>, no classes, no draw data."""
    bare = [(vid, x, y, {'parts': [{'path': p['path'], 'ribs': None} for p in v['parts']], 'advance': v['advance']})
            for vid, x, y, v in masters]
    return template(sym, bare, classes=False, style=False, version='2.0')


# ---------------------------------------------------------------- Inkscape: nested, transformed groups

T1 = (100.0, -50.0)            # outer layer: translate(100,-50)
T2 = (2.0, 1.5)                # inner group: scale(2 1.5)


def _local(x, y):
    """Artboard point -> coordinates inside both transformed groups."""
    return (x - T1[0]) / T2[0], (y - T1[1]) / T2[1]


def _num(v):
    return f"{round(v, 8):.8f}".rstrip('0').rstrip('.')


def _inkscape(sym, masters):
    ink = ('xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
           'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
           'xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"')
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n',
           '<!-- Inkscape-style layout written by the SymbolReel sample generator -->\n',
           f'<svg width="120mm" height="80mm" viewBox="0 0 3300 2200" version="1.1" id="svg8" '
           f'inkscape:version="1.3 (sample)" sodipodi:docname="inkscape-nested.svg" {ink}>\n',
           '  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" bordercolor="#666666" borderopacity="1.0" '
           'inkscape:pageshadow="2" inkscape:zoom="0.35" inkscape:cx="1650" inkscape:cy="1100" '
           'inkscape:document-units="mm" inkscape:current-layer="layer1" showgrid="false"/>\n',
           '  <defs id="defs2"/>\n']
    out.append(style_block(style_rules(sym)).replace(' <style>', '  <style id="style1">', 1))
    out.append(notes(sym).replace(' <g id="Notes">', '  <g id="Notes" inkscape:groupmode="layer" inkscape:label="Notes">'))
    out.append(f'  <g id="layer1" inkscape:groupmode="layer" inkscape:label="Template" '
               f'transform="translate({fmt(T1[0])},{fmt(T1[1])})">\n')
    out.append(f'    <g id="g20" transform="scale({fmt(T2[0])} {fmt(T2[1])})">\n')
    out.append('      <g id="Guides" inkscape:label="Guides">\n')
    for line in guide_lines([]):
        out.append('        ' + _local_line(line.strip()) + '\n')
    for n, (vid, x, y, v) in enumerate(masters):
        for side, mx in (('left', x), ('right', x + v['advance'])):
            lx, ly1 = _local(mx, y + MARGIN_SPAN[0])
            _, ly2 = _local(mx, y + MARGIN_SPAN[1])
            mid = f"{side}-margin-{vid}"
            if (n, side) in ((0, 'left'), (0, 'right'), (1, 'left')):
                out.append(f'        <path id="{mid}" style="{MARGIN_STYLE}" d="M {_num(lx)} {_num(ly1)} V {_num(ly2)}" '
                           'inkscape:connector-curvature="0"/>\n')
            else:
                out.append(f'        <rect id="{mid}" style="fill:#00AEEF;stroke:none" x="{_num(lx - 0.125)}" '
                           f'y="{_num(ly1)}" width="0.25" height="{_num(ly2 - ly1)}"/>\n')
    out.append('      </g>\n      <g id="Symbols" inkscape:label="Symbols">\n')
    for vid, x, y, v in masters:
        ox, oy = _local(x, y)
        tf = f"matrix({_num(1 / T2[0])},0,0,{_num(1 / T2[1])},{_num(ox)},{_num(oy)})"
        group = variant_group(sym, vid, x, y, v, indent='        ', transform=tf)
        out.append(group.replace('<path ', '<path inkscape:connector-curvature="0" '))
    out.append('      </g>\n    </g>\n  </g>\n</svg>\n')
    return ''.join(out)


def _local_line(line):
    """A guide <line> in artboard coordinates rewritten inside the transformed groups."""
    vals = dict(re.findall(r'(x1|x2|y1|y2)="([^"]+)"', line))
    x1, y1 = _local(float(vals['x1']), float(vals['y1']))
    x2, y2 = _local(float(vals['x2']), float(vals['y2']))
    for k, v in (('x1', x1), ('x2', x2), ('y1', y1), ('y2', y2)):
        line = line.replace(f'{k}="{vals[k]}"', f'{k}="{_num(v)}"')
    return line


# ---------------------------------------------------------------- Sketch: percent size, no viewBox

def _percent(sym, masters):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           '<svg width="100%" height="100%" version="1.1" xmlns="http://www.w3.org/2000/svg" '
           'xmlns:xlink="http://www.w3.org/1999/xlink">\n',
           '    <!-- Sketch-style layout written by the SymbolReel sample generator -->\n',
           f'    <title>{sym.name}</title>\n',
           '    <desc>Created with the SymbolReel sample generator.</desc>\n',
           '    <defs></defs>\n']
    body = style_block(style_rules(sym)) + notes(sym).replace(
        ' <g id="Notes">', ' <g id="Notes" stroke="none" stroke-width="1" fill="none" fill-rule="evenodd">')
    body += ' <g id="Guides">\n' + ''.join(guide_lines(masters)) + ' </g>\n <g id="Symbols">\n'
    for vid, x, y, v in masters:
        body += variant_group(sym, vid, x, y, v)
    body += ' </g>\n'
    for line in body.splitlines(keepends=True):
        depth = len(line) - len(line.lstrip(' '))
        out.append('    ' * (depth + 1) + line.lstrip(' '))
    out.append('</svg>\n')
    return ''.join(out)


# ---------------------------------------------------------------- LayerTree: one path per variant

LAYER_TREE = [
    ('monochrome-0 hierarchical-0:primary multicolor-0:systemYellowColor', [0, 1, 2], None),
    ('monochrome-1 hierarchical-1:primary multicolor-1:systemOrangeColor', [3], None),
    ('monochrome-2 hierarchical-2:primary multicolor-2:systemRedColor', [4, 5], [('erase', [4]), ('draw', [5])]),
]
LAYER_TREE_RULES = [
    '.monochrome-0 {-sfsymbols-motion-group:0;-sfsymbols-layer-tags:"bell body"}',
    '.monochrome-1 {-sfsymbols-motion-group:0;-sfsymbols-layer-tags:"bell clapper" bell}',
    '.monochrome-2 {-sfsymbols-motion-group:1;-sfsymbols-layer-tags:slash}',
    '.hierarchical-0:primary {-sfsymbols-motion-group:0;-sfsymbols-layer-tags:"bell body"}',
    '.hierarchical-1:primary {-sfsymbols-motion-group:0;-sfsymbols-layer-tags:"bell clapper" bell}',
    '.hierarchical-2:primary {-sfsymbols-motion-group:1;-sfsymbols-layer-tags:slash}',
    '.multicolor-0:systemYellowColor {-sfsymbols-layer-tags:"bell body"}',
    '.multicolor-1:systemOrangeColor {-sfsymbols-layer-tags:"bell clapper" bell}',
    '.multicolor-2:systemRedColor {-sfsymbols-layer-tags:slash}',
    '.SFSymbolsPreviewWireframe {fill:none;opacity:1.0;stroke:black;stroke-width:0.5}',
]


def _layertree(sym, masters):
    out = [HEADER, '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" '
           'xmlns:xlink="http://www.w3.org/1999/xlink" width="3300" height="2200">\n', WRITER_COMMENT,
           style_block(LAYER_TREE_RULES), notes(sym), ' <g id="Guides">\n'] + guide_lines(masters)
    out.append(' </g>\n <g id="Symbols">\n')
    for vid, x, y, v in masters:
        path = [c for p in v['parts'] for c in p['path']]
        assert len(path) == 6, "LayerTree indices assume 6 subpaths"
        out.append(f'  <g id="{vid}" transform="matrix(1 0 0 1 {fmt(x)} {fmt(y)})">\n'
                   f'   <path class="SFSymbolsPreviewWireframe" d="{path_d(path)}"/>\n  </g>\n')
    out.append(' </g>\n')
    out += layer_tree_lines(LAYER_TREE)
    out.append('</svg>\n')
    return ''.join(out)
