#!/usr/bin/env python3
"""Plays our vector clips with players we did not write and saves the frames they draw.

Used by VectorPlayerTests (Swift Testing), which compares each frame with our own raster frame.

    vector_players.py JOBS.json [CHROMIUM]

JOBS.json is a list of {"player": "thorvg" | "rlottie" | "chromium", "file", "outdir", "width",
"height", "fps", "frames": [...]}; one process plays them all (one Chromium for every SVG).
Optional: "marker" (ThorVG, rlottie) plays the named marker's segment, FRAME counted from its
start, as the player itself finds it (ThorVG's set_marker, rlottie's marker list);
"reducedMotion": true (Chromium) emulates prefers-reduced-motion: reduce.
Each frame is written as OUTDIR/<player>_<frame>.rgba: W×H premultiplied RGBA8, rows top to
bottom. ThorVG (thorvg-python) and rlottie (rlottie-python) render the Lottie JSON at frame
numbers; Chromium opens the SVG itself as the page, pauses every CSS animation and seeks it to
FRAME / FPS seconds with the Web Animations API, then screenshots the page over a transparent
background (Pillow and numpy premultiply the screenshot).
"""
import base64
import io
import os
import sys
import tempfile
import time

import numpy as np
from PIL import Image


def settled_screenshot(browser, session, clip):
    """The page's pixels in `clip` once two screenshots 0.1 s apart agree (at most six tries):
    paused transform and opacity animations reach the compositor a little later than the page's
    own frame, so Chromium may hand back a frame painted before a seek or an event."""
    previous = None
    for _ in range(6):
        shot = browser.send("Page.captureScreenshot", {"format": "png", "clip": clip, "captureBeyondViewport": False}, session)["data"]
        if shot == previous:
            break
        previous = shot
        time.sleep(0.1)
    return Image.open(io.BytesIO(base64.b64decode(shot)))


def premultiplied(image):
    a = np.asarray(image.convert("RGBA"), dtype=np.uint16)
    out = a.copy()
    for c in range(3):
        out[..., c] = (a[..., c] * a[..., 3] + 127) // 255
    return out.astype(np.uint8).tobytes()


def thorvg(path, outdir, w, h, frames, marker=None):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    with open(path, "rb") as f:
        data = f.read()
    result = picture.load_data(data, "lottie", None, True)
    if result != tvg.Result.SUCCESS:
        raise RuntimeError(f"ThorVG could not load {path}: {result}")
    picture.set_size(w, h)
    canvas.add(picture)
    if marker is not None:
        # Once a marker's segment is set, ThorVG counts frames from the segment's start
        # (measured: set_frame(7) in "reduced motion" draws what set_frame(N + 7) draws without it).
        result = animation.set_marker(marker)
        if result != tvg.Result.SUCCESS:
            raise RuntimeError(f"ThorVG found no marker {marker!r} in {path}: {result}")
    for frame in frames:
        animation.set_frame(float(frame))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        # ThorVG's ABGR8888 is premultiplied RGBA in memory on a little-endian machine.
        raw = bytes(canvas.buffer_arr)
        with open(os.path.join(outdir, f"thorvg_{frame}.rgba"), "wb") as f:
            f.write(raw)
    engine.term()


def rlottie(path, outdir, w, h, frames, marker=None):
    from rlottie_python import LottieAnimation
    with open(path, "r") as f:
        animation = LottieAnimation.from_data(f.read())
    start = 0
    if marker is not None:
        markers = animation.lottie_animation_get_markerlist()
        found = [markers.ptr[i] for i in range(markers.size if markers else 0) if markers.ptr[i].name.decode() == marker]
        if not found:
            raise RuntimeError(f"rlottie found no marker {marker!r} in {path}")
        start = found[0].startframe
    for frame in frames:
        # rlottie draws premultiplied ARGB32 (BGRA in memory).
        raw = animation.lottie_animation_render(frame_num=start + frame, width=w, height=h)
        bgra = np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 4)
        rgba = bgra[..., [2, 1, 0, 3]]
        with open(os.path.join(outdir, f"rlottie_{frame}.rgba"), "wb") as f:
            f.write(rgba.tobytes())


def chromium(executable, jobs):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import check_page
    check_page.deadline = time.monotonic() + 30 + 2 * sum(len(j["frames"]) for j in jobs)
    browser = check_page.Browser(executable, tempfile.mkdtemp(prefix="symbolreel-chromium-"))
    try:
        for job in jobs:
            chromium_job(browser, check_page, job["file"], job["outdir"], job["width"], job["height"], job["fps"], job["frames"],
                         job.get("reducedMotion", False))
    finally:
        browser.kill()


def chromium_job(browser, check_page, path, outdir, w, h, fps, frames, reduced_motion=False):
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    browser.send("Page.enable", session=session)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": False}, session)
    browser.send("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}}, session)
    if reduced_motion:
        browser.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}, session)
    browser.events.clear()
    browser.send("Page.navigate", {"url": "file://" + os.path.abspath(path)}, session)
    while not any(e.get("method") == "Page.loadEventFired" for e in browser.events):
        browser.events.append(browser.receive())
    # A fresh page's first screenshot can come before its first painted frame.
    check_page.evaluate(browser, session, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(1))))")
    time.sleep(0.1)
    for frame in frames:
        ms = frame * 1000.0 / fps
        check_page.evaluate(browser, session, f"""
            (async () => {{ const all = document.getAnimations(); all.forEach(a => a.pause());
              await Promise.all(all.map(a => a.ready));  // a pause still pending would undo the seek
              all.forEach(a => {{ a.currentTime = {ms!r}; }});
              document.querySelectorAll('g').forEach(g => getComputedStyle(g).transform);
              await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); return 1; }})()""")
        time.sleep(0.1)
        image = settled_screenshot(browser, session, {"x": 0, "y": 0, "width": w, "height": h, "scale": 1})
        with open(os.path.join(outdir, f"chromium_{frame}.rgba"), "wb") as f:
            f.write(premultiplied(image))
    browser.send("Target.closeTarget", {"targetId": target})


def main():
    import json
    with open(sys.argv[1]) as f:
        jobs = json.load(f)
    svgs = [j for j in jobs if j["player"] == "chromium"]
    for job in jobs:
        if job["player"] != "chromium":
            {"thorvg": thorvg, "rlottie": rlottie}[job["player"]](job["file"], job["outdir"], job["width"], job["height"], job["frames"],
                                                                  job.get("marker"))
    if svgs:
        chromium(sys.argv[2], svgs)


if __name__ == "__main__":
    main()
