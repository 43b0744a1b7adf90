#!/usr/bin/env python3
"""Writes the resvg-style test SVGs (one behaviour per file, 200x200 viewBox). Run once; the
SVGs are committed. render_references.py then renders them with resvg-py at 300 px width."""
import os

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">\n'
TESTS = {
"paths-lines": '<path d="M 20 20 L 180 40 L 160 180 H 40 V 100 Z" fill="#2E7D32"/>',
"paths-quads": '<path d="M 20 180 Q 60 20 100 100 T 180 60 L 180 180 Z" fill="#6A1B9A"/>',
"paths-cubics": '<path d="M 20 100 C 20 20 100 20 100 100 S 180 180 180 100 L 180 180 L 20 180 Z" fill="#C62828"/>',
"paths-arcs": '<path d="M 30 100 A 40 40 0 0 1 110 100 A 30 50 30 1 0 170 120 L 170 180 L 30 180 Z" fill="#EF6C00"/>',
"paths-relative": '<path d="m 20 30 l 40 -10 h 30 v 30 c 20 0 40 10 40 30 s 20 30 40 30 q -20 40 -60 40 t -60 -20 a 20 20 0 0 1 -30 -40 z" fill="#00838F"/>',
"shapes-rect": '<rect x="25" y="40" width="150" height="110" fill="#283593"/>',
"shapes-rect-rounded": '<rect x="25" y="40" width="150" height="110" rx="30" ry="20" fill="#AD1457"/>',
"shapes-circle": '<circle cx="100" cy="100" r="70" fill="#2E7D32"/>',
"shapes-ellipse": '<ellipse cx="100" cy="100" rx="80" ry="45" fill="#4527A0"/>',
"shapes-line": '<line x1="20" y1="30" x2="180" y2="170" stroke="#37474F" stroke-width="12"/>',
"shapes-polyline": '<polyline points="20,170 60,40 100,150 140,50 180,160" fill="none" stroke="#558B2F" stroke-width="10"/>',
"shapes-polygon": '<polygon points="100,20 180,80 150,180 50,180 20,80" fill="#F9A825"/>',
"fill-rule-nonzero": '<polygon points="100,20 147,164 24,75 176,75 53,164" fill="#1565C0" fill-rule="nonzero"/>',
"fill-rule-evenodd": '<polygon points="100,20 147,164 24,75 176,75 53,164" fill="#1565C0" fill-rule="evenodd"/>',
"stroke-linecap": ('<g stroke="#4E342E" stroke-width="24">'
                   '<line x1="50" y1="40" x2="150" y2="40" stroke-linecap="butt"/>'
                   '<line x1="50" y1="100" x2="150" y2="100" stroke-linecap="round"/>'
                   '<line x1="50" y1="160" x2="150" y2="160" stroke-linecap="square"/></g>'),
"stroke-linejoin-miter": '<polyline points="30,150 70,50 110,150 150,60 175,160" fill="none" stroke="#1565C0" stroke-width="16" stroke-linejoin="miter"/>',
"stroke-linejoin-round": '<polyline points="30,150 70,50 110,150 150,60 175,160" fill="none" stroke="#1565C0" stroke-width="16" stroke-linejoin="round"/>',
"stroke-linejoin-bevel": '<polyline points="30,150 70,50 110,150 150,60 175,160" fill="none" stroke="#1565C0" stroke-width="16" stroke-linejoin="bevel"/>',
"stroke-miterlimit": ('<g fill="none" stroke="#00695C" stroke-width="14" stroke-linejoin="miter">'
                      '<polyline points="20,80 60,20 100,80" stroke-miterlimit="2"/>'
                      '<polyline points="110,80 150,20 190,80" stroke-miterlimit="4"/>'
                      '<polyline points="20,180 100,110 180,180" stroke-miterlimit="1"/></g>'),
"stroke-dasharray": '<path d="M 20 40 H 180 M 20 100 C 60 60 140 140 180 100 M 20 160 H 180" fill="none" stroke="#BF360C" stroke-width="10" stroke-dasharray="20 10 5 10"/>',
"stroke-dashoffset": '<circle cx="100" cy="100" r="70" fill="none" stroke="#0277BD" stroke-width="14" stroke-dasharray="30 15" stroke-dashoffset="-12"/>',
"stroke-hairline": ('<g fill="none" stroke="#000000" stroke-width="0.5">'
                    '<path d="M 20 20 L 180 60 M 20 60 H 180 M 20 100 C 60 20 140 180 180 100"/>'
                    '<circle cx="100" cy="150" r="35"/></g>'),
"stroke-closed-path": '<path d="M 40 40 H 160 V 160 H 40 Z" fill="none" stroke="#6D4C41" stroke-width="20" stroke-linejoin="round"/>',
"transform-rotate": '<rect x="50" y="50" width="100" height="100" fill="#512DA8" transform="rotate(30 100 100)"/>',
"transform-skew": '<rect x="40" y="50" width="100" height="100" fill="#00796B" transform="skewX(20)"/>',
"transform-scale-nonuniform": '<circle cx="50" cy="50" r="30" fill="none" stroke="#D84315" stroke-width="8" transform="scale(2 1) translate(0 50)"/>',
"opacity-fill": ('<rect x="20" y="20" width="110" height="110" fill="#1E88E5"/>'
                 '<rect x="70" y="70" width="110" height="110" fill="#E53935" fill-opacity="0.5"/>'),
"opacity-group": ('<g opacity="0.5"><rect x="20" y="20" width="110" height="110" fill="#1E88E5"/>'
                  '<rect x="70" y="70" width="110" height="110" fill="#E53935"/></g>'),
"gradient-linear-pad": ('<linearGradient id="g"><stop offset="0" stop-color="#E53935"/>'
                        '<stop offset="0.5" stop-color="#FDD835"/><stop offset="1" stop-color="#1E88E5"/></linearGradient>'
                        '<rect x="20" y="20" width="160" height="160" fill="url(#g)"/>'),
"gradient-linear-reflect": ('<linearGradient id="g" x1="0.3" x2="0.6" spreadMethod="reflect"><stop offset="0" stop-color="#43A047"/>'
                            '<stop offset="1" stop-color="#3949AB"/></linearGradient>'
                            '<rect x="20" y="20" width="160" height="160" fill="url(#g)"/>'),
"gradient-linear-repeat": ('<linearGradient id="g" x1="0" y1="0" x2="0.25" y2="0.25" spreadMethod="repeat"><stop offset="0" stop-color="#FB8C00"/>'
                           '<stop offset="1" stop-color="#5E35B1"/></linearGradient>'
                           '<rect x="20" y="20" width="160" height="160" fill="url(#g)"/>'),
"gradient-linear-stop-opacity": ('<linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#00897B" stop-opacity="1"/>'
                                 '<stop offset="1" stop-color="#00897B" stop-opacity="0"/></linearGradient>'
                                 '<circle cx="100" cy="100" r="80" fill="url(#g)"/>'),
"gradient-linear-userspace": ('<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="200" x2="200" y2="0">'
                              '<stop offset="0.2" stop-color="#D81B60"/><stop offset="0.8" stop-color="#039BE5"/></linearGradient>'
                              '<path d="M 20 100 L 100 20 L 180 100 L 100 180 Z" fill="url(#g)"/>'),
"gradient-radial": ('<radialGradient id="g"><stop offset="0" stop-color="#FFEB3B"/>'
                    '<stop offset="1" stop-color="#D32F2F"/></radialGradient>'
                    '<rect x="20" y="20" width="160" height="160" fill="url(#g)"/>'),
"gradient-radial-focal": ('<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="100" cy="100" r="80" fx="70" fy="70">'
                          '<stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="#1A237E"/></radialGradient>'
                          '<circle cx="100" cy="100" r="80" fill="url(#g)"/>'),
"gradient-radial-reflect": ('<radialGradient id="g" r="0.2" spreadMethod="reflect"><stop offset="0" stop-color="#8E24AA"/>'
                            '<stop offset="1" stop-color="#FFB300" stop-opacity="0.6"/></radialGradient>'
                            '<rect x="20" y="20" width="160" height="160" fill="url(#g)"/>'),
}

# The root's width and height set the page (2:1 here), and preserveAspectRatio fits the square
# viewBox into it. The drawing marks the viewBox's edges and corners so every placement shows.
ASPECT_BODY = ('<rect x="0" y="0" width="200" height="200" fill="#ECEFF1"/>'
               '<circle cx="100" cy="100" r="90" fill="#1E88E5"/>'
               '<rect x="0" y="0" width="40" height="40" fill="#E53935"/>'
               '<rect x="160" y="160" width="40" height="40" fill="#43A047"/>')
ASPECT = {
    "aspect-xmidymid-meet": 'width="200" height="100"',
    "aspect-xminymin-meet": 'width="200" height="100" preserveAspectRatio="xMinYMin meet"',
    "aspect-xmaxymax-slice": 'width="200" height="100" preserveAspectRatio="xMaxYMax slice"',
    "aspect-none": 'width="200" height="100" preserveAspectRatio="none"',
    "aspect-xmaxymid-meet-tall": 'width="100" height="200" preserveAspectRatio="xMaxYMid meet"',
}

here = os.path.dirname(os.path.abspath(__file__))
for name, body in TESTS.items():
    with open(os.path.join(here, name + ".svg"), "w") as f:
        f.write(HEAD + "  " + body + "\n</svg>\n")
for name, root in ASPECT.items():
    with open(os.path.join(here, name + ".svg"), "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" {root}>\n  {ASPECT_BODY}\n</svg>\n')
print(len(TESTS) + len(ASPECT), "SVGs written")
