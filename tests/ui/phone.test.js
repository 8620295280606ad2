// Phone first (issue 12, item 4), in headless Chromium at a phone in portrait (390×844), a
// phone in landscape (844×390) and a tablet (820×1180), on recorded games: the board's share
// of the screen while a tile is placed, Rotate and Confirm within thumb reach, nothing wider
// than the screen, the sheet with the scoreboard and the log (opened and closed by tap and by
// keyboard), and the wagon's six targets in a bounded list with the prompt and Confirm in view.
// Screenshots in light and dark go to test-output/ui/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne, panelState, settle } from './support/harness.js';
import { PHONE, PHONE_LANDSCAPE, TABLET, shot } from './support/browser.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const PORTRAIT = { ...PHONE, viewport: { width: 390, height: 844 } };
const LANDSCAPE = { ...PHONE_LANDSCAPE, viewport: { width: 844, height: 390 } };
const TABLET_PORTRAIT = { ...TABLET, viewport: { width: 820, height: 1180 } };
const SIZES = [['portrait', PORTRAIT], ['landscape', LANDSCAPE], ['tablet', TABLET_PORTRAIT]];
/** The board's least share of the screen while a tile is placed. */
const SHARE = { portrait: 0.75, landscape: 0.55, tablet: 0.58 };

const setTheme = (page, theme) => page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);

/** Visible elements of the game screen that reach past the window's sides (the board's drawing aside). */
const overflowing = (page) => page.evaluate(() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > w) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const el of document.querySelectorAll('#screen-game *')) {
    if (el.closest('.board-host')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (r.left < -1 || r.right > w + 1) out.push(`${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
  }
  return out;
});

/** Whether the element is inside the window and is what a tap at its middle reaches. */
const reachable = (locator) => locator.evaluate((el) => {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5 || !r.width) return false;
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!hit && (hit === el || el.contains(hit));
});

for (const [name, device] of SIZES) {
  test(`${name}: the board gets the screen while a tile is placed; Rotate and Confirm in reach; nothing too wide; side panels beyond portrait`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'base' });
    const { page, press, problems, context } = app;
    await startGame(app);
    await page.locator('.cell.legal').first().waitFor();
    assert.equal(await panelState(page), 'place_tile');
    await press(page.locator('.cell.legal').first());
    await page.locator('.preview').waitFor();
    const { width, height } = device.viewport;
    const board = await page.locator('#screen-game .board-wrap').boundingBox();
    const share = (board.width * board.height) / (width * height);
    assert.ok(share >= SHARE[name], `${name}: the board has ${(share * 100).toFixed(1)}% of the screen (at least ${Math.round(SHARE[name] * 100)}%)`);

    const confirm = page.locator('.action-panel button.confirm');
    const rotate = page.locator('.action-panel').getByRole('button', { name: '⟳ Rotate' });
    for (const b of [confirm, rotate]) assert.ok(await reachable(b), `${name}: ${await b.innerText()} is on screen, not covered`);
    if (name === 'portrait') {
      // One-handed: Rotate and Confirm in the bottom third, with nothing under them but the edge.
      for (const b of [confirm, rotate]) {
        const r = await b.boundingBox();
        assert.ok(r.y >= (height * 2) / 3, `${await b.innerText()} is in the bottom third (top at ${Math.round(r.y)} of ${height})`);
        assert.ok(r.y + r.height >= height - 64, `${await b.innerText()} is at the bottom (ends at ${Math.round(r.y + r.height)} of ${height})`);
      }
      // Whose turn it is and the scores, in one line above the panel.
      const bar = page.locator('.sheet-toggle');
      assert.ok(await reachable(bar));
      assert.match(await bar.innerText(), /^Your turn\s+0\s+0/);
      assert.equal((await bar.boundingBox()).height <= 52, true, 'the compact bar is one line');
    } else {
      // A side panel: the decision beside the board, not under it.
      const panel = await page.locator('.action-panel').boundingBox();
      assert.ok(panel.x >= board.x + board.width - 1, `${name}: the panel is beside the board`);
    }
    if (name === 'tablet') {
      // Room enough: the scoreboard and the log in the side column, the panel under the scoreboard; no sheet.
      assert.equal(await page.locator('.sheet-toggle').isVisible(), false);
      assert.equal(await page.locator('.scoreboard').isVisible(), true);
      assert.equal(await page.locator('.log-box').isVisible(), true);
      const score = await page.locator('.scoreboard').boundingBox();
      assert.ok((await page.locator('.action-panel').boundingBox()).y > score.y + score.height - 1);
    }
    assert.deepEqual(await overflowing(page), [], `${name}: nothing reaches past the screen's sides`);
    for (const theme of ['light', 'dark']) {
      await setTheme(page, theme);
      await settle(page);
      await shot(page, `phone-${name}-placing-${theme}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [name, device] of [['portrait', PORTRAIT], ['landscape', LANDSCAPE]]) {
  test(`${name}: the sheet with the scoreboard and the log opens and closes, by tap and by keyboard`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'base' });
    const { page, press, problems, context } = app;
    await startGame(app);
    for (let i = 0; i < 4; i++) await playOne(page, press);
    const toggle = page.locator('.sheet-toggle');
    const sheet = page.locator('#game-sheet');
    const scoreboard = page.locator('.scoreboard');
    const log = page.locator('.log-box');
    // Closed: the board shows; the scoreboard and the log wait behind the compact bar.
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await scoreboard.isVisible(), false, 'the scoreboard is in the closed sheet');
    assert.equal(await log.isVisible(), false, 'the log is in the closed sheet');

    // A tap opens it: the whole scoreboard and the log; the decision's panel is still in view.
    await press(toggle);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await sheet.isVisible(), true);
    assert.equal(await scoreboard.locator('.player').count(), 2);
    assert.ok(await reachable(scoreboard.locator('.player').first()), 'the scoreboard is on screen');
    assert.ok(await log.locator('.log-item').count() > 0);
    assert.equal(await log.isVisible(), true);
    assert.ok(await reachable(page.locator('.action-panel .prompt')), 'the prompt stays in view');
    assert.deepEqual(await overflowing(page), []);
    for (const theme of ['light', 'dark']) {
      await setTheme(page, theme);
      await settle(page);
      await shot(page, `phone-${name}-sheet-${theme}`);
    }
    await setTheme(page, 'light');
    // Another tap closes it.
    await press(toggle);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await sheet.isVisible(), false);

    // The keyboard: Enter on the bar's button opens it, Escape closes it and gives the focus back.
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await sheet.isVisible(), true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await sheet.isVisible(), false);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'the focus is back on the bar');
    // Space opens it again; a tap on the board closes it without playing anything.
    await page.keyboard.press(' ');
    assert.equal(await sheet.isVisible(), true);
    const calls = await page.evaluate(() => window.__DOUBLE__.calls.length);
    // (Where the sheet leaves the board in view: its top edge in portrait, its left side in landscape.)
    const host = await page.locator('.board-host').boundingBox();
    await page.locator('.board-host').tap({ position: name === 'portrait' ? { x: host.width / 2, y: 6 } : { x: 20, y: host.height / 2 } });
    assert.equal(await sheet.isVisible(), false, 'a tap on the board closes the sheet');
    assert.equal(await page.locator('.preview').count(), 0, 'and selects nothing');
    assert.equal(await page.evaluate(() => window.__DOUBLE__.calls.length), calls);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [name, device] of [['portrait', PORTRAIT], ['landscape', LANDSCAPE]]) {
  test(`${name}: six wagon targets scroll inside the panel; the prompt and Confirm stay in view`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'abbey-mayor' });
    const { page, press, problems, context } = app;
    await startGame(app);
    let wagons = 0;
    for (let i = 0; i < 60 && wagons < 2; i++) {
      if ((await panelState(page)) === 'move_wagon' && ++wagons === 2) break;
      await playOne(page, press);
    }
    assert.equal(wagons, 2, 'the recorded wagon came back twice');
    const targets = page.locator('.action-panel .wagon-target');
    assert.equal(await targets.count(), 6);
    const prompt = page.locator('.action-panel .prompt');
    const confirm = page.locator('.action-panel button.confirm');
    const home = page.locator('.action-panel').getByRole('button', { name: 'Take it home' });
    for (const el of [prompt, confirm, home]) assert.ok(await reachable(el), `${name}: "${await el.innerText()}" is in view`);
    // The panel leaves the board most of the screen: under it in portrait, beside it in landscape.
    const panel = await page.locator('.action-panel').boundingBox();
    const board = await page.locator('#screen-game .board-wrap').boundingBox();
    if (name === 'portrait') assert.ok(panel.height <= device.viewport.height * 0.45, `the panel is ${Math.round(panel.height)} px high`);
    else assert.ok(panel.x >= board.x + board.width - 1, 'the panel is beside the board');
    // The targets scroll inside their list, not the panel or the page.
    const list = page.locator('.action-panel .spot-list');
    assert.deepEqual(await list.evaluate((l) => [getComputedStyle(l).overflowY, l.scrollHeight > l.clientHeight]), ['auto', true], 'the list scrolls');
    // The last target, scrolled to in its list, is chosen; the prompt and Confirm have not moved.
    const confirmAt = await confirm.boundingBox();
    const last = targets.last();
    await last.scrollIntoViewIfNeeded();
    await press(last);
    assert.equal(await last.getAttribute('aria-pressed'), 'true');
    assert.equal(await confirm.isEnabled(), true);
    for (const el of [prompt, confirm]) assert.ok(await reachable(el), `${name}: "${await el.innerText()}" still in view`);
    assert.deepEqual(await confirm.boundingBox(), confirmAt, 'Confirm stays where it was');
    assert.deepEqual(await overflowing(page), []);
    for (const theme of ['light', 'dark']) {
      await setTheme(page, theme);
      await settle(page);
      await shot(page, `phone-${name}-wagon-${theme}`);
    }
    await setTheme(page, 'light');
    // The recorded move still goes through.
    assert.equal(await playOne(page, press), 'move_wagon');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
