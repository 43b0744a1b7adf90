#!/usr/bin/env python3
"""Contact sheets of every dialect fixture in every mode, drawn by symbolreel (to look at after
a change to the reader or renderer). Usage, from the repository root after a build:

    python3 Tests/Fixtures/Dialects/contact_sheet.py [.build/debug/symbolreel] [OUT_DIR]

Writes OUT_DIR/dialects-1.png and dialects-2.png (default /tmp/symbolreel-dialect-sheets):
one row per fixture, monochrome | hierarchical | multicolor, on white. Needs Pillow.
"""
import json
import os
import subprocess
import sys

from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = sys.argv[1] if len(sys.argv) > 1 else '.build/debug/symbolreel'
OUT = sys.argv[2] if len(sys.argv) > 2 else '/tmp/symbolreel-dialect-sheets'
MODES = ['monochrome', 'hierarchical', 'multicolor']
SCALES = {'S': 'small', 'M': 'medium', 'L': 'large'}
CELL = 160


def render(entry, mode):
    out = os.path.join(OUT, f"{entry['file']}-{mode}.png")
    args = [BIN, 'frame', os.path.join(HERE, entry['file']), '-o', out, '--size', '256', '--mode', mode,
            '--background', '#FFFFFF', '--at', '0']
    if entry['variant']:
        weight, scale = entry['variant'].split('-')
        args += ['--weight', weight.lower(), '--scale', SCALES[scale]]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        print(f"{entry['file']} {mode}: {r.stderr.strip()}", file=sys.stderr)
        return Image.new('RGB', (CELL, CELL), (255, 0, 0))
    return Image.open(out).convert('RGB').resize((CELL, CELL))


def main():
    os.makedirs(OUT, exist_ok=True)
    entries = json.load(open(os.path.join(HERE, 'manifest.json')))
    rows = [(e['file'][:-4], [render(e, m) for m in MODES]) for e in entries]
    half = (len(rows) + 1) // 2
    for k, chunk in enumerate([rows[:half], rows[half:]]):
        width = 2 * (3 * CELL + 220)
        sheet = Image.new('RGB', (width, ((len(chunk) + 1) // 2) * (CELL + 4)), (230, 230, 230))
        draw = ImageDraw.Draw(sheet)
        for i, (name, cells) in enumerate(chunk):
            x0, y0 = (i % 2) * (3 * CELL + 220), (i // 2) * (CELL + 4)
            draw.text((x0 + 4, y0 + CELL // 2), name[:34], fill=(0, 0, 0))
            for j, im in enumerate(cells):
                sheet.paste(im, (x0 + 220 + j * CELL, y0))
        path = os.path.join(OUT, f'dialects-{k + 1}.png')
        sheet.save(path)
        print(path)


if __name__ == '__main__':
    main()
