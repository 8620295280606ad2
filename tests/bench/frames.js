// Frame-time benchmark of the board (not part of `node --test tests/ui/`): mounts the real
// Board of ui/ full-window in headless Chromium with the last position of a recorded game
// (tests/fixtures/transcripts/<game>.jsonl), pans and zooms it through the gestures' own path
// (a pointer drag in circles and wheel turns, one move per frame, dispatched on the board's
// SVG), and reports the requestAnimationFrame deltas' median, 95th percentile and mean frame
// rate for each viewport and each UI tree.
//
//   node tests/bench/frames.js                     # this checkout's ui/
//   node tests/bench/frames.js --compare main      # also a git ref's ui/ (git archive), same run
//   options: --game base|abbey-mayor  --seconds 4  --rounds 2  --ui DIR (repeatable)  --dark
//            --only desktop|phone  --drive input|camera (camera: set board.camera and
//            schedule a render each frame, the former way, which skips the gestures' path)
import http from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function options(argv) {
  const o = { game: 'base', seconds: 4, rounds: 2, uis: [], compare: null, dark: false, only: null, drive: 'input' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--game') o.game = argv[++i];
    else if (a === '--seconds') o.seconds = Number(argv[++i]);
    else if (a === '--rounds') o.rounds = Number(argv[++i]);
    else if (a === '--ui') o.uis.push({ name: argv[i + 1], dir: argv[++i] });
    else if (a === '--compare') o.compare = argv[++i];
    else if (a === '--dark') o.dark = true;
    else if (a === '--only') o.only = argv[++i];
    else if (a === '--drive') o.drive = argv[++i];
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

/** The last game view a transcript records, its deltas made whole (as the UI double does). */
function lastView(game) {
  const lines = readFileSync(join(REPO, 'tests/fixtures/transcripts', `${game}.jsonl`), 'utf8')
    .split('\n').filter(Boolean).map((l) => JSON.parse(l));
  let previous = null;
  let last = null;
  const whole = (v) => {
    if (v.$delta) { const { $delta, ...changed } = v; v = { ...previous, ...changed }; }
    previous = v;
    return v;
  };
  for (const s of lines) {
    if (!s.cmd.startsWith('game_')) continue;
    for (const e of s.events ?? []) if (e.view) last = whole(e.view);
    if (s.ok && typeof s.ok === 'object' && ('decision' in s.ok || s.ok.$delta)) last = whole(s.ok);
  }
  return last;
}

/** A static server of one ui/ tree plus the bench page (same CSP as the app). */
async function serve(root, tiles, view) {
  const page = '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/styles.css"></head>'
    + '<body><main id="main"><div class="board-host" id="host"></div></main><script type="module" src="/__bench.js"></script></body></html>';
  const script = `import { Board } from '/js/board.js';
const data = await (await fetch('/__data.json')).json();
const types = new Map(data.tiles.types.map((t) => [t.id, t]));
const host = document.getElementById('host');
const board = new Board(host, types, { label: 'Bench board' });
board.setView(data.view);
window.__board = board;
window.__ready = true;`;
  const data = JSON.stringify({ tiles, view });
  const server = http.createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const csp = { 'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'", 'cache-control': 'no-store' };
    if (path === '/') { res.writeHead(200, { 'content-type': 'text/html', ...csp }); res.end(page); return; }
    if (path === '/__bench.js') { res.writeHead(200, { 'content-type': 'text/javascript', ...csp }); res.end(script); return; }
    if (path === '/__data.json') { res.writeHead(200, { 'content-type': 'application/json', ...csp }); res.end(data); return; }
    const file = normalize(join(root, path));
    if (!file.startsWith(normalize(root))) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...csp });
      res.end(body);
    } catch { res.writeHead(404).end(); }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Pans in a circle and zooms in and out for `seconds`: by input (a drag and wheel turns, zoom
 * about fitted × 0.6 … × 1.7) or by setting the camera (fitted × 0.8 … × 2.5); returns the
 * rAF deltas.
 */
async function measure(browser, url, viewport, seconds, dark, drive) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__ready);
  await page.evaluate(() => window.__board.fit(false));
  await page.waitForTimeout(400);
  const out = await page.evaluate(([ms, byInput]) => new Promise((resolve) => {
    const board = window.__board;
    const base = { ...board.camera };
    const { width, height } = board.size;
    const deltas = [];
    const work = [];
    // The main thread's share of a frame: from the rAF callbacks through style, layout and
    // paint recording, up to the next task (a message posted from the callback).
    const channel = new MessageChannel();
    let t0 = 0;
    channel.port1.onmessage = () => work.push(performance.now() - t0);
    let start = null, prev = null, zoomed = 0;
    const step = (now) => {
      t0 = performance.now();
      channel.port2.postMessage(0);
      if (start === null) { start = now; prev = now; }
      else { deltas.push(now - prev); prev = now; }
      const t = (now - start) / 1000;
      const target = document.querySelector('.board-svg');
      const r = board.host.getBoundingClientRect();
      const at = (tt) => [r.left + width / 2 + Math.cos(tt * 1.7) * 200, r.top + height / 2 + Math.sin(tt * 1.7) * 150];
      const pointer = (type, [px, py]) => target.dispatchEvent(new PointerEvent(type, { pointerId: 1, pointerType: 'mouse', isPrimary: true, bubbles: true, clientX: px, clientY: py, button: 0, buttons: type === 'pointerup' ? 0 : 1 }));
      if (now - start >= ms) {
        if (byInput) pointer('pointerup', at(t));
        resolve({ deltas, work, tilePx: base.scale * 100 });
        return;
      }
      if (byInput) {
        // The gestures' path (events.js): a drag, one move a frame (pointer 1, the mouse's,
        // may be captured by a script's event), and a wheel turn every other frame.
        if (deltas.length === 0 && t === 0) pointer('pointerdown', at(0));
        pointer('pointermove', at(t));
        if (deltas.length % 2 === 0) {
          // The zoom follows fitted × 1.7^sin(1.3 t) (events.js: factor e^(-0.0015 deltaY)).
          const [px, py] = at(t);
          const want = Math.log(1.7) * Math.sin(t * 1.3);
          target.dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, clientX: px, clientY: py, deltaY: -(want - zoomed) / 0.0015 }));
          zoomed = want;
        }
        requestAnimationFrame(step);
        return;
      }
      // The camera as the gestures set it, and a render.
      const zoom = Math.exp(Math.log(1.6) * Math.sin(t * 1.3) + 0.2);
      const scale = base.scale * zoom;
      const cx = base.x + width / (2 * base.scale) + Math.cos(t * 1.7) * 250;
      const cy = base.y + height / (2 * base.scale) + Math.sin(t * 1.7) * 180;
      board.camera = { scale, x: cx - width / (2 * scale), y: cy - height / (2 * scale) };
      board.userMoved = true;
      board.schedule();
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }), [seconds * 1000, drive === 'input']);
  if (process.env.BENCH_DEBUG) console.log(await page.evaluate(() => window.__board.camera));
  const tiles = await page.locator('.tile').count();
  await context.close();
  return { ...out, tiles };
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))]; };

async function main() {
  const o = options(process.argv.slice(2));
  const temps = [];
  if (o.compare) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-ui-'));
    temps.push(dir);
    execFileSync('sh', ['-c', `git -C "${REPO}" archive "${o.compare}" ui | tar -x -C "${dir}"`]);
    o.uis.push({ name: o.compare, dir: join(dir, 'ui') });
  }
  if (!o.uis.some((u) => u.name === 'ui')) o.uis.push({ name: 'this checkout', dir: join(REPO, 'ui') });
  const tiles = JSON.parse(await readFile(join(REPO, 'tests/fixtures/tiles.json'), 'utf8'));
  const view = lastView(o.game);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ARGS });
  const viewports = { 'desktop 1280x800': { width: 1280, height: 800 }, 'phone 390x844': { width: 390, height: 844 } };
  const servers = await Promise.all(o.uis.map((u) => serve(u.dir, tiles, view)));
  const results = new Map();
  try {
    // Rounds interleave the trees so that machine load hits them alike.
    for (let r = 0; r < o.rounds; r++) {
      for (const [vname, vp] of Object.entries(viewports).filter(([n]) => !o.only || n.startsWith(o.only))) {
        for (const [i, u] of o.uis.entries()) {
          const res = await measure(browser, servers[i].url, vp, o.seconds, o.dark, o.drive);
          const key = `${u.name} | ${vname}`;
          const acc = results.get(key) ?? { deltas: [], work: [], tiles: res.tiles, tilePx: res.tilePx };
          acc.deltas.push(...res.deltas);
          acc.work.push(...res.work);
          results.set(key, acc);
        }
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) await s.close();
    for (const t of temps) await rm(t, { recursive: true, force: true });
  }
  console.log('rAF delta = frame time (16.7 ms at 60 fps); work = rAF callbacks + style + layout + paint recording.');
  const how = o.drive === 'camera' ? 'the camera set each frame' : 'a drag and wheel turns';
  console.log(`Board frame times, game "${o.game}" last position (${view.tiles.length} tiles, ${view.figures?.length ?? 0} figures), ${o.rounds} × ${o.seconds} s of pan + zoom by ${how}${o.dark ? ', dark' : ''}:`);
  for (const [key, r] of results) {
    const med = pct(r.deltas, 0.5), p95 = pct(r.deltas, 0.95);
    console.log(`  ${key.padEnd(38)} frames ${String(r.deltas.length).padStart(4)}  median ${med.toFixed(1).padStart(5)} ms  p95 ${p95.toFixed(1).padStart(5)} ms  mean ${(1000 * r.deltas.length / r.deltas.reduce((a, b) => a + b, 0)).toFixed(0)} fps  main-thread work median ${pct(r.work, 0.5).toFixed(1)} p95 ${pct(r.work, 0.95).toFixed(1)} ms  (fitted tile ${r.tilePx.toFixed(0)} px)`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
