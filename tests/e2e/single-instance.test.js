// One app per data folder: with the app running (through tauri-driver), the same binary is
// launched again on the same data folder (XDG_DATA_HOME). The second process must exit within
// seconds and the first must keep working. With a D-Bus session bus (run the tests under
// `dbus-run-session`), the single-instance plugin hands over to the first window and the second
// exits with status 0; without one, the data folder's lock refuses it: a line on stderr and a
// non-zero status. Run under Xvfb like the other end-to-end tests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDriver, REQUEST_TIMEOUT } from './driver.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APP = process.env.CARCASSONNE_APP ?? join(ROOT, 'target/debug/carcassonne-app');
let BASE;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let driver;
let dataHome;
let session;
let env;

async function wd(method, path, body) {
  const res = await fetch(`${BASE}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT) });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.value ?? json).slice(0, 400)}`);
  return json.value;
}

/** Invokes a command in the first app's window; resolves to its result or `{ error }`. */
const invoke = (cmd, args = {}) => wd('POST', `/session/${session}/execute/async`, {
  script: 'const done = arguments[arguments.length - 1];'
    + 'window.__TAURI__.core.invoke(arguments[0], arguments[1]).then(done, (e) => done({ error: e }));',
  args: [cmd, args],
});

before(async () => {
  assert.ok(existsSync(APP), `build the app first: ${APP}`);
  dataHome = mkdtempSync(join(tmpdir(), 'carcassonne-single-'));
  env = { ...process.env, XDG_DATA_HOME: dataHome };
  ({ driver, base: BASE } = await startDriver(env));
  session = (await wd('POST', '/session', {
    capabilities: { alwaysMatch: { browserName: 'wry', 'tauri:options': { application: APP } } },
  })).sessionId;
  let ready = false;
  for (let i = 0; i < 300 && !ready; i++) {
    ready = await wd('POST', `/session/${session}/execute/sync`, { script: 'return !!window.__TAURI__?.core?.invoke', args: [] });
    if (!ready) await sleep(100);
  }
  assert.ok(ready, 'the first app loaded');
});

after(async () => {
  if (session) await wd('DELETE', `/session/${session}`).catch(() => {});
  driver?.kill();
  if (dataHome) rmSync(dataHome, { recursive: true, force: true });
});

test('a second launch on the same data folder exits and the first app keeps working', async () => {
  const first = await invoke('app_info');
  assert.equal(first.error, undefined, JSON.stringify(first.error));
  assert.ok(first.dataDir.startsWith(dataHome), first.dataDir);

  const second = spawn(APP, [], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  second.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => second.on('exit', (code, signal) => resolve({ code, signal })));
  const outcome = await Promise.race([exited, sleep(20000).then(() => null)]);
  if (!outcome) second.kill('SIGKILL');
  assert.ok(outcome, `the second app exits within 20 s (stderr: ${stderr})`);
  if (process.env.DBUS_SESSION_BUS_ADDRESS) {
    assert.deepEqual(outcome, { code: 0, signal: null }, `handed over to the first app (stderr: ${stderr})`);
  } else {
    assert.notEqual(outcome.code, 0, 'refused');
    assert.match(stderr, /already running/, 'the reason is on stderr');
  }

  // The first app still answers and changes its data.
  const profile = await invoke('profile_create', { name: 'Ada' });
  assert.equal(profile.error, undefined, JSON.stringify(profile.error));
  assert.equal(profile.name, 'Ada');
  const list = await invoke('profiles_list');
  assert.deepEqual(list.profiles.map((p) => p.name), ['Ada']);
});
