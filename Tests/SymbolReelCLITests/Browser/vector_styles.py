#!/usr/bin/env python3
"""Restyles and starts our vector clips in players we did not write, and saves what they draw.

Used by VectorStyleTests (Swift Testing), which compares the frames with our own raster frames.

    vector_styles.py lottie JOB.json
    vector_styles.py chromium JOB.json CHROMIUM

lottie: JOB is {"file": a .lottie, "outdir", "width", "height", "frame",
"overrides": {name: {slot id: [r, g, b]}}}. The archive is opened with Python's zipfile; its
animation (manifest's first id, a/<id>.json) is drawn at FRAME by ThorVG as it is
(thorvg_default.rgba), with each override's slots set (thorvg_override_<name>.rgba: ThorVG's
LottieAnimation.gen_slot/apply_slot with Lottie slot JSON) and with each theme of the manifest
applied (thorvg_theme_<id>.rgba: every rule of t/<id>.json becomes that slot's value, as the
dotLottie players turn a theme into slots), and by rlottie, which knows no slots
(rlottie.rgba). Frames are W×H premultiplied RGBA8, rows top to bottom. manifest.json gets the
manifest and the theme ids the archive holds.

chromium: JOB is a list of {"page": an HTML file, "outdir", "name", "width", "height", "actions"}.
Each page is opened at W×(H + 100) over a transparent background; the SVG is the page's first <svg>.
Actions, in order: ["wait", seconds]; ["shot", label] (the SVG's box as <name>_<label>.rgba);
["state", label] (how many animations run and whether the root has the playing class, into
<name>.json); ["hover"] (the mouse moved to the SVG's centre); ["unhover"] (moved below it: the
view is 100 px taller than W×H); ["click"]; ["focus"]; ["scroll-into-view"]; ["scroll-top"]; ["seek", seconds] (every
animation paused and set to that time, as vector_players.py seeks).
"""
import json
import os
import sys
import tempfile
import time
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vector_players import premultiplied, settled_screenshot  # noqa: E402


def lottie(job):
    import thorvg_python as tvg
    from rlottie_python import LottieAnimation
    import numpy as np

    with zipfile.ZipFile(job["file"]) as z:
        manifest = json.loads(z.read("manifest.json"))
        animation_id = manifest["animations"][0]["id"]
        data = z.read(f"a/{animation_id}.json")
        themes = {t["id"]: json.loads(z.read(f"t/{t['id']}.json")) for t in manifest.get("themes", [])}
    outdir, w, h, frame = job["outdir"], job["width"], job["height"], job["frame"]
    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump({"manifest": manifest, "themes": sorted(themes)}, f)

    def slots_of_theme(theme):
        slots = {}
        for rule in theme["rules"]:
            if rule["type"] not in ("Color", "Scalar"):
                raise RuntimeError(f"unexpected rule type {rule['type']}")
            slots[rule["id"]] = {"p": {"a": 0, "k": rule["value"]}}
        return slots

    variants = [("default", None)]
    variants += [(f"override_{name}", {sid: {"p": {"a": 0, "k": rgb}} for sid, rgb in values.items()})
                 for name, values in job.get("overrides", {}).items()]
    variants += [(f"theme_{tid}", slots_of_theme(theme)) for tid, theme in themes.items()]

    engine = tvg.Engine(threads=0)
    for name, slots in variants:
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(w, h)
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        if picture.load_data(data, "lottie", None, True) != tvg.Result.SUCCESS:
            raise RuntimeError("ThorVG could not load the animation")
        picture.set_size(w, h)
        canvas.add(picture)
        if slots is not None:
            sid = animation.gen_slot(json.dumps(slots))
            if sid == 0:
                raise RuntimeError(f"ThorVG refused the slots of {name}: {json.dumps(slots)[:200]}")
            if animation.apply_slot(sid) != tvg.Result.SUCCESS:
                raise RuntimeError(f"ThorVG could not apply the slots of {name}")
        animation.set_frame(float(frame))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        with open(os.path.join(outdir, f"thorvg_{name}.rgba"), "wb") as f:
            f.write(bytes(canvas.buffer_arr))
    engine.term()

    player = LottieAnimation.from_data(data.decode())
    raw = player.lottie_animation_render(frame_num=frame, width=w, height=h)
    bgra = np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 4)
    with open(os.path.join(outdir, "rlottie.rgba"), "wb") as f:
        f.write(bgra[..., [2, 1, 0, 3]].tobytes())


def chromium(jobs, executable):
    import check_page
    check_page.deadline = time.monotonic() + 60 + sum(
        sum(a[1] for a in j["actions"] if a[0] == "wait") + len(j["actions"]) for j in jobs)
    browser = check_page.Browser(executable, tempfile.mkdtemp(prefix="symbolreel-chromium-"))
    try:
        for job in jobs:
            page(browser, check_page, job)
    finally:
        browser.kill()


def page(browser, check_page, job):
    w, h, outdir, name = job["width"], job["height"], job["outdir"], job["name"]
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    browser.send("Page.enable", session=session)
    # The view is 100 px taller than the SVG, so "unhover" has somewhere to go.
    browser.send("Emulation.setDeviceMetricsOverride", {"width": w, "height": h + 100, "deviceScaleFactor": 1, "mobile": False}, session)
    browser.send("Emulation.setDefaultBackgroundColorOverride", {"color": {"r": 0, "g": 0, "b": 0, "a": 0}}, session)
    browser.events.clear()
    browser.send("Page.navigate", {"url": "file://" + os.path.abspath(job["page"])}, session)
    while not any(e.get("method") == "Page.loadEventFired" for e in browser.events):
        browser.events.append(browser.receive())
    check_page.evaluate(browser, session, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(1))))")

    def box(page=False):
        """The SVG's box in the viewport (where the mouse goes), or with `page` in the document
        (what a screenshot's clip is measured in)."""
        return json.loads(check_page.evaluate(browser, session, f"""(() => {{ const r = document.querySelector('svg').getBoundingClientRect();
            const dx = {'scrollX' if page else 0}, dy = {'scrollY' if page else 0};
            return JSON.stringify({{x: r.left + dx, y: r.top + dy, width: r.width, height: r.height}}); }})()"""))

    def mouse(kind, x, y, button="none", clicks=0):
        browser.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": button, "clickCount": clicks}, session)

    states = {}
    for action in job["actions"]:
        kind = action[0]
        if kind == "wait":
            time.sleep(action[1])
        elif kind == "hover":
            b = box()
            mouse("mouseMoved", b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        elif kind == "unhover":
            mouse("mouseMoved", w / 2, h + 50)
        elif kind == "click":
            b = box()
            x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
            mouse("mouseMoved", x, y)
            mouse("mousePressed", x, y, "left", 1)
            mouse("mouseReleased", x, y, "left", 1)
        elif kind == "focus":
            check_page.evaluate(browser, session, "document.querySelector('svg').focus(), 1")
        elif kind == "scroll-into-view":
            check_page.evaluate(browser, session, "document.querySelector('svg').scrollIntoView({block: 'start'}), 1")
        elif kind == "scroll-top":
            check_page.evaluate(browser, session, "scrollTo(0, 0), 1")
        elif kind == "seek":
            ms = action[1] * 1000.0
            check_page.evaluate(browser, session, f"""
                (async () => {{ const all = document.getAnimations(); all.forEach(a => a.pause());
                  await Promise.all(all.map(a => a.ready));
                  all.forEach(a => {{ a.currentTime = {ms!r}; }});
                  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); return 1; }})()""")
            time.sleep(0.1)
        elif kind == "state":
            states[action[1]] = json.loads(check_page.evaluate(browser, session, """JSON.stringify({
                animations: document.getAnimations().length,
                playing: document.querySelector('svg').classList.contains('symbol-playing')})"""))
        elif kind == "shot":
            check_page.evaluate(browser, session, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(1))))")
            b = box(page=True)
            clip = {"x": b["x"], "y": b["y"], "width": b["width"], "height": b["height"], "scale": 1}
            image = settled_screenshot(browser, session, clip)
            with open(os.path.join(outdir, f"{name}_{action[1]}.rgba"), "wb") as f:
                f.write(premultiplied(image))
        else:
            raise RuntimeError(f"unknown action {kind}")
    with open(os.path.join(outdir, f"{name}.json"), "w") as f:
        json.dump(states, f)
    browser.send("Target.closeTarget", {"targetId": target})


def main():
    with open(sys.argv[2]) as f:
        job = json.load(f)
    if sys.argv[1] == "lottie":
        lottie(job)
    else:
        chromium(job, sys.argv[3])


if __name__ == "__main__":
    main()
