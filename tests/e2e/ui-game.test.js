// The real app end to end: a whole game against a cheap AI played by clicking as a person
// would, the review the app makes of it at the end (at its real budget), then the match
// found in the history, replayed turn by turn, its worst move opened in the review, and a
// mistake of it retried (a try judged, the mistake in the queue to practise). Drives the built
// app through tauri-driver (W3C WebDriver, plain fetch); run under Xvfb (`xvfb-run -a`).
// Screenshots go to test-output/e2e/ (not committed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchApp, rendererLost, RELOAD_LINE, sleep } from './app.js';
import { PANEL_STATE, clickSvg, decide as decideOne } from './play.js';

let app;

// The window's web process can die while the app lives on (one CI run lost it mid-game, on a
// busy 2-core machine): the app reloads its window by itself (renderer.test.js), but the
// WebDriver session goes with the page. Then, once per game, the test does what WebDriver
// can: it starts the app again on the same data folder, resumes the game and plays on (the
// game must survive: the autosave). Any other error, or a second loss, fails the test.
let recoveries = 0;
async function recover(e) {
  if (!rendererLost(e) || recoveries > 0) throw e;
  recoveries++;
  let said = null;
  for (let i = 0; i < 100 && !said; i++) {
    said = app.log().match(RELOAD_LINE);
    if (!said) await sleep(100);
  }
  if (!said) throw new Error(`${e.message} (and the app did not report a lost web process)`);
  console.error(`e2e: the window's web process was lost mid-game (${e.message}); the app said "${said[0]}"; `
    + 'starting it again on its data folder to resume the game');
  await app.relaunch();
  await app.until("return !!document.querySelector('#screen-start:not([hidden]) .card.resume')", 'the game to resume');
  await app.clickText('button', 'Resume');
  await app.until("return !!document.querySelector('#screen-game:not([hidden]) .action-panel')", 'the resumed game');
}

before(async () => {
  // A fresh data folder, so the game and its history are this test's alone; its own ports too
  // (driver.js), so that another run at the same time cannot take its sessions.
  app = await launchApp('carcassonne-e2e-');
});

after(() => app?.close());

test('a whole game against the random AI by clicking, then its replay from the history', async () => {
  try {
    await wholeGame();
  } catch (e) {
    await app.shot('failure', { settle: false }).catch(() => {});
    throw e;
  }
});

async function wholeGame() {
  await app.until("return !!document.querySelector('#screen-start:not([hidden]) #new-profile')", 'the start screen');
  await app.shot('01-start');
  await app.type(await app.find('#new-profile'), 'E2E Player');
  await app.clickText('button', 'Create profile');
  await app.until("return !!document.evaluate(\"//button[normalize-space(.)='Start as E2E Player']\", document, null, 9, null).singleNodeValue", 'the new profile');
  await app.clickCss('#opp-0');
  await app.click(await app.find('#opp-0 option[value="random"]'));
  await app.clickText('summary', 'More options');
  await app.type(await app.find('#seed'), '42');
  await app.shot('02-setup');
  await app.clickText('button', 'Start as E2E Player');

  const tally = { decisions: 0, figures: 0, figureTurn: 0 };
  const shot = (name) => app.shot(name);
  const decide = async (state) => {
    if (tally.decisions === 6) await app.shot('03-mid-game');
    await decideOne(app, state, tally, shot);
  };
  for (let i = 0; i < 5000; i++) {
    try {
      const state = await app.exec(PANEL_STATE);
      if (state === 'over') break;
      if (state === 'ai' || state === 'none') { await sleep(100); continue; }
      await decide(state);
    } catch (e) {
      await recover(e);
    }
  }

  await app.until("return !!document.querySelector('.end-dialog[open]')", 'the final scoring', 60000);
  await app.shot('05-final-scoring');
  assert.ok(tally.decisions > 30, `a whole game takes many decisions (${tally.decisions})`);
  assert.ok(tally.figures > 0, 'figures were placed');
  const totals = await app.exec("return [...document.querySelectorAll('.end-dialog .breakdown tbody tr')].map((r) => r.querySelector('.total').textContent)");
  assert.equal(totals.length, 2);
  assert.equal(await app.exec("return document.querySelectorAll('.end-dialog .chart polyline').length"), 2);
  // The luck of the draw, weighed when the game was filed: the result, what the draws did.
  const luck = await app.exec("return document.querySelector('.end-dialog .luck-box .luck-line')?.textContent ?? ''");
  assert.match(luck, /^You (won|lost|drew level)\b.*; the draws (cost you|gave you|were about even)/, `the luck of the draw (${luck})`);
  assert.equal(await app.exec("return document.querySelectorAll('.end-dialog .luck-players li').length"), 2);

  // The review starts by itself with the final scoring and runs in the background, at the
  // app's own budget (this player's first-legal-choice play leaves mistakes to find).
  await app.until("return !!document.querySelector('.end-dialog .review-progress')", 'the review to start');
  // Done, the dialog fetches the stored review before it shows the summary: wait for the
  // summary itself (or for a review that ended without one: its words are the failure).
  await app.until(`return !!document.querySelector('.end-dialog .rv-summary')
      || ['failed', 'cancelled'].includes(document.querySelector('.end-dialog .review-progress')?.dataset.state)`,
    'the review', 600000);
  const summary = await app.exec("return document.querySelector('.end-dialog .rv-summary')?.textContent ?? document.querySelector('.end-dialog .end-review')?.textContent ?? ''");
  assert.match(summary, /See the review/, `the review is done (${summary})`);
  await app.shot('05b-reviewed');

  // The match in the history: open it and replay it turn by turn.
  await app.clickText('button', 'Look at the board');
  await app.clickText('button', '‹ Menu');
  await app.clickCss('[data-nav="history"]');
  await app.until("return document.querySelectorAll('#screen-history:not([hidden]) .match-list > li').length === 1", 'the match in the history');
  await app.shot('06-history');
  await app.clickCss('.match-link');
  await app.until("return !!document.querySelector('#screen-match:not([hidden]) .replay-ctl')", 'the match page');
  const last = await app.exec("return +document.querySelector('#replay-slider').max");
  assert.ok(last > 30);
  await app.clickCss('[aria-label="First turn"]');
  await app.until("return document.querySelector('.turn-label').textContent.startsWith('Start, before turn 1 ') && document.querySelectorAll('#screen-match .tile').length === 1", 'the start position');
  await app.clickCss('[aria-label="Next turn"]');
  await app.clickCss('[aria-label="Next turn"]');
  await app.until("return document.querySelector('.turn-label').textContent.startsWith('Turn 2 ') && document.querySelectorAll('#screen-match .tile').length >= 2", 'turn 2');
  await app.shot('07-replay-turn-2');
  await app.clickCss('#replay-slider');
  await app.until("return +document.querySelector('#replay-slider').value > 2", 'the slider to move');
  await app.clickCss('[aria-label="Last turn"]');
  await app.until(`return document.querySelector('.turn-label').textContent.startsWith('Final scoring, after turn ${last - 1} ')`, 'the last turn');
  await app.shot('08-replay-end');
  // The review in the replay: the win-chance graph, and the worst move opened from the list
  // shows its verdict, a sentence on why, and the played and best moves on the board.
  assert.ok(await app.exec("return document.querySelectorAll('#screen-match .win-graph .pt').length > 10"), 'the win-chance graph');
  // Beside it the luck strip: a bar per tile drawn (every placed tile but the start tile).
  const bars = await app.exec("return document.querySelectorAll('#screen-match .luck-strip .luck-bar').length");
  const placed = await app.exec("return document.querySelectorAll('#screen-match .tile').length - 1");
  assert.ok(bars >= placed - 2 && bars <= placed, `a bar per draw (${bars} bars, ${placed} tiles placed)`);
  const worst = await app.exec(`for (const c of ['blunder', 'mistake', 'inaccuracy']) {
      const b = document.querySelector('#screen-match .rv-move.' + c + ' .rv-pick');
      if (b) return c;
    }
    return null;`);
  assert.ok(worst, 'the review found a move to improve');
  await app.clickCss(`#screen-match .rv-move.${worst} .rv-pick`);
  await app.until(`return document.querySelector('#screen-match .rv-verdict .rv-tag')?.classList.contains(${JSON.stringify(worst)})`, 'the verdict');
  const why = await app.exec("return document.querySelector('#screen-match .rv-verdict .rv-why')?.textContent ?? ''");
  assert.ok(why.length > 5, `a sentence on why (${why})`);
  await app.until("return document.querySelectorAll('#screen-match .rv-ghost-best').length > 0", 'the best move on the board');
  await app.shot('09-review-worst-move');

  // A mistake retried from the replay: its position again, a try judged by the search.
  const wrong = await app.exec(`for (const c of ['blunder', 'mistake']) {
      const b = document.querySelector('#screen-match .rv-move.' + c + ' .rv-pick');
      if (b) return c;
    }
    return null;`);
  assert.ok(wrong, 'a move played at random makes mistakes');
  await app.clickCss(`#screen-match .rv-move.${wrong} .rv-pick`);
  await app.until("return !!document.querySelector('#screen-match .retry-this')", 'the retry link');
  await app.clickCss('#screen-match .retry-this');
  const RETRY_PANEL = "const p = document.querySelector('#screen-practice:not([hidden]) .retry-game .action-panel:not([hidden])'); return p && !p.querySelector('.waiting') && p.querySelector('button') ? p.textContent : null;";
  await app.until(`return !!(() => { ${RETRY_PANEL} })()`, 'the retry position');
  await app.shot('09b-retry');
  const panel = await app.exec(RETRY_PANEL);
  if (panel.includes('No figure')) await app.clickText('button', 'No figure');
  else if (panel.includes('Draw a tile')) await app.clickText('button', 'Draw a tile');
  else if (panel.includes('Keep the abbey')) await app.clickText('button', 'Keep the abbey');
  else if (panel.includes('wagon comes back') || panel.includes('Take it home')) await app.clickText('button', 'Take it home');
  else {
    assert.ok(await clickSvg(app, '.cell.legal', '#screen-practice'), 'a legal square is on the retry board');
    await app.until("return !!document.querySelector('#screen-practice .preview')", 'the tile preview');
    await app.clickCss('#screen-practice button.confirm');
  }
  await app.until("return !!document.querySelector('#screen-practice .retry-outcome:not([hidden]) h3')", 'the try judged', 60000);
  const verdict = await app.exec("return document.querySelector('#screen-practice .retry-outcome h3').textContent");
  assert.match(verdict, /Solved!|Not yet: try once more/);
  await app.shot('09c-retry-judged');
  // The mistake is in the profile's queue.
  await app.exec("location.hash = '#/practice'");
  await app.until("return document.querySelectorAll('#screen-practice:not([hidden]) .drill-item').length > 0", 'the mistakes to practise');
  const errors = await app.exec("return [...document.querySelectorAll('.toast.error')].map((t) => t.textContent)");
  assert.deepEqual(errors, [], 'no error was shown');
}

test('a phone-sized window: the start screen and a first move by clicking', async () => {
  await app.wd('POST', app.s('/window/rect'), { width: 390, height: 844 });
  // The page gets the new size a moment later (on a busy machine, much later): nothing is
  // measured or clicked on the old layout.
  await app.until('return window.innerWidth <= 390', 'the phone-sized page');
  // Whatever the test before left open (its end dialog, if it failed) is closed first, as a
  // player would: this test is about the phone-sized start screen and first move.
  await app.exec("for (const d of document.querySelectorAll('dialog[open]')) d.close(); location.hash = '#/start'");
  await app.until("return !!document.querySelector('#screen-start:not([hidden]) .btn.primary.big')", 'the start screen');
  await app.shot('09-phone-start');
  await app.clickText('button', 'Start as E2E Player');
  await app.until(`return (() => { ${PANEL_STATE} })() === 'place_tile' || (() => { ${PANEL_STATE} })() === 'draw_or_abbey'`, 'the first decision');
  assert.ok(await clickSvg(app, '.cell.legal'), 'a legal square is on screen');
  await app.until("return !!document.querySelector('.preview')", 'the tile preview');
  await app.shot('10-phone-first-tile');
  await app.clickCss('button.confirm');
  await app.until(`return (() => { ${PANEL_STATE} })() === 'place_figure'`, 'the figure decision');
  await app.shot('11-phone-figure');
  await app.clickText('button', 'No figure');
  await app.until(`return (() => { ${PANEL_STATE} })() === 'place_tile'`, 'the next tile after the AI', 60000);
  const width = await app.exec('return document.documentElement.scrollWidth');
  assert.ok(width <= 390, `nothing overflows sideways (${width} px)`);
});
