// Puzzles (issue 27, item 2) in headless Chromium at desktop and phone sizes, on the `puzzles`
// transcript (src-tauri/tests/fixtures.rs: real puzzles of lessons/puzzles/ solved through
// the real commands): the Learn screen's card, the list (not rated yet, the themes), a mixed
// puzzle solved at the first try (the rating goes up), the next missed twice (the answer on
// the board, with why), a puzzle of a theme missed then solved at the second try, and the
// list after with the rating and its chart; the profile's card with the chart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';
import { served, tryHelpers } from './support/retry.js';

const STEPS = transcript('puzzles');
const SCREEN = '#screen-puzzles';
const CONFIG = { profiles: ['Ada'], puzzles: true };
const starts = STEPS.filter((s) => s.cmd === 'puzzle_start' && s.ok).map((s) => s.ok);
const plays = STEPS.filter((s) => s.cmd === 'puzzle_play' && s.ok).map((s) => s.ok);
const lists = STEPS.filter((s) => s.cmd === 'puzzle_list').map((s) => s.ok);
const THEME = lists[0].themes[0].theme;

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const { settled, tryMove, outcome } = tryHelpers({ screen: SCREEN, game: '.puzzle-game', play: 'puzzle_play', state: 'puzzleState' });
/** The puzzle's answer and runner-up, from the set the transcript's state names. */
const expected = () => STEPS.filter((s) => s.cmd === 'puzzle_play' && s.ok).map((s) => s.args.move);

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: puzzles from the Learn screen; solved, missed, solved at the second try; the rating and its chart`, async () => {
    const app = await openApp(env, device, CONFIG);
    const { page, press, problems, context } = app;
    const moves = expected();
    await page.evaluate(() => { location.hash = '#/learn'; });
    const card = page.locator('#screen-learn .puzzle-card');
    await card.waitFor();
    assert.equal(await card.locator('h3').innerText(), 'Puzzles');
    await press(card.getByRole('link', { name: 'Solve puzzles' }));
    await page.locator(`${SCREEN} .puzzle-summary`).waitFor();
    assert.match(await page.locator(`${SCREEN} .puzzle-summary`).innerText(), /Not rated yet/);
    const items = page.locator(`${SCREEN} .puzzle-theme`);
    assert.equal(await items.count(), 1 + lists[0].themes.length);
    assert.match(await items.first().innerText(), new RegExp(`Mixed[\\s\\S]*${lists[0].total} puzzles`));
    assert.match(await page.locator(`${SCREEN} .subtitle`).innerText(), /loses at least \d+% of the chance to win and \d+ points?/);
    await shot(page, `${name}-puzzles-list`);

    // A mixed puzzle, solved at the first try: the rating goes up from 1500.
    await press(page.locator(`${SCREEN} .puzzle-summary`).getByRole('link', { name: 'Start: mixed' }));
    await settled(page);
    const bar = page.locator(`${SCREEN} .retry-bar`);
    assert.equal(await bar.locator('.lesson-title').innerText(), `Puzzle · rated ${starts[0].rating}`);
    assert.match(await bar.innerText(), /Your rating: 1500/);
    assert.match(await bar.innerText(), /Only your first try counts/);
    await shot(page, `${name}-puzzles-puzzle`);
    await tryMove(app, moves[0]);
    const box = outcome(page);
    assert.equal(await box.locator('h3').innerText(), '✓ Solved!');
    const up = plays[0].outcome.rating;
    assert.ok(up.after > up.before, JSON.stringify(up));
    assert.equal(await box.locator('.puzzle-change').innerText(), `Puzzle rating 1500 → ${up.after} (+${up.after - up.before})`);
    assert.match(await box.locator('.puzzle-themes-line').innerText(), /^Themes: /);
    await shot(page, `${name}-puzzles-solved`);

    // The next: the runner-up twice, so the answer is shown with why.
    await press(box.getByRole('button', { name: 'Next puzzle' }));
    await page.waitForFunction(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'puzzle_start').length === 2
      && !document.querySelector('#screen-puzzles .retry-outcome:not([hidden])'));
    await settled(page);
    await tryMove(app, moves[1]);
    assert.equal(await box.locator('h3').innerText(), 'Not this one: try once more');
    assert.match(await box.locator('.retry-tag').innerText(), /^Your try: (Inaccuracy|Mistake|Blunder)/);
    assert.match(await box.locator('.puzzle-change').innerText(), /→ \d+ \(−\d+\)/);
    await shot(page, `${name}-puzzles-not-yet`);
    const againBefore = await served(page, 'puzzle_again');
    await press(box.getByRole('button', { name: 'Try again' }));
    await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'puzzle_again').length > n
      && !document.querySelector('#screen-puzzles .retry-outcome:not([hidden])'), againBefore);
    await settled(page);
    assert.match(await bar.innerText(), /Last try/);
    await tryMove(app, moves[2]);
    assert.equal(await box.locator('h3').innerText(), 'The answer');
    assert.match(await box.innerText(), /The board shows the answer: /);
    assert.match(await box.locator('.puzzle-margin').innerText(), /The next best move loses about \d+ points? by the end\./);
    await shot(page, `${name}-puzzles-answer`);

    // A theme: missed, then solved at the second try (not rated again).
    await press(box.getByRole('link', { name: 'All themes' }));
    await page.locator(`${SCREEN} .puzzle-summary .puzzle-rating`).waitFor();
    await press(page.locator(`${SCREEN} .puzzle-theme[data-theme="${THEME}"]`));
    await settled(page);
    assert.match(await bar.innerText(), /Theme: /);
    await tryMove(app, moves[3]);
    await press(box.getByRole('button', { name: 'Try again' }));
    await page.waitForFunction(() => !document.querySelector('#screen-puzzles .retry-outcome:not([hidden])'));
    await settled(page);
    await tryMove(app, moves[4]);
    assert.equal(await box.locator('h3').innerText(), '✓ Solved at the second try');
    assert.equal(await box.locator('.puzzle-change').count(), 1, 'the first try’s change stays shown');

    // The list after: the rating, three attempts, the chart.
    await press(box.getByRole('link', { name: 'All themes' }));
    const summary = page.locator(`${SCREEN} .puzzle-summary`);
    await summary.locator('.puzzle-rating').waitFor();
    const last = lists.at(-1);
    assert.equal(await summary.locator('.puzzle-rating').innerText(), String(last.rating));
    assert.match(await summary.innerText(), /after 3 puzzles/);
    assert.equal(await summary.locator('svg.chart circle').count(), 3);
    await shot(page, `${name}-puzzles-rated`);

    // The profile's card shows the rating with its chart.
    await page.evaluate(() => { location.hash = '#/profile'; });
    const pcard = page.locator('#screen-profile .puzzle-card');
    await pcard.waitFor();
    assert.equal(await pcard.locator('h3').innerText(), `Puzzles · rating ${last.rating}`);
    assert.equal(await pcard.locator('svg.chart circle').count(), 3);
    assert.equal(await page.locator('.toast.error').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('desktop: keyboard only: a puzzle started and left with the keys', async () => {
  const app = await openApp(env, DESKTOP, CONFIG);
  const { page, problems, context } = app;
  await page.evaluate(() => { location.hash = '#/puzzles'; });
  const start = page.locator(`${SCREEN} .puzzle-summary a.btn.primary`);
  await start.waitFor();
  await start.focus();
  await page.keyboard.press('Enter');
  await settled(page);
  assert.equal(await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'puzzle_start').length), 1);
  // Back with the screen's own way out, by keyboard.
  const back = page.locator(`${SCREEN} .game-bar .btn`).first();
  await back.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.hash === '#/puzzles');
  await page.locator(`${SCREEN} .puzzle-summary`).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});
