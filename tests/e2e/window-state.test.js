// The window remembers its size and position (issue 28, item 2), and the app keeps a log
// (item 3): the real app through
// tauri-driver under Xvfb. The window is moved and resized, which saves its state in the
// config folder's .window-state.json once it is still (closing the window saves it too;
// WebDriver cannot close it as a person does), then the app is ended without a word, as a
// crash would end it, and launched again on the same folders: the window comes back where it
// was, the size it was.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchApp, sleep } from './app.js';

let app;
after(async () => { await app?.close(); });

test('the window comes back at its size and position after a relaunch', async () => {
  app = await launchApp('cc-window-');
  await app.until("return !!document.querySelector('#screen-start:not([hidden])')", 'the start screen');
  // The app's own log (issue 28, item 3): its start, and a failed command by its code.
  const log = join(app.dataHome, 'data', 'org.carcassonne.game', 'logs', 'carcassonne.log');
  const logText = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
  await app.exec("window.__TAURI__.core.invoke('game_view').catch(() => {})");
  for (let i = 0; i < 300 && !logText().includes('failed: game/none'); i++) await sleep(100);
  assert.match(logText(), /start: Carcassonne \d+\.\d+\.\d+ on linux x86_64, web view WebKitGTK/);
  assert.match(logText(), /failed: game\/none: no game is in progress/);
  const want = { x: 60, y: 40, width: 900, height: 640 };
  await app.wd('POST', app.s('/window/rect'), want);
  // The page gets the new size a moment later (much later on a busy machine).
  await app.until('return window.innerWidth <= 900 && window.innerWidth > 700', 'the resized page');
  const before = await app.wd('GET', app.s('/window/rect'));
  assert.equal(before.width, want.width);
  assert.equal(before.height, want.height);
  const file = join(app.configHome, 'org.carcassonne.game', '.window-state.json');
  // Saved half a second after the last move (much later on a busy machine).
  const savedOf = () => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).main : null);
  for (let i = 0; i < 600 && savedOf()?.width !== want.width; i++) await sleep(100);
  assert.ok(existsSync(file), `the window's state is saved (${file})`);
  const saved = savedOf();
  assert.ok(saved, 'the main window is saved');
  assert.equal(saved.width, want.width);
  assert.equal(saved.height, want.height);

  await app.relaunch();
  await app.until("return !!document.querySelector('#screen-start:not([hidden])')", 'the start screen again');
  const again = await app.wd('GET', app.s('/window/rect'));
  assert.deepEqual({ width: again.width, height: again.height }, { width: before.width, height: before.height });
  assert.deepEqual({ x: again.x, y: again.y }, { x: before.x, y: before.y }, 'the same place on the screen');

  // A position on no monitor (a screen since unplugged) is not restored: the window opens on
  // the screen there is, at its remembered size.
  await app.stop();
  const state = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(state.main, { x: 20000, y: 20000 });
  writeFileSync(file, JSON.stringify(state));
  await app.relaunch();
  await app.until("return !!document.querySelector('#screen-start:not([hidden])')", 'the start screen on screen');
  const onScreen = await app.wd('GET', app.s('/window/rect'));
  const screen = await app.exec('return { width: screen.width, height: screen.height }');
  assert.ok(onScreen.x >= 0 && onScreen.x < screen.width && onScreen.y >= 0 && onScreen.y < screen.height,
    `the window is on the screen (${JSON.stringify(onScreen)}, screen ${JSON.stringify(screen)})`);
  assert.equal(onScreen.width, want.width);
});
