#!/usr/bin/env python3
"""Opens an HTML page in headless Chromium and reports what the browser made of its media.

Used by GalleryCommandTests (Swift Testing) to check `symbolreel gallery` pages; standard
library only. Chromium is driven through the DevTools protocol over --remote-debugging-pipe
(fd 3: commands in, fd 4: replies out, each message JSON ended by a NUL byte).

    check_page.py CHROMIUM PAGE.html REPORT.json [SCREENSHOT.png]

REPORT.json holds, for every <img>: src, complete, naturalWidth/Height; for every <video>:
src, readyState, videoWidth/Height, the MediaError code and message (null when none), whether
it reached loadeddata, whether a patch near its top-left corner shows the page behind it (the
same screenshot with the video hidden: true for a transparent WebM), and canPlayType for H.264
and VP9; for every <img data-animated>: SHA-256 of
three screenshots of the element taken 0.3 s apart (Page.captureScreenshot with a clip), so an
image that animates shows more than one distinct hash. The whole run has a hard time limit:
Chromium is killed (its whole process group) when it passes, and the script exits non-zero.
"""
import base64
import ctypes
import hashlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TIME_LIMIT = 40.0  # seconds for the whole run, Chromium start included
deadline = time.monotonic() + TIME_LIMIT

_libc = ctypes.CDLL(None, use_errno=True)
PR_SET_PDEATHSIG = 1


def die_with_parent():
    """In a child between fork and exec: the kernel kills it (SIGKILL) when this script ends,
    however it ends, so a browser or server never outlives a script that was killed."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class Browser:
    def __init__(self, executable, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        # Move the child's ends out of the way of 3 and 4 before putting them there.
        child_r = os.dup(to_chrome_r) if to_chrome_r < 5 else to_chrome_r
        child_w = os.dup(from_chrome_w) if from_chrome_w < 5 else from_chrome_w
        for fd in {child_r, child_w}:
            os.set_inheritable(fd, True)

        def wire():
            os.dup2(child_r, 3)
            os.dup2(child_w, 4)
            # Nothing else of ours reaches Chromium: a pipe this script inherited from the test
            # runner, held open by a browser, would keep the runner waiting for its end.
            os.closerange(5, 65536)
            die_with_parent()

        args = [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--mute-audio", "--hide-scrollbars",
                "--autoplay-policy=no-user-gesture-required", "--allow-file-access-from-files",
                "--remote-debugging-pipe", f"--user-data-dir={profile}", "--window-size=1280,900", "about:blank"]
        self.process = subprocess.Popen(args, preexec_fn=wire, close_fds=False, start_new_session=True,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in {to_chrome_r, from_chrome_w, child_r, child_w}:
            os.close(fd)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def kill(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()

    def close(self, profile):
        """Asks Chromium to close, then kills its process group and removes its profile."""
        try:
            self.send("Browser.close")
        except Exception:
            pass
        self.kill()
        shutil.rmtree(profile, ignore_errors=True)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self.from_chrome], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)


# Waits (in the page) until every image settled and every video reached loadeddata or failed,
# or 8 s passed, then describes them.
MEDIA_REPORT = """
(async () => {
  const settle = (el) => new Promise((resolve) => {
    if (el.tagName === 'IMG') {
      if (el.complete) return resolve();
      el.addEventListener('load', resolve, {once: true});
      el.addEventListener('error', resolve, {once: true});
    } else {
      if (el.readyState >= 2 || el.error) { el.dataset.loaded = el.readyState >= 2 ? 'yes' : 'no'; return resolve(); }
      el.addEventListener('loadeddata', () => { el.dataset.loaded = 'yes'; resolve(); }, {once: true});
      el.addEventListener('error', () => { el.dataset.loaded = 'no'; resolve(); }, {once: true});
    }
  });
  const media = [...document.querySelectorAll('img, video')];
  await Promise.race([Promise.all(media.map(settle)), new Promise((r) => setTimeout(r, 8000))]);
  const probe = document.createElement('video');
  return JSON.stringify({
    title: document.title,
    h264: probe.canPlayType('video/mp4; codecs="avc1.42E01E"'),
    vp9: probe.canPlayType('video/webm; codecs="vp9"'),
    images: [...document.querySelectorAll('img')].map((i) => ({
      src: i.getAttribute('src'), complete: i.complete, naturalWidth: i.naturalWidth,
      naturalHeight: i.naturalHeight, animated: i.hasAttribute('data-animated')})),
    videos: [...document.querySelectorAll('video')].map((v) => ({
      src: v.currentSrc || v.getAttribute('src'), readyState: v.readyState, videoWidth: v.videoWidth,
      videoHeight: v.videoHeight, loadeddata: v.dataset.loaded === 'yes',
      error: v.error ? {code: v.error.code, message: v.error.message} : null})),
  });
})()
"""


def evaluate(browser, session, expression):
    result = browser.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True}, session)
    if "exceptionDetails" in result:
        raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
    return result["result"].get("value")


def element_clip(browser, session, index):
    """Scrolls animated image `index` to the middle of the view and returns its box."""
    box = evaluate(browser, session, f"""
        (() => {{ const el = document.querySelectorAll('img[data-animated]')[{index}];
          el.scrollIntoView({{block: 'center'}}); const r = el.getBoundingClientRect();
          return JSON.stringify({{x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}}); }})()""")
    box = json.loads(box)
    box["scale"] = 1
    return box


def corner_shows_page(browser, session, index):
    """Pauses video `index`, screenshots a 12×12 patch 26 px in from its top-left corner (inside
    the stage's rounded corner, across a corner of the 16 px checkerboard, so a plain white or
    black video cannot match it), hides the video and screenshots the patch again: the same
    pixels mean the video is transparent there."""
    box = json.loads(evaluate(browser, session, f"""
        (() => {{ const v = document.querySelectorAll('video')[{index}];
          v.pause(); v.scrollIntoView({{block: 'center'}}); const r = v.getBoundingClientRect();
          return JSON.stringify({{x: r.left + scrollX + 26, y: r.top + scrollY + 26,
                                  width: 12, height: 12, scale: 1}}); }})()"""))
    time.sleep(0.2)
    shots = []
    for hidden in ("visible", "hidden"):
        evaluate(browser, session, f"document.querySelectorAll('video')[{index}].style.visibility = '{hidden}'")
        time.sleep(0.1)
        shot = browser.send("Page.captureScreenshot", {"format": "png", "clip": box, "captureBeyondViewport": False}, session)
        shots.append(hashlib.sha256(base64.b64decode(shot["data"])).hexdigest())
    evaluate(browser, session, f"(() => {{ const v = document.querySelectorAll('video')[{index}]; v.style.visibility = 'visible'; v.play(); }})()")
    return shots[0] == shots[1]


def main():
    executable, page, report_path = sys.argv[1:4]
    screenshot = sys.argv[4] if len(sys.argv) > 4 else None
    profile = tempfile.mkdtemp(prefix="symbolreel-chromium-")
    browser = Browser(executable, profile)
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        browser.send("Page.enable", session=session)
        browser.send("Page.navigate", {"url": "file://" + os.path.abspath(page)}, session)
        while True:  # Page.loadEventFired
            if any(e.get("method") == "Page.loadEventFired" for e in browser.events):
                break
            browser.events.append(browser.receive())
        report = json.loads(evaluate(browser, session, MEDIA_REPORT))

        animated = [i for i in report["images"] if i["animated"]]
        for k, image in enumerate(animated):
            clip = element_clip(browser, session, k)
            time.sleep(0.15)  # let the scrolled-in image paint
            hashes = []
            for _ in range(3):
                shot = browser.send("Page.captureScreenshot", {"format": "png", "clip": clip,
                                                               "captureBeyondViewport": False}, session)
                hashes.append(hashlib.sha256(base64.b64decode(shot["data"])).hexdigest())
                time.sleep(0.3)
            image["screenshots"] = hashes

        for k, video in enumerate(report["videos"]):
            video["cornerShowsPage"] = corner_shows_page(browser, session, k) if video["loadeddata"] else False

        if screenshot:
            evaluate(browser, session, "window.scrollTo(0, 0)")
            size = json.loads(evaluate(browser, session,
                                       "JSON.stringify({w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight})"))
            shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                           "clip": {"x": 0, "y": 0, "width": size["w"],
                                                                    "height": min(size["h"], 6000), "scale": 1}}, session)
            with open(screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        with open(report_path, "w") as f:
            json.dump(report, f, indent=1)
    finally:
        browser.close(profile)


if __name__ == "__main__":
    main()
