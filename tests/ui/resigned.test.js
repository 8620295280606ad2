// A resigned game and the review (issue 24, item 11): the app reviews finished games only
// (`review_start` refuses a resigned match with `review/not_finished`), so neither the end
// dialog nor the history nor the replay offers its review: each says in place that a
// resigned game is not reviewed. A review that fails stops its progress bar and says why.
// The end dialog's rating change and the points against each opponent agree: whole points
// that add up to the change shown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';
import { ratingParts } from '../../ui/js/dialogs.js';

test('the rating change shown and the points against each opponent are whole points that add up', () => {
  const sum = (a) => a.reduce((x, y) => x + y, 0);
  // The player's report: 1199.4 → 1198.6 showed "1199 → 1199 (0)" beside "→ −1".
  assert.deepEqual(ratingParts({ before: 1199.4, after: 1198.6, opponents: [{ seat: 1, result: 0.5, expected: 0.525, rating: 1216 }] }), { change: 0, parts: [0] });
  // The app's change: K = 32 times the mean of (result − expected) over the opponents.
  const moved = (from, opponents) => ({ before: from, after: from + (32 * sum(opponents.map((o) => o.result - o.expected))) / opponents.length, opponents });
  const cases = [
    moved(1200, [{ result: 0, expected: 0.41 }, { result: 0, expected: 0.5 }, { result: 1, expected: 0.4 }]),
    moved(1210.5, [{ result: 1, expected: 0.7 }, { result: 1, expected: 0.65 }]),
    moved(1187.49, [{ result: 1, expected: 0.5 }, { result: 0, expected: 0.5 }]),
    moved(1187.49, [{ result: 1, expected: 0.47 }, { result: 0, expected: 0.5 }, { result: 0.5, expected: 0.49 }]),
    moved(1300.2, [{ result: 0, expected: 0.712 }]),
    moved(1199.9, [{ result: 0, expected: 0.31 }, { result: 0, expected: 0.33 }, { result: 0, expected: 0.36 }, { result: 1, expected: 0.3 }, { result: 0, expected: 0.29 }]),
    { before: 900, after: 900, opponents: [] },
  ];
  for (const rc of cases) {
    const { change, parts } = ratingParts(rc);
    assert.equal(change, Math.round(rc.after) - Math.round(rc.before));
    assert.equal(sum(parts), change, JSON.stringify({ rc, parts }));
    for (const [i, o] of rc.opponents.entries()) {
      const exact = (32 * (o.result - o.expected)) / rc.opponents.length;
      assert.ok(Number.isInteger(parts[i]) && Math.abs(parts[i] - exact) < 1.5, `${parts[i]} for ${exact}`);
      if (Math.abs(exact) >= 1) assert.equal(Math.sign(parts[i]), Math.sign(exact), `the sign of ${exact}`);
    }
  }
});

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const STEPS = transcript('resigned');
const RESIGNED = STEPS.find((s) => s.cmd === 'history_get').ok.summary;
const NOTE = 'A resigned game is not reviewed: only games played to the end are.';
const starts = (page) => page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'review_start').length);

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: a resigned game: the end dialog, the history and the replay say it is not reviewed, and start no review`, async () => {
    assert.equal(RESIGNED.resigned, true, 'the recording files a resigned match');
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'resigned' });
    const { page, press, problems, context } = app;
    await startGame(app);
    await page.evaluate(() => document.querySelector('.resign-row .btn').click());
    await press(page.locator('dialog[open]').getByRole('button', { name: 'Resign' }));
    const end = page.locator('.end-dialog[open]');
    await end.locator('.end-review .review-none').waitFor();
    assert.equal(await end.locator('.end-review').innerText(), NOTE);
    assert.equal(await end.locator('.review-progress, .review-bar').count(), 0, 'no progress');
    await shot(page, `${name}-resigned-end`);
    await page.evaluate(() => document.querySelector('.end-dialog[open]').close());
    // The history: the note in place of Review.
    await page.evaluate(() => { location.hash = '#/history'; });
    const card = page.locator('.match-list > li').first();
    await card.locator('.review-none').waitFor();
    assert.equal(await card.locator('.review-none').innerText(), NOTE);
    assert.equal(await card.getByRole('button', { name: 'Review', exact: true }).count(), 0);
    await shot(page, `${name}-resigned-history`);
    // The replay: the note in the review card, no "Review this game".
    await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, RESIGNED.id);
    await page.locator('#screen-match:not([hidden]) .review-card .review-none').waitFor();
    assert.equal(await page.locator('.review-card').getByRole('button').count(), 0);
    await shot(page, `${name}-resigned-replay`);
    assert.equal(await starts(page), 0, 'no review was asked for');
    assert.equal(await page.locator('.toast.error').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** The recorded game's last view (the game over), made whole from the transcript's deltas. */
function finalView(name) {
  let view = null;
  for (const s of transcript(name)) {
    if (!s.cmd.startsWith('game_') || !s.ok || typeof s.ok !== 'object' || !('decision' in s.ok || s.ok.$delta)) continue;
    view = s.ok.$delta ? { ...view, ...s.ok } : s.ok;
    delete view.$delta;
  }
  return view;
}

test('a review that fails stops its progress bar and says why, in the history and in the end dialog', async () => {
  const failure = { code: 'review/failed', key: 'review.could_not_start', params: {}, message: 'the review could not start' };
  const { page, press, problems, context } = await openApp(env, PHONE, { profiles: ['Ada'], game: 'base', played: true, failCommands: { review_start: failure } });
  await page.evaluate(() => { location.hash = '#/history'; });
  const card = page.locator('.match-list > li').first();
  await press(card.getByRole('button', { name: 'Review', exact: true }));
  const box = card.locator('.review-progress[data-state="failed"]');
  await box.waitFor();
  assert.equal(await box.locator('.review-bar').isHidden(), true, 'the bar stops');
  assert.equal(await box.locator('.review-progress-text').innerText(), 'The review failed: The review could not start.');
  await card.getByRole('button', { name: 'Review', exact: true }).waitFor();
  await shot(page, 'phone-review-failed-history');
  // The end dialog of that game: the same.
  await page.evaluate((v) => import('/js/dialogs.js').then((m) => m.showEnd(v)), finalView('base'));
  const inDialog = page.locator('.end-dialog[open] .review-progress[data-state="failed"]');
  await inDialog.waitFor();
  assert.equal(await inDialog.locator('.review-bar').isHidden(), true);
  assert.match(await inDialog.locator('.review-progress-text').innerText(), /^The review failed: /);
  assert.deepEqual(problems.filter((p) => !/review_start|review\/failed|could not start/i.test(p)), []);
  await context.close();
});
