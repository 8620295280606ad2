// One app per data folder: with the app running (through tauri-driver), the same binary is
// launched again on the same data folder (XDG_DATA_HOME). The second process must exit within
// seconds and the first must keep working. With a D-Bus session bus (run the tests under
// `dbus-run-session`), the single-instance plugin hands over to the first window and the second
// exits with status 0; without one, the data folder's lock refuses it: a line on stderr and a
// non-zero status. Run under Xvfb like the other end-to-end tests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { launchApp, sleep, APP } from './app.js';

let app;

before(async () => {
  app = await launchApp('carcassonne-single-');
  let ready = false;
  for (let i = 0; i < 300 && !ready; i++) {
    ready = await app.exec('return !!window.__TAURI__?.core?.invoke');
    if (!ready) await sleep(100);
  }
  assert.ok(ready, 'the first app loaded');
});

after(() => app?.close());

test('a second launch on the same data folder exits and the first app keeps working', async () => {
  const first = await app.invoke('app_info');
  assert.equal(first.error, undefined, JSON.stringify(first.error));
  assert.ok(first.dataDir.startsWith(app.dataHome), first.dataDir);

  const second = spawn(APP, [], { env: app.env, stdio: ['ignore', 'ignore', 'pipe'] });
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
  const profile = await app.invoke('profile_create', { name: 'Ada' });
  assert.equal(profile.error, undefined, JSON.stringify(profile.error));
  assert.equal(profile.name, 'Ada');
  const list = await app.invoke('profiles_list');
  assert.deepEqual(list.profiles.map((p) => p.name), ['Ada']);
});
