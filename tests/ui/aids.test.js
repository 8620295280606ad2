// The board-reading aids in headless Chromium, desktop and phone: the dead squares the view
// lists are marked on the board, the tiles drawer shows each type's chance, a tap on a placed
// tile shows the recorded odds, and the switch hides all of it and is remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, settle, idle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';
import { oddsText, percent } from '../../ui/js/text.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

/** The hint-undo transcript's recorded game_odds answers (made at the resumed position). */
const ODDS = transcript('hint-undo').filter((s) => s.cmd === 'game_odds');

async function resumeLate(app) {
  const { page, press } = app;
  await press(page.locator('.resume').getByRole('button', { name: 'Resume' }));
  await page.locator('.cell.legal').first().waitFor();
  await settle(page);
  return page.evaluate(() => window.__DOUBLE__.view());
}

/** Taps (or clicks) the board at the anchor-ish point of a placed tile's location `on`. */
async function tapFeature(app, x, y, on) {
  const { page } = app;
  const pt = await page.evaluate((at) => {
    const g = document.querySelector(`.tile[data-cell="${at.x},${at.y}"]`);
    const r = g.getBoundingClientRect();
    return { w: r.width, h: r.height, left: r.left, top: r.top };
  }, { x, y });
  const off = { N: [0.5, 0.12], E: [0.88, 0.5], S: [0.5, 0.88], W: [0.12, 0.5], monastery: [0.5, 0.5] }[on] ?? [0.5, 0.5];
  const px = pt.left + pt.w * off[0];
  const py = pt.top + pt.h * off[1];
  if (app.touch) await page.touchscreen.tap(px, py); else await page.mouse.click(px, py);
}

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: dead squares, chances and odds are shown; the switch hides them and is remembered`, async () => {
    assert.ok(ODDS.length >= 3, 'the transcript records game_odds answers');
    const app = { ...(await openApp(env, device, { profiles: ['Ada'], game: 'hint-undo', resume: true })), touch: !!device.hasTouch };
    const { page, problems, press } = app;
    const view = await resumeLate(app);
    assert.ok(view.aids, 'the view carries the aids');
    const dead = view.aids.dead;
    assert.ok(dead.length > 0, 'the late position has dead squares');
    // The odds answers agree with the marking: a feature a dead square lists is doomed by
    // it, and a doomed answer names only dead squares.
    const deadAt = new Set(dead.map((d) => `${d.x},${d.y}`));
    for (const s of ODDS.filter((r) => r.ok)) {
      const listed = dead.filter((d) => d.features.some((f) => `${f.x},${f.y},${f.on}` === `${s.args.x},${s.args.y},${s.args.on}`));
      if (listed.length) assert.ok(s.ok.doomed && listed.every((d) => s.ok.dead.some((c) => c.x === d.x && c.y === d.y)), JSON.stringify(s.args));
      assert.ok(s.ok.dead.every((c) => deadAt.has(`${c.x},${c.y}`)));
      assert.equal(s.ok.doomed, s.ok.dead.length > 0);
    }
    assert.ok(ODDS.some((r) => r.ok?.doomed), 'a doomed feature\'s odds are recorded');

    // The marks sit exactly where the view lists dead squares.
    await page.locator('.dead-square').first().waitFor();
    const marks = await page.locator('.dead-square').evaluateAll((els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`).sort());
    assert.deepEqual(marks, dead.map((d) => `${d.x},${d.y}`).sort());
    const doomed = new Set(dead.flatMap((d) => d.features.map((f) => `${f.x},${f.y},${f.on}`)));
    assert.equal(await page.locator('[data-doomed]').count(), doomed.size);
    // Dead squares are not offered as legal cells.
    const legal = await page.locator('.cell.legal').evaluateAll((els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`));
    assert.ok(!legal.some((c) => marks.includes(c)));
    await page.locator('.zoom-ctl button[aria-label="Fit the board to the screen"]').click();
    await settle(page);
    await shot(page, `${name}-aids-01-dead-squares`);

    // The drawer: each unseen type's chance to come next.
    await press(page.locator('.game-bar').getByRole('button', { name: /tiles left/ }));
    await page.locator('.drawer[open] .remaining').waitFor();
    const chances = await page.locator('.drawer .chance').evaluateAll((els) => els.map((e) => [e.dataset.tile, e.textContent]));
    assert.deepEqual(chances, view.aids.unseen.map((u) => [u.id, `${percent(u.chance)} next`]));
    await shot(page, `${name}-aids-02-drawer`);
    await page.keyboard.press('Escape');
    await page.locator('.drawer[open]').waitFor({ state: 'detached' }).catch(() => {});
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));

    // A tap on a placed tile (not a legal cell) shows the recorded odds of the feature there.
    const ok = ODDS.filter((s) => s.ok && ['N', 'E', 'S', 'W', 'monastery'].includes(s.args.on));
    let shown = null;
    for (const s of ok) {
      await tapFeature(app, s.args.x, s.args.y, s.args.on);
      const pop = page.locator('.odds-pop:not([hidden])');
      try { await pop.waitFor({ timeout: 1500 }); } catch { continue; }
      const at = await pop.getAttribute('data-at');
      const rec = ODDS.find((r) => r.ok && `${r.args.x},${r.args.y},${r.args.on}` === at);
      if (!rec) continue;
      assert.equal(await pop.locator('.odds-text').textContent(), oddsText(rec.ok));
      shown = rec;
      break;
    }
    assert.ok(shown, 'a tap on a placed tile showed the odds of a recorded feature');
    await shot(page, `${name}-aids-03-odds`);
    assert.equal(await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_play').length), 0, 'looking sends no move');

    // The switch hides every aid and is saved in the settings.
    await press(page.locator('.game-bar .aids-toggle'));
    await page.waitForFunction(() => !document.querySelector('.dead-square') && !document.querySelector('[data-doomed]'));
    assert.ok(await page.locator('.odds-pop').isHidden());
    assert.equal((await page.evaluate(() => window.__DOUBLE__.settings())).boardAids, false);
    await press(page.locator('.game-bar').getByRole('button', { name: /tiles left/ }));
    await page.locator('.drawer[open] .remaining').waitFor();
    assert.equal(await page.locator('.drawer .chance').count(), 0);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await tapFeature(app, shown.args.x, shown.args.y, shown.args.on);
    await idle(page);
    assert.ok(await page.locator('.odds-pop').isHidden(), 'no odds with the aids off');
    await shot(page, `${name}-aids-04-off`);
    assert.deepEqual(problems, []);
    await app.context.close();
  });
}

test('the odds popover words a doomed feature', () => {
  const o = (fields) => ({ kind: 'road', completion: 'several_tiles', count: 0, unseen: 10, chance: 0, inHand: false, tiles: [], cell: null, doomed: true, dead: [{ x: 1, y: -4 }], abbeyMayFill: false, ...fields });
  assert.equal(oddsText(o({})), 'It can no longer be completed: no tile still to come fits the square marked ✕.');
  assert.equal(oddsText(o({ completion: 'one_tile', cell: { x: 1, y: -4 } })), 'It can no longer be completed: no tile still to come fits the square marked ✕.');
  assert.equal(oddsText(o({ kind: 'monastery', dead: [{ x: 1, y: -4 }, { x: 2, y: -4 }, { x: 0, y: 3 }] })),
    'It can no longer be completed: no tile still to come fits the 3 squares marked ✕.');
  assert.equal(oddsText(o({ abbeyMayFill: true })), 'No tile still to come fits the square marked ✕: only an abbey filling it could complete it.');
  assert.equal(oddsText(o({ abbeyMayFill: true, dead: [{ x: 1, y: -4 }, { x: 0, y: 3 }] })),
    'No tile still to come fits the 2 squares marked ✕: only an abbey filling them could complete it.');
  // Not doomed: as before.
  assert.equal(oddsText(o({ doomed: false, dead: [] })), 'It needs more than one tile to be completed.');
});

test('the setup screen remembers the last set-up and the aids switch after a relaunch', async () => {
  const settings = { boardAids: false, lastSetup: { opponents: [{ level: 'hard' }, { level: 'random' }, { level: 'easy' }], abbeyMayor: false } };
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'setup', settings });
  const { page, problems } = app;
  await page.locator('#opp-2').waitFor();
  assert.deepEqual(await page.evaluate(() => [0, 1, 2].map((i) => document.getElementById(`opp-${i}`).value)), ['hard', 'random', 'easy']);
  assert.equal(await page.locator('#opp-3').count(), 0);
  assert.equal(await page.isChecked('#abbey-mayor'), false);
  assert.equal(await page.isChecked('#board-aids'), false);
  await page.check('#board-aids');
  await page.waitForFunction(() => window.__DOUBLE__.settings().boardAids === true);
  assert.deepEqual(problems, []);
  await app.context.close();

  // With no settings saved yet: the defaults.
  const fresh = await openApp(env, PHONE, { profiles: ['Ada'], game: 'setup' });
  await fresh.page.locator('#opp-0').waitFor();
  assert.equal(await fresh.page.locator('#opp-1').count(), 0);
  assert.equal(await fresh.page.isChecked('#board-aids'), true);
  await fresh.context.close();
});

test('a new game saves its set-up in the settings, as the app does', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'setup' });
  const { page, press } = app;
  const cfg = transcript('setup').find((s) => s.cmd === 'game_new').args.config;
  await press(page.getByRole('radiogroup', { name: 'Number of opponents' }).getByRole('radio', { name: String(cfg.opponents.length), exact: true }));
  for (const [i, o] of cfg.opponents.entries()) await page.selectOption(`#opp-${i}`, o.level);
  if (cfg.abbeyMayor) await page.check('#abbey-mayor'); else await page.uncheck('#abbey-mayor');
  await press(page.locator('details.more summary'));
  await page.fill('#seed', String(cfg.seed));
  await press(page.getByRole('button', { name: /^Start as / }));
  await page.waitForFunction(() => window.__DOUBLE__.view());
  const saved = await page.evaluate(() => window.__DOUBLE__.settings());
  assert.deepEqual(saved.lastSetup, { opponents: cfg.opponents, abbeyMayor: cfg.abbeyMayor });
  await app.context.close();
});
