"""Plain 24x24 SVG icons of our own: four stroked (Lucide/Tabler style), one filled (Material style) and a
filled arrow with hand-written draw guides."""

import math

STROKED = ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" '
           'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">\n')
FILLED = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">\n'


def icon(head, body):
    return head + ''.join(f'  {line}\n' for line in body) + '</svg>\n'


def _arrow_shaft():
    """A band of half-width 1.1 around the quadratic (4,19) (5,7) (16,7), as a polygon."""
    p0, p1, p2 = (4.0, 19.0), (5.0, 7.0), (16.0, 7.0)
    left, right = [], []
    for k in range(25):
        t = k / 24
        x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0]
        y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]
        dx = 2 * (1 - t) * (p1[0] - p0[0]) + 2 * t * (p2[0] - p1[0])
        dy = 2 * (1 - t) * (p1[1] - p0[1]) + 2 * t * (p2[1] - p1[1])
        n = math.hypot(dx, dy)
        nx, ny = -dy / n, dx / n
        left.append((x + nx * 1.1, y + ny * 1.1))
        right.append((x - nx * 1.1, y - ny * 1.1))
    return 'M' + ' L'.join(f'{x:.2f} {y:.2f}' for x, y in left + right[::-1]) + ' Z'


ICONS = {
    # rect rx, polyline, circle, line (a dot: a zero-length-ish line), open relative path with an arc
    'camera': icon(STROKED, [
        '<rect x="3" y="7" width="18" height="13" rx="3"/>',
        '<polyline points="8.5 7 10 4 14 4 15.5 7"/>',
        '<circle cx="12" cy="13.5" r="4"/>',
        '<line x1="17.5" y1="10" x2="17.51" y2="10"/>',
        '<path d="M10.5 13.5a1.5 1.5 0 0 1 1.5-1.5"/>',
    ]),
    # groups as layers: each track is a <g> of two lines and a knob
    'sliders': icon(STROKED, [
        '<g id="track-top"><line x1="4" y1="7" x2="7.5" y2="7"/><line x1="13.5" y1="7" x2="20" y2="7"/>'
        '<circle cx="10.5" cy="7" r="3"/></g>',
        '<g id="track-bottom"><line x1="4" y1="17" x2="12.5" y2="17"/><line x1="18.5" y1="17" x2="20" y2="17"/>'
        '<circle cx="15.5" cy="17" r="3"/></g>',
    ]),
    # open paths only: relative cubics, a relative arc, a relative line, implicit repeats
    'leaf': icon(STROKED, [
        '<path d="M5 19.5c.5-8.5 5.5-13.5 15-15 .5 9.5-5 14.5-13.5 14.5"/>',
        '<path d="M4 21l5-5"/>',
        '<path d="M9.5 14.5a7 7 0 0 1 5-4.5"/>',
    ]),
    # circle, polyline hands, line crown, an open path with an absolute arc (a bezel mark)
    'timer': icon(STROKED, [
        '<circle cx="12" cy="13.5" r="7.5"/>',
        '<polyline points="12 10 12 13.5 14.5 15"/>',
        '<line x1="10" y1="2.5" x2="14" y2="2.5"/>',
        '<path d="M18 4.9A10.5 10.5 0 0 1 21.5 9.1"/>',
    ]),
    # Material style: fill only, even-odd: the ring is a hole because it winds like the shield
    'shield-target': icon(FILLED, [
        '<path fill-rule="evenodd" d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zm0 5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 '
        '1 1 0-9zm0 2.5a2 2 0 1 1 0 4 2 2 0 1 1 0-4z"/>',
    ]),
    # A filled band with hand-written draw guides, and an arrowhead that rides on the tip
    # (data-draw-guides, docs/draw.md); one layer (a group).
    'arrow.curve': icon('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="currentColor">\n', [
        '<g>',
        f'  <path d="{_arrow_shaft()}" data-draw-guides="start 4 19 point 6.25 10 end 16 7"/>',
        '  <path d="M15.6 3.2 L21.5 7 L15.6 10.8 Z" data-draw-guides="attach 16 7"/>',
        '</g>',
    ]),
}
