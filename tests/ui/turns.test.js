// One definition of a turn (issue 24, items 7 and 8): "Turn N" is the N-th turn, the one in
// progress while playing; the log and the review name the turn a move belongs to; a replay
// position names the turn whose move it shows. The replay of a reviewed match, its verdict,
// its move list and its label agree; the game bar says whose turn it is on a desktop as the
// phone's compact bar does. Headless Chromium on recorded games, desktop and phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne, idle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';
import { decisionAt, positionFor } from '../../ui/js/review.js';
import { replayLabel, turnLabel, resumeTurn, turnInProgress } from '../../ui/js/text.js';

const GAME = 'review';
const steps = transcript(GAME);
const ID = steps.find((s) => s.cmd === 'review_start' && s.ok).args.id;
const DETAIL = steps.find((s) => s.cmd === 'history_get' && s.args.id === ID && s.ok?.review).ok;
const REVIEW = DETAIL.review;
const TURNS = DETAIL.summary.turns;
const POSITIONS = new Set(steps.filter((s) => s.cmd === 'history_position' && s.args.id === ID && s.ok).map((s) => s.args.turn));

test('the turn numbers: the game bar, the resume card, the replay and the review count the same turns', () => {
  assert.equal(turnInProgress(0), 1, 'the first turn is turn 1');
  assert.equal(turnLabel({ over: false, turn: 39 }), 'Turn 40');
  assert.equal(resumeTurn({ turn: 39 }), 'turn 40');
  assert.equal(turnLabel({ over: true, turn: 85 }), '85 turns');
  assert.equal(replayLabel(54, 85), 'Turn 54 of 85');
  assert.equal(replayLabel(0, 85), 'Start, before turn 1 of 85');
  assert.equal(replayLabel(86, 85), 'Final scoring, after turn 85 of 85');
  // The replay's "Turn N" shows the review's decision of turn N, on the board before it.
  for (const [i, d] of REVIEW.decisions.entries()) {
    const shown = decisionAt(REVIEW, d.turn);
    assert.equal(REVIEW.decisions[shown].turn, d.turn, `decision ${i}`);
    assert.equal(positionFor(d.turn, REVIEW.decisions[shown]), d.turn - 1);
  }
  const mine = new Set(REVIEW.decisions.map((d) => d.turn));
  const other = [...Array(TURNS).keys()].map((k) => k + 1).find((k) => !mine.has(k));
  assert.equal(decisionAt(REVIEW, other), null, 'no move of the human in an opponent\'s turn');
  assert.equal(positionFor(other, null), other, 'the board after that turn');
});

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const text = (page, sel) => page.locator(sel).innerText().then((s) => s.trim());
const slider = (page) => page.locator('#replay-slider').inputValue().then(Number);
const lastPosition = (page) => page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'history_position').at(-1)?.args.turn);

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the replay of a reviewed match: its label, verdict, move list and events name the same turn`, async () => {
    const { page, press, problems, context } = await openApp(env, device, { profiles: ['Ada'], game: GAME, played: true, reviewed: true });
    await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, ID);
    await page.locator('.rv-moves .rv-pick').first().waitFor();
    // The last position: the final scoring, with no verdict (no "turn 73" in a 71-turn game).
    assert.equal(await text(page, '.turn-label'), `Final scoring, after turn ${TURNS} of ${TURNS}`);
    assert.equal(await page.locator('.rv-verdict').isHidden(), true);
    // A faulted move whose board the recording has, picked in the move list.
    const i = REVIEW.decisions.findIndex((d) => d.class !== 'best' && d.turn > 1 && POSITIONS.has(d.turn - 1)
      && !REVIEW.decisions.some((x) => x.turn === d.turn - 1));
    assert.ok(i >= 0, 'the recording has a faulted move after an opponent\'s turn');
    const d = REVIEW.decisions[i];
    const pick = page.locator(`.rv-pick[data-i="${i}"]`);
    await pick.scrollIntoViewIfNeeded();
    await press(pick);
    await page.waitForFunction((n) => document.querySelector('.turn-label').textContent.startsWith(`Turn ${n} `), d.turn);
    assert.equal(await text(page, '.turn-label'), `Turn ${d.turn} of ${TURNS}`);
    assert.equal(await slider(page), d.turn);
    assert.match(await text(page, '.rv-verdict .rv-head strong'), new RegExp(`^Turn ${d.turn},`));
    assert.match(await text(page, '.rv-move.on .rv-turn'), new RegExp(`^Turn ${d.turn},`));
    // The board before that move, its ghosts on it.
    await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'history_position').at(-1)?.args.turn === n, d.turn - 1);
    await page.locator('.layer-preview [data-ghost]').first().waitFor();
    // The events of that turn, and its point in the score chart.
    const events = DETAIL.events.filter((e) => e.turn === d.turn && e.type !== 'game_ended' && e.scored?.cause !== 'final').length;
    assert.equal(await page.locator('.replay-log > li').count(), events);
    await shot(page, `${name}-turns-replay-review`);
    // One turn back: the opponent's turn, the board after it, no move of the human's in it.
    await press(page.getByRole('button', { name: 'Previous turn' }));
    await page.waitForFunction((n) => document.querySelector('.turn-label').textContent === `Turn ${n} of ${document.getElementById('replay-slider').max - 1}`, d.turn - 1);
    assert.equal(await text(page, '.rv-verdict'), `No move of yours to review in turn ${d.turn - 1}.`);
    await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'history_position').at(-1)?.args.turn === n, d.turn - 1);
    assert.equal(await lastPosition(page), d.turn - 1);
    // Its answer in and the board drawn again (it draws on the next frame).
    await idle(page);
    assert.equal(await page.locator('.layer-preview [data-ghost]').count(), 0, 'no ghosts');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the game bar says whose turn it is, as the phone's compact bar does`, async () => {
    // Each AI decision takes 3 s from its "thinking" to its move.
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'base', aiDelay: 3000 });
    const { page, press, problems, context } = app;
    await startGame(app);
    const view = await page.evaluate(() => window.__DOUBLE__.view());
    const ai = view.players.find((p) => p.kind === 'ai').name;
    assert.equal(await text(page, '.game-bar .turn-info'), `Turn ${view.turn + 1}`);
    // Where it is said: in the game bar on a desktop, in the compact bar on a phone.
    const where = name === 'desktop' ? '.game-bar .turn-whose' : '.dock-bar .whose-turn';
    const hidden = name === 'desktop' ? '.dock-bar .whose-turn' : '.game-bar .turn-whose';
    assert.equal(await page.locator(hidden).isHidden(), true);
    assert.equal(await text(page, where), 'Your turn');
    await shot(page, `${name}-turns-bar-yours`);
    // The human's turn ends with its figure decision; while the AI thinks, its turn.
    assert.equal(await playOne(page, press), 'place_tile');
    await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
    const figure = await page.evaluate(() => window.__DOUBLE__.expected().args.move);
    const tiles = await page.locator('#screen-game .tile').count();
    if (figure.type === 'no_figure') {
      await press(page.getByRole('button', { name: 'No figure' }));
    } else {
      const d = (await page.evaluate(() => window.__DOUBLE__.view())).decision;
      await press(page.locator(`.spot[data-spot="${d.x},${d.y},${figure.on}"]`));
      await press(page.locator('button.confirm'));
    }
    // Said as soon as the AI thinks, well before its move comes; the panel names it too (not "Waiting…").
    const seen = await (await page.waitForFunction(([w, n]) => document.querySelector(w)?.textContent === `${n}'s turn`
      && { panel: document.querySelector('.action-panel').textContent.trim(), tiles: document.querySelectorAll('#screen-game .tile').length }, [where, ai], { timeout: 1500 })).jsonValue();
    assert.equal(seen.tiles, tiles, 'the AI has not moved yet');
    assert.match(seen.panel, new RegExp(`^${ai} is thinking`));
    await shot(page, `${name}-turns-bar-ai`);
    await page.waitForFunction((w) => document.querySelector(w)?.textContent === 'Your turn' && !document.querySelector('.action-panel .waiting'), where);
    const next = await page.evaluate(() => window.__DOUBLE__.view());
    assert.equal(await text(page, '.game-bar .turn-info'), `Turn ${next.turn + 1}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
