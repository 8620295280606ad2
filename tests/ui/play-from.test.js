// "Play on from here" (issue 27, item 3) at desktop and phone sizes, on the recorded
// `play-from` transcript (src-tauri/tests/fixtures.rs): the replay offers a practice game from
// the board it shows, says what it is (the same opponents or others picked per seat, not
// rated, the tiles as they came or shuffled anew), refuses nothing from the final board but
// says there is nothing left; the game starts at that board against the opponent picked, not
// rated, and its end says it does not count.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';

const steps = transcript('play-from');
const FIRST = steps.find((s) => s.cmd === 'game_resign').ok.result.matchId;
const FROM = steps.find((s) => s.cmd === 'game_play_from').args;

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: a practice game played on from a replay's board`, async () => {
    const { page, press, problems, context } = await openApp(env, device, { profiles: ['Ada'], game: 'play-from', played: true });
    await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, FIRST);
    const box = page.locator('#screen-match:not([hidden]) .play-from');
    await box.waitFor();
    // The final board: nothing is left to play from it.
    await page.waitForFunction(() => document.querySelector('#screen-match .play-from-help')?.textContent.startsWith('Nothing is left'));
    assert.equal(await box.getByRole('button', { name: 'Tiles as they came' }).isDisabled(), true);
    // Back to the start, then on to the turn the transcript plays from.
    await press(page.getByRole('button', { name: 'First turn' }));
    for (let i = 0; i < FROM.turn; i++) {
      await press(page.getByRole('button', { name: 'Next turn' }));
    }
    await page.waitForFunction((n) => +document.querySelector('#replay-slider').value === n, FROM.turn);
    assert.equal(await box.locator('.play-from-help').innerText(),
      'A practice game from the board shown, against the same opponents or others you pick: not rated. With the tiles left as they came (you know what is coming), or shuffled anew.');
    // Berta's seat: as in the match (greedy) unless another level is picked.
    const seat = box.getByRole('combobox', { name: "Who plays Berta's seat" });
    assert.equal(await seat.inputValue(), '');
    assert.equal(await seat.locator('option:checked').innerText(), 'As in the match: Greedy');
    assert.deepEqual(await seat.locator('option').allInnerTexts(), ['As in the match: Greedy', 'Random', 'Easy', 'Greedy', 'Medium', 'Hard', 'Expert']);
    await seat.selectOption('easy');
    await box.scrollIntoViewIfNeeded();
    await shot(page, `${name}-play-from-offer`);
    await press(box.getByRole('button', { name: 'Tiles as they came' }));
    await page.waitForFunction(() => location.hash === '#/game' && document.querySelector('.action-panel') && !document.querySelector('.action-panel .waiting'));
    const calls = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play_from').map((c) => c.args));
    assert.deepEqual(calls, [{ id: FIRST, turn: FROM.turn, reshuffle: false, opponents: [{ level: 'easy' }] }]);
    const view = await page.evaluate(() => window.__DOUBLE__.view());
    assert.equal(view.rated, false);
    assert.equal(view.gameId, 'g-from');
    assert.equal(view.players[1].level, 'easy');
    assert.match(await page.locator('#screen-game .scoreboard').innerText(), /Berta\s+easy/);
    // The board is the replay's at that turn: its tiles, the start tile and one per entry.
    assert.equal(await page.locator('#screen-game .board-host .tile').count(), FROM.turn + 1);
    await shot(page, `${name}-play-from-game`);
    // Resigned: the end shows no rating change and says the game does not count.
    await page.evaluate(() => document.querySelector('.resign-row .btn').click());
    await press(page.locator('dialog[open]').getByRole('button', { name: 'Resign' }));
    const end = page.locator('.end-dialog[open]');
    await end.locator('.unrated').waitFor();
    assert.equal(await end.locator('.unrated').innerText(), 'A game played on from a replay is practice: it does not count in your rating.');
    await shot(page, `${name}-play-from-end`);
    assert.equal(await end.locator('.rating-change').count(), 0);
    assert.equal(await page.locator('.toast.error').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
