// Driving a position to try again, as a person would: a retry of a mistake (practice.test.js)
// and a puzzle (puzzles.test.js) share the screen's parts (retry.js): the board with the
// decision, a verdict after each try. `screen` is the screen's selector, `game` the class of
// its game box, `play` the command a try sends and `state` the double's state function.
import { makeMove } from './moves.js';

/** How many times the double served command `cmd`. */
export const served = (page, cmd) => page.evaluate((c) => window.__DOUBLE__.calls.filter((x) => x.cmd === c).length, cmd);

export function tryHelpers({ screen, game, play, state }) {
  /** Waits until the position shows its decision (panel with a choice) or a verdict, not judging. */
  async function settled(page) {
    await page.waitForFunction(([sel, box]) => {
      const root = document.querySelector(`${sel} ${box}`);
      if (!root || root.hidden || root.querySelector('.retry-judging')) return false;
      const outcome = root.querySelector('.retry-outcome:not([hidden])');
      const panel = root.querySelector('.action-panel:not([hidden])');
      return !!(outcome || (panel && !panel.querySelector('.waiting') && panel.querySelector('button')));
    }, [screen, game]);
  }

  /** Makes `move` on the board as a person would and waits for the verdict. */
  async function tryMove(app, move) {
    const { page } = app;
    const st = await page.evaluate((fn) => window.__DOUBLE__[fn](), state);
    const before = await served(page, play);
    await makeMove(app, screen, st.view.decision, move);
    await page.waitForFunction(([cmd, n]) => window.__DOUBLE__.calls.filter((c) => c.cmd === cmd).length > n, [play, before]);
    await settled(page);
    const refused = page.locator('.toast.error[data-code^="fixture/"]');
    if (await refused.count()) throw new Error(`the double refused the move: ${await refused.first().innerText()}`);
  }

  /** The verdict shown. */
  const outcome = (page) => page.locator(`${screen} .retry-outcome:not([hidden])`);
  return { settled, tryMove, outcome };
}
