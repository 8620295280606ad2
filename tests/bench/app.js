// The app's own speed, measured in the real app (the binary scripts/run.sh starts) through
// tauri-driver, as a player feels it. Not a test: it reports figures. Run it with
// `scripts/bench-app.sh` (which builds the app and starts Xvfb and a D-Bus session bus), or
// by hand: `dbus-run-session -- xvfb-run -a node tests/bench/app.js [--level medium]
// [--games 1] [--app target/debug/carcassonne-app]`.
//
// It measures, on a fresh data folder:
//  - launch → interactive start screen: from the app process's start to the UI's
//    `app-interactive` performance mark (the first screen drawn from the app's answers), and
//    from asking the driver for a session to the start screen (tauri-driver's start-up
//    included, an upper bound);
//  - the resident memory of the app and its WebKit processes, idle on the start screen;
//  - a 6-player Abbey & Mayor game (the player and 5 AIs at `--level`), the player's moves
//    sent straight to `game_play` (the first legal choice, a figure every other turn): each AI
//    decision's time (from its `ai-progress` "thinking" to its "moved") and each round's
//    waiting time (the player's `game_play` until it resolves: 5 AI turns);
//  - memory after that game;
//  - launch → resumed board: a second launch with a game saved after `--resume-turns` turns
//    (20), from the session request to the start screen, then Resume → the board drawn with
//    every tile;
//  - frame times on that board in the app's WebKit: `--frames S` seconds (3) of a pointer drag
//    in circles and wheel turns on the board, one event a frame, as tests/bench/frames.js
//    drives Chromium; the requestAnimationFrame deltas' median and 95th percentile;
//  - WebKitGTK's own floor, for comparison: the memory of its MiniBrowser showing
//    about:blank, read the same way (what any app on this webview starts from).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDriver } from '../e2e/driver.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const APP = opt('app', process.env.CARCASSONNE_APP ?? join(ROOT, 'target/debug/carcassonne-app'));
const LEVEL = opt('level', 'medium');
const RESUME_TURNS = Number(opt('resume-turns', '20'));
const FRAME_SECONDS = Number(opt('frames', '3'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

let BASE;
async function wd(method, path, body) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.value ?? json).slice(0, 400)}`);
  return json.value;
}
const run = (session, script) => wd('POST', `/session/${session}/execute/sync`, { script, args: [] });
async function invoke(session, cmd, cmdArgs = {}) {
  const r = await wd('POST', `/session/${session}/execute/async`, {
    script: 'const done = arguments[arguments.length - 1];'
      + `window.__TAURI__.core.invoke(${JSON.stringify(cmd)}, ${JSON.stringify(cmdArgs)}).then((v) => done({ v }), (e) => done({ e }));`,
    args: [],
  });
  if (r.e) throw new Error(`${cmd}: ${JSON.stringify(r.e)}`);
  return r.v;
}
async function until(session, script, what, timeoutMs = 60000) {
  const t0 = now();
  while (now() - t0 < timeoutMs) {
    if (await run(session, script).catch(() => false)) return now();
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Memory of the app and every process under it (WebKit's web and network processes), in
 * MiB: `rss` counts shared pages (libraries) once per process, `pss` shares them out. */
function memory(rootPid) {
  const children = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch { /* gone */ }
  }
  const out = { rss: 0, pss: 0, parts: [] };
  const walk = (pid) => {
    try {
      const roll = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const kb = (k) => Number(roll.match(new RegExp(`^${k}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
      const name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      out.rss += kb('Rss') / 1024;
      out.pss += kb('Pss') / 1024;
      out.parts.push(`${name} ${(kb('Pss') / 1024).toFixed(0)}`);
    } catch { /* gone */ }
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(rootPid);
  return out;
}

/** The app's process: the newest process running the app binary. */
function appPid() {
  let best = null;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0')[0];
      if (cmd.endsWith('carcassonne-app') && (best === null || Number(d) > best)) best = Number(d);
    } catch { /* gone */ }
  }
  return best;
}

/** WebKitGTK's own floor: its MiniBrowser on about:blank (the same library as the app's
 * webview, no page), its memory once it has settled; null where it is not installed. */
async function webkitFloor() {
  const mini = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/libexec']
    .map((d) => join(d, 'webkit2gtk-4.1/MiniBrowser')).find((f) => existsSync(f));
  if (!mini) return null;
  const child = spawn(mini, ['about:blank'], { stdio: 'ignore' });
  try {
    // Settled: the web process is up and three readings a second apart agree within 2 MiB.
    let last = null;
    let same = 0;
    for (let i = 0; i < 30 && same < 3; i++) {
      await sleep(1000);
      const m = memory(child.pid);
      same = last && m.parts.length >= 3 && Math.abs(m.pss - last.pss) < 2 ? same + 1 : 0;
      last = m;
    }
    return last;
  } finally {
    child.kill('SIGKILL');
  }
}

const START_READY = 'return !!document.querySelector("#screen-start:not([hidden]) #start-title")';

/** When a process started, in ms since the epoch: its start in ticks after boot (USER_HZ
 * is 100), against the time since boot (/proc/uptime, centiseconds) read now. */
function startedAt(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return Date.now() - (uptime * 1000 - ticks * 10);
}

/**
 * Starts the app through the driver. `ms`: from asking the driver to the start screen seen
 * by polling; `appMs`: from the app process's start to the UI's `app-interactive` mark
 * (the first screen drawn from the app's answers), without the driver's overhead (10 ms
 * resolution).
 */
async function launch() {
  const t0 = now();
  const created = await wd('POST', '/session', {
    capabilities: { alwaysMatch: { browserName: 'wry', 'tauri:options': { application: APP } } },
  });
  const session = created.sessionId;
  const ready = await until(session, START_READY, 'the start screen');
  await until(session, 'return performance.getEntriesByName("app-interactive").length > 0', 'the app-interactive mark');
  const mark = await run(session, 'return performance.timeOrigin + performance.getEntriesByName("app-interactive")[0].startTime');
  return { session, ms: ready - t0, appMs: mark - startedAt(appPid()) };
}

/** The player's choice at `view`: the first legal option; a figure every other figure decision. */
function choose(view, turn) {
  const d = view.decision;
  switch (d.kind) {
    case 'draw_or_abbey': return { type: 'draw' };
    case 'final_abbey': return { type: 'abbey', x: d.holes[0].x, y: d.holes[0].y };
    case 'place_tile': return { type: 'place', x: d.cells[0].x, y: d.cells[0].y, rotation: d.cells[0].rotations[0] };
    case 'place_figure': {
      const s = d.spots[0];
      return s && turn % 2 === 0 ? { type: 'figure', kind: s.kinds[0], on: s.on } : { type: 'no_figure' };
    }
    case 'move_wagon': {
      const t = d.targets[0];
      return { type: 'wagon', to: t ? { x: t.x, y: t.y, on: t.on } : null };
    }
    default: throw new Error(`no choice for ${d.kind}`);
  }
}

/** In the page (WebDriver's async script, its last argument the callback): pans in circles by
 * a pointer drag on the board and zooms by wheel turns, one event a frame, for `ms`; answers
 * the requestAnimationFrame deltas and the number of tiles drawn. */
const FRAME_PROBE = `
const [ms, done] = arguments;
const target = document.querySelector('#screen-game .board-svg');
const r = target.getBoundingClientRect();
const at = (t) => [r.left + r.width / 2 + Math.cos(t * 1.7) * r.width / 5, r.top + r.height / 2 + Math.sin(t * 1.7) * r.height / 5];
const pointer = (type, [x, y]) => target.dispatchEvent(new PointerEvent(type, { pointerId: 1, pointerType: 'mouse',
  isPrimary: true, bubbles: true, clientX: x, clientY: y, button: 0, buttons: type === 'pointerup' ? 0 : 1 }));
const deltas = [];
let start = null, prev = null, zoomed = 0;
const step = (now) => {
  if (start === null) { start = now; prev = now; pointer('pointerdown', at(0)); }
  else { deltas.push(now - prev); prev = now; }
  const t = (now - start) / 1000;
  if (now - start >= ms) {
    pointer('pointerup', at(t));
    done({ deltas, tiles: document.querySelectorAll('#screen-game .tile').length });
    return;
  }
  pointer('pointermove', at(t));
  if (deltas.length % 2 === 0) {
    const [x, y] = at(t);
    const want = Math.log(1.7) * Math.sin(t * 1.3);
    target.dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, clientX: x, clientY: y, deltaY: -(want - zoomed) / 0.0015 }));
    zoomed = want;
  }
  requestAnimationFrame(step);
};
requestAnimationFrame(step);`;

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const pct = (a, p) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : NaN; };
const f0 = (x) => x.toFixed(0);

async function main() {
  if (!existsSync(APP)) throw new Error(`build the app first: ${APP} (scripts/bench-app.sh does)`);
  const dataHome = mkdtempSync(join(tmpdir(), 'carcassonne-bench-'));
  let driver;
  try {
    ({ driver, base: BASE } = await startDriver({ ...process.env, XDG_DATA_HOME: dataHome }));
    // First launch: a fresh data folder.
    const first = await launch();
    await sleep(3000);
    const idle = memory(appPid());
    const profile = await invoke(first.session, 'profile_create', { name: 'Bench' });
    // Each AI decision's time, from the app's own events, stamped in the page.
    await run(first.session, 'window.__bench = []; window.__TAURI__.event.listen("ai-progress", (e) => '
      + 'window.__bench.push([performance.now(), e.payload.player, e.payload.stage])); return true;');
    const opponents = Array.from({ length: 5 }, () => ({ level: LEVEL }));
    let view = await invoke(first.session, 'game_new', { config: { profileId: profile.id, opponents, abbeyMayor: true, seed: 2026 } });
    const rounds = [];
    let turn = 0;
    while (!view.over) {
      const before = view.turn;
      const t0 = now();
      view = await invoke(first.session, 'game_play', { move: choose(view, turn) });
      const ms = now() - t0;
      turn += 1;
      // A round: the call that ends the player's turn runs every AI's turn before it resolves.
      if (view.turn - before >= 6) rounds.push(ms);
    }
    const stamps = await run(first.session, 'return window.__bench');
    const decisions = [];
    const open = new Map();
    for (const [t, player, stage] of stamps) {
      if (stage === 'thinking') open.set(player, t);
      else if (open.has(player)) { decisions.push(t - open.get(player)); open.delete(player); }
    }
    await sleep(2000);
    const afterGame = memory(appPid());
    // A game to resume: 20 turns in, then the app is closed.
    view = await invoke(first.session, 'game_new', { config: { profileId: profile.id, opponents, abbeyMayor: true, seed: 7 } });
    while (view.turn < RESUME_TURNS && !view.over) view = await invoke(first.session, 'game_play', { move: choose(view, 0) });
    const tiles = view.tiles.length;
    await wd('DELETE', `/session/${first.session}`);
    await sleep(1000);
    // Second launch: the start screen with the unfinished game, then Resume.
    const second = await launch();
    const t0 = now();
    await run(second.session, 'document.querySelector(".card.resume button").click(); return true;');
    const drawn = await until(second.session,
      `return !!document.querySelector("#screen-game:not([hidden])") && document.querySelectorAll("#screen-game .tile").length >= ${tiles}`,
      'the resumed board');
    await sleep(1500); // the resume's camera move settles
    const frames = await wd('POST', `/session/${second.session}/execute/async`, { script: FRAME_PROBE, args: [FRAME_SECONDS * 1000] });
    await wd('DELETE', `/session/${second.session}`);
    const floor = await webkitFloor();

    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`app: ${APP}`);
    console.log(`machine: ${readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1]}, load ${load}`);
    console.log(`launch -> interactive start screen: ${f0(first.appMs)} ms from the app's start (second launch: ${f0(second.appMs)} ms); `
      + `${f0(first.ms)} ms and ${f0(second.ms)} ms with tauri-driver's start-up`);
    console.log(`Resume -> board with its ${tiles} tiles: ${f0(drawn - t0)} ms (launch + resume: ${f0(second.appMs + drawn - t0)} ms)`);
    const mem = (m) => `PSS ${f0(m.pss)} MiB (${m.parts.join(', ')}), RSS ${f0(m.rss)} MiB`;
    console.log(`board frame times, ${frames.tiles} tiles, ${FRAME_SECONDS} s of drag + wheel: ${frames.deltas.length} frames, `
      + `median ${median(frames.deltas).toFixed(1)} ms, p95 ${pct(frames.deltas, 0.95).toFixed(1)} ms`
      + ` (${(1000 * frames.deltas.length / frames.deltas.reduce((a, b) => a + b, 0)).toFixed(0)} fps)`);
    console.log(`memory of the app and its WebKit processes, idle: ${mem(idle)}`);
    console.log(`  after a 6-player game: ${mem(afterGame)}`);
    if (floor) console.log(`  WebKitGTK's floor (its MiniBrowser on about:blank): ${mem(floor)}`);
    console.log(`6-player A&M game, 5 x ${LEVEL}: ${decisions.length} AI decisions, median ${f0(median(decisions))} ms, `
      + `p90 ${f0(pct(decisions, 0.9))} ms, max ${f0(Math.max(...decisions))} ms`);
    console.log(`  waiting for a round (the player's move until the player's turn again): median ${f0(median(rounds))} ms, `
      + `p90 ${f0(pct(rounds, 0.9))} ms, max ${f0(Math.max(...rounds))} ms over ${rounds.length} rounds`);
  } finally {
    driver?.kill();
    rmSync(dataHome, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
