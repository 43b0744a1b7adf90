#!/usr/bin/env python3
"""Runs `symbolreel preview` and drives its page in headless Chromium; reports what happened.

Used by PreviewCommandTests (Swift Testing); standard library only. Chromium is driven through
the DevTools protocol over --remote-debugging-pipe, with check_page.py's Browser.

    check_preview.py SYMBOLREEL CHROMIUM WORK SCRUB_SECONDS [SCREENSHOT.png]

WORK holds preset.json (served), good.json and broken.json (copied over preset.json in turn,
as an editor saves). WORK/report.json gets: the URL printed; each odd request's status and
whether its body held file content; console errors; whether the loop animates (three
screenshots of the stage 0.3 s apart, and the canvas's loop frame index then); one loop frame
(WORK/loopframe.png) and its clip frame index; the frame shown after scrubbing to SCRUB_SECONDS
(saved as WORK/scrubbed.png, the bytes the page's <img> loaded) with the page's frame label;
seconds from each save to the page showing it (both tabs) and the problems listed; the export's
result; and how the server ended on SIGINT (exit status, what is left in its TMPDIR).
"""
import base64
import hashlib
import http.client
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_page  # noqa: E402  (its Browser, and its deadline, extended below)

check_page.TIME_LIMIT = 60.0
check_page.deadline = time.monotonic() + check_page.TIME_LIMIT


def wait_for(predicate, timeout, step=0.02):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return None


def start_server(symbolreel, preset, tmp):
    env = dict(os.environ, TMPDIR=tmp)
    server = subprocess.Popen([symbolreel, "preview", preset], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=env, start_new_session=True, preexec_fn=check_page.die_with_parent)
    line = b""
    end = time.monotonic() + 30
    while b"\n" not in line and time.monotonic() < end:
        ready, _, _ = select.select([server.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(server.stdout.fileno(), 4096)
            if not chunk:
                break
            line += chunk
    text = line.decode()
    url = next((w for w in text.split() if w.startswith("http://")), None)
    if not url:
        server.kill()
        raise RuntimeError(f"preview printed no URL: {text!r} {server.stderr.read().decode()!r}")
    return server, url


def raw_get(host, port, path, method="GET", headers=None):
    """One request with the path exactly as given (http.client does not normalise it)."""
    c = http.client.HTTPConnection(host, port, timeout=10)
    headers = headers or {}
    c.putrequest(method, path, skip_host="Host" in headers, skip_accept_encoding=True)
    for k, v in headers.items():
        c.putheader(k, v)
    c.endheaders()
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body


def odd_requests(host, port):
    passwd = open("/etc/passwd", "rb").read()[:20]
    results = []
    for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd", "//etc/passwd",
                 "/media/..%2f..%2fetc%2fpasswd", "/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/preview.js/../../etc/passwd",
                 "/media/../../../../etc/passwd", "/%2fetc%2fpasswd"]:
        status, body = raw_get(host, port, path)
        results.append({"path": path, "status": status, "leaked": passwd in body or b"root:" in body})
    status, _ = raw_get(host, port, "/export", method="POST")
    results.append({"path": "POST /export without the page's header", "status": status, "leaked": False})
    # DNS rebinding: another site's name pointed at this address reads nothing.
    for path in ["/state", "/", "/frame.png?t=0"]:
        status, body = raw_get(host, port, path, headers={"Host": f"rebound.example:{port}"})
        results.append({"path": f"{path} with Host: rebound.example", "status": status,
                        "leaked": b"generation" in body or body.startswith(b"\x89PNG") or b"<html" in body.lower()})
    return results


def loopback_name_status(port):
    """The page is also reachable as localhost (a name, not only the address it printed)."""
    return raw_get("127.0.0.1", port, "/state", headers={"Host": f"localhost:{port}"})[0]


def disconnect_mid_request(host, port):
    """Asks for a frame and an event stream and hangs up at once; the server must carry on."""
    for path in ["/frame.png?t=0.5", "/events"]:
        s = socket.create_connection((host, port))
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        s.close()
    time.sleep(0.2)
    status, body = raw_get(host, port, "/state")
    return status == 200 and body.startswith(b"{")


class Tab:
    def __init__(self, browser, url):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            browser.send(domain + ".enable", session=self.session)
        browser.send("Page.navigate", {"url": url}, self.session)

    def eval(self, expression):
        return check_page.evaluate(self.browser, self.session, expression)

    def dataset(self, key):
        return self.eval(f"(document.body && document.body.dataset.{key}) || ''")

    def screenshot(self, clip=None):
        params = {"format": "png", "captureBeyondViewport": False}
        if clip:
            params["clip"] = clip
        return base64.b64decode(self.browser.send("Page.captureScreenshot", params, self.session)["data"])


def console_errors(browser):
    errors = []
    for e in browser.events:
        method, params = e.get("method"), e.get("params", {})
        if method == "Runtime.exceptionThrown":
            errors.append(json.dumps(params.get("exceptionDetails", {}))[:300])
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            errors.append(json.dumps(params.get("args", []))[:300])
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            errors.append(params["entry"].get("text", "")[:300])
    return errors


def shown(tabs, generation):
    """Whether every tab shows a loop of at least `generation`, with no problems listed."""
    return all(int(t.dataset("shown") or 0) >= generation and t.dataset("problems") == "0" for t in tabs)


def save(work, name):
    shutil.copyfile(os.path.join(work, name), os.path.join(work, "preset.json"))
    return time.monotonic()


def main():
    symbolreel, chromium, work, scrub = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    screenshot = sys.argv[5] if len(sys.argv) > 5 else None
    tmp = os.path.join(work, "tmp")
    os.makedirs(tmp, exist_ok=True)
    report = {}
    server, url = start_server(symbolreel, os.path.join(work, "preset.json"), tmp)
    report["url"] = url
    host, port = url.split("//")[1].rstrip("/").rsplit(":", 1)
    port = int(port)
    profile = tempfile.mkdtemp(prefix="symbolreel-chromium-")
    browser = check_page.Browser(chromium, profile)
    try:
        report["odd"] = odd_requests(host, port)
        report["localhostStatus"] = loopback_name_status(port)
        report["survivesDisconnects"] = disconnect_mid_request(host, port)

        first = Tab(browser, url)
        second = Tab(browser, url)
        tabs = [first, second]
        report["loaded"] = bool(wait_for(lambda: shown(tabs, 1), 15))
        generation = int(first.dataset("generation") or 0)

        # The loop animates: three screenshots of the stage 0.3 s apart are not all the same.
        box = json.loads(first.eval("""JSON.stringify((() => { const r = document.getElementById('stage').getBoundingClientRect();
            return {x: r.left, y: r.top, width: r.width, height: r.height, scale: 1}; })())"""))
        hashes = []
        indices = []
        for _ in range(3):
            hashes.append(hashlib.sha256(first.screenshot(box)).hexdigest())
            indices.append(first.eval("document.getElementById('loop').dataset.index"))
            time.sleep(0.3)
        report["loopScreenshots"] = len(set(hashes))
        # ... and the canvas's frame index advances (the frames drawn are the loop's own).
        report["loopIndices"] = len(set(indices))
        # One loop frame as the page fetches it (WORK/loopframe.png), and the clip frame it is.
        clip = json.loads(raw_get(host, port, "/state")[1])["clip"]
        k = min(3, clip["loopFrames"] - 1)
        status, png = raw_get(host, port, f"{clip['loop']}&i={k}")
        with open(os.path.join(work, "loopframe.png"), "wb") as f:
            f.write(png)
        report["loopFrame"] = {"status": status, "index": k * clip["loopStride"], "frames": clip["loopFrames"]}

        # Scrub: the page pauses and shows the server's frame at that time.
        # (The scrubber moves by frames: the frame that starts at SCRUB_SECONDS.)
        first.eval(f"""(() => {{ const s = document.getElementById('scrub');
            s.value = Math.round({scrub} * JSON.parse(document.body.dataset.fps));
            s.dispatchEvent(new Event('input')); }})()""")
        done = wait_for(lambda: first.eval("""(() => { const i = document.getElementById('still');
            return i.complete && i.naturalWidth > 0 && !i.hidden && document.body.dataset.frame !== undefined; })()"""), 10)
        report["scrubbed"] = bool(done)
        still = json.loads(first.eval("""(async () => { const i = document.getElementById('still');
            const b = new Uint8Array(await (await fetch(i.currentSrc, {cache: 'force-cache'})).arrayBuffer());
            let s = ''; for (const x of b) s += String.fromCharCode(x);
            return JSON.stringify({src: i.getAttribute('src'), time: i.dataset.time, png: btoa(s),
              label: document.getElementById('frame').textContent, pose: document.getElementById('pose').textContent,
              width: i.naturalWidth, loopHidden: document.getElementById('loop').style.visibility === 'hidden'}); })()"""))
        with open(os.path.join(work, "scrubbed.png"), "wb") as f:
            f.write(base64.b64decode(still.pop("png")))
        report["still"] = still

        # A save that changes the clip: seconds until both tabs show the new loop.
        started = save(work, "good.json")
        ok = wait_for(lambda: shown(tabs, generation + 1), 20)
        report["goodEdit"] = {"seconds": time.monotonic() - started if ok else None,
                              "generation": int(first.dataset("generation") or 0)}
        generation = int(first.dataset("generation") or 0)
        media = first.eval("document.getElementById('loop').dataset.media")

        # A save that breaks the preset: its problems are listed, the last good loop stays.
        started = save(work, "broken.json")
        ok = wait_for(lambda: all(t.dataset("problems") not in ("", "0") for t in tabs), 20)
        report["brokenEdit"] = {
            "seconds": time.monotonic() - started if ok else None,
            "problems": first.eval("document.getElementById('problems').textContent"),
            "sameLoop": first.eval("document.getElementById('loop').dataset.media") == media,
            "loopLoads": first.eval("(() => { const c = document.getElementById('loop'); return Number(c.dataset.frames) > 1 && c.width > 0; })()"),
        }
        if screenshot:
            size = json.loads(first.eval("JSON.stringify({w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight})"))
            with open(screenshot, "wb") as f:
                f.write(first.screenshot({"x": 0, "y": 0, "width": size["w"], "height": min(size["h"], 1400), "scale": 1}))

        # Mend it, then export from the page.
        save(work, "good.json")
        wait_for(lambda: shown(tabs, generation + 2), 20)
        first.eval("document.getElementById('export').click()")
        wait_for(lambda: first.dataset("exported") in ("done", "failed", "cancelled"), 30)
        report["export"] = {"state": first.dataset("exported"),
                            "written": first.eval("document.getElementById('written').textContent")}
        report["consoleErrors"] = console_errors(browser)
    finally:
        browser.close(profile)
        # Ctrl-C: the server must stop by itself, leaving nothing in its temporary folder.
        server.send_signal(signal.SIGINT)
        try:
            status = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            status = "killed after 10 s"
        report["exit"] = {"status": status, "stderr": server.stderr.read().decode()[-2000:],
                          "leftInTmp": sorted(os.listdir(tmp))}
        with open(os.path.join(work, "report.json"), "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
