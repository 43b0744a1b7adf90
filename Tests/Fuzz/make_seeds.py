#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, from our own samples, presets and test files."""
import glob
import os
import re
import shutil
import subprocess
import sys

out = sys.argv[1]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def put(target, name, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


svgs = sorted(glob.glob(os.path.join(root, "Samples", "**", "*.svg"), recursive=True)
              + glob.glob(os.path.join(root, "Tests", "**", "*.svg"), recursive=True))
for i, path in enumerate(svgs):
    data = open(path, "rb").read()
    put("FuzzSVGReader", f"{i:04d}.svg", data)
    text = data.decode("utf-8", "replace")
    for j, d in enumerate(re.findall(r'\sd="([^"]*)"', text)[:20]):
        put("FuzzPathData", f"{i:04d}-{j:02d}", d)
    for j, css in enumerate(re.findall(r"<style[^>]*>(.*?)</style>", text, re.S)):
        put("FuzzCSS", f"{i:04d}-{j}", css)
    for j, css in enumerate(re.findall(r'\sstyle="([^"]*)"', text)[:5]):
        put("FuzzCSS", f"{i:04d}-s{j}", css)
expressions = set()
for i, path in enumerate(sorted(glob.glob(os.path.join(root, "Presets", "*.json")) + sorted(glob.glob(os.path.join(root, "Scenes", "*.json")))
                                + glob.glob(os.path.join(root, "Tests", "**", "*.json"), recursive=True))):
    data = open(path, "rb").read()
    put("FuzzPreset", f"{i:04d}.json", data)
    text = data.decode("utf-8", "replace")
    expressions.update(re.findall(r'"(?:effect|options|curve)":\s*"([^"]*)"', text))
expressions.update([".bounce.up.byLayer", ".repeat(.periodic(3, delay: 0.5)).speed(1.5)", ".spring(duration: 0.5, bounce: 0.3)",
                    ".timingCurve(0.2, 0, 0.2, 1)", ".replace.magic(fallback: .replace.downUp)", ".wiggle.custom(angle: 45)",
                    ".symbolEffect(.pulse, options: .repeating)", ".variableColor.iterative.reversing.dimInactiveLayers"])
for i, e in enumerate(sorted(expressions)):
    put("FuzzEffectExpression", f"{i:04d}", e)

# Draw markup (`keyframes|attachments|attachment data|guides`, FuzzBodies+DrawMarkup.swift) and
# LayerTree contents (FuzzBodies+LayerTree.swift), from our dialect fixtures (our own designs);
# the guides from our icons. An empty field stands for the template's own value.
dialects = sorted(glob.glob(os.path.join(root, "Tests", "Fixtures", "Dialects", "*.svg")))
draw = set()
for path in dialects:
    text = open(path, encoding="utf-8").read()
    name = os.path.splitext(os.path.basename(path))[0]
    keyframes = re.findall(r'data-clipstroke-keyframes="([^"]*)"', text)
    attachments = re.findall(r"-sfsymbols-clipstroke-attachments:\s*([-0-9. ]+)", text)
    data = re.findall(r'-draw-attachment-data" data-d="([^"]*)"', text)
    draw.update(keyframes)
    for a in attachments:
        for d in data[:1] or [""]:
            draw.add(f"{keyframes[0] if keyframes else ''}|{a.strip()}|{d}")
    for d in data:
        draw.add(f"||{d}")
    tree = re.search(r'<g id="LayerTree">(.*?)\n </g>', text, re.S)
    if tree:
        put("FuzzLayerTree", f"{name}.xml", tree.group(1))
        style = re.search(r"<style>.*?</style>", text, re.S)
        if style:
            put("FuzzLayerTree", f"{name}-style.xml", style.group(0) + tree.group(1))
for path in sorted(glob.glob(os.path.join(root, "Samples", "**", "*.svg"), recursive=True)):
    for g in re.findall(r'data-draw-guides="([^"]*)"', open(path, encoding="utf-8").read()):
        draw.add(f"|||{g}")
# Version 1 (a count, offsets, then ribs): two sets, and offsets that do not split.
draw.update(["1 2 0 2 0 0 0 0.98 0 1 0.5 0.52 0 0 1.0 1.9 0 1 1.5 1.5", "1 1 3 0 0 0 0.9 0 1 1.2 1.7"])
for i, d in enumerate(sorted(draw)):
    put("FuzzDrawMarkup", f"{i:04d}", d)

# Fonts (FuzzFont): the system's Inter (CFF outlines) and DejaVu Sans (TrueType outlines), as
# subsets of a few glyphs made with HarfBuzz's hb-subset when it is here (whole fonts are far past
# the 64 kB input limit), and their first bytes, truncated (table directories pointing past the end).
fonts = ["/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
subset = shutil.which("hb-subset")
for i, path in enumerate(f for f in fonts if os.path.exists(f)):
    data = open(path, "rb").read()
    for n in (64, 512, 4096):
        put("FuzzFont", f"{i}-head-{n}", data[:n])
    if subset:
        target = os.path.join(out, "FuzzFont", f"{i}-subset")
        subprocess.run([subset, f"--font-file={path}", "--text=AVATR office", "-o", target], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
