"""Checks on the written template text (independent of the generator's own structures)."""
import re

PATH = re.compile(r'<path\b([^>]*)/>')
ATTR = re.compile(r'([\w:-]+)="([^"]*)"')
GROUP = re.compile(r'<g id="((?:Ultralight|Thin|Light|Regular|Medium|Semibold|Bold|Heavy|Black)-[SML])"[^>]*>(.*?)</g>',
                   re.S)


def commands(d):
    """Command letters with their argument counts, e.g. ['M2', 'C6', 'Z0']."""
    out = []
    for m in re.finditer(r'([A-Za-z])([^A-Za-z]*)', d):
        out.append(m.group(1) + str(len(re.findall(r'-?(?:\d+\.?\d*|\.\d+)', m.group(2)))))
    return out


def check_symbol_file(name, text):
    groups = {vid: body for vid, body in GROUP.findall(text)}
    assert set(groups) == {'Ultralight-S', 'Regular-S', 'Black-S'}, f"{name}: variants {sorted(groups)}"
    shapes = {}
    for vid, body in groups.items():
        paths = [dict(ATTR.findall(m.group(1))) for m in PATH.finditer(body)]
        shapes[vid] = [(p.get('class'), commands(p['d']), _ribs(name, p)) for p in paths]
        for p in paths:
            assert re.fullmatch(r'[MLCQZ0-9 .-]+', p['d']), f"{name}: only absolute M L C Q Z allowed"
    ref = shapes['Regular-S']
    for vid, paths in shapes.items():
        assert [(c, cmds, len(r)) for c, cmds, r in paths] == [(c, cmds, len(r)) for c, cmds, r in ref], \
            f"{name}: {vid} is not compatible with Regular-S"


def _ribs(name, attrs):
    text = attrs.get('data-clipstroke-keyframes')
    if text is None:
        return []
    words = text.split()
    assert words[0] == '0' and (len(words) - 1) % 4 == 0, f"{name}: malformed keyframes"
    subpaths = attrs['d'].count('M')
    groups = [words[i:i + 4] for i in range(1, len(words), 4)]
    for n, (flags, t, p0, p1) in enumerate(groups):
        assert flags == ('8' if n == 0 else '0'), f"{name}: rib {n} flags {flags}"
        assert 0.0 <= float(t) <= 1.0, f"{name}: rib {n} t {t}"
        for p in (float(p0), float(p1)):
            assert 0.0 <= p < subpaths and p - int(p) < 1.0, f"{name}: rib {n} position {p} out of range"
    return groups
