// Abbey & Mayor decisions in a recorded game (tests/fixtures/transcripts/abbey-mayor.jsonl):
// the abbey offered instead of a tile while holes exist, a wagon that comes back when its
// road is finished and moves on to a highlighted feature, and the final abbey round with its
// last-chance warning, where the abbey goes into a highlighted hole.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, panelState, playOne, recordedMove, settle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const view = (page) => page.evaluate(() => window.__DOUBLE__.view());
const sent = (page) => page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play').map((c) => c.args.move));

test('phone: the abbey is offered in the holes; a wagon comes back after scoring and moves on', async () => {
  const app = await openApp(env, PHONE, { profiles: ['Ada'], game: 'abbey-mayor' });
  const { page, press, problems, context } = app;
  await startGame(app);
  let sawOffer = false;
  let sawWagonKind = false;
  let wagonMoved = false;
  for (let i = 0; i < 400; i++) {
    const state = await panelState(page);
    const move = state === 'over' ? null : await recordedMove(page);
    if (state === 'draw_or_abbey' && !sawOffer) {
      sawOffer = true;
      const holes = (await view(page)).decision.holes;
      await page.locator('.cell.hole').first().waitFor();
      assert.equal(await page.locator('.cell.hole').count(), holes.length, 'every hole is highlighted');
      await shot(page, 'phone-20-abbey-offer');
    }
    if (state === 'place_figure' && move?.kind === 'wagon') {
      sawWagonKind = true;
      const kinds = (await page.locator('.action-panel .seg').allInnerTexts()).map((k) => k.trim());
      assert.ok(kinds.includes('Wagon'), `the wagon is offered (${kinds})`);
      const hit = await page.locator('.spot-hit').first().boundingBox();
      assert.ok(hit.width >= 43.5 && hit.height >= 43.5, `a figure spot is a 44 px touch target (${hit.width})`);
    }
    if (state === 'move_wagon' && move?.to) {
      await settle(page);
      await shot(page, 'phone-21-wagon-targets');
      const d = (await view(page)).decision;
      assert.equal(await page.locator('.spot').count(), d.targets.length, 'the wagon targets are highlighted');
      assert.equal(await playOne(page, press), 'move_wagon');
      const last = (await sent(page)).at(-1);
      assert.deepEqual(last, move, 'the wagon moved on to the tapped feature');
      const v = await view(page);
      const score = v.players[0].score;
      assert.match(await page.locator('.scoreboard .player').first().getAttribute('aria-label'), new RegExp(`Ada.*: ${score} points`));
      wagonMoved = true;
      if (sawOffer) break;
      continue;
    }
    if (sawOffer && wagonMoved) break;
    assert.notEqual(await playOne(page, press), 'over', 'the offer and the wagon came before the end');
  }
  assert.ok(sawOffer, 'the abbey was offered');
  assert.ok(sawWagonKind, 'a wagon was placed');
  assert.ok(wagonMoved, 'the wagon moved on');
  assert.deepEqual(problems, []);
  await context.close();
});

test('desktop: the final abbey round warns that it is the last chance; the abbey goes into a hole', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'abbey-mayor' });
  const { page, press, context } = app;
  await startGame(app);
  let sawWarning = false;
  const check = async (state) => {
    if (state === 'final_abbey' && !sawWarning) {
      sawWarning = true;
      assert.match(await page.locator('.action-panel .warning').innerText(), /Last chance/);
      const holes = (await view(page)).decision.holes;
      assert.equal(await page.locator('.cell.hole').count(), holes.length, 'the holes are highlighted');
      await settle(page);
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
    if ((await playOne(page, press, check)) === 'over') break;
  }
  assert.ok(sawWarning, 'the final abbey offer was shown');
  assert.equal(await page.evaluate(() => window.__DOUBLE__.expected()), null, 'every recorded move was played');
  const moves = (await sent(page)).map((m) => m.type);
  assert.ok(moves.includes('draw') && moves.includes('wagon'));
  assert.equal(moves.at(-1), 'abbey', 'the last move: the abbey into a hole in the final round');
  await page.locator('.end-dialog[open]').waitFor();
  await shot(page, 'desktop-24-abbey-mayor-end');
  await context.close();
});
