// The window's web process dies mid-game (WebKitGTK's renderer can crash, or be killed for its
// memory, while the app is fine): the app says why on stderr and reloads the window, and the
// game is not lost. WebDriver loses its session with the page, so what is checked of the
// reload is what can be seen from outside: the app lives on, names the reason, and starts a
// new web process; then the app is started again on the same data folder and the game
// resumes at the same turn. Drives the built app through tauri-driver; run under Xvfb.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchApp, rendererLost, RELOAD_LINE, sleep } from './app.js';

let app;

before(async () => {
  app = await launchApp('carcassonne-renderer-');
});

after(() => app?.close());

/** The app's process and its web process (WebKitWebProcess, whose parent is the app). */
function appProcesses() {
  const all = app.processes();
  const main = all.find((p) => /carcassonne-app/.test(p.args) && !/^WebKit/.test(p.name));
  const web = all.filter((p) => main && p.ppid === main.pid && /^WebKitWebProc/.test(p.name));
  return { main, web };
}

async function waitFor(what, check, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

test('the web process dies mid-game: the app reloads its window and the game is kept', async () => {
  await app.until("return !!document.querySelector('#screen-start:not([hidden]) #new-profile')", 'the start screen');
  await app.type(await app.find('#new-profile'), 'Crash Tester');
  await app.clickText('button', 'Create profile');
  await app.until("return !!document.evaluate(\"//button[normalize-space(.)='Start as Crash Tester']\", document, null, 9, null).singleNodeValue", 'the new profile');
  await app.clickCss('#opp-0');
  await app.click(await app.find('#opp-0 option[value="random"]'));
  await app.clickText('button', 'Start as Crash Tester');
  await app.until("return !!document.querySelector('#screen-game:not([hidden]) .action-panel .drawn-tile')", 'the first tile to place');
  // One turn played (a tile, no figure) and the AI's answer, so the game has a past to keep
  // (clickCentre clicks once the board is at rest).
  await app.clickCentre('.cell.legal');
  await app.until("return !!document.querySelector('.preview')", 'the tile preview');
  await app.clickCss('button.confirm');
  await app.until("return [...document.querySelectorAll('.action-panel button')].some((b) => b.textContent.trim() === 'No figure')", 'the figure decision');
  await app.clickText('button', 'No figure');
  // (One unloaded run timed out here after 30 s: the wait is longer, and a timeout says what
  // the screen showed.)
  await app.until("return document.querySelector('#screen-game .turn-info')?.textContent === 'Turn 3' && !!document.querySelector('.action-panel .drawn-tile')", 'the next tile after the AI', 60000)
    .catch(async (e) => {
      const seen = await app.exec("return [document.querySelector('#screen-game .turn-info')?.textContent, document.querySelector('#screen-game .turn-whose')?.textContent, document.querySelector('.action-panel')?.innerText]").catch((x) => x.message);
      throw new Error(`${e.message}; the screen: ${JSON.stringify(seen)}`);
    });
  const tilesBefore = await app.exec("return document.querySelectorAll('#screen-game .board-svg .tile').length");
  assert.equal(tilesBefore, 3, 'the start tile, the player\'s and the AI\'s');

  const first = appProcesses();
  assert.ok(first.main, `the app runs (${JSON.stringify(app.processes())})`);
  assert.equal(first.web.length, 1, `one web process (${JSON.stringify(app.processes())})`);
  process.kill(first.web[0].pid, 'SIGKILL');

  // WebDriver's session goes with the page: a request fails as it does in CI. (On a busy
  // machine the first one may fail with an "unknown error" and no message while the page
  // goes; the next ones then say the session was deleted.)
  let lost = null;
  const seen = [];
  for (let i = 0; i < 50 && !lost; i++) {
    try {
      await app.exec('return 1');
    } catch (e) {
      seen.push(e.message);
      if (rendererLost(e)) lost = e;
    }
    if (!lost) await sleep(100);
  }
  assert.ok(lost, `the session is lost with the page (${seen.join('; ') || 'every request answered'})`);

  // The app lives on, says why, and reloads: a new web process of its own.
  const line = await waitFor('the app to report the lost web process', () => app.log().match(RELOAD_LINE))
    .catch((e) => { throw new Error(`${e.message}; it printed:\n${app.log().slice(-3000)}`); });
  assert.equal(line[1], 'it crashed');
  const reloaded = await waitFor('a new web process', () => {
    const now = appProcesses();
    return now.web.some((p) => p.pid !== first.web[0].pid) && now;
  });
  assert.equal(reloaded.main.pid, first.main.pid, 'the same app process');

  // Started again on its data folder, the app offers the game to resume, at the same place.
  await app.relaunch();
  await app.until("return !!document.querySelector('#screen-start:not([hidden]) .card.resume')", 'the game to resume');
  const card = await app.exec("return document.querySelector('#screen-start .card.resume').textContent");
  assert.match(card, /Crash Tester against Random/i);
  assert.match(card, /turn 3\b/);
  await app.clickText('button', 'Resume');
  await app.until("return !!document.querySelector('#screen-game:not([hidden]) .action-panel .drawn-tile')", 'the tile to place, again');
  // The board is drawn as the view arrives (its tiles a moment after the panel).
  const where = await app.until(`const n = document.querySelectorAll('#screen-game .board-svg .tile').length;
    return n > 0 && [n, document.querySelector('#screen-game .turn-info').textContent];`, 'the board');
  assert.deepEqual(where, [tilesBefore, 'Turn 3']);
  await app.shot('30-after-renderer-loss');
});
