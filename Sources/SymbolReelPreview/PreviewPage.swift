/// The preview page: one HTML document, its style and its script, served from these strings
/// (nothing is fetched from a network; the page talks only to the server that served it).
///
/// The loop is the clip's own frames at preview size (`/loop.png?g=&i=`, PNGs the server
/// rendered on the save), preloaded as ImageBitmaps and drawn on a canvas over a checkerboard
/// at the loop's rate with requestAnimationFrame (an opaque canvas background is in the
/// frames). Pausing or scrubbing shows the server's own frame at that time (`/frame.png?t=`,
/// what `symbolreel frame --at` draws). A `state` event (a save) loads the new frames and swaps
/// them in at once when all have arrived; a save that breaks the input lists its problems and
/// leaves the last good loop playing.
enum PreviewPage {
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>SymbolReel preview</title>
        <link rel="stylesheet" href="/preview.css">
        <link rel="icon" href="data:,">
        </head>
        <body>
        <header><h1 id="name">SymbolReel preview</h1><span id="status">connecting…</span></header>
        <main>
          <section id="player">
            <div id="stage" class="checker">
              <canvas id="loop" aria-label="the clip, looping"></canvas>
              <img id="still" alt="the frame at the chosen time" hidden>
            </div>
            <div id="controls">
              <button id="play" type="button">Pause</button>
              <input id="scrub" type="range" min="0" max="1" step="1" value="0" aria-label="frame">
            </div>
            <p id="frame">frame –</p>
            <p id="facts"></p>
          </section>
          <aside>
            <section id="problems-panel" hidden><h2>Problems</h2><ul id="problems"></ul></section>
            <section><h2>Notes and warnings</h2><ul id="diagnostics"></ul></section>
            <section><h2>Pose</h2><div id="pose"><p class="quiet">Pause or scrub to see the layers' pose at a frame.</p></div></section>
            <section><h2>Export</h2>
              <button id="export" type="button">Export outputs</button>
              <progress id="export-progress" max="1" value="0" hidden></progress>
              <p id="export-status" class="quiet"></p>
              <ul id="written"></ul>
            </section>
            <section><h2>Watching</h2><ul id="files" class="quiet"></ul></section>
          </aside>
        </main>
        <script src="/preview.js"></script>
        </body>
        </html>
        """

    static let style = """
        :root { color-scheme: light; font: 14px/1.4 system-ui, sans-serif; }
        body { margin: 0; background: #f4f4f6; color: #1c1c1e; }
        header { display: flex; align-items: baseline; gap: 1em; padding: 10px 18px; background: #fff; border-bottom: 1px solid #ddd; }
        h1 { font-size: 17px; margin: 0; }
        h2 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; color: #666; }
        #status { color: #666; }
        main { display: flex; gap: 18px; padding: 18px; align-items: flex-start; flex-wrap: wrap; }
        #player { background: #fff; border-radius: 10px; padding: 14px; box-shadow: 0 1px 3px #0002; }
        .checker { background: repeating-conic-gradient(#e6e6e6 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        #stage { position: relative; border-radius: 6px; overflow: hidden; }
        #stage img, #stage canvas { position: absolute; inset: 0; width: 100%; height: 100%; image-rendering: auto; }
        #controls { display: flex; gap: 10px; align-items: center; margin-top: 10px; }
        #scrub { flex: 1; }
        button { font: inherit; padding: 4px 12px; border-radius: 6px; border: 1px solid #bbb; background: #fafafa; cursor: pointer; }
        button:disabled { color: #999; cursor: default; }
        #frame { font-variant-numeric: tabular-nums; margin: 8px 0 0; }
        #facts, .quiet { color: #666; }
        aside { flex: 1; min-width: 320px; display: grid; gap: 12px; }
        aside > section { background: #fff; border-radius: 10px; padding: 12px 14px; box-shadow: 0 1px 3px #0002; }
        ul { margin: 0; padding-left: 18px; }
        #problems li { color: #b00020; }
        .where { font-family: ui-monospace, monospace; font-size: 12px; color: #444; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 12px; width: 100%; }
        th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #eee; }
        progress { width: 100%; }
        """

    static let script = """
        'use strict';
        const $ = (id) => document.getElementById(id);
        let state = null;       // the last `state` event
        let playing = true;
        let loop = null;        // the frames playing: {key, frames (ImageBitmaps), fps, stride, generation}
        let loading = null;     // the key of the loop being loaded
        let loopStart = 0;      // when the loop's first frame showed (performance.now())
        let drawn = -1;         // the loop frame on the canvas
        let shownTime = 0;      // the time of the frame shown while paused
        let frameRequest = 0;

        function item(list, text, where) {
          const li = document.createElement('li');
          if (where) { const w = document.createElement('span'); w.className = 'where'; w.textContent = where + ' '; li.append(w); }
          li.append(document.createTextNode(text));
          list.append(li);
        }

        function place(p) {
          const at = p.file ? p.file.split('/').pop() + (p.line ? ':' + p.line + ':' + p.column : '') : '';
          return [at, p.path].filter(Boolean).join(' ');
        }

        function apply(s) {
          state = s;
          $('name').textContent = s.name;
          document.title = s.name + ' · SymbolReel preview';
          $('problems').replaceChildren();
          for (const p of s.problems) item($('problems'), p.message, place(p));
          $('problems-panel').hidden = s.problems.length === 0;
          $('diagnostics').replaceChildren();
          for (const d of s.diagnostics) item($('diagnostics'), d.severity + ': ' + d.message, place(d));
          if (s.diagnostics.length === 0) item($('diagnostics'), 'none');
          $('files').replaceChildren();
          for (const f of s.files) item($('files'), f);
          $('export').disabled = !s.clip || s.clip.outputs.length === 0 || s.exporting;
          if (s.clip && s.clip.outputs.length === 0) $('export-status').textContent = 'This input has no outputs (a preset\\u2019s "outputs" are what Export writes).';
          const c = s.clip;
          $('status').textContent = s.problems.length ? 'the last save has problems; showing the last good clip'
            : c ? 'rendered in ' + c.renderSeconds.toFixed(2) + ' s' : 'no clip';
          document.body.dataset.generation = s.generation;
          document.body.dataset.problems = s.problems.length;
          if (s.clip) document.body.dataset.fps = s.clip.fps;
          if (!c) return;
          $('stage').style.width = c.previewWidth + 'px';
          $('stage').style.height = c.previewHeight + 'px';
          $('scrub').max = c.frameCount - 1;
          $('facts').textContent = c.width + '\\u00d7' + c.height + ' \\u00b7 ' + c.fps + ' fps \\u00b7 ' + c.frameCount + ' frames \\u00b7 '
            + c.duration.toFixed(3) + ' s; loop ' + c.previewWidth + '\\u00d7' + c.previewHeight + ' at ' + c.previewFPS.toFixed(2).replace(/\\.?0+$/, '') + ' fps'
            + (c.loopNote ? ' (' + c.loopNote + ')' : '');
          loadLoop(c, s.generation);
          if (!playing) showFrame(Math.min(shownTime, c.duration));
        }

        // Fetches every frame of the clip's loop, then swaps it in whole: the old loop plays
        // until the new one has arrived. A newer clip arriving meanwhile wins.
        async function loadLoop(c, generation) {
          const key = c.loop;
          if ((loop && loop.key === key) || loading === key) return;
          loading = key;
          let frames;
          try {
            frames = await Promise.all(Array.from({length: c.loopFrames}, async (_, i) => {
              const reply = await fetch(key + '&i=' + i);
              if (!reply.ok) throw new Error('loop frame ' + i + ': ' + reply.status);
              return createImageBitmap(await reply.blob());
            }));
          } catch (e) {
            if (loading === key) { loading = null; $('status').textContent = 'could not load the loop: ' + e.message; }
            return;
          }
          if (loading !== key) { for (const f of frames) f.close(); return; }
          loading = null;
          const old = loop;
          loop = {key, frames, fps: c.previewFPS, stride: c.loopStride, generation};
          if (old) for (const f of old.frames) f.close();
          const canvas = $('loop');
          canvas.width = c.previewWidth;
          canvas.height = c.previewHeight;
          canvas.dataset.media = key;
          canvas.dataset.generation = generation;
          canvas.dataset.frames = frames.length;
          loopStart = performance.now();
          drawn = -1;
          draw(0);
          document.body.dataset.shown = generation;
        }

        // Draws loop frame `k` and, while playing, shows its index and time.
        function draw(k) {
          const canvas = $('loop');
          const g = canvas.getContext('2d');
          g.clearRect(0, 0, canvas.width, canvas.height);
          g.drawImage(loop.frames[k], 0, 0);
          drawn = k;
          canvas.dataset.index = k;
          if (!playing || !state || !state.clip) return;
          const index = k * loop.stride;
          $('scrub').value = index;
          $('frame').textContent = 'frame ' + index + ' of ' + state.clip.frameCount + ' \\u00b7 ' + (index / state.clip.fps).toFixed(4) + ' s (playing)';
        }

        // The loop frame due at `now`. (A frame's rAF time can be earlier than a loopStart
        // set from performance.now(): not before the first frame.)
        function due(now) {
          return Math.floor(Math.max(0, now - loopStart) / 1000 * loop.fps) % loop.frames.length;
        }

        function tick(now) {
          if (playing && loop) {
            const k = due(now);
            if (k !== drawn) draw(k);
          }
          requestAnimationFrame(tick);
        }
        requestAnimationFrame(tick);

        // The time of the clip frame on the canvas.
        function loopTime() {
          if (!loop || drawn < 0 || !state || !state.clip) return 0;
          return drawn * loop.stride / state.clip.fps;
        }

        // Shows the server's frame at `t` and its pose.
        async function showFrame(t) {
          const c = state.clip;
          shownTime = t;
          $('scrub').value = Math.round(t * c.fps);
          const n = ++frameRequest;
          const still = $('still');
          still.hidden = false;
          $('loop').style.visibility = 'hidden';
          still.dataset.time = t;
          still.src = '/frame.png?t=' + t + '&g=' + state.generation;
          const reply = await fetch('/pose?t=' + t);
          if (n !== frameRequest || !reply.ok) return;
          const pose = await reply.json();
          $('frame').textContent = 'frame ' + pose.index + ' of ' + c.frameCount + ' \\u00b7 ' + pose.seconds.toFixed(4) + ' s';
          document.body.dataset.frame = pose.index;
          showPose(pose);
        }

        function cell(row, text, head) {
          const td = document.createElement(head ? 'th' : 'td');
          td.textContent = text;
          row.append(td);
        }

        function showPose(pose) {
          const n = (v) => String(Math.round(v * 10000) / 10000);
          const table = document.createElement('table');
          const head = table.insertRow();
          for (const h of ['', 'scale', 'rotation', 'offset', 'opacity', 'blur', 'draw']) cell(head, h, true);
          for (const s of pose.symbols) {
            const r = table.insertRow();
            cell(r, s.file.split('/').pop() + ' (' + s.role + ')', true);
            for (const v of [n(s.scale), n(s.rotation) + '\\u00b0', s.offset.map(n).join(', '), n(s.opacity), n(s.blur), '']) cell(r, v);
            for (const l of s.layers) {
              const lr = table.insertRow();
              cell(lr, '\\u2003' + l.name);
              const draw = l.drawRange ? n(l.drawRange[0]) + '\\u2026' + n(l.drawRange[1]) : '';
              for (const v of [n(l.scale), n(l.rotation) + '\\u00b0', l.offset.map(n).join(', '), n(l.opacity), n(l.blur), draw]) cell(lr, v);
            }
          }
          $('pose').replaceChildren(table);
        }

        // Plays the loop, or pauses on the frame at `at` (default: where the loop is).
        function setPlaying(on, at) {
          playing = on;
          $('play').textContent = on ? 'Pause' : 'Play';
          if (on) {
            $('still').hidden = true;
            $('loop').style.visibility = 'visible';
            // Play on from the frame shown.
            if (loop && state && state.clip) {
              const k = Math.min(loop.frames.length - 1, Math.floor(shownTime * state.clip.fps / loop.stride + 1e-9));
              loopStart = performance.now() - k / loop.fps * 1000;
              drawn = -1;
            }
          } else if (state && state.clip) {
            const c = state.clip;
            showFrame(at !== undefined ? at : loopTime());
          }
        }

        $('play').addEventListener('click', () => setPlaying(!playing));
        $('scrub').addEventListener('input', () => {
          if (!state || !state.clip) return;
          // The scrubber moves by frames; the time is the frame's start, index / fps.
          const t = Number($('scrub').value) / state.clip.fps;
          if (playing) setPlaying(false, t); else showFrame(t);
        });

        $('export').addEventListener('click', async () => {
          $('export').disabled = true;
          $('written').replaceChildren();
          const reply = await fetch('/export', {method: 'POST', headers: {'X-SymbolReel': 'export'}});
          if (reply.status !== 202) { $('export-status').textContent = await reply.text(); $('export').disabled = false; }
        });

        function exportEvent(e) {
          $('export-progress').hidden = e.state !== 'running';
          if (e.state === 'running') {
            $('export-progress').max = e.total;
            $('export-progress').value = e.done;
            $('export-status').textContent = 'rendering: ' + e.done + ' of ' + e.total + ' frames';
            $('export').disabled = true;
            return;
          }
          $('export').disabled = false;
          document.body.dataset.exported = e.state;
          if (e.state === 'done') {
            $('export-status').textContent = 'wrote ' + e.files.length + ' file' + (e.files.length === 1 ? '' : 's') + ' in ' + e.seconds.toFixed(2) + ' s';
            for (const f of e.files) item($('written'), f.frames + ' frames, ' + f.bytes.toLocaleString('en') + ' bytes' + (f.notes.length ? ' (' + f.notes.join('; ') + ')' : ''), f.path);
          } else {
            $('export-status').textContent = e.error || e.state;
          }
        }

        const events = new EventSource('/events');
        events.addEventListener('state', (e) => apply(JSON.parse(e.data)));
        events.addEventListener('export', (e) => exportEvent(JSON.parse(e.data)));
        events.addEventListener('error', () => { $('status').textContent = 'disconnected; reconnecting…'; });
        """
}
