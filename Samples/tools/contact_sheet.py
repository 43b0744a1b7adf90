#!/usr/bin/env python3
"""Render contact sheets of the samples into a folder (default /tmp/symbolreel-sheets) with resvg-py.

Not part of the build: a tool for looking. For every symbol it draws the three masters filled
(non-zero) and scaled up, with guides and the draw ribs decoded back from their outline
positions (red: the rib, blue dot: its middle), then the Regular master previewed in
monochrome, hierarchical and multicolor (clear-behind layers painted white, as on a white page).
It also renders every sample file as a whole page (the template's own wireframe styling).
Needs `pip install resvg-py`.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import resvg_py                                                    # noqa: E402

from catalog import SYMBOLS                                        # noqa: E402
from geo import point_at                                           # noqa: E402
from make_samples import outputs                                   # noqa: E402
from template import CAP_HEIGHT, fraction_at, path_d               # noqa: E402

SYSTEM = {'systemRedColor': '#FF3B30', 'systemOrangeColor': '#FF9500', 'systemYellowColor': '#FFCC00',
          'systemGreenColor': '#34C759', 'systemMintColor': '#00C7BE', 'systemTealColor': '#30B0C7',
          'systemCyanColor': '#32ADE6', 'systemBlueColor': '#007AFF', 'systemIndigoColor': '#5856D6',
          'systemPurpleColor': '#AF52DE', 'systemPinkColor': '#FF2D55', 'systemBrownColor': '#A2845E',
          'systemGrayColor': '#8E8E93', 'white': '#FFFFFF', 'black': '#000000', 'tintColor': '#007AFF'}
CELL, K = 150.0, 1.3          # cell width and drawing scale


def cell(body, x, y, advance, k=K, label=''):
    ox, oy = x + (CELL - advance * k) / 2, y + 115
    g = [f'<g transform="translate({ox:.2f} {oy:.2f}) scale({k})">']
    g.append(f'<path d="M-20 0H{advance + 20}M-20 {-CAP_HEIGHT}H{advance + 20}M0 10V-90M{advance} 10V-90" '
             f'stroke="#27AAE1" stroke-width="{0.6 / k}" fill="none"/>')
    g += body
    g.append('</g>')
    if label:
        g.append(f'<text x="{x + 4}" y="{y + 148}" font-size="9" font-family="sans-serif">{label}</text>')
    return g


def master_body(m):
    body = []
    for p in m['parts']:
        body.append(f'<path d="{path_d(p["path"])}" fill="black" fill-opacity="0.85"/>')
    for p in m['parts']:
        for flags, t, (ca, sa, ta), (cb, sb, tb) in p['ribs'] or []:
            a = point_at(p['path'], ca + fraction_at(p['path'][ca], sa, ta))
            b = point_at(p['path'], cb + fraction_at(p['path'][cb], sb, tb))
            col = '#00C000' if flags == 8 else 'red'
            body.append(f'<line x1="{a[0]:.3f}" y1="{a[1]:.3f}" x2="{b[0]:.3f}" y2="{b[1]:.3f}" '
                        f'stroke="{col}" stroke-width="0.6"/>')
            body.append(f'<circle cx="{(a[0] + b[0]) / 2:.3f}" cy="{(a[1] + b[1]) / 2:.3f}" r="0.9" fill="#09f"/>')
    return body


def mode_body(sym, m, mode):
    body = []
    for i, p in enumerate(m['parts']):
        mi, hi, ci = sym.paths[i]
        if mode == 'monochrome':
            ann, fill, op = sym.mono[mi], 'black', 1.0
        elif mode == 'hierarchical':
            level, ann = sym.hier[hi]
            fill, op = 'black', {'primary': 1.0, 'secondary': 0.5, 'tertiary': 0.25}[level]
        else:
            colour, ann = sym.multi[ci]
            fill, op = (sym.custom[ci] if colour == 'custom' else SYSTEM[colour]), 1.0
        if ann.get('clear-behind') == 'true':
            fill, op = 'white', 1.0
        body.append(f'<path d="{path_d(p["path"])}" fill="{fill}" fill-opacity="{op}"/>')
    return body


def sheet(symbols, all_masters):
    w, h = CELL * 6, 160 * len(symbols)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
           f'<rect width="{w}" height="{h}" fill="white"/>']
    for row, sym in enumerate(symbols):
        ms = all_masters[sym.name]
        y = row * 160
        for col, wname in enumerate(('Ultralight', 'Regular', 'Black')):
            out += cell(master_body(ms[wname]), col * CELL, y, ms[wname]['advance'],
                        label=f'{sym.name} {wname}' if col == 0 else wname)
        for col, mode in enumerate(('monochrome', 'hierarchical', 'multicolor')):
            out += cell(mode_body(sym, ms['Regular'], mode), (col + 3) * CELL, y, ms['Regular']['advance'], label=mode)
    out.append('</svg>')
    return '\n'.join(out)


def _crop(text):
    """The page's three S columns side by side, zoomed (only for plain 3300x2200 roots)."""
    head, sep, rest = text.partition('<svg')
    if 'width="3300" height="2200"' not in rest.split('>', 1)[0]:
        return None
    inner = rest.split('>', 1)[1].rsplit('</svg>', 1)[0]
    cols = [(500.0, 'Ultralight'), (1390.0, 'Regular'), (2770.0, 'Black')]
    w, h = 150.0, 150.0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{3 * w * 4}" height="{h * 4}" '
           f'viewBox="0 0 {3 * w} {h}"><rect width="{3 * w}" height="{h}" fill="white"/>']
    for i, (x, _) in enumerate(cols):
        out.append(f'<svg x="{i * w}" y="0" width="{w}" height="{h}" viewBox="{x} 580 {w} {h}">{inner}</svg>')
    out.append('</svg>')
    return ''.join(out)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    only = [a[7:].split(',') for a in sys.argv[1:] if a.startswith('--only=')]
    dest = args[0] if args else '/tmp/symbolreel-sheets'
    os.makedirs(dest, exist_ok=True)
    files, all_masters = outputs()
    if only:
        group = [s for s in SYMBOLS if s.name in only[0]]
        png = resvg_py.svg_to_bytes(svg_string=sheet(group, all_masters), zoom=3.0)
        with open(os.path.join(dest, 'zoom.png'), 'wb') as f:
            f.write(bytes(png))
        print(os.path.join(dest, 'zoom.png'))
        return
    for n in range(0, len(SYMBOLS), 5):
        group = SYMBOLS[n:n + 5]
        png = resvg_py.svg_to_bytes(svg_string=sheet(group, all_masters), zoom=1.6)
        with open(os.path.join(dest, f'sheet-{n // 5 + 1}.png'), 'wb') as f:
            f.write(bytes(png))
    for rel, text in sorted(files.items()):
        if not rel.endswith('.svg'):
            continue
        name = rel.replace('/', '_').replace('.svg', '.png')
        if rel.startswith('Samples/icons'):
            png = resvg_py.svg_to_bytes(svg_string=text.replace('currentColor', 'black'), width=192)
        else:
            # resvg needs a size: a root of 100% x 100% without a viewBox gets the artboard's.
            text = text.replace('width="100%" height="100%"', 'width="3300" height="2200"', 1)
            png = resvg_py.svg_to_bytes(svg_string=text, width=1100, dpi=96)  # dpi 0 makes mm sizes zero
            crop = _crop(text)
            if crop:
                with open(os.path.join(dest, 'crop_' + name), 'wb') as f:
                    f.write(bytes(resvg_py.svg_to_bytes(svg_string=crop)))
        with open(os.path.join(dest, 'page_' + name), 'wb') as f:
            f.write(bytes(png))
    print(dest)


if __name__ == '__main__':
    main()
