#!/usr/bin/env python3
"""Plays every dotLottie in a gallery's clips folder with ThorVG and saves what it draws.

    lottie_preview.py CLIPS_DIR [WIDTH]

For each CLIPS_DIR/P.lottie, writes CLIPS_DIR/P.thorvg.webp: an animated WebP (lossless, looping,
at most WIDTH px wide, default 320) of every frame of the animation inside, as ThorVG
(thorvg-python, the engine of the dotLottie players) renders it over white. The gallery page
shows it beside the link to the .lottie, labelled as rendered by ThorVG: no Lottie player runs
on an offline page without a script, so this is the Lottie as an independent player plays it.
The symbolreel CLI never runs Python; `make demo` (.ci/demo.sh) runs this between two gallery
passes, with the python of .venv-demo/ (thorvg-python and Pillow, pinned by Tests/requirements.txt). Each file is written under a temporary name and renamed when complete.
"""
import json
import os
import sys
import zipfile

from PIL import Image


def frames_of(lottie_path, width):
    import thorvg_python as tvg
    with zipfile.ZipFile(lottie_path) as z:
        manifest = json.loads(z.read("manifest.json"))
        animation_id = manifest["animations"][0]["id"]
        # dotLottie 2 keeps animations in a/; version 1 (earlier SymbolReel files) in animations/.
        names = z.namelist()
        data = z.read(f"a/{animation_id}.json" if f"a/{animation_id}.json" in names else f"animations/{animation_id}.json")
    doc = json.loads(data)
    w = min(width, doc["w"])
    h = max(1, round(doc["h"] * w / doc["w"]))
    engine = tvg.Engine(threads=0)
    try:
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(w, h)
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        if picture.load_data(data, "lottie", None, True) != tvg.Result.SUCCESS:
            raise RuntimeError(f"ThorVG could not load {lottie_path}")
        picture.set_size(w, h)
        canvas.add(picture)
        images = []
        for frame in range(int(doc["ip"]), int(doc["op"])):
            animation.set_frame(float(frame))
            canvas.update()
            canvas.draw(True)
            canvas.sync()
            # ThorVG's ABGR8888 is premultiplied RGBA in memory on a little-endian machine.
            rgba = Image.frombuffer("RGBa", (w, h), bytes(canvas.buffer_arr), "raw", "RGBa", 0, 1).convert("RGBA")
            white = Image.new("RGBA", (w, h), (255, 255, 255, 255))
            images.append(Image.alpha_composite(white, rgba).convert("RGB"))
        return images, 1000.0 / doc["fr"]
    finally:
        engine.term()


def main():
    clips = sys.argv[1]
    width = int(sys.argv[2]) if len(sys.argv) > 2 else 320
    written = 0
    for name in sorted(os.listdir(clips)):
        if not name.endswith(".lottie"):
            continue
        images, ms = frames_of(os.path.join(clips, name), width)
        if not images:
            continue
        out = os.path.join(clips, name[: -len(".lottie")] + ".thorvg.webp")
        tmp = out + ".partial"
        # Durations by cumulative rounding, so the clip keeps its length at any frame rate.
        durations = [round((k + 1) * ms) - round(k * ms) for k in range(len(images))]
        images[0].save(tmp, "WEBP", save_all=True, append_images=images[1:], duration=durations, loop=0, lossless=True)
        os.replace(tmp, out)
        written += 1
    print(f"ThorVG previews of {written} dotLottie files in {clips}")


if __name__ == "__main__":
    main()
