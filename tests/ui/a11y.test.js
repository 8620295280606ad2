// An accessibility audit (issue 24, item 14): axe-core runs in the page on every screen — the
// start screen, the history, a reviewed match's replay with a move of its review picked, the
// profile, help, settings, the Learn list and a lesson, the game screen at a tile, a figure
// and a wagon decision, the tiles-left drawer, the resign question and the end dialog — in
// the light and the dark theme (the `theme` setting), at desktop and phone sizes. Any
// violation of impact "serious" or "critical" fails the test; all of them are printed, by
// screen, with the elements concerned.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openApp, startGame, playOne, panelState, settle, waitForPanel } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';

const AXE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const REVIEWED = transcript('review').find((s) => s.cmd === 'review_start' && s.ok).args.id;

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

/** Runs axe on the page at rest; returns its serious and critical violations, named by `where`. */
async function audit(page, where) {
  await settle(page);
  // Evaluated through the browser's protocol, so the page's CSP (script-src 'self') allows it.
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 300)}`),
    }));
  });
  return found.map((v) => ({ where, ...v }));
}

const report = (violations) => violations.map((v) => `${v.where}: ${v.impact} ${v.id} (${v.help})\n    ${v.nodes.join('\n    ')}`).join('\n');

/** Opens the phone's sheet if `locator` is in it and hidden. */
async function reveal(app, locator) {
  if (await locator.isVisible()) return;
  await app.press(app.page.locator('#screen-game .sheet-toggle'));
  await locator.waitFor({ state: 'visible' });
}

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  for (const theme of ['light', 'dark']) {
    test(`${name}, ${theme} theme: no serious or critical accessibility violation on any screen`, async () => {
      const violations = [];
      const settings = { theme };

      // The menu's screens, with a reviewed match in the history.
      {
        const app = await openApp(env, device, { profiles: ['Ada'], game: 'review', played: true, reviewed: true, settings });
        const { page, press, problems, context } = app;
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        violations.push(...await audit(page, 'start'));
        await press(page.locator('.app-nav [data-nav="history"]'));
        await page.locator('#screen-history:not([hidden]) .match-list > li').first().waitFor();
        violations.push(...await audit(page, 'history'));
        await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, REVIEWED);
        await page.locator('#screen-match:not([hidden]) .win-graph svg').waitFor();
        await press(page.locator('#screen-match .rv-move .rv-pick').first());
        await page.locator('#screen-match .rv-verdict:not([hidden]) .rv-tag').waitFor();
        violations.push(...await audit(page, 'replay with a review'));
        await shot(page, `a11y-${name}-${theme}-replay`);
        for (const screen of ['profile', 'help', 'settings']) {
          await press(page.locator(`.app-nav [data-nav="${screen}"]`));
          await page.locator(`#screen-${screen}:not([hidden]) .screen-title`).waitFor();
          violations.push(...await audit(page, screen));
        }
        assert.deepEqual(problems, []);
        await context.close();
      }

      // The Learn list and a lesson.
      {
        const app = await openApp(env, device, { profiles: ['Ada'], lesson: true, settings });
        const { page, press, problems, context } = app;
        await press(page.locator('.app-nav a[data-nav="learn"]'));
        await page.locator('#screen-learn .lesson-item').first().waitFor();
        violations.push(...await audit(page, 'learn list'));
        await press(page.locator('#screen-learn .lesson-item').first());
        await page.locator('#screen-learn .cell.legal').first().waitFor();
        violations.push(...await audit(page, 'a lesson'));
        await shot(page, `a11y-${name}-${theme}-lesson`);
        assert.deepEqual(problems, []);
        await context.close();
      }

      // A game: a tile, a figure and a wagon decision, the tiles left.
      {
        const app = await openApp(env, device, { profiles: ['Ada'], game: 'abbey-mayor', settings });
        const { page, press, problems, context } = app;
        await startGame(app);
        const seen = new Set();
        for (let i = 0; i < 40 && !seen.has('move_wagon'); i++) {
          const state = await waitForPanel(page, (st) => st !== 'ai' && st !== 'none');
          if (state === 'over') break;
          if (!seen.has(state)) {
            seen.add(state);
            violations.push(...await audit(page, `game: ${state}`));
            if (state === 'move_wagon') await shot(page, `a11y-${name}-${theme}-wagon`);
          }
          if (state === 'move_wagon') break;
          await playOne(page, press);
        }
        for (const kind of ['place_tile', 'place_figure', 'move_wagon']) assert.ok(seen.has(kind), `the recording reached a ${kind} decision (${[...seen]})`);
        const left = page.locator('#screen-game button[aria-haspopup="dialog"]').first();
        await reveal(app, left);
        await press(left);
        await page.locator('dialog.drawer[open]').waitFor();
        violations.push(...await audit(page, 'tiles-left drawer'));
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('dialog[open]'));
        assert.deepEqual(problems, []);
        await context.close();
      }

      // The resign question and the end dialog, on the recording of a resigned game.
      {
        const app = await openApp(env, device, { profiles: ['Ada'], game: 'resigned', settings });
        const { page, press, problems, context } = app;
        await startGame(app);
        const resign = page.locator('#screen-game').getByRole('button', { name: 'Resign' });
        await reveal(app, resign);
        await press(resign);
        await page.locator('dialog[open]').getByRole('button', { name: 'Resign' }).waitFor();
        violations.push(...await audit(page, 'resign question'));
        await press(page.locator('dialog[open]').getByRole('button', { name: 'Resign' }));
        await page.locator('.end-dialog[open]').waitFor();
        violations.push(...await audit(page, 'end dialog'));
        await shot(page, `a11y-${name}-${theme}-end`);
        assert.equal(await panelState(page), 'over');
        assert.deepEqual(problems, []);
        await context.close();
      }

      assert.equal(violations.length, 0, `serious or critical accessibility violations:\n${report(violations)}`);
    });
  }
}
