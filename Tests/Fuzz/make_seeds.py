#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, from our own samples, presets and test files."""
import glob
import os
import re
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
for i, path in enumerate(sorted(glob.glob(os.path.join(root, "Presets", "*.json"))
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
