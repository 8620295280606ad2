// Shared set-up for the browser tests: one static server and one Chromium per test file,
// a page with the command double, and a helper that plays the human's turns as a person
// would (tapping on a phone, clicking on a desktop).
import { startServer } from './server.js';
import { launch, openPage } from './browser.js';
import { doubleScript } from './double.js';

export async function setup() {
  const server = await startServer();
  const browser = await launch();
  return { server, browser, close: async () => { await browser.close(); await server.close(); } };
}

/** Opens the UI with the double configured by `config`; waits for the start screen. */
export async function openApp(env, device, config = {}) {
  const { context, page, problems } = await openPage(env.browser, device, [{ content: doubleScript(config) }]);
  await page.goto(`${env.server.url}/`);
  await page.waitForSelector('#screen-start:not([hidden]) .screen-title, #screen-start:not([hidden])');
  const touch = !!device.hasTouch;
  const press = (locator) => (touch ? locator.tap() : locator.click());
  return { context, page, problems, press };
}

/** The kind of the pending human decision as the panel shows it, or 'ai' / 'over'. */
export async function panelState(page) {
  return page.evaluate(() => {
    if (document.querySelector('.end-dialog[open]')) return 'over';
    const p = document.querySelector('.action-panel');
    if (!p) return 'none';
    if (p.querySelector('.waiting')) return 'ai';
    const text = p.textContent;
    if (text.includes('The game is over')) return 'over';
    if (p.querySelector('.drawn-tile')) return 'place_tile';
    if (text.includes('Last chance')) return 'final_abbey';
    if (text.includes('Draw a tile')) return 'draw_or_abbey';
    if (text.includes('Place a figure') || text.includes('No figure can go')) return 'place_figure';
    if (text.includes('wagon comes back')) return 'move_wagon';
    return 'none';
  });
}

/**
 * Plays one human decision by tapping or clicking on the board and the panel. Figures go on
 * the first offered spot every other turn, so that scoring, returns and the log happen.
 */
export async function playOne(page, press, wantFigure = () => true, before = null) {
  const state = await panelState(page);
  if (before) await before(state);
  const panel = page.locator('.action-panel');
  switch (state) {
    case 'place_tile': {
      await press(page.locator('.cell.legal').first());
      await page.locator('.preview').waitFor();
      await press(panel.locator('button.confirm'));
      break;
    }
    case 'place_figure': {
      const spots = page.locator('.spot');
      if (wantFigure() && (await spots.count()) > 0) {
        await press(spots.first());
        await page.locator('.spot.selected').waitFor();
        await press(panel.locator('button.confirm'));
      } else {
        await press(panel.getByRole('button', { name: 'No figure' }));
      }
      break;
    }
    case 'draw_or_abbey': await press(panel.getByRole('button', { name: 'Draw a tile' })); break;
    case 'final_abbey': await press(panel.getByRole('button', { name: 'Keep the abbey' })); break;
    case 'move_wagon': await press(panel.getByRole('button', { name: 'Take it home' })); break;
    default: await page.waitForTimeout(50); return state;
  }
  // Wait until the panel changes from what was just answered.
  await page.waitForFunction(() => !document.querySelector('.action-panel .confirm:not([disabled])') || document.querySelector('.end-dialog[open]'), null, { timeout: 10000 }).catch(() => {});
  return state;
}

/** Plays until the end-of-game dialog opens; returns the number of decisions made. */
export async function playToEnd(page, press, { limit = 400, onDecision = null } = {}) {
  let n = 0;
  let figureTurns = 0;
  const wantFigure = () => figureTurns++ % 2 === 0;
  for (let i = 0; i < limit; i++) {
    const state = await playOne(page, press, wantFigure);
    if (state === 'over') return n;
    if (!['ai', 'none'].includes(state)) { n++; if (onDecision) await onDecision(state, n); }
  }
  throw new Error('the game did not end');
}
