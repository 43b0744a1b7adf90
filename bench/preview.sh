#!/usr/bin/env bash
# Live preview: seconds from saving a preset to the page having the new clip, for two presets
# at preview size (breathe-pulse, a 3.2 s 512² clip, and download-button, 4.2 s at 1080²
# previewed at 512²), median of 5 saves each. Target: about a second.
#
#     bench/preview.sh [RELEASE_BIN]      (default .build/release/symbolreel; about 30 s)
#
# A client stands in for the page: it listens to the server's event stream as the page does,
# saves the preset (the same JSON again, with its mtime moved on), and stops the clock when the
# `state` event of the new clip has arrived and every frame of its loop (a PNG each) has been
# fetched, which is when the page swaps it in (the browser's own PNG decode is not counted).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-.build/release/symbolreel}")"
if [ -d "$bin" ]; then bin="$bin/symbolreel"; fi
work="$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-preview.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "## Live preview: save to updated page"
echo
echo "\`symbolreel preview PRESET\`: seconds from a save to the new clip's state event and every frame of its loop fetched (PNGs at preview size, the larger side at most 512, at most 30 fps), median of 5 saves. Load average $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| preset | canvas | preview | median s | all | target | met |"
echo "|---|---|---|---:|---|---|:---:|"
for name in breathe-pulse download-button; do
    python3 - "$bin" "Presets/$name.json" "$work" <<'PY'
import http.client, json, os, signal, statistics, subprocess, sys, time
binary, preset, work = sys.argv[1:4]
name = os.path.basename(preset)[:-5]
data = json.load(open(preset))
here = os.path.dirname(os.path.abspath(preset))
data["symbol"]["source"] = os.path.normpath(os.path.join(here, data["symbol"]["source"]))
for entry in data.get("timeline", []):
    if "replaceWith" in entry:
        entry["replaceWith"] = os.path.normpath(os.path.join(here, entry["replaceWith"]))
data["outputs"] = []
path = os.path.join(work, name + ".json")
text = json.dumps(data, indent=1)
open(path, "w").write(text)
server = subprocess.Popen([binary, "preview", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
try:
    url = server.stdout.readline().split()[1]
    host, port = url.split("//")[1].rstrip("/").split(":")
    events = http.client.HTTPConnection(host, int(port), timeout=30)
    events.request("GET", "/events")
    stream = events.getresponse()
    def next_state():
        lines = []
        while True:
            line = stream.readline().decode().rstrip("\n")
            if line == "":
                if lines and lines[0] == "event: state":
                    return json.loads("".join(l[6:] for l in lines[1:]))
                lines = []
            else:
                lines.append(line)
    state = next_state()
    times = []
    for k in range(5):
        time.sleep(0.5)
        start = time.monotonic()
        open(path, "w").write(text + " " * (k + 1))
        while True:
            state = next_state()
            if state["clip"] and not state["problems"] and state["generation"] > k + 1:
                break
        fetch = http.client.HTTPConnection(host, int(port), timeout=30)
        for i in range(state["clip"]["loopFrames"]):
            fetch.request("GET", f"{state['clip']['loop']}&i={i}")
            assert fetch.getresponse().read()[:4] == b"\x89PNG"
        times.append(time.monotonic() - start)
    c = state["clip"]
    median = statistics.median(times)
    met = "met" if median <= 1.0 else "**not met**"
    print(f"| {name} | {c['width']}×{c['height']}, {c['frameCount']} frames | {c['previewWidth']}×{c['previewHeight']}, {c['loopFrames']} frames | "
          f"{median:.2f} | {' '.join(f'{t:.2f}' for t in times)} | ≤ 1 s | {met} |")
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)
PY
done
echo
