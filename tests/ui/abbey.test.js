// Abbey & Mayor decisions on a prepared board: the abbey into a highlighted hole, a wagon on
// it that comes back when the abbey is surrounded and moves on to a highlighted road, and
// the final abbey round with its last-chance warning.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, panelState, playOne } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

// A hole at (0, 1) below the start tile, with all eight neighbours present, so an abbey
// there is finished at once; the road of the start row stays open at both ends.
const PRESET = [
  { id: 'U', x: -1, y: 0, rotation: 0 }, { id: 'U', x: 1, y: 0, rotation: 0 },
  { id: 'B', x: -1, y: 1, rotation: 0 }, { id: 'B', x: 1, y: 1, rotation: 0 },
  { id: 'B', x: -1, y: 2, rotation: 0 }, { id: 'B', x: 0, y: 2, rotation: 0 }, { id: 'B', x: 1, y: 2, rotation: 0 },
];

test('phone: the abbey into a hole, a wagon on it, the wagon moves on after scoring', async () => {
  const { page, press, problems, context } = await openApp(env, PHONE, { profiles: ['Ada'], pileSize: 20, preset: PRESET });
  await press(page.getByRole('button', { name: 'Start as Ada' }));
  await page.locator('.cell.hole').waitFor();
  assert.equal(await panelState(page), 'draw_or_abbey');
  assert.equal(await page.locator('.cell.hole').count(), 1, 'the one hole is highlighted');
  await shot(page, 'phone-20-abbey-offer');
  await press(page.locator('.cell.hole'));
  await page.locator('.preview').waitFor();
  await press(page.getByRole('button', { name: 'Place abbey here' }));
  await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
  // Only a monk (follower) or the wagon may go on the abbey.
  const kinds = await page.locator('.action-panel .seg').allInnerTexts();
  assert.deepEqual(kinds.map((k) => k.trim()), ['Follower', 'Wagon']);
  const hit = await page.locator('.spot-hit').first().boundingBox();
  assert.ok(hit.width >= 43.5 && hit.height >= 43.5, `a figure spot is a 44 px touch target (${hit.width})`);
  await press(page.getByRole('radio', { name: 'Wagon' }));
  await press(page.locator('.spot').first());
  await press(page.locator('button.confirm'));
  await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('wagon comes back'));
  assert.equal(await panelState(page), 'move_wagon');
  await page.waitForTimeout(150);
  await shot(page, 'phone-21-wagon-targets');
  const targets = await page.locator('.spot').count();
  assert.ok(targets >= 1, 'wagon targets are highlighted');
  await press(page.locator('.spot').first());
  await press(page.locator('button.confirm'));
  await page.waitForFunction(() => [...document.querySelectorAll('.log-item')].some((e) => e.textContent.includes('wagon moved')));
  const played = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play').map((c) => c.args.move));
  assert.equal(played[0].type, 'abbey');
  assert.deepEqual(played[1], { type: 'figure', kind: 'wagon', on: 'monastery' });
  assert.equal(played[2].type, 'wagon');
  assert.ok(played[2].to, 'the wagon moved on rather than going home');
  assert.match(await page.locator('.scoreboard .player').first().getAttribute('aria-label'), /Ada.*: 9 points/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('desktop: the final abbey round warns that it is the last chance', async () => {
  const { page, press, context } = await openApp(env, DESKTOP, { profiles: ['Ada'], pileSize: 4, preset: PRESET });
  await press(page.getByRole('button', { name: 'Start as Ada' }));
  await page.locator('.cell.hole').waitFor();
  let sawWarning = false;
  const check = async (state) => {
    if (state === 'final_abbey' && !sawWarning) {
      sawWarning = true;
      assert.match(await page.locator('.action-panel .warning').innerText(), /Last chance/);
      assert.ok(await page.locator('.cell.hole').count() >= 1, 'the holes are highlighted');
      await page.waitForTimeout(400);
      const inView = await page.evaluate(() => {
        const host = document.querySelector('#screen-game .board-host').getBoundingClientRect();
        return [...document.querySelectorAll('.cell.hole')].every((c) => {
          const r = c.getBoundingClientRect();
          return r.left >= host.left && r.right <= host.right && r.top >= host.top && r.bottom <= host.bottom;
        });
      });
      assert.ok(inView, 'the camera shows every hole, even after a close-up on a figure');
      await shot(page, 'desktop-22-final-abbey');
    }
  };
  for (let i = 0; i < 400; i++) {
    if ((await playOne(page, press, () => true, check)) === 'over') break;
  }
  assert.ok(sawWarning, 'the final abbey offer was shown');
  const moves = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play').map((c) => c.args.move.type));
  assert.ok(moves.includes('draw') && moves.includes('pass'));
  await context.close();
});
