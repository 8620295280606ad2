// "Play this deal again, seats swapped" (issue 26, item 9) at desktop and phone sizes, on the
// recorded `replay-deal` transcript (src-tauri/tests/fixtures.rs): the replay of a match
// offers its deal again and says what that means; the new game puts the player in the other
// seat (the opponent moves first and the player gets the tiles the opponent drew), and its
// end says the game does not count in the rating.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';

const steps = transcript('replay-deal');
const FIRST = steps.find((s) => s.cmd === 'game_resign').ok.result.matchId;

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: a match's deal played again, seats swapped, and not rated`, async () => {
    const { page, press, problems, context } = await openApp(env, device, { profiles: ['Ada'], game: 'replay-deal', played: true });
    await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, FIRST);
    const card = page.locator('#screen-match:not([hidden]) .replay-deal');
    await card.waitFor();
    assert.equal(await card.locator('.replay-deal-help').innerText(),
      'The same tiles in the same order, with you in the other seat: you get the tiles your opponent drew. Not rated, since you have seen them.');
    await card.scrollIntoViewIfNeeded();
    await shot(page, `${name}-replay-deal-offer`);
    await press(card.getByRole('button', { name: 'Play this deal again, seats swapped' }));
    // The new game: the player in seat 1, to move after the opponent's first tile.
    await page.waitForFunction(() => location.hash === '#/game' && document.querySelector('.action-panel') && !document.querySelector('.action-panel .waiting'));
    const view = await page.evaluate(() => window.__DOUBLE__.view());
    assert.equal(view.human, 1);
    assert.equal(view.rated, false);
    assert.equal(view.gameId, 'g-again', 'the recorded game on the same deal');
    const calls = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_replay_deal').map((c) => c.args));
    assert.deepEqual(calls, [{ id: FIRST }]);
    // The scoreboard lists the opponent first and the player second, as the seats go.
    const names = await page.locator('.scoreboard .player .name').allInnerTexts();
    assert.ok(names[0].startsWith(view.players[0].name) && names[1].startsWith('Ada'), names.join(' | '));
    await shot(page, `${name}-replay-deal-game`);
    // Resigned: the end says the deal does not count in the rating, and shows no rating change.
    await page.evaluate(() => document.querySelector('.resign-row .btn').click());
    await press(page.locator('dialog[open]').getByRole('button', { name: 'Resign' }));
    const end = page.locator('.end-dialog[open]');
    await end.locator('.unrated').waitFor();
    assert.equal(await end.locator('.unrated').innerText(), 'A deal played again does not count in your rating: you have seen its tiles.');
    assert.equal(await end.locator('.rating-change').count(), 0);
    await shot(page, `${name}-replay-deal-end`);
    assert.equal(await page.locator('.toast.error').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
