// Playing the real app as a person would, shared by the e2e tests that play whole games:
// clicking SVG shapes once they are at rest, reading the pending decision off the panel, and
// one decision at a time.
import assert from 'node:assert/strict';
import { panelStateInPage } from '../ui/support/wait.js';

// SVG shapes are clicked with a real pointer at their centre, as a mouse would, once the
// board is at rest: the first one whose centre is in the visible board, not under the zoom
// buttons and not covered, clicked once it has stopped moving (app.clickCentre). False if none.
export async function clickSvg(app, css, screen = '#screen-game') {
  await app.settled();
  const one = await app.exec(`const host = document.querySelector(arguments[1] + ' .board-host').getBoundingClientRect();
    const ctl = document.querySelector(arguments[1] + ' .zoom-ctl').getBoundingClientRect();
    for (const e of document.querySelectorAll(arguments[1] + ' ' + arguments[0])) {
      const b = e.getBoundingClientRect();
      const x = Math.round(b.left + b.width / 2), y = Math.round(b.top + b.height / 2);
      const inHost = x > host.left + 4 && x < host.right - 4 && y > host.top + 4 && y < host.bottom - 4;
      const underCtl = x >= ctl.left - 4 && x <= ctl.right + 4 && y >= ctl.top - 4 && y <= ctl.bottom + 4;
      const hit = document.elementFromPoint(x, y);
      if (inHost && !underCtl && hit && (hit === e || e.contains(hit))) {
        return arguments[1] + ' ' + arguments[0] + (e.dataset.spot != null ? '[data-spot="' + e.dataset.spot + '"]' : '[data-x="' + e.dataset.x + '"][data-y="' + e.dataset.y + '"]');
      }
    }
    return null;`, [css, screen]);
  if (!one) return false;
  await app.clickCentre(one);
  return true;
}

// The pending decision as the game screen's panel shows it (the browser tests' reading,
// wait.js), as a WebDriver script's body.
export const PANEL_STATE = `return (${panelStateInPage})('#screen-game:not([hidden]) .action-panel');`;

/**
 * Plays one decision of a person's, as the panel shows it (`state`, from PANEL_STATE), by
 * clicking as a person would: the first legal square clear of the controls, a figure every
 * other turn (`tally.figureTurn`), drawing, the abbey into a hole in the final round, a wagon
 * home. Counts into `tally` ({decisions, figures, figureTurn}); `shot(name)` is called for the
 * final abbey round. Resolves once the app has answered (the panel changed).
 */
export async function decide(app, state, tally, shot = async () => {}) {
tally.decisions++;
  if (state === 'place_tile') {
    // The board glides to fit the new options first: clickSvg clicks once it is at rest.
    // With no square clear of the zoom buttons, the keyboard (N: next square) does the same.
    if (!(await clickSvg(app, '.cell.legal'))) {
      await app.exec("document.querySelector('#screen-game .board-svg').focus()");
      await app.press('n');
    }
    await app.until("return !!document.querySelector('.preview')", 'the tile preview');
    await app.clickCss('button.confirm');
  } else if (state === 'place_figure') {
    const spots = await app.findAll('.spot');
    if (spots.length && tally.figureTurn++ % 2 === 0) {
      // The board glides to the new tile first: clickSvg clicks once it is at rest.
      if (await clickSvg(app, '.spot')) {
        await app.until("return !!document.querySelector('.spot.selected')", 'the chosen spot');
        await app.clickCss('button.confirm');
        tally.figures++;
      } else {
        await app.clickText('button', 'No figure');
      }
    } else {
      await app.clickText('button', 'No figure');
    }
  } else if (state === 'draw_or_abbey') {
    await app.clickText('button', 'Draw a tile');
  } else if (state === 'final_abbey') {
    await shot('04-final-abbey');
    const holes = await app.findAll('.cell.hole');
    if (holes.length) {
      assert.ok(await clickSvg(app, '.cell.hole'), 'a hole is on screen');
      await app.until("return !!document.querySelector('.preview')", 'the abbey preview');
      await app.clickCss('button.confirm');
    } else {
      await app.clickText('button', 'Keep the abbey');
    }
  } else if (state === 'move_wagon') {
    await app.clickText('button', 'Take it home');
  }
  // The panel changes once the app has answered (and the AI has moved).
  await app.until(`const st = (() => { ${PANEL_STATE} })(); return st !== ${JSON.stringify(state)} || !document.querySelector('.action-panel .confirm:not([disabled])');`, 'the answer', 60000);
}
