"""An svgo-like minified template, written directly by hand-rolled rules.

One line, no indentation, no comments or doctype, numbers with at most 3 decimals and minimal
digits (.5, -.5), no separator before '-' or before '.' after a number that has a '.', relative
path commands with implicit repeats, matrix(1 0 0 1 x y) as translate(x y), compact <style>.
"""
from svgwriter import path_classes, style_rules
from template import CAP_HEIGHT, MARGIN_SPAN, rib_text


def num(v):
    s = f"{round(v, 3):.3f}".rstrip('0').rstrip('.')
    if s in ('-0', ''):
        s = '0'
    if s.startswith('0.'):
        s = s[1:]
    elif s.startswith('-0.'):
        s = '-' + s[2:]
    return s


def append_numbers(out, vals):
    """Append numbers, with a separator only where the grammar needs one."""
    for v in vals:
        s = num(v)
        follows_number = out and (out[-1].isdigit() or out[-1] == '.')
        if follows_number and not s.startswith('-') and not (s.startswith('.') and _has_dot(out)):
            out += ' '
        out += s
    return out


def _has_dot(text):
    """Whether the last number written so far already has a decimal point."""
    i = len(text) - 1
    while i >= 0 and (text[i].isdigit() or text[i] == '.'):
        if text[i] == '.':
            return True
        i -= 1
    return False


def relative_d(path):
    def r(v):
        return round(v, 3)               # snap first so relative steps never drift

    out, cur = '', (0.0, 0.0)
    for n, segs in enumerate(path):
        start = (r(segs[0][1][0]), r(segs[0][1][1]))
        if n == 0:
            out = append_numbers(out + 'M', start)
        else:
            out = append_numbers(out + 'm', (start[0] - cur[0], start[1] - cur[1]))
        cur, last = start, 'm'
        for i, seg in enumerate(segs):
            if i == len(segs) - 1 and seg[0] == 'L':
                break                     # the closing line is implied by z
            pts = [(r(p[0]), r(p[1])) for p in seg[2:]]
            rel = [c for p in pts for c in (p[0] - cur[0], p[1] - cur[1])]
            cmd = seg[0].lower()
            if cmd == 'l' and num(rel[1]) == '0':
                cmd, rel = 'h', rel[:1]
            elif cmd == 'l' and num(rel[0]) == '0':
                cmd, rel = 'v', rel[1:]
            if cmd != last:
                out += cmd
            out = append_numbers(out, rel)
            cur, last = pts[-1], cmd
        out += 'z'
        cur = start
    return out


def minified_template(sym, variants):
    rules = ''.join(rule.replace(' {', '{') for rule in style_rules(sym))
    rules = rules.replace('stroke-width:0.5', 'stroke-width:.5').replace('opacity:1.0', 'opacity:1')
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">', f'<style>{rules}</style>',
           '<g id="Notes"><rect id="artboard" width="3300" height="2200" style="fill:#fff"/>',
           '<text id="template-version" style="stroke:none;fill:#000;font-family:sans-serif;font-size:13px;'
           'text-anchor:end" transform="translate(3036 1933)">Template v.7.0</text>',
           f'<text id="descriptive-name" style="stroke:none;fill:#000;font-family:sans-serif;font-size:13px;'
           f'text-anchor:end" transform="translate(3036 1953)">{sym.name}</text></g><g id="Guides">']
    guide = 'style="fill:none;stroke:#27aae1;stroke-width:.5"'
    margin = 'style="fill:none;stroke:#00aeef;stroke-width:.5"'
    for row, y in (('S', 696.0), ('M', 1126.0), ('L', 1556.0)):
        out.append(f'<line id="Baseline-{row}" x1="263" x2="3036" y1="{num(y)}" y2="{num(y)}" {guide}/>')
        out.append(f'<line id="Capline-{row}" x1="263" x2="3036" y1="{num(y - CAP_HEIGHT)}" '
                   f'y2="{num(y - CAP_HEIGHT)}" {guide}/>')
    for vid, x, y, v in variants:
        for side, mx in (('left', x), ('right', x + v['advance'])):
            out.append(f'<line id="{side}-margin-{vid}" x1="{num(mx)}" x2="{num(mx)}" '
                       f'y1="{num(y + MARGIN_SPAN[0])}" y2="{num(y + MARGIN_SPAN[1])}" {margin}/>')
    out.append('</g><g id="Symbols">')
    for vid, x, y, v in variants:
        out.append(f'<g id="{vid}" transform="translate({num(x)} {num(y)})">')
        for i, p in enumerate(v['parts']):
            extra = f' data-clipstroke-keyframes="{rib_text(p["path"], p["ribs"])}"' if p['ribs'] else ''
            out.append(f'<path class="{path_classes(sym, i)}" d="{relative_d(p["path"])}"{extra}/>')
        out.append('</g>')
    out.append('</g></svg>')
    return ''.join(out)
