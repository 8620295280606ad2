// The real app starts and its window loads: a WebDriver smoke test through tauri-driver
// (W3C WebDriver with plain fetch, no dependencies). Run under Xvfb: `xvfb-run -a node --test
// tests/e2e/`. The app's data folder is a temporary XDG_DATA_HOME, so the player's real data
// is never touched. Set CARCASSONNE_APP to test another binary (e.g. the installed .deb's).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDriver, REQUEST_TIMEOUT } from './driver.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APP = process.env.CARCASSONNE_APP ?? join(ROOT, 'target/debug/carcassonne-app');
const OUT = join(ROOT, 'test-output/e2e');
let BASE;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let driver;
let dataHome;
let session;

async function wd(method, path, body) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.value ?? json).slice(0, 400)}`);
  return json.value;
}

before(async () => {
  assert.ok(existsSync(APP), `build the app first: ${APP}`);
  dataHome = mkdtempSync(join(tmpdir(), 'carcassonne-smoke-'));
  ({ driver, base: BASE } = await startDriver({ ...process.env, XDG_DATA_HOME: dataHome }));
  const created = await wd('POST', '/session', {
    capabilities: { alwaysMatch: { browserName: 'wry', 'tauri:options': { application: APP } } },
  });
  session = created.sessionId;
});

after(async () => {
  if (session) await wd('DELETE', `/session/${session}`).catch(() => {});
  driver?.kill();
  if (dataHome) rmSync(dataHome, { recursive: true, force: true });
});

test('the window loads the UI and the app answers its commands', async () => {
  const title = await wd('GET', `/session/${session}/title`);
  assert.match(title, /Carcassonne/);
  // The page's own scripts ran and the IPC bridge is there.
  let ready = false;
  for (let i = 0; i < 100 && !ready; i++) {
    ready = await wd('POST', `/session/${session}/execute/sync`, {
      script: 'return document.readyState === "complete" && !!window.__TAURI__?.core?.invoke',
      args: [],
    });
    if (!ready) await sleep(100);
  }
  assert.ok(ready, 'the page loaded with the Tauri bridge');
  const info = await wd('POST', `/session/${session}/execute/async`, {
    script: 'const done = arguments[arguments.length - 1];'
      + 'window.__TAURI__.core.invoke("app_info").then(done, (e) => done({ error: e }));',
    args: [],
  });
  assert.equal(info.error, undefined, JSON.stringify(info.error));
  assert.ok(info.dataDir.startsWith(dataHome), `${info.dataDir} is under ${dataHome}`);
  assert.ok(info.levels.includes('hard'));
  const tiles = await wd('POST', `/session/${session}/execute/async`, {
    script: 'const done = arguments[arguments.length - 1];'
      + 'window.__TAURI__.core.invoke("tiles").then((t) => done(t.types.length), (e) => done(String(e)));',
    args: [],
  });
  assert.equal(tiles, 37);
  const text = await wd('POST', `/session/${session}/execute/sync`, { script: 'return document.body.innerText', args: [] });
  assert.ok(text.trim().length > 0, 'the UI shows something');
  mkdirSync(OUT, { recursive: true });
  const png = await wd('GET', `/session/${session}/screenshot`);
  writeFileSync(join(OUT, 'smoke.png'), Buffer.from(png, 'base64'));
});
