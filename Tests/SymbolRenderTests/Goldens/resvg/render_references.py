#!/usr/bin/env python3
"""Renders every SVG in this folder with resvg-py (pip install resvg-py) at 300 px width into
NAME.png beside it. The PNGs are committed; rerun only to refresh the references."""
import glob, os
import resvg_py

here = os.path.dirname(os.path.abspath(__file__))
for svg in sorted(glob.glob(os.path.join(here, "*.svg"))):
    png = bytes(resvg_py.svg_to_bytes(svg_path=svg, width=300))
    with open(svg[:-4] + ".png", "wb") as f:
        f.write(png)
    print(os.path.basename(svg))
