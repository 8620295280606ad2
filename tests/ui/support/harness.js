// Shared set-up for the browser tests: one static server and one Chromium per test file,
// a page with the command double serving a recorded game, and helpers that set up the
// recorded game on the start screen and play the recorded moves as a person would (tapping
// on a phone, clicking on a desktop).
import { startServer } from './server.js';
import { launch, openPage } from './browser.js';
import { doubleScript } from './double.js';
import { transcript } from './fixtures.js';
import { stillInPage, settledInPage, panelStateInPage } from './wait.js';

export async function setup() {
  const server = await startServer();
  const browser = await launch();
  return { server, browser, close: async () => { await browser.close(); await server.close(); } };
}

/** Opens the UI with the double configured by `config` (see double.js); waits for the start screen. */
export async function openApp(env, device, config = {}) {
  const { context, page, problems } = await openPage(env.browser, device, [{ content: doubleScript(config) }]);
  await page.goto(`${env.server.url}/`);
  await page.waitForSelector('#screen-start:not([hidden]) .screen-title, #screen-start:not([hidden])');
  const touch = !!device.hasTouch;
  // Only what has stopped moving is pressed (see `still`: it scrolls the target into view
  // and finds it again if the screen is redrawn meanwhile).
  const press = async (locator) => {
    await still(locator);
    return touch ? locator.tap() : locator.click();
  };
  return { context, page, problems, press, game: config.game ?? 'base' };
}

/**
 * Waits until `locator`'s element has stopped moving: the same box over a few consecutive
 * animation frames, its board's camera still (wait.js) and, unless `topmost: false`, the
 * topmost element at its centre. Returns `{ x, y, width, height, top }` (page pixels).
 */
export async function still(locator, { timeout = 30000, ...opts } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const left = Math.max(1000, end - Date.now());
    await locator.waitFor({ state: 'attached', timeout: left });
    // A redrawn element (stale handle, or replaced while waiting) is found again.
    const r = await locator.evaluate(stillInPage, { timeout: Math.min(left, 15000), ...opts }).catch((e) => ({ error: e.message, detached: true }));
    if (!r.error) return r;
    if (Date.now() > end) throw new Error(`${locator}: ${r.error}`);
  }
}

/** Waits until the page is at rest: every board's camera still and no animation running (wait.js). */
export async function settle(page, opts = {}) {
  const r = await page.evaluate(settledInPage, opts);
  if (r.error) throw new Error(r.error);
}

/** Waits until the double has answered every command and delivered every late event, then the page is at rest. */
export async function idle(page) {
  await page.waitForFunction(() => window.__DOUBLE__.busy() === 0, null, { timeout: 30000 });
  await settle(page);
}

/** The `game_new` configuration the transcript `name` was recorded with. */
export function recordedSetup(name) {
  return transcript(name).find((s) => s.cmd === 'game_new').args.config;
}

/**
 * Chooses the recorded game's opponents, expansion and deal number on the start screen, as
 * a player would, and starts it; waits for the first human decision.
 */
export async function startGame(app, { wait = true } = {}) {
  const { page, press, game } = app;
  const cfg = recordedSetup(game);
  await press(page.getByRole('radiogroup', { name: 'Number of opponents' }).getByRole('radio', { name: String(cfg.opponents.length), exact: true }));
  for (const [i, o] of cfg.opponents.entries()) await page.selectOption(`#opp-${i}`, o.level);
  if (cfg.abbeyMayor) await page.check('#abbey-mayor'); else await page.uncheck('#abbey-mayor');
  if (!(await page.locator('details.more').evaluate((d) => d.open))) await press(page.locator('details.more summary'));
  await page.fill('#seed', cfg.seed == null ? '' : String(cfg.seed));
  await press(page.getByRole('button', { name: /^Start as / }));
  if (wait) await page.waitForFunction(() => document.querySelector('.action-panel') && !document.querySelector('.action-panel .waiting') && window.__DOUBLE__.view());
}

/** The kind of the pending human decision as the panel shows it, or 'ai' / 'over'. */
export async function panelState(page) {
  return page.evaluate(panelStateInPage);
}

/**
 * Waits until the panel shows a state that `ok(state)` accepts (or, with a string or an
 * array, one of those states); resolves to it.
 */
export async function waitForPanel(page, ok, { timeout = 30000 } = {}) {
  const accept = typeof ok === 'function' ? ok : (st) => [ok].flat().includes(st);
  const end = Date.now() + timeout;
  for (;;) {
    // Polled at the page's own pace: a frame between readings.
    const st = await panelState(page);
    if (accept(st)) return st;
    if (Date.now() > end) throw new Error(`timed out waiting for the panel (it shows ${st})`);
    await page.evaluate(() => new Promise((res) => requestAnimationFrame(res)));
  }
}

/**
 * Taps or clicks a board element (cell, hole, spot) as a person would: if something covers
 * it (a zoom button, the edge of the board), the board is first dragged to bring it to the
 * middle.
 */
async function pressOnBoard(page, press, locator) {
  for (let i = 0; i < 4; i++) {
    // Where it is once the board has stopped moving, and whether something covers it.
    const b = await still(locator, { topmost: false });
    if (b.top) break;
    const host = await page.locator('#screen-game .board-host').boundingBox();
    const cx = host.x + host.width / 2, cy = host.y + host.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + (cx - b.x) / 2, cy + (cy - b.y) / 2, { steps: 4 });
    await page.mouse.move(cx + cx - b.x, cy + cy - b.y, { steps: 4 });
    await page.mouse.up();
  }
  await press(locator);
}

const KIND_LABEL = { follower: 'Follower', mayor: 'Mayor', wagon: 'Wagon', barn: 'Barn' };

/** The next recorded move (`game_play`'s argument), or null if the recording expects none. */
export async function recordedMove(page) {
  const next = await page.evaluate(() => window.__DOUBLE__.expected());
  if (!next) return null;
  if (next.cmd !== 'game_play') throw new Error(`the recording expects ${next.cmd} next, not a move`);
  return next.args.move;
}

/**
 * Plays the recorded move of the pending human decision through the board and the panel:
 * taps the recorded cell and turns the tile to the recorded rotation, taps the recorded
 * hole, figure spot or wagon target, or presses the recorded button; then confirms and waits
 * for the answer. `before(state)` runs first. Returns the decision kind (or 'over').
 */
export async function playOne(page, press, before = null) {
  const state = await waitForPanel(page, (st) => st !== 'ai' && st !== 'none');
  if (before) await before(state);
  if (state === 'over') return state;
  const move = await recordedMove(page);
  if (!move) throw new Error(`the recording has no move for this ${state} decision`);
  const view = await page.evaluate(() => window.__DOUBLE__.view());
  const d = view.decision;
  if (d.kind !== state) throw new Error(`the panel shows ${state}, the recorded view ${d.kind}`);
  const panel = page.locator('.action-panel');
  const served = () => page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play').length);
  const before0 = await served();
  const confirm = () => press(panel.locator('button.confirm'));
  switch (move.type) {
    case 'place': {
      // A fresh selection shows the cell's first legal rotation; each Rotate turns it to the next.
      await page.keyboard.press('Escape');
      await pressOnBoard(page, press, page.locator(`.cell.legal[data-x="${move.x}"][data-y="${move.y}"]`));
      await page.locator('.preview').waitFor();
      const cell = d.cells.find((c) => c.x === move.x && c.y === move.y);
      const turns = cell.rotations.indexOf(move.rotation);
      if (turns < 0) throw new Error(`rotation ${move.rotation} is not offered at (${move.x}, ${move.y})`);
      for (let t = 0; t < turns; t++) await press(panel.getByRole('button', { name: '⟳ Rotate' }));
      await confirm();
      break;
    }
    case 'abbey':
      await pressOnBoard(page, press, page.locator(`.cell.hole[data-x="${move.x}"][data-y="${move.y}"]`));
      await page.locator('.preview').waitFor();
      await confirm();
      break;
    case 'figure': {
      const kinds = panel.getByRole('radio', { name: KIND_LABEL[move.kind] });
      if ((await kinds.getAttribute('aria-checked')) !== 'true') await press(kinds);
      const spot = page.locator(`.spot[data-spot="${d.x},${d.y},${move.on}"]`);
      await pressOnBoard(page, press, spot);
      await page.locator('.spot.selected').waitFor();
      await confirm();
      break;
    }
    case 'wagon':
      if (move.to) {
        await pressOnBoard(page, press, page.locator(`.spot[data-spot="${move.to.x},${move.to.y},${move.to.on}"]`));
        await page.locator('.spot.selected').waitFor();
        await confirm();
      } else {
        await press(panel.getByRole('button', { name: 'Take it home' }));
      }
      break;
    case 'no_figure': await press(panel.getByRole('button', { name: 'No figure' })); break;
    case 'draw': await press(panel.getByRole('button', { name: 'Draw a tile' })); break;
    case 'pass': await press(panel.getByRole('button', { name: 'Keep the abbey' })); break;
    default: throw new Error(`unknown recorded move ${JSON.stringify(move)}`);
  }
  // The move was sent; wait until its answer is on screen.
  await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play').length > n, before0);
  await page.waitForFunction(() => document.querySelector('.end-dialog[open]') || (document.querySelector('.action-panel') && !document.querySelector('.action-panel .waiting')), null, { timeout: 30000 });
  const refused = page.locator('.toast.error[data-code^="fixture/"]');
  if (await refused.count()) throw new Error(`the double refused the move: ${await refused.first().innerText()}`);
  return state;
}

/** Plays the recorded moves until the end-of-game dialog opens; returns the number of decisions made. */
export async function playToEnd(page, press, { limit = 400, onDecision = null, before = null } = {}) {
  let n = 0;
  for (let i = 0; i < limit; i++) {
    const state = await playOne(page, press, before);
    if (state === 'over') return n;
    n++;
    if (onDecision) await onDecision(state, n);
  }
  throw new Error('the game did not end');
}
