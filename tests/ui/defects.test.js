// Defects a new user met in the real app (issue 12, item 8), at desktop and phone sizes:
// the camera and scoreboard after a resume, one turn numbering, the mayor on a city without
// pennants, the hint in players' words on the board, the phone's panel, the projected score.
// Screenshots go to test-output/ui/defects-*.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, playOne, settle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const DEVICES = [['desktop', DESKTOP], ['phone', PHONE]];

/** Waits until the board's camera stops moving (harness.js: the same over a few frames). */
async function settled(page) {
  await settle(page);
}

for (const [name, device] of DEVICES) {
  test(`${name}: a game resumed at a figure decision — close-up, filled badge, same turn number, the mayor's warning, chips and frame`, async () => {
    // The recording: the Abbey & Mayor game saved where the mayor may go on a city without
    // pennants; the app started again, the game resumed, then no figure.
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'resume-mayor', resume: true });
    const { page, press, problems, context } = app;
    const card = await page.locator('.resume').innerText();
    await press(page.locator('.resume').getByRole('button', { name: 'Resume' }));
    await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
    await settled(page);
    await shot(page, `defects-${name}-resumed`);
    const view = await page.evaluate(() => window.__DOUBLE__.view());
    const d = view.decision;

    // One turn numbering: the card and the bar name the same turn.
    const cardTurn = card.match(/turn (\d+)/)[1];
    assert.equal(await page.locator('.turn-info').innerText(), `Turn ${cardTurn}`, `card: ${card}`);
    assert.equal(Number(cardTurn), view.turn + 1);

    // The camera shows the pending decision close up, as after a move in play.
    const tile = await page.locator(`#screen-game .tile[data-cell="${d.x},${d.y}"]`).boundingBox();
    assert.ok(tile.width >= 120, `the new tile is ${tile.width} px wide`);
    // The human's badge is the filled circle of seat 0, as in play.
    const badge = await page.locator('.scoreboard .player[data-seat="0"] .who svg path').evaluate((p) => getComputedStyle(p).fill);
    assert.notEqual(badge, 'none');
    assert.equal(await page.locator('.scoreboard .player[data-seat="0"]').evaluate((p) => p.classList.contains('current')), true);

    // The mayor's chip warns about a city without pennants.
    await press(page.locator('.action-panel').getByRole('radio', { name: 'Mayor' }));
    const weak = d.spots.find((s) => s.pennants === 0 && s.kinds.includes('mayor'));
    const chips = page.locator('.action-panel .spot-list .chip');
    const texts = await chips.allInnerTexts();
    assert.ok(texts.some((t) => /no pennants, worth nothing now/.test(t)), `chips: ${texts.join(' | ')}`);
    assert.ok(weak);
    await shot(page, `defects-${name}-mayor`);

    // Every chip is whole on screen: no cut-off row behind a scrollbar.
    const list = page.locator('.action-panel .spot-list');
    assert.equal(await list.evaluate((l) => l.scrollWidth <= l.clientWidth), true, 'the chips fit their row');
    for (const c of await chips.all()) {
      assert.equal(await c.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), true, `chip "${await c.innerText()}" is whole`);
    }
    // The board reaches the window's sides: no frame around it.
    const board = await page.locator('#screen-game .board-wrap').boundingBox();
    const width = page.viewportSize().width;
    assert.equal(board.x, 0);
    if (name === 'phone') assert.equal(board.width, width);
    // Resign is not next to Hint (on a phone it is in the sheet with the scoreboard).
    if (name === 'phone') await press(page.locator('.sheet-toggle'));
    const hint = await page.locator('.tools').getByRole('button', { name: 'Hint' }).boundingBox();
    assert.equal(await page.locator('.tools').getByRole('button', { name: /Resign/ }).count(), 0);
    const resign = await page.getByRole('button', { name: 'Resign this game' }).boundingBox();
    assert.ok(Math.abs(resign.y - hint.y) > hint.height, 'Resign is on another row than Hint');

    // The projected score explains itself, in readable type.
    const legend = page.locator('.score-legend');
    assert.match(await legend.innerText(), /if the game ended now/);
    assert.equal(await legend.isVisible(), true);
    const size = await page.locator('.scoreboard .projected').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    assert.ok(size >= 13, `projected score at ${size} px`);

    if (name === 'phone') await press(page.locator('.sheet-toggle'));
    await playOne(page, press);
    assert.equal(await page.evaluate(() => window.__DOUBLE__.expected()), null, 'the recorded turn was played');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`${name}: the hint is an instruction in players' words, selected on the board`, async () => {
    // The recording: a late turn resumed; a placement, undone; the hint, played; no figure.
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'hint-undo', resume: true });
    const { page, press, problems, context } = app;
    await press(page.locator('.resume').getByRole('button', { name: 'Resume' }));
    await page.locator('.cell.legal').first().waitFor();
    await playOne(page, press);
    await press(page.getByRole('button', { name: 'Undo' }));
    await page.locator('.cell.legal').first().waitFor();
    await press(page.getByRole('button', { name: 'Hint' }));
    const note = await page.locator('.hint-note').innerText();
    const hint = await page.evaluate(() => window.__DOUBLE__.calls.findLast((c) => c.cmd === 'game_hint'));
    assert.ok(hint);
    assert.match(note, /^Hint: Place the tile (north|east|south|west) of the [a-z ]+, (as drawn|turned once|turned twice|turned three times)\./);
    assert.doesNotMatch(note, /\(|\d|°|Placed/, 'no coordinates, degrees or past tense');
    // The hinted square holds the tile's ghost, and Confirm plays it.
    const move = (await page.evaluate(() => window.__DOUBLE__.expected())).args.move;
    await page.locator('.preview').waitFor();
    assert.equal(await page.locator(`.preview[data-x="${move.x}"][data-y="${move.y}"]`).count(), 1, 'the ghost is on the hinted square');
    assert.equal(await page.locator('.action-panel button.confirm').isEnabled(), true);
    await shot(page, `defects-${name}-hint`);
    await press(page.locator('.action-panel button.confirm'));
    await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
    await press(page.getByRole('button', { name: 'No figure' }));
    await page.waitForFunction(() => window.__DOUBLE__.expected() === null);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
