"""SVG text of SF Symbols templates: <style> layer rules, Notes, Guides and Symbols groups."""
from template import BASELINE, CAP_HEIGHT, COLUMN, MARGIN_SPAN, fmt, path_d, rib_text

HEADER = ('<?xml version="1.0" encoding="UTF-8"?>\n'
          '<!--Generator: SymbolReel sample generator-->\n'
          '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n')
SVG_OPEN = ('<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'width="3300" height="2200">\n')
WRITER_COMMENT = ' <!--glyph: "", point size: 100.0, template writer version: "SymbolReel samples 1"-->\n'
GUIDE_STYLE = 'fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;'
MARGIN_STYLE = 'fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;'
TEXT_STYLE = 'stroke:none;fill:black;font-family:sans-serif;font-size:13;'
MODES = ('monochrome', 'hierarchical', 'multicolor')
WIREFRAME_RULE = '.SFSymbolsPreviewWireframe {fill:none;opacity:1.0;stroke:black;stroke-width:0.5}'


def ann_text(ann):
    """A layer rule's declarations: `opacity` as itself (it holds in the rule's mode only), the
    rest as -sfsymbols-* annotations."""
    return ';'.join(f"{k}:{v}" if k == 'opacity' else f"-sfsymbols-{k}:{v}" for k, v in ann.items())


def layer_class(sym, mode, index):
    if mode == 'monochrome':
        return f"monochrome-{index}"
    key = sym.hier[index][0] if mode == 'hierarchical' else sym.multi[index][0]
    return f"{mode}-{index}:{key}"


def path_classes(sym, i, modes=MODES, preview=True):
    m, h, c = sym.paths[i]
    idx = {'monochrome': m, 'hierarchical': h, 'multicolor': c}
    order = [x for x in ('monochrome', 'multicolor', 'hierarchical') if x in modes]
    names = [layer_class(sym, mode, idx[mode]) for mode in order]
    if preview and sym.preview and sym.preview[i]:
        names.append(f"SFSymbolsPreview{sym.preview[i]}")
    if preview:
        names.append('SFSymbolsPreviewWireframe')
    return ' '.join(names)


def style_rules(sym, modes=MODES, preview=True):
    rules = []
    for mode in MODES:
        if mode not in modes:
            continue
        layers = {'monochrome': [('', a) for a in sym.mono], 'hierarchical': sym.hier,
                  'multicolor': sym.multi}[mode]
        for n, (key, ann) in enumerate(layers):
            decl = ann_text(ann)
            if mode == 'multicolor' and key == 'custom':
                decl = f"fill:{sym.custom[n]}" + (';' + decl if decl else '')
            rules.append(f".{layer_class(sym, mode, n)} {{{decl}}}")
    if sym.defaults:
        rules.append(f".defaults {{{ann_text(sym.defaults)}}}")
    if preview:
        for hexv in sorted({p for p in (sym.preview or []) if p}):
            rules.append(f".SFSymbolsPreview{hexv} {{fill:#{hexv};opacity:1.0}}")
        rules.append(WIREFRAME_RULE)
    return rules


def style_block(rules):
    return ' <style>' + '\n'.join(rules) + '\n </style>\n'


def notes(sym, version='7.0', rows=('S', 'M', 'L'), weights=('Ultralight', 'Regular', 'Black')):
    out = [' <g id="Notes">\n',
           '  <rect height="2200" id="artboard" style="fill:white;opacity:1" width="3300" x="0" y="0"/>\n',
           '  <line style="fill:none;stroke:black;opacity:1;stroke-width:0.5;" x1="263" x2="3036" y1="292" y2="292"/>\n',
           f'  <text style="{TEXT_STYLE}" transform="matrix(1 0 0 1 263 322)">Weight/Scale Variations</text>\n']
    for w in weights:
        out.append(f'  <text style="{TEXT_STYLE}text-anchor:middle;" transform="matrix(1 0 0 1 {fmt(COLUMN[w])} 403)">'
                   f'{w}</text>\n')
    for r in rows:
        label = {'S': 'Small', 'M': 'Medium', 'L': 'Large'}[r]
        out.append(f'  <text style="{TEXT_STYLE}" transform="matrix(1 0 0 1 263 {fmt(BASELINE[r] + 30)})">{label}</text>\n')
    out.append(f'  <text id="template-version" style="{TEXT_STYLE}text-anchor:end;" '
               f'transform="matrix(1 0 0 1 3036 1933)">Template v.{version}</text>\n')
    out.append(f'  <text id="descriptive-name" style="{TEXT_STYLE}text-anchor:end;" '
               f'transform="matrix(1 0 0 1 3036 1953)">{sym.name}</text>\n')
    out.append(' </g>\n')
    return ''.join(out)


def guide_lines(variants, indent='  '):
    """Baseline/Capline for S, M, L and left/right margins of every variant, in artboard coordinates."""
    out = []
    for r in ('S', 'M', 'L'):
        y = BASELINE[r]
        out.append(f'{indent}<line id="Baseline-{r}" style="{GUIDE_STYLE}" x1="263" x2="3036" y1="{fmt(y)}" y2="{fmt(y)}"/>\n')
        out.append(f'{indent}<line id="Capline-{r}" style="{GUIDE_STYLE}" x1="263" x2="3036" '
                   f'y1="{fmt(y - CAP_HEIGHT)}" y2="{fmt(y - CAP_HEIGHT)}"/>\n')
    for vid, x, y, v in variants:
        y1, y2 = fmt(y + MARGIN_SPAN[0]), fmt(y + MARGIN_SPAN[1])
        for side, mx in (('left', x), ('right', x + v['advance'])):
            out.append(f'{indent}<line id="{side}-margin-{vid}" style="{MARGIN_STYLE}" x1="{fmt(mx)}" x2="{fmt(mx)}" '
                       f'y1="{y1}" y2="{y2}"/>\n')
    return out


def variant_group(sym, vid, x, y, v, modes=MODES, preview=True, classes=True, indent='  ', transform=None):
    tf = transform or f"matrix(1 0 0 1 {fmt(x)} {fmt(y)})"
    out = [f'{indent}<g id="{vid}" transform="{tf}">\n']
    for i, p in enumerate(v['parts']):
        attrs = f' class="{path_classes(sym, i, modes, preview)}"' if classes else ''
        extra = f' data-clipstroke-keyframes="{rib_text(p["path"], p["ribs"])}"' if p['ribs'] else ''
        out.append(f'{indent} <path{attrs} d="{path_d(p["path"])}"{extra}/>\n')
    out.append(f'{indent}</g>\n')
    return ''.join(out)


def template(sym, variants, modes=MODES, preview=True, classes=True, style=True, version='7.0',
             weights=('Ultralight', 'Regular', 'Black'), rows=('S',)):
    """A whole template file; variants = [(id, column x, baseline y, variant)]."""
    out = [HEADER, SVG_OPEN, WRITER_COMMENT]
    if style:
        out.append(style_block(style_rules(sym, modes, preview)))
    out.append(notes(sym, version, rows, weights))
    out.append(' <g id="Guides">\n')
    out += guide_lines(variants)
    out.append(' </g>\n <g id="Symbols">\n')
    for vid, x, y, v in variants:
        out.append(variant_group(sym, vid, x, y, v, modes, preview, classes))
    out.append(' </g>\n</svg>\n')
    return ''.join(out)


def master_variants(masters):
    return [(f"{w}-S", COLUMN[w], BASELINE['S'], masters[w]) for w in ('Ultralight', 'Regular', 'Black')]


def layer_tree_lines(entries, bare=False):
    """`<g id="LayerTree">` from (classes, indices, pieces[, attrs]) entries: indices a list or a
    string, pieces [(action, indices[, attrs])] for shapeGroupLayer-N children (empty: the layer's
    own indices); attrs, extra attributes written after the style (`stroke-width="3"`). `bare`:
    the groups carry only their classes, as SF Symbols 6 exports write them, the indices and fill
    actions being class rules of the style sheet (`layer_tree_rules`)."""
    def ids(v):
        return v if isinstance(v, str) else ' '.join(map(str, v))
    out = [' <g id="LayerTree">\n']
    counter = 0
    for classes, indices, pieces, *rest in entries:
        extra = f' {rest[0]}' if rest else ''
        style = '' if bare else f' style="-sfsymbols-indices:{ids(indices)}"'
        if not pieces:
            out.append(f'  <g class="{classes}"{style}{extra}/>\n')
            continue
        out.append(f'  <g class="{classes}"{style}{extra}>\n')
        for k, (action, piece, *more) in enumerate(pieces):
            n = counter + k if bare else k  # class rules name each piece once across the tree
            piece_style = '' if bare else f' style="-sfsymbols-fill-action:{action};-sfsymbols-indices:{ids(piece)}"'
            out.append(f'   <g class="shapeGroupLayer-{n}"{piece_style}{" " + more[0] if more else ""}/>\n')
        counter += len(pieces)
        out.append('  </g>\n')
    out.append(' </g>\n')
    return out


def layer_tree_rules(entries):
    """The class rules a `bare` LayerTree needs: each piece's fill action and indices under
    `.shapeGroupLayer-N` (pieces are numbered across the whole tree)."""
    def ids(v):
        return v if isinstance(v, str) else ' '.join(map(str, v))
    rules, n = [], 0
    for _classes, _indices, pieces, *_rest in entries:
        for action, piece, *_more in pieces or []:
            rules.append(f'.shapeGroupLayer-{n} {{-sfsymbols-fill-action:{action};-sfsymbols-indices:{ids(piece)}}}')
            n += 1
    return rules
