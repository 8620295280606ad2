// The luck of the draw (issue 26, item 8) in headless Chromium at desktop and phone sizes, on
// the recorded `review` and `base` transcripts (src-tauri/tests/fixtures.rs): the end
// dialog's sentence and each player's draws, the replay's luck strip beside the win-chance
// graph (a bar per draw; tapping one shows its turn and what the draw was worth), and the
// profile's luck over its games.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, settle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';
import { luckSentences, signed } from '../../ui/js/luck.js';

const steps = transcript('review');
const ID = steps.find((s) => s.cmd === 'review_start' && s.ok).args.id;
const DETAIL = steps.find((s) => s.cmd === 'history_get' && s.args.id === ID && s.ok?.review).ok;
const LUCK = DETAIL.luck;
const HUMAN = DETAIL.review.player;

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

test('the sentences follow the numbers: the result, what the draws did, the result with average draws', () => {
  // Seat 0's own draws worth `netPoints`, the others' 0.
  const luck = (margin, netPoints, n = 2) => ({ players: Array.from({ length: n }, (_, i) => ({ player: i, margin: i ? -margin : margin, netPoints: i ? -netPoints / (n - 1) : netPoints, points: i ? 0 : netPoints })) });
  assert.deepEqual(luckSentences(luck(-12, -18), 0), {
    result: 'You lost by 12 points; the draws cost you 18 points.',
    adjusted: 'With average draws you would have won by about 6 points.',
  });
  assert.deepEqual(luckSentences(luck(20, 9), 0), {
    result: 'You won by 20 points; the draws gave you 9 points.',
    adjusted: 'With average draws you would have won by about 11 points.',
  });
  assert.deepEqual(luckSentences(luck(5, 0.3), 0), { result: 'You won by 5 points; the draws were about even.', adjusted: null });
  assert.equal(luckSentences(luck(-4, -4), 0).adjusted, 'With average draws it would have been about level.');
  assert.equal(luckSentences(luck(-1, 2, 3), 0).result, 'You finished 1 point below the others’ average; the draws gave you 2 points.');
  assert.equal(luckSentences(luck(-1, 2, 3), 0).adjusted, 'With average draws you would have finished about 3 points below their average.');
  // The sentence's net luck is the difference of the players' draws as listed (whole points).
  const shown = { players: [{ player: 0, margin: -53, netPoints: 12.6, points: 8.4 }, { player: 1, margin: 53, netPoints: -12.6, points: -4.2 }] };
  assert.equal(luckSentences(shown, 0).result, 'You lost by 53 points; the draws gave you 12 points.');
  assert.deepEqual(signed(-0.4), { sign: '', points: 0 });
  assert.deepEqual(signed(-2.6), { sign: '−', points: 3 });
});

test('the recorded luck adds up: every seat, every draw', () => {
  assert.equal(LUCK.players.length, DETAIL.summary.players.length);
  for (const p of LUCK.players) {
    const own = LUCK.draws.filter((d) => d.player === p.player);
    assert.equal(own.length, p.draws);
    assert.ok(Math.abs(own.reduce((a, d) => a + d.points, 0) - p.points) < 1e-6);
    assert.ok(Math.abs(p.margin - p.netPoints - p.adjustedMargin) < 1e-9);
  }
  assert.equal(DETAIL.summary.luck, LUCK.players[HUMAN].netPoints, 'the history lists the human’s net luck');
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the replay's luck strip: a bar per draw; a tap shows that draw`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'review', played: true, reviewed: true });
    const { page, problems, context } = app;
    await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, ID);
    const strip = page.locator('.rv-graph .luck-strip svg');
    await strip.waitFor();
    assert.equal(await page.locator('.luck-strip .luck-bar').count(), LUCK.draws.length);
    assert.equal(await page.locator('.luck-strip .luck-bar.mine').count(), LUCK.players[HUMAN].draws);
    // Whose bars are whose: each player's badge and draws below the strip.
    assert.equal(await page.locator('.rv-luck .luck-players li').count(), LUCK.players.length);
    const lines = luckSentences(LUCK, HUMAN);
    assert.equal(await page.locator('.rv-luck .luck-line').innerText(), `${lines.result}${lines.adjusted ? ` ${lines.adjusted}` : ''}`);
    // The human's luckiest or unluckiest draw (the recording has its positions).
    const d = LUCK.draws.filter((x) => x.player === HUMAN).sort((a, b) => Math.abs(b.points) - Math.abs(a.points))[0];
    const bar = page.locator(`.luck-strip .luck-bar[data-turn="${d.turn}"]`);
    await bar.scrollIntoViewIfNeeded();
    await settle(page);
    const box = await bar.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + Math.max(1, box.height / 2));
    await page.waitForFunction((t) => document.getElementById('replay-slider').value === String(t), d.turn);
    await page.locator(`.luck-strip .luck-bar.on[data-turn="${d.turn}"]`).waitFor();
    const caption = await page.locator('.luck-caption').innerText();
    const s = signed(d.points);
    const said = s.points === 0 ? 'about as much as the average draw' : `${s.points} ${s.points === 1 ? 'point' : 'points'} ${s.sign === '+' ? 'more' : 'less'} than the average draw`;
    assert.ok(caption.startsWith(`Turn ${d.turn}: your tile was worth ${said}.`), caption);
    // Up for luck, down for bad luck: the bar's side of the zero line follows the sign.
    const zero = await page.locator('.luck-strip .grid.zero').evaluate((l) => +l.getAttribute('y1'));
    const [y, hgt] = await bar.evaluate((r) => [+r.getAttribute('y'), +r.getAttribute('height')]);
    if (d.points > 0.5) assert.ok(y + hgt <= zero + 0.1 && y < zero, 'lucky: above the line');
    if (d.points < -0.5) assert.ok(y >= zero - 0.1, 'unlucky: below the line');
    // The strip and its caption fit the screen.
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const sel of ['.luck-strip svg', '.luck-caption', '.rv-luck .luck-line']) {
      const b = await page.locator(sel).boundingBox();
      assert.ok(b.x >= 0 && b.x + b.width <= width + 1, `${sel} within the screen: ${JSON.stringify(b)}`);
    }
    await page.locator('.rv-luck').scrollIntoViewIfNeeded();
    await shot(page, `${name}-luck-replay`);
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

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the end dialog says what the draws did; the profile sums the luck of its games`, async () => {
    const view = finalView('base');
    assert.ok(view.over && view.luck, 'the recording ends a game played to the end, weighed');
    const { page, problems, context } = await openApp(env, device, { profiles: ['Ada'], game: 'base', played: true });
    await page.evaluate((v) => import('/js/dialogs.js').then((m) => m.showEnd(v)), view);
    const luck = page.locator('.end-dialog[open] .luck-box');
    await luck.waitFor();
    const lines = luckSentences(view.luck, view.human);
    assert.equal(await luck.locator('.luck-line').innerText(), `${lines.result}${lines.adjusted ? ` ${lines.adjusted}` : ''}`);
    const players = await luck.locator('.luck-players li').allInnerTexts();
    assert.equal(players.length, view.players.length);
    const mine = signed(view.luck.players[view.human].points);
    const win = signed(view.luck.players[view.human].win * 100);
    assert.equal(players[view.human], `Your draws: ${mine.sign}${mine.points} ${mine.points === 1 ? 'point' : 'points'}, ${win.sign}${win.points}% to win`);
    await luck.scrollIntoViewIfNeeded();
    await shot(page, `${name}-luck-end`);
    await page.evaluate(() => document.querySelector('.end-dialog[open]').close());
    // The profile: one weighed game, its net luck per game.
    await page.evaluate(() => { location.hash = '#/profile'; });
    const line = page.locator('.luck-card .luck-profile');
    await line.waitFor();
    const stats = await page.evaluate(() => import('/js/api.js').then((m) => m.api.profilesList()).then((r) => r.profiles[0].stats));
    assert.equal(stats.luckGames, 1);
    const r = Math.round(stats.luckPoints * 10) / 10;
    assert.match(await line.innerText(), new RegExp(`^Over 1 game your draws were worth ${r > 0 ? '\\+' : r < 0 ? '−' : ''}${Math.abs(r)} points? a game`));
    assert.deepEqual(problems, []);
    await context.close();
  });
}
