// The post-game review in headless Chromium at desktop and phone sizes, on the recorded
// `review` transcript (src-tauri/tests/fixtures.rs): the review starting when a game ends,
// its progress and Cancel, the history's Review button and accuracy, the replay's win-chance
// graph with its marked mistakes and blunders, the move list, the ghosts of the played and
// the best move with the sentence on why, and the profile's accuracy chart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playToEnd, settle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript, VIEWS, TILES } from './support/fixtures.js';
import { whyText, accuracyText, reviewTag, eventText } from '../../ui/js/text.js';

const GAME = 'review';
const steps = transcript(GAME);
const start = steps.find((s) => s.cmd === 'review_start' && s.ok);
const ID = start.args.id;
const REVIEWED = steps.find((s) => s.cmd === 'history_get' && s.args.id === ID && s.ok?.review).ok;
const REVIEW = REVIEWED.review;
const PLAYERS = REVIEWED.summary.players;
/** The recorded progress events of the review (however the recording attached them). */
const PROGRESS = steps.flatMap((s) => s.events ?? []).map((e) => (e?.event === 'review-progress' ? e.payload : e))
  .filter((e) => e && 'done' in e && 'state' in e && e.id === ID);
const TOTAL = PROGRESS.at(-1).total;
/** Replay positions the recording can show (`history_position`). */
const POSITIONS = new Set(steps.filter((s) => s.cmd === 'history_position' && s.args.id === ID && s.ok).map((s) => s.args.turn));
const SEVERITY = { blunder: 4, mistake: 3, inaccuracy: 2, good: 1, best: 0 };
const count = (c) => REVIEW.decisions.filter((d) => d.class === c).length;

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const progressText = (page, scope) => page.locator(`${scope} .review-progress-text`).innerText();

test('desktop: the end of the game starts the review in the background; Cancel stops it', async () => {
  // The "base" recording: a whole game whose review the recording has no progress for (it
  // runs without news until cancelled).
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'base' });
  const { page, press, problems, context } = app;
  await startGame(app);
  await playToEnd(page, press);
  const box = page.locator('.end-dialog .end-review .review-progress[data-state="running"]');
  await box.waitFor();
  const calls = (cmd) => page.evaluate((c) => window.__DOUBLE__.calls.filter((x) => x.cmd === c).map((x) => x.args), cmd);
  const id = await page.evaluate(() => window.__DOUBLE__.view().result.matchId);
  assert.deepEqual(await calls('review_start'), [{ id }], 'the review of the finished match starts by itself');
  assert.match(await progressText(page, '.end-dialog'), /^Reviewing your moves/);
  await shot(page, 'desktop-review-01-end-progress');
  // Opening the dialog again shows the same review, not a new one (that would cancel it).
  await page.keyboard.press('Escape');
  await press(page.locator('.action-panel').getByRole('button', { name: 'Final scores' }));
  await page.locator('.end-dialog[open] .review-progress[data-state="running"]').waitFor();
  assert.equal((await calls('review_start')).length, 1);
  // Cancel: the app is told; the dialog says so.
  await press(page.locator('.end-dialog[open]').getByRole('button', { name: 'Cancel review' }));
  await page.locator('.end-dialog[open] .review-progress[data-state="cancelled"]').waitFor();
  assert.equal(await progressText(page, '.end-dialog[open]'), 'Review cancelled.');
  assert.equal((await calls('review_cancel')).length, 1);
  await shot(page, 'desktop-review-02-end-cancelled');
  // The history offers the review again.
  await press(page.locator('.end-dialog[open]').getByRole('button', { name: 'New game' }));
  await page.evaluate(() => { location.hash = '#/history'; });
  await page.locator('.match-list > li').first().getByRole('button', { name: 'Review', exact: true }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('phone: a review from the history: progress, Cancel, again, then the accuracy on the card', async () => {
  const app = await openApp(env, PHONE, { profiles: ['Ada'], game: GAME, played: true, reviewPace: 'manual' });
  const { page, press, problems, context } = app;
  await page.evaluate(() => { location.hash = '#/history'; });
  const card = page.locator('.match-list > li').first();
  await card.waitFor();
  assert.equal(await card.locator('.accuracy-tag').count(), 0, 'no accuracy before a review');
  await press(card.getByRole('button', { name: 'Review', exact: true }));
  await card.locator('.review-progress[data-state="running"]').waitFor();
  // The box shows at once; the app's events come once review_start has been answered.
  await page.waitForFunction(() => window.__DOUBLE__.reviewPending() > 0);
  await page.evaluate(() => window.__DOUBLE__.reviewStep(1));
  await page.waitForFunction((t) => document.querySelector('.match .review-progress-text')?.textContent.includes(`1 of ${t}`), TOTAL);
  await shot(page, 'phone-review-01-history-progress');
  // The window stays usable while it runs: the filters answer.
  await page.selectOption('#f-result', REVIEWED.summary.result ?? '');
  await card.locator('.review-progress').waitFor();
  // Cancel: the app is told, the card says so and offers the review again.
  await press(card.getByRole('button', { name: 'Cancel review' }));
  await card.locator('.review-progress[data-state="cancelled"]').waitFor();
  assert.equal(await progressText(page, '.match'), 'Review cancelled.');
  assert.equal(await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'review_cancel').length), 1);
  assert.equal(await page.evaluate(() => window.__DOUBLE__.reviewPending()), 0, 'nothing more comes');
  await shot(page, 'phone-review-02-history-cancelled');
  await press(card.getByRole('button', { name: 'Review', exact: true }));
  await card.locator('.review-progress[data-state="running"]').waitFor();
  await page.waitForFunction(() => window.__DOUBLE__.reviewPending() > 0);
  await page.evaluate(() => window.__DOUBLE__.reviewStep(1000));
  // Done: the list comes again with the accuracy on the card.
  const tag = page.locator('.match-list > li').first().locator('.accuracy-tag');
  await tag.waitFor();
  assert.equal((await tag.innerText()).replace(/\s+/g, ' ').trim().toLowerCase(), `accuracy ${accuracyText(REVIEW.accuracy)}`);
  assert.equal(await page.locator('.match-list > li').first().getByRole('button', { name: 'Review', exact: true }).count(), 0);
  await shot(page, 'phone-review-03-history-accuracy');
  assert.deepEqual(problems, []);
  await context.close();
});

/** The decision the replay test shows: the worst one whose position the recording has. */
function worstShown() {
  const shown = REVIEW.decisions.map((d, i) => [d, i]).filter(([d]) => d.class !== 'best' && (POSITIONS.has(d.turn - 1) || !POSITIONS.size));
  shown.sort(([a], [b]) => SEVERITY[b.class] - SEVERITY[a.class]);
  return shown[0];
}

/** The ghosts of decision `d`: the played and the best move, in two styles. */
async function checkGhosts(page, d) {
  const hasGhost = (m) => ['place', 'abbey', 'figure'].includes(m.type) || (m.type === 'wagon' && m.to);
  if (hasGhost(d.best)) await page.locator('.layer-preview [data-ghost="best"]').first().waitFor();
  if (hasGhost(d.played)) await page.locator('.layer-preview [data-ghost="played"]').first().waitFor();
  if (d.best.type === 'place') {
    const g = page.locator('.rv-ghost-best');
    assert.deepEqual([await g.getAttribute('data-x'), await g.getAttribute('data-y')], [String(d.best.x), String(d.best.y)]);
  }
  const styles = await page.evaluate(() => [...document.querySelectorAll('.layer-preview [data-ghost]')].map((g) => getComputedStyle(g.querySelector('.rv-ghost-edge, .rv-ghost-ring')).stroke));
  assert.equal(new Set(styles).size, styles.length, 'played and best look different');
}

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the replay of a reviewed match: graph, marks, move list, ghosts and why`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: GAME, played: true, reviewed: true });
    const { page, press, problems, context } = app;
    await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, ID);
    await page.locator('.win-graph svg').waitFor();
    await settle(page);
    await shot(page, `${name}-review-10-replay`);
    // One point per reviewed decision; mistakes and blunders marked in the graph and the list.
    assert.equal(await page.locator('.win-graph .pt').count(), REVIEW.decisions.length);
    // The graph says what it measures: the position's chance, not the ratings' (issue 26, 5).
    assert.match(await page.locator('.rv-graph .rv-graph-help').innerText(), /^From each position, if everyone played on as the hard AI would: not the chance the ratings gave you/);
    for (const c of ['inaccuracy', 'mistake', 'blunder']) {
      assert.equal(await page.locator(`.win-graph .pt.${c}`).count(), count(c), `${c} points`);
      assert.equal(await page.locator(`.rv-moves .rv-move.${c}`).count(), count(c), `${c} moves`);
    }
    assert.ok(count('mistake') + count('blunder') > 0, 'the recorded game has a mistake or a blunder to show');
    assert.equal(await page.locator('.win-graph .pt-mark').count(), count('mistake') + count('blunder'), '? and ?? marks');
    assert.match(await page.locator('.rv-summary').innerText(), new RegExp(`Accuracy ${accuracyText(REVIEW.accuracy)}`));
    // A placement in the move list says what the log says of it (issue 26, 7), never "tile placed".
    const listed = await page.locator('.rv-moves .rv-played').allInnerTexts();
    const places = REVIEW.decisions.map((x, k) => [x, k]).filter(([x]) => x.played.type === 'place');
    assert.ok(places.length > 0);
    for (const [x, k] of places) {
      const placed = REVIEWED.events.find((e) => e.turn === x.turn && e.type === 'tile_placed');
      assert.equal(listed[k], eventText(placed, PLAYERS), `move ${k}, turn ${x.turn}`);
    }
    assert.ok(!listed.includes('tile placed'), listed.join(' | '));

    // Tapping a point moves the replay to that move's turn (the board before that move).
    const [d, i] = worstShown();
    const point = page.locator(`.win-graph .pt[data-i="${i}"] .pt-dot`);
    await point.scrollIntoViewIfNeeded();
    await press(point);
    await page.waitForFunction((t) => document.getElementById('replay-slider').value === String(t), d.turn);
    await page.locator(`.win-graph .pt.on[data-i="${i}"]`).waitFor();
    assert.equal(await page.locator('.rv-move.on .rv-pick').getAttribute('data-i'), String(i), 'the move list follows');
    const verdict = page.locator('.rv-verdict');
    assert.match(await verdict.locator('.rv-head').innerText(), new RegExp(`Turn ${d.turn}\\b`));
    assert.equal(await verdict.locator('.rv-tag').innerText(), reviewTag(d.class));
    assert.equal(await verdict.locator('.rv-why').innerText(), whyText(d.why, PLAYERS, d));
    // In the board's terms: no coordinates, angles or tile letters.
    const said = await verdict.innerText();
    assert.doesNotMatch(said, /\(-?\d+, -?\d+\)|\d+°|\btile [A-Z]/, said);
    // The played and the best move as ghosts in their own styles, on the board of that
    // position (the recording has the replay's position before each move the review faults).
    assert.ok(POSITIONS.has(d.turn - 1), `the "${GAME}" recording has the history_position for turn ${d.turn - 1}`);
    await checkGhosts(page, d);
    await settle(page);
    // The judged move close up (issue 26, 7): its tiles drawn at least 80 px wide, whole in
    // the board's view, and the zoom controls there to change it.
    const sizes = await page.evaluate(() => {
      const host = document.querySelector('.replay-board .board-host').getBoundingClientRect();
      return [...document.querySelectorAll('.layer-preview [data-ghost]')].map((g) => {
        const r = g.getBoundingClientRect();
        return { w: r.width, inside: r.left >= host.left - 1 && r.right <= host.right + 1 && r.top >= host.top - 1 && r.bottom <= host.bottom + 1 };
      });
    });
    assert.ok(sizes.length > 0 && sizes.every((g) => g.inside), JSON.stringify(sizes));
    if (d.played.type === 'place' || d.played.type === 'abbey') assert.ok(Math.max(...sizes.map((g) => g.w)) >= 80, JSON.stringify(sizes));
    for (const label of ['Zoom in', 'Zoom out', 'Fit the board to the screen']) assert.equal(await page.locator('.replay-board .zoom-ctl').getByRole('button', { name: label }).count(), 1, label);
    await shot(page, `${name}-review-11-ghosts`);

    // A move of the list moves the replay too; the board comes into view.
    const other = REVIEW.decisions.findIndex((x, k) => k !== i && x.turn !== d.turn);
    if (other >= 0) {
      await page.locator(`.rv-pick[data-i="${other}"]`).scrollIntoViewIfNeeded();
      await press(page.locator(`.rv-pick[data-i="${other}"]`));
      await page.waitForFunction((t) => document.getElementById('replay-slider').value === String(t), REVIEW.decisions[other].turn);
      const [top, bottom, mainTop, height] = await page.locator('.replay-board').evaluate((b) => [b.getBoundingClientRect().top, b.getBoundingClientRect().bottom, b.closest('main').getBoundingClientRect().top, innerHeight]);
      assert.ok(top >= mainTop && bottom <= height, `the board is in view (${top}–${bottom} in ${mainTop}–${height})`);
    }
    // A faulted tile placement is told in the board's terms too (the ghosts show where).
    const k = REVIEW.decisions.findIndex((x) => x.decision === 'place_tile' && x.class !== 'best');
    assert.ok(k >= 0, 'the recording has a faulted tile placement');
    await page.locator(`.rv-pick[data-i="${k}"]`).scrollIntoViewIfNeeded();
    await press(page.locator(`.rv-pick[data-i="${k}"]`));
    await page.waitForFunction((want) => document.querySelector('.rv-move.on .rv-pick')?.dataset.i === String(want), k);
    const placed = await page.locator('.rv-verdict').innerText();
    assert.match(placed, /green/, placed);
    assert.doesNotMatch(placed, /\(-?\d+, -?\d+\)|\d+°|\btile [A-Z]\b/, placed);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('phone: the profile shows the accuracy of the reviewed games and the rating as charts', async () => {
  const { page, problems, context } = await openApp(env, PHONE, { profiles: ['Ada'], game: GAME, played: true, reviewed: true });
  await page.evaluate(() => { location.hash = '#/profile'; });
  const card = page.locator('.accuracy-card');
  await card.waitFor();
  assert.equal(await card.locator('svg .series-dot').count(), 1);
  assert.match(await card.innerText(), new RegExp(`1 reviewed game · average ${accuracyText(REVIEW.accuracy)}`));
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'phone-review-20-profile');
  // The rating after each game (kept with the match), charted beside it.
  const rating = page.locator('.rating-card');
  assert.equal(await rating.locator('svg .series-dot').count(), 1);
  const lastRating = Math.round(steps.find((s) => s.cmd === 'history_list' && s.ok.matches.length).ok.matches[0].ratingAfter);
  assert.ok(lastRating > 0, 'the recorded match carries the rating after it');
  assert.match(await rating.innerText(), new RegExp(`${lastRating} after your last game · 1 game shown`));
  await rating.scrollIntoViewIfNeeded();
  await shot(page, 'phone-review-21-rating');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the played tile on the best tile\'s square, in another rotation, is drawn small in its corner, over it', async () => {
  const { page, problems, context } = await openApp(env, DESKTOP, { profiles: ['Ada'] });
  const boxes = await page.evaluate(async ({ view, tiles }) => {
    const { Board } = await import('/js/board.js');
    const host = document.createElement('div');
    host.style.cssText = 'position: fixed; inset: 0; width: 800px; height: 600px';
    document.body.append(host);
    const board = new Board(host, new Map(tiles.types.map((ty) => [ty.id, ty])));
    board.setView(view);
    board.setPreview([{ id: 'E', x: 0, y: -1, rotation: 90, ghost: 'played' }, { id: 'E', x: 0, y: -1, rotation: 180, ghost: 'best' }]);
    board.focusCell(0, -1, 240, false);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return [...host.querySelectorAll('.layer-preview [data-ghost]')].map((g) => {
      const r = g.getBoundingClientRect();
      return { ghost: g.dataset.ghost, inset: g.classList.contains('rv-ghost-inset'), x: r.x, y: r.y, w: r.width, h: r.height };
    });
  }, { view: VIEWS.place_tile, tiles: TILES });
  await shot(page, 'desktop-review-12-same-square');
  assert.deepEqual(boxes.map((b) => [b.ghost, b.inset]), [['best', false], ['played', true]], 'the played one drawn last, as the inset');
  const [best, played] = boxes;
  assert.ok(played.w < best.w * 0.6 && played.w > best.w * 0.3, JSON.stringify(boxes));
  assert.ok(played.x >= best.x - 1 && played.y >= best.y - 1 && played.x + played.w <= best.x + best.w + 1 && played.y + played.h <= best.y + best.h + 1, JSON.stringify(boxes));
  assert.deepEqual(problems, []);
  await context.close();
});
