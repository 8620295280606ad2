// Retry your mistakes (issue 27, item 1) in headless Chromium at desktop and phone sizes, on the
// `retry` transcript (src-tauri/tests/fixtures.rs: a reviewed game's mistakes practised): the
// profile's card, the list, a placement mistake tried again with the move played (not yet,
// the verdict and why), then solved on the second try (it comes back tomorrow), the next
// mistake failed twice (the answer shown on the board, with when it comes back), the list
// after; and the history's and the replay's ways to a retry, which comes back to the replay.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';
import { served, tryHelpers } from './support/retry.js';

const STEPS = transcript('retry');
const SCREEN = '#screen-practice';
const starts = STEPS.filter((s) => s.cmd === 'retry_start' && s.ok);
const [FIRST, SECOND] = starts.map((s) => s.ok);
const MATCH = FIRST.matchId;
const CONFIG = { profiles: ['Ada'], game: 'retry', played: true, reviewed: [MATCH] };

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const { settled, tryMove, outcome } = tryHelpers({ screen: SCREEN, game: '.retry-game', play: 'retry_play', state: 'retryState' });

/** "Try again", then waits for the position back (the verdict gone, the panel offering moves). */
async function again(app) {
  const { page, press } = app;
  const againsBefore = await served(page, 'retry_again');
  await press(outcome(page).getByRole('button', { name: 'Try again' }));
  await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'retry_again').length > n
    && !document.querySelector('#screen-practice .retry-outcome:not([hidden])'), againsBefore);
  await settled(page);
}

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: a mistake tried again, solved on the second try; the next one failed and its answer shown`, async () => {
    const app = await openApp(env, device, CONFIG);
    const { page, press, problems, context } = app;
    // The profile says what there is to practise.
    await page.evaluate(() => { location.hash = '#/profile'; });
    const card = page.locator('#screen-profile .practice-card');
    await card.waitFor();
    assert.equal(await card.locator('h3').innerText(), 'Mistakes to practise: 2');
    assert.match(await card.locator('p').innerText(), /1 blunder and 1 mistake/);
    await shot(page, `${name}-practice-profile`);
    await press(card.getByRole('link', { name: 'All mistakes' }));
    const item = page.locator(`${SCREEN} a[data-drill="${MATCH}/${FIRST.index}"]`);
    await item.waitFor();
    assert.equal(await page.locator(`${SCREEN} .drill-item`).count(), 2);
    assert.match(await item.innerText(), new RegExp(`Turn ${FIRST.turn}, tile`));
    await shot(page, `${name}-practice-list`);

    // The placement mistake: the position before it, the same tile in hand.
    await press(item);
    await settled(page);
    const bar = page.locator(`${SCREEN} .retry-bar`);
    assert.equal(await bar.locator('.lesson-title').innerText(), `Retry: Turn ${FIRST.turn}, tile`);
    assert.match(await bar.innerText(), /judged Mistake \?: it cost about \d+ points? by the end/);
    assert.match(await bar.innerText(), /you have 2 tries/);
    await shot(page, `${name}-practice-retry`);
    // The move played in the game again: not yet, with its verdict and why.
    await tryMove(app, FIRST.original.played);
    const box = outcome(page);
    assert.equal(await box.locator('h3').innerText(), 'Not yet: try once more');
    assert.equal(await box.locator('.retry-tag').innerText(), 'Your try: Mistake ?');
    assert.ok((await box.locator('.lesson-reason').innerText()).length > 10, 'a reason in the board’s terms');
    await shot(page, `${name}-practice-not-yet`);
    await again(app);
    assert.match(await bar.innerText(), /this is your last try/);
    // The review's better move solves it; solved only at the second try, it comes back tomorrow.
    await tryMove(app, FIRST.original.best);
    assert.equal(await box.locator('h3').innerText(), '✓ Solved!');
    assert.equal(await box.locator('.retry-tag').innerText(), 'Your try: Best');
    assert.equal(await box.locator('.retry-due').innerText(), 'This position comes back in 1 day.');
    await shot(page, `${name}-practice-solved`);

    // The next mistake, a figure decision, missed twice: the answer is shown.
    await press(box.getByRole('link', { name: 'Next mistake' }));
    await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'retry_start').length === n, 2);
    await settled(page);
    assert.equal(await bar.locator('.lesson-title').innerText(), `Retry: Turn ${SECOND.turn}, figure`);
    assert.match(await bar.innerText(), /judged Blunder \?\?/);
    await tryMove(app, SECOND.original.played);
    await again(app);
    await tryMove(app, SECOND.original.played);
    assert.equal(await box.locator('h3').innerText(), 'The answer');
    assert.match(await box.innerText(), /The board shows the better move: follower in the monastery\./);
    assert.equal(await box.locator('.retry-due').innerText(), 'This position comes back in 1 day.');
    // The board shows the answer: the follower on the monastery of the tile placed.
    const answer = await page.evaluate(() => window.__DOUBLE__.retryState().view);
    const { x, y } = SECOND.view.decision;
    assert.ok(answer.figures.some((f) => f.x === x && f.y === y && f.kind === 'follower' && f.on === 'monastery'), JSON.stringify(answer.figures));
    assert.equal(await box.getByRole('link', { name: 'Next mistake' }).count(), 0, 'nothing else is due');
    await shot(page, `${name}-practice-answer`);
    await press(box.getByRole('link', { name: 'All mistakes' }));
    await page.locator(`${SCREEN} .practice-summary`).waitFor();
    assert.equal(await page.locator(`${SCREEN} .practice-summary strong`).innerText(), '0 to practise now · 2 later · 0 learnt');
    // Both come back tomorrow: one solved only at the second try, one missed.
    assert.deepEqual(await page.locator(`${SCREEN} .drill-meta`).allInnerTexts(), ['in 1 day', 'in 1 day']);
    assert.equal(await page.locator('.toast.error').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('desktop: the history and the replay offer a mistake to retry, which comes back to the replay', async () => {
  const app = await openApp(env, DESKTOP, CONFIG);
  const { page, press, problems, context } = app;
  // The history's card of the match offers its mistakes too.
  await page.evaluate(() => { location.hash = '#/history'; });
  const fromList = page.locator('#screen-history .match .retry-game');
  await fromList.waitFor();
  assert.equal(await fromList.innerText(), 'Retry its 2 mistakes');
  const due = STEPS.find((s) => s.cmd === 'training_list').ok.due;
  assert.equal(await fromList.getAttribute('href'), `#/practice/${MATCH}/${due[0].index}`);
  await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, MATCH);
  const detail = STEPS.find((s) => s.cmd === 'history_get' && s.ok.review).ok;
  const i = detail.review.decisions.findIndex((d) => d.index === FIRST.index);
  const pick = page.locator(`#screen-match .rv-pick[data-i="${i}"]`);
  await pick.waitFor();
  await press(pick);
  const link = page.locator('#screen-match .retry-this');
  await link.waitFor();
  assert.equal(await link.innerText(), 'Retry this move');
  assert.equal(await link.getAttribute('href'), `#/practice/${MATCH}/${FIRST.index}/match`);
  // The review's card offers the game's mistakes and blunders, from the first.
  const wrong = detail.review.decisions.filter((d) => d.class === 'mistake' || d.class === 'blunder');
  const all = page.locator('#screen-match .review-card .retry-game');
  assert.equal(await all.innerText(), `Retry its ${wrong.length} mistakes`);
  assert.equal(await all.getAttribute('href'), `#/practice/${MATCH}/${wrong[0].index}/match`);
  // A judged move that is not a mistake offers no retry.
  const fine = detail.review.decisions.findIndex((d) => d.class === 'best');
  await press(page.locator(`#screen-match .rv-pick[data-i="${fine}"]`));
  await page.locator('#screen-match .rv-verdict .rv-tag.best').waitFor();
  assert.equal(await page.locator('#screen-match .retry-this').count(), 0);
  await press(pick);
  await link.waitFor();
  await press(link);
  await settled(page);
  await shot(page, 'desktop-practice-from-replay');
  await press(page.locator(`${SCREEN} .game-bar .btn`).first());
  await page.waitForFunction((id) => location.hash === `#/match/${encodeURIComponent(id)}`, MATCH);
  await page.locator('#screen-match:not([hidden]) .rv-moves').waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});
