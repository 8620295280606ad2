// The real app starts and its window loads: a WebDriver smoke test through tauri-driver
// (W3C WebDriver with plain fetch, no dependencies). Run under Xvfb: `xvfb-run -a node --test
// tests/e2e/`. The app's data folder is a temporary XDG_DATA_HOME, so the player's real data
// is never touched. Set CARCASSONNE_APP to test another binary (e.g. the installed .deb's).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchApp } from './app.js';

let app;

before(async () => {
  app = await launchApp('carcassonne-smoke-');
});

after(() => app?.close());

test('the window loads the UI and the app answers its commands', async () => {
  const title = await app.wd('GET', app.s('/title'));
  assert.match(title, /Carcassonne/);
  // The page's own scripts ran and the IPC bridge is there.
  // (Up to 30 s, polled: on a busy machine the debug build's first page load is slow.)
  await app.until('return document.readyState === "complete" && !!window.__TAURI__?.core?.invoke', 'the page loaded with the Tauri bridge');
  const info = await app.invoke('app_info');
  assert.equal(info.error, undefined, JSON.stringify(info.error));
  assert.ok(info.dataDir.startsWith(app.dataHome), `${info.dataDir} is under ${app.dataHome}`);
  assert.ok(info.levels.includes('hard'));
  const tiles = await app.invoke('tiles');
  assert.equal(tiles.error, undefined, JSON.stringify(tiles.error));
  assert.equal(tiles.types.length, 37);
  const text = await app.exec('return document.body.innerText');
  assert.ok(text.trim().length > 0, 'the UI shows something');
  await app.shot('smoke');
});
