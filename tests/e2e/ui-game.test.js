// The real app end to end: a whole game against a cheap AI played by clicking as a person
// would, the review the app makes of it at the end (at its real budget), then the match
// found in the history, replayed turn by turn, and its worst move opened in the review. Drives the built
// app through tauri-driver (W3C WebDriver, plain fetch); run under Xvfb (`xvfb-run -a`).
// Screenshots go to test-output/e2e/ (not committed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDriver, REQUEST_TIMEOUT } from './driver.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APP = process.env.CARCASSONNE_APP ?? join(ROOT, 'target/debug/carcassonne-app');
const OUT = join(ROOT, 'test-output/e2e');
let BASE;
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let driver;
let dataHome;
let session;

async function wd(method, path, body) {
  const res = await fetch(`${BASE}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT) });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.value ?? json).slice(0, 400)}`);
  return json.value;
}
const s = (path) => `/session/${session}${path}`;
const exec = (script, args = []) => wd('POST', s('/execute/sync'), { script, args });
const find = async (css) => (await wd('POST', s('/element'), { using: 'css selector', value: css }))[ELEMENT];
const findAll = async (css) => (await wd('POST', s('/elements'), { using: 'css selector', value: css })).map((e) => e[ELEMENT]);
const byText = async (tag, text) => (await wd('POST', s('/element'), { using: 'xpath', value: `//${tag}[normalize-space(.)=${JSON.stringify(text)}]` }))[ELEMENT];
const click = (id) => wd('POST', s(`/element/${id}/click`), {});
// Finds and clicks in one go, again if the panel was redrawn in between (a stale element).
async function clickFresh(findIt) {
  for (let i = 0; ; i++) {
    try { return await click(await findIt()); } catch (e) {
      if (i >= 5 || !/stale element|not found|no such element/.test(e.message)) throw e;
      await sleep(150);
    }
  }
}
const type = (id, text) => wd('POST', s(`/element/${id}/value`), { text });
async function shot(name) {
  const png = await wd('GET', s('/screenshot'));
  writeFileSync(join(OUT, `${name}.png`), Buffer.from(png, 'base64'));
}
async function until(script, what, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await exec(script);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
const clickText = (tag, text) => clickFresh(() => byText(tag, text));
const clickCss = (css) => clickFresh(() => find(css));

// SVG shapes are clicked with a real pointer at their centre, as a mouse would: the first
// one whose centre is in the visible board and not under the zoom buttons. False if none.
async function clickSvg(css) {
  const at = await exec(`const host = document.querySelector('#screen-game .board-host').getBoundingClientRect();
    const ctl = document.querySelector('#screen-game .zoom-ctl').getBoundingClientRect();
    for (const e of document.querySelectorAll(arguments[0])) {
      const b = e.getBoundingClientRect();
      const x = Math.round(b.left + b.width / 2), y = Math.round(b.top + b.height / 2);
      const inHost = x > host.left + 4 && x < host.right - 4 && y > host.top + 4 && y < host.bottom - 4;
      const underCtl = x >= ctl.left - 4 && x <= ctl.right + 4 && y >= ctl.top - 4 && y <= ctl.bottom + 4;
      if (inHost && !underCtl) return [x, y];
    }
    return null;`, [css]);
  if (!at) return false;
  await perform([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [
    { type: 'pointerMove', duration: 0, x: at[0], y: at[1], origin: 'viewport' },
    { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] }]);
  return true;
}

// Performs input actions, once more after a WebDriver "unknown error" (one CI run had a
// pointer action refused that way with no message, mid-game): the error and the page's state
// are printed, and a second refusal fails the test.
async function perform(actions) {
  try {
    await wd('POST', s('/actions'), { actions });
  } catch (e) {
    if (!/: 500 /.test(e.message)) throw e;
    const page = await exec('return [document.readyState, location.hash, document.querySelectorAll(".cell.legal").length]').catch((x) => x.message);
    console.error(`input actions refused (${e.message}); the page: ${JSON.stringify(page)}; trying once more`);
    await wd('DELETE', s('/actions')).catch(() => {});
    await sleep(500);
    await wd('POST', s('/actions'), { actions });
  }
  await wd('DELETE', s('/actions'));
}

// The pending decision as the panel shows it (same reading as a person's).
const PANEL_STATE = `
  if (document.querySelector('.end-dialog[open]')) return 'over';
  const p = document.querySelector('#screen-game:not([hidden]) .action-panel');
  if (!p) return 'none';
  if (p.querySelector('.waiting')) return 'ai';
  const t = p.textContent;
  if (t.includes('The game is over')) return 'over';
  if (p.querySelector('.drawn-tile')) return 'place_tile';
  if (t.includes('Last chance')) return 'final_abbey';
  if (t.includes('Draw a tile')) return 'draw_or_abbey';
  if (t.includes('Place a figure') || t.includes('No figure can go')) return 'place_figure';
  if (t.includes('wagon comes back')) return 'move_wagon';
  return 'none';`;

before(async () => {
  mkdirSync(OUT, { recursive: true });
  assert.ok(existsSync(APP), `the app is built at ${APP}`);
  dataHome = mkdtempSync(join(tmpdir(), 'carcassonne-e2e-'));
  // A fresh data folder, so the game and its history are this test's alone.
  // Its own ports too (startDriver), so that another run at the same time cannot take its sessions.
  ({ driver, base: BASE } = await startDriver({
    ...process.env,
    XDG_DATA_HOME: join(dataHome, 'data'),
    XDG_CONFIG_HOME: join(dataHome, 'config'),
  }));
  session = (await wd('POST', '/session', { capabilities: { alwaysMatch: { browserName: 'wry', 'tauri:options': { application: APP } } } })).sessionId;
});

after(async () => {
  if (session) await wd('DELETE', s('')).catch(() => {});
  driver?.kill();
  if (dataHome) rmSync(dataHome, { recursive: true, force: true });
});

test('a whole game against the random AI by clicking, then its replay from the history', async () => {
  try {
    await wholeGame();
  } catch (e) {
    await shot('failure').catch(() => {});
    throw e;
  }
});

async function wholeGame() {
  await until("return !!document.querySelector('#screen-start:not([hidden]) #new-profile')", 'the start screen');
  await shot('01-start');
  await type(await find('#new-profile'), 'E2E Player');
  await clickText('button', 'Create profile');
  await until("return !!document.evaluate(\"//button[normalize-space(.)='Start as E2E Player']\", document, null, 9, null).singleNodeValue", 'the new profile');
  await click(await find('#opp-0'));
  await click(await find('#opp-0 option[value="random"]'));
  await clickText('summary', 'More options');
  await type(await find('#seed'), '42');
  await shot('02-setup');
  await clickText('button', 'Start as E2E Player');

  let decisions = 0;
  let figures = 0;
  let figureTurn = 0;
  for (let i = 0; i < 5000; i++) {
    const state = await exec(PANEL_STATE);
    if (state === 'over') break;
    if (state === 'ai' || state === 'none') { await sleep(100); continue; }
    decisions++;
    if (decisions === 7) await shot('03-mid-game');
    if (state === 'place_tile') {
      // The board glides to fit the new options first; click once it has settled.
      await sleep(400);
      await clickSvg('.cell.legal');
      // A click on a cell under the zoom buttons misses; the keyboard (N: next square) does the same.
      if (!(await exec("return !!document.querySelector('.preview')"))) {
        await exec("document.querySelector('#screen-game .board-svg').focus()");
        await perform([{ type: 'key', id: 'kb', actions: [{ type: 'keyDown', value: 'n' }, { type: 'keyUp', value: 'n' }] }]);
      }
      await until("return !!document.querySelector('.preview')", 'the tile preview');
      await clickCss('button.confirm');
    } else if (state === 'place_figure') {
      const spots = await findAll('.spot');
      if (spots.length && figureTurn++ % 2 === 0) {
        // The board glides to the new tile first; click once it has settled.
        await sleep(450);
        if (await clickSvg('.spot')) {
          await until("return !!document.querySelector('.spot.selected')", 'the chosen spot');
          await clickCss('button.confirm');
          figures++;
        } else {
          await clickText('button', 'No figure');
        }
      } else {
        await clickText('button', 'No figure');
      }
    } else if (state === 'draw_or_abbey') {
      await clickText('button', 'Draw a tile');
    } else if (state === 'final_abbey') {
      await shot('04-final-abbey');
      const holes = await findAll('.cell.hole');
      if (holes.length) {
        await sleep(400);
        assert.ok(await clickSvg('.cell.hole'), 'a hole is on screen');
        await until("return !!document.querySelector('.preview')", 'the abbey preview');
        await clickCss('button.confirm');
      } else {
        await clickText('button', 'Keep the abbey');
      }
    } else if (state === 'move_wagon') {
      await clickText('button', 'Take it home');
    }
    // The panel changes once the app has answered (and the AI has moved).
    await until(`const st = (() => { ${PANEL_STATE} })(); return st !== ${JSON.stringify(state)} || !document.querySelector('.action-panel .confirm:not([disabled])');`, 'the answer', 60000);
  }
  await until("return !!document.querySelector('.end-dialog[open]')", 'the final scoring', 60000);
  await sleep(400);
  await shot('05-final-scoring');
  assert.ok(decisions > 30, `a whole game takes many decisions (${decisions})`);
  assert.ok(figures > 0, 'figures were placed');
  const totals = await exec("return [...document.querySelectorAll('.end-dialog .breakdown tbody tr')].map((r) => r.querySelector('.total').textContent)");
  assert.equal(totals.length, 2);
  assert.equal(await exec("return document.querySelectorAll('.end-dialog .chart polyline').length"), 2);

  // The review starts by itself with the final scoring and runs in the background, at the
  // app's own budget (this player's first-legal-choice play leaves mistakes to find).
  await until("return !!document.querySelector('.end-dialog .review-progress')", 'the review to start');
  await until("return document.querySelector('.end-dialog .review-progress')?.dataset.state !== 'running' || !!document.querySelector('.end-dialog .rv-summary')",
    'the review', 600000);
  const summary = await exec("return document.querySelector('.end-dialog .rv-summary')?.textContent ?? ''");
  assert.match(summary, /See the review/, `the review is done (${summary})`);
  await shot('05b-reviewed');

  // The match in the history: open it and replay it turn by turn.
  await clickText('button', 'Look at the board');
  await clickText('button', '‹ Menu');
  await click(await find('[data-nav="history"]'));
  await until("return document.querySelectorAll('#screen-history:not([hidden]) .match-list > li').length === 1", 'the match in the history');
  await shot('06-history');
  await click(await find('.match-link'));
  await until("return !!document.querySelector('#screen-match:not([hidden]) .replay-ctl')", 'the match page');
  const last = await exec("return +document.querySelector('#replay-slider').max");
  assert.ok(last > 30);
  await clickCss('[aria-label="First turn"]');
  await until("return document.querySelector('.turn-label').textContent.startsWith('Start, before turn 1 ') && document.querySelectorAll('#screen-match .tile').length === 1", 'the start position');
  await clickCss('[aria-label="Next turn"]');
  await clickCss('[aria-label="Next turn"]');
  await until("return document.querySelector('.turn-label').textContent.startsWith('Turn 2 ') && document.querySelectorAll('#screen-match .tile').length >= 2", 'turn 2');
  await shot('07-replay-turn-2');
  await click(await find('#replay-slider'));
  await until("return +document.querySelector('#replay-slider').value > 2", 'the slider to move');
  await clickCss('[aria-label="Last turn"]');
  await until(`return document.querySelector('.turn-label').textContent.startsWith('Final scoring, after turn ${last - 1} ')`, 'the last turn');
  await sleep(300);
  await shot('08-replay-end');
  // The review in the replay: the win-chance graph, and the worst move opened from the list
  // shows its verdict, a sentence on why, and the played and best moves on the board.
  assert.ok(await exec("return document.querySelectorAll('#screen-match .win-graph .pt').length > 10"), 'the win-chance graph');
  const worst = await exec(`for (const c of ['blunder', 'mistake', 'inaccuracy']) {
      const b = document.querySelector('#screen-match .rv-move.' + c + ' .rv-pick');
      if (b) return c;
    }
    return null;`);
  assert.ok(worst, 'the review found a move to improve');
  await clickCss(`#screen-match .rv-move.${worst} .rv-pick`);
  await until(`return document.querySelector('#screen-match .rv-verdict .rv-tag')?.classList.contains(${JSON.stringify(worst)})`, 'the verdict');
  const why = await exec("return document.querySelector('#screen-match .rv-verdict .rv-why')?.textContent ?? ''");
  assert.ok(why.length > 5, `a sentence on why (${why})`);
  await until("return document.querySelectorAll('#screen-match .rv-ghost-best').length > 0", 'the best move on the board');
  await sleep(300);
  await shot('09-review-worst-move');
  const errors = await exec("return [...document.querySelectorAll('.toast.error')].map((t) => t.textContent)");
  assert.deepEqual(errors, [], 'no error was shown');
}

test('a phone-sized window: the start screen and a first move by clicking', async () => {
  await wd('POST', s('/window/rect'), { width: 390, height: 844 });
  await exec("location.hash = '#/start'");
  await until("return !!document.querySelector('#screen-start:not([hidden]) .btn.primary.big')", 'the start screen');
  await sleep(300);
  await shot('09-phone-start');
  await clickText('button', 'Start as E2E Player');
  await until(`return (() => { ${PANEL_STATE} })() === 'place_tile' || (() => { ${PANEL_STATE} })() === 'draw_or_abbey'`, 'the first decision');
  await sleep(400);
  assert.ok(await clickSvg('.cell.legal'), 'a legal square is on screen');
  await until("return !!document.querySelector('.preview')", 'the tile preview');
  await shot('10-phone-first-tile');
  await clickCss('button.confirm');
  await until(`return (() => { ${PANEL_STATE} })() === 'place_figure'`, 'the figure decision');
  await sleep(450);
  await shot('11-phone-figure');
  await clickText('button', 'No figure');
  await until(`return (() => { ${PANEL_STATE} })() === 'place_tile'`, 'the next tile after the AI', 60000);
  const width = await exec('return document.documentElement.scrollWidth');
  assert.ok(width <= 390, `nothing overflows sideways (${width} px)`);
});
