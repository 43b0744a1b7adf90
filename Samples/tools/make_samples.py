#!/usr/bin/env python3
"""Generate the SymbolReel sample symbols, plain icons and parser layout fixtures.

Usage: python3 Samples/tools/make_samples.py [--check]
Writes Samples/*.svg, Samples/icons/*.svg, Tests/SymbolSVGTests/Fixtures/layouts/*.svg, the dialect
fixtures Tests/Fixtures/Dialects/*.svg with their manifest.json, and the README tables beside them.
Deterministic: the same script gives byte-identical files. With --check nothing is written and
the run fails if any file would change. Every symbol is checked while it is built: the three
masters are compatible (same paths, commands, rib counts), contours wind as intended, no
contour crosses itself and every draw rib position is in range.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from catalog import SYMBOLS                                               # noqa: E402
from geo import self_intersections                                        # noqa: E402
from template import MASTER_D, check_compatible, check_winding, make_master   # noqa: E402
from svgwriter import master_variants, template                           # noqa: E402
import icons                                                              # noqa: E402
import dialects                                                           # noqa: E402
import layouts                                                            # noqa: E402
import readme                                                             # noqa: E402
import verify                                                             # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))


def build_masters(sym):
    masters = {w: make_master(sym.build, d) for w, d in MASTER_D.items()}
    ordered = [masters[w] for w in ('Ultralight', 'Regular', 'Black')]
    check_compatible(ordered, sym.name)
    check_winding(ordered, sym.name)
    for w, m in masters.items():
        for i, p in enumerate(m['parts']):
            for ci, segs in enumerate(p['path']):
                hits = self_intersections(segs)
                assert hits == 0, f"{sym.name} {w}: path {i} contour {ci} crosses itself ({hits})"
    return masters


def outputs():
    files = {}
    all_masters = {}
    for sym in SYMBOLS:
        masters = build_masters(sym)
        all_masters[sym.name] = masters
        text = template(sym, master_variants(masters))
        verify.check_symbol_file(sym.name, text)
        files[f"Samples/{sym.name}.svg"] = text
    for name, text in icons.ICONS.items():
        files[f"Samples/icons/{name}.svg"] = text
    for name, text in layouts.layout_files(all_masters).items():
        files[f"Tests/SymbolSVGTests/Fixtures/layouts/{name}"] = text
    files["Samples/README.md"] = readme.samples_readme()
    files["Tests/SymbolSVGTests/Fixtures/layouts/README.md"] = readme.fixtures_readme(all_masters)
    files.update(dialects.dialect_files())
    return files, all_masters


def main():
    check = '--check' in sys.argv
    files, _ = outputs()
    changed = []
    for rel, text in sorted(files.items()):
        path = os.path.join(ROOT, rel)
        old = open(path, encoding='utf-8').read() if os.path.exists(path) else None
        if old != text:
            changed.append(rel)
            if not check:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, 'w', encoding='utf-8') as f:
                    f.write(text)
    print(f"{len(files)} files, {len(changed)} {'would change' if check else 'written'}")
    for rel in changed:
        print('  ' + rel)
    if check and changed:
        sys.exit(1)


if __name__ == '__main__':
    main()
