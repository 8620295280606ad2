// The game screen in headless Chromium at desktop and phone sizes: a whole recorded game
// played by clicking (desktop) and tapping (phone), the end-of-game scoring and chart, the
// history replay, and the controls around the board. Screenshots go to test-output/ui/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne, playToEnd, panelState, recordedSetup, settle, idle } from './support/harness.js';
import { DESKTOP, PHONE, PHONE_LANDSCAPE, TABLET, shot } from './support/browser.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const DEVICES = [['desktop', DESKTOP], ['phone', PHONE]];

for (const [name, device] of DEVICES) {
  test(`${name}: a whole game against the AI, then its replay in the history`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'base' });
    const { page, problems, press, context } = app;
    await shot(page, `${name}-01-start`);
    await startGame(app);
    await page.locator('.cell.legal').first().waitFor();
    await settle(page);
    await shot(page, `${name}-02-first-tile`);

    // Rotation: only the cell's legal rotations are offered, and selecting sends nothing.
    await press(page.locator('.cell.legal').first());
    const rotateEnabled = await page.getByRole('button', { name: '⟳ Rotate' }).isEnabled();
    const calls = () => page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play').length);
    assert.equal(await calls(), 0, 'selecting a cell sends nothing: the player confirms');
    if (rotateEnabled) await page.keyboard.press('r');
    await settle(page);
    await shot(page, `${name}-03-preview`);

    const decisions = await playToEnd(page, press, {
      onDecision: async (state, n) => {
        if (n === 3) await shot(page, `${name}-04-mid-game`);
        if (n === 40) await shot(page, `${name}-04b-late-game`);
      },
    });
    assert.ok(decisions >= 30, `the human made ${decisions} decisions`);
    assert.equal(await page.evaluate(() => window.__DOUBLE__.expected()), null, 'every recorded move was played');
    await page.locator('.end-dialog[open]').waitFor();
    await settle(page);
    await shot(page, `${name}-05-final-scoring`);
    const table = await page.locator('.end-dialog .breakdown').innerText();
    for (const cat of ['road', 'city', 'monastery', 'field', 'barn']) assert.match(table.toLowerCase(), new RegExp(cat));
    assert.equal(await page.locator('.end-dialog .chart polyline').count(), 2, 'one line per player');

    // Every move sent was the recorded one (the double refuses anything else).
    const plays = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play').map((c) => c.args.move.type));
    assert.ok(plays.includes('place') && plays.includes('no_figure'));
    assert.ok(plays.includes('figure'), 'figures were placed by tapping spots');
    const log = await page.locator('.log .log-item').count();
    assert.ok(log > 10, 'the log lists what happened');

    // "Look at the board" shows the whole final board, not the close-up of the last move
    // (here a close-up made with the zoom buttons before the dialog is opened again).
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.end-dialog[open]'));
    for (let i = 0; i < 4; i++) await press(page.getByRole('button', { name: 'Zoom in' }));
    await press(page.locator('.action-panel').getByRole('button', { name: 'Final scores' }));
    await page.locator('.end-dialog[open]').waitFor();
    await press(page.locator('.end-dialog').getByRole('button', { name: 'Look at the board' }));
    await page.waitForFunction(() => !document.querySelector('.end-dialog[open]'));
    await settle(page);
    const host = await page.locator('#screen-game .board-host').boundingBox();
    const outside = await page.locator('#screen-game .tile').evaluateAll((tiles, h) => tiles.filter((t) => {
      const r = t.getBoundingClientRect();
      return r.left < h.x - 1 || r.top < h.y - 1 || r.right > h.x + h.width + 1 || r.bottom > h.y + h.height + 1;
    }).length, host);
    assert.equal(outside, 0, 'every tile of the final board is in sight');
    await shot(page, `${name}-05b-final-board`);
    // One turn numbering: the bar's "N turns" is the replay's last turn.
    const turns = (await page.locator('.turn-info').innerText()).match(/^(\d+) turns$/)[1];
    await press(page.locator('.action-panel').getByRole('button', { name: 'Final scores' }));
    await page.locator('.end-dialog[open]').waitFor();

    // Replay from the dialog: step buttons and slider drive history_position.
    await press(page.locator('.end-dialog').getByRole('button', { name: 'Replay' }));
    await page.locator('#screen-match:not([hidden]) .replay-ctl').waitFor();
    await settle(page);
    await shot(page, `${name}-06-replay-end`);
    assert.equal(await page.locator('.turn-label').innerText(), `Final scoring, after turn ${turns} of ${turns}`);
    await press(page.getByRole('button', { name: 'Previous turn' }));
    await page.waitForFunction((n) => document.querySelector('.turn-label').textContent === `Turn ${n} of ${n}`, turns);
    await press(page.getByRole('button', { name: 'First turn' }));
    await page.waitForFunction(() => document.querySelector('.turn-label').textContent.startsWith('Start, before turn 1 '));
    await page.waitForFunction(() => document.querySelectorAll('#screen-match .tile').length === 1);
    await press(page.getByRole('button', { name: 'Next turn' }));
    await press(page.getByRole('button', { name: 'Next turn' }));
    await page.waitForFunction(() => document.querySelector('.turn-label').textContent.startsWith('Turn 2 '));
    await page.waitForFunction(() => document.querySelectorAll('#screen-match .tile').length === 3);
    await page.locator('#replay-slider').fill('6');
    await page.waitForFunction(() => document.querySelector('.turn-label').textContent.startsWith('Turn 6 '));
    await settle(page);
    await shot(page, `${name}-07-replay-step`);
    const positions = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'history_position').map((c) => c.args.turn));
    assert.ok(positions.includes(0) && positions.includes(2) && positions.includes(6));

    // The match is in the history list, filtered by level and result.
    await page.goto(`${env.server.url}/#/history`).catch(() => {});
    await page.evaluate(() => { location.hash = '#/history'; });
    await page.locator('#screen-history:not([hidden]) .match-list').waitFor();
    assert.equal(await page.locator('.match-list > li').count(), 1);
    await shot(page, `${name}-08-history`);
    await page.selectOption('#f-level', 'expert');
    await page.locator('#screen-history .empty').waitFor();
    await page.selectOption('#f-level', recordedSetup('base').opponents[0].level);
    await page.locator('.match-list').waitFor();

    // The profile page shows the game in the statistics.
    await page.evaluate(() => { location.hash = '#/profile'; });
    await page.locator('#screen-profile:not([hidden]) .stats').waitFor();
    assert.match(await page.locator('.stats').innerText(), /1\s*games/);
    await shot(page, `${name}-09-profile`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('phone landscape and tablet: the board and the panel share the screen', async () => {
  for (const [name, device] of [['phone-landscape', PHONE_LANDSCAPE], ['tablet', TABLET]]) {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'base' });
    const { page, press, problems, context } = app;
    await startGame(app);
    await page.locator('.cell.legal').first().waitFor();
    await press(page.locator('.cell.legal').first());
    await settle(page);
    await shot(page, `${name}-game`);
    const board = await page.locator('.board-host').boundingBox();
    const panel = await page.locator('.action-panel').boundingBox();
    assert.ok(board.width > 200 && board.height > 150, `${name}: the board is usable (${board.width}×${board.height})`);
    const confirm = await page.locator('button.confirm').boundingBox();
    assert.ok(confirm.y + confirm.height <= device.viewport.height, `${name}: Confirm is on screen`);
    assert.ok(panel.height > 40);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('touch: pinch zooms and one-finger drag pans without placing anything', async () => {
  const app = await openApp(env, PHONE, { profiles: ['Ada'], game: 'base' });
  const { page, context } = app;
  await startGame(app);
  await page.locator('.cell.legal').first().waitFor();
  await settle(page);
  const scale = () => page.evaluate(() => new DOMMatrix(document.querySelector('#screen-game .world').getAttribute('transform').replace('matrix(', 'matrix(').replace(/ /g, ',')).a);
  const box = await page.locator('.board-host').boundingBox();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const s0 = await scale();
  const cdp = await context.newCDPSession(page);
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  await touch('touchStart', [[cx - 30, cy], [cx + 30, cy]]);
  for (let i = 1; i <= 5; i++) await touch('touchMove', [[cx - 30 - 16 * i, cy], [cx + 30 + 16 * i, cy]]);
  await touch('touchEnd', []);
  await settle(page);
  const s1 = await scale();
  assert.ok(s1 > s0 * 1.5, `pinch out zooms in (${s0} → ${s1})`);
  const unpanned = await page.evaluate(() => document.querySelector('#screen-game .world').getAttribute('transform'));
  await touch('touchStart', [[cx, cy]]);
  for (let i = 1; i <= 5; i++) await touch('touchMove', [[cx + 12 * i, cy + 8 * i]]);
  await touch('touchEnd', []);
  await settle(page);
  assert.notEqual(await page.evaluate(() => document.querySelector('#screen-game .world').getAttribute('transform')), unpanned, 'drag pans');
  assert.equal(await page.locator('.preview').count(), 0, 'a drag is not a tap: nothing was selected');
  await context.close();
});

test('desktop: keyboard only — cycle cells, rotate, confirm, no figure; wheel zoom; overlay; drawer; hint; undo', async () => {
  // The recording: the app starts with a late game saved; resumed, the first cell at its
  // second rotation, undone; the hint, played; no figure.
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'hint-undo', resume: true });
  const { page, problems, context } = app;
  await page.locator('.resume').getByRole('button', { name: 'Resume' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.cell.legal').first().waitFor();
  await page.locator('.board-svg').first().focus();
  await page.keyboard.press('n');
  await page.locator('.preview').waitFor();
  await page.keyboard.press('r');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
  assert.equal(await panelState(page), 'place_figure');
  // Undo goes back to the tile decision.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.locator('.cell.legal').first().waitFor();
  // The hint shows its move as a selection; the player still confirms.
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.locator('.hint-note').waitFor();
  await page.locator('.preview').waitFor();
  await page.locator('button.confirm').click();
  await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
  await page.getByRole('button', { name: 'No figure' }).click();
  await page.locator('.cell.legal').first().waitFor();
  assert.equal(await page.evaluate(() => window.__DOUBLE__.expected()), null, 'the recorded turn was played as recorded');
  // Wheel zoom.
  const t0 = await page.locator('#screen-game .world').getAttribute('transform');
  const box = await page.locator('.board-host').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  // The board settles its drawn camera shortly after the last wheel turn (motion.js's layer).
  await page.waitForFunction((t) => document.querySelector('#screen-game .world').getAttribute('transform') !== t, t0);
  assert.notEqual(await page.locator('#screen-game .world').getAttribute('transform'), t0);
  // Ownership overlay and the remaining-tiles drawer.
  await page.getByRole('button', { name: 'Owners' }).click();
  assert.equal(await page.getByRole('button', { name: 'Owners' }).getAttribute('aria-pressed'), 'true');
  await page.locator('.tools').getByRole('button', { name: 'Hint' }).isVisible();
  await page.getByRole('button', { name: /tiles left/ }).click();
  await page.locator('dialog.drawer[open]').waitFor();
  await shot(page, 'desktop-10-drawer');
  const counted = await page.locator('.remaining li').count();
  const view = await page.evaluate(() => window.__DOUBLE__.view());
  assert.equal(counted, view.remaining.byType.length, 'every land type of the set in play');
  await page.keyboard.press('Escape');
  await shot(page, 'desktop-11-overlay');
  assert.deepEqual(problems, []);
  await context.close();
});

test('errors from the app are shown in words with their code', async () => {
  const app = await openApp(env, PHONE, { profiles: ['Ada'], game: 'base', refuseMoves: true });
  const { page, context, press } = app;
  await startGame(app);
  await press(page.locator('.cell.legal').first());
  await press(page.locator('button.confirm'));
  const toast = page.locator('.toast.error');
  await toast.waitFor();
  // The app's message id and parameters, worded by the UI's catalogue.
  assert.match(await toast.innerText(), /Move refused: Illegal placement: tile \w+ at \(-?\d+, -?\d+\) rotation \d+: its edges do not match the neighbours\./);
  assert.equal(await toast.getAttribute('data-code'), 'move/illegal');
  await shot(page, 'phone-12-error');
  // The screen stays usable: the same decision is offered again.
  assert.equal(await panelState(page), 'place_tile');
  await context.close();
});

test('a move the recording does not expect fails loudly with the expected one', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'base' });
  const { page, context, press } = app;
  await startGame(app);
  const expected = await page.evaluate(() => window.__DOUBLE__.expected().args.move);
  const cells = await page.locator('.cell.legal').evaluateAll((cs) => cs.map((c) => [+c.dataset.x, +c.dataset.y]));
  const [x, y] = cells.find(([cx, cy]) => cx !== expected.x || cy !== expected.y);
  await press(page.locator(`.cell.legal[data-x="${x}"][data-y="${y}"]`));
  await press(page.locator('button.confirm'));
  const toast = page.locator('.toast.error[data-code="fixture/unexpected"]');
  await toast.waitFor();
  assert.match(await toast.innerText(), new RegExp(`"x":${expected.x},"y":${expected.y}`));
  await context.close();
});

test('resigning asks first, then ends the game as resigned', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'resigned' });
  const { page, context } = app;
  await startGame(app);
  await page.locator('.cell.legal').first().waitFor();
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Resign' }).click();
  await page.locator('.end-dialog[open]').waitFor();
  assert.match(await page.locator('#end-title').innerText(), /resigned/);
  await context.close();
});

test('an AI event delivered after the answer does not replace the newer view', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'base', lateEvents: true });
  const { page, press, context } = app;
  await startGame(app);
  for (let turn = 0; turn < 3; turn++) {
    assert.equal(await playOne(page, press), 'place_tile');
    assert.equal(await playOne(page, press), 'place_figure');
    await page.locator('.drawn-tile').waitFor();
    await idle(page);
    assert.equal(await panelState(page), 'place_tile', 'still the human\'s turn after a late event');
    const shown = await page.locator('#screen-game .tile').count();
    const view = await page.evaluate(() => window.__DOUBLE__.view());
    assert.equal(shown, view.tiles.length, 'the board shows the answer\'s position');
  }
  await context.close();
});

test('phone: the figure decision shows the new tile close up, its spots easy to tap', async () => {
  const app = await openApp(env, PHONE, { profiles: ['Ada'], game: 'base' });
  const { page, press, context } = app;
  await startGame(app);
  for (let turn = 0; turn < 3; turn++) {
    await page.locator('.cell.legal').first().waitFor();
    await settle(page);
    assert.equal(await playOne(page, press), 'place_tile');
    await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
    await settle(page);
    const tile = await page.locator('.mark.last').boundingBox();
    assert.ok(tile.width >= 150, `the new tile is drawn ${tile.width} px wide`);
    const host = await page.locator('#screen-game .board-host').boundingBox();
    assert.ok(tile.x >= host.x && tile.x + tile.width <= host.x + host.width + 1, 'and fully in view');
    if (turn === 0) await shot(page, 'phone-17-figure-close-up');
    assert.equal(await playOne(page, press), 'place_figure');
  }
  await context.close();
});

test('a new game started while the AI plays takes over the screen cleanly', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'base', aiDelay: 600 });
  const { page, press, problems, context } = app;
  await startGame(app);
  // The recorded first turn: its tile, then its figure decision, after which the AI plays.
  assert.equal(await playOne(page, press), 'place_tile');
  await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
  const figure = await page.evaluate(() => window.__DOUBLE__.expected().args.move);
  if (figure.type === 'no_figure') {
    await press(page.getByRole('button', { name: 'No figure' }));
  } else {
    const d = (await page.evaluate(() => window.__DOUBLE__.view())).decision;
    await press(page.locator(`.spot[data-spot="${d.x},${d.y},${figure.on}"]`));
    await press(page.locator('button.confirm'));
  }
  await page.locator('.action-panel .waiting').waitFor();
  await press(page.getByRole('button', { name: /Back to the menu/ }));
  await startGame(app, { wait: false });
  await page.locator('.cell.legal').first().waitFor();
  // The old game's answer comes after its AI decisions (600 ms each), refused as replaced:
  // the double has answered it (and every other command) once it is idle.
  await idle(page);
  assert.equal(await panelState(page), 'place_tile');
  assert.equal(await page.locator('#screen-game .tile').count(), 1, 'the new game shows only its start tile');
  assert.equal(await page.locator('.toast.error').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});
