// Two defects of issue 24 around the game screen, in headless Chromium on recorded games:
// a "?" help's highlight left on the board once its decision was made (item 5), and the
// dialogs' first focus (item 9): the end dialog opened with the focus on "Cancel review", so
// Enter cancelled the review.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const lit = (page) => page.locator('#screen-game .layer-highlight .hl').count();
const decision = (page) => page.evaluate(() => window.__DOUBLE__.view().decision);

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: a "?" help's highlight goes with its decision, confirmed without Close, and stays gone after Menu and back`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'abbey-mayor' });
    const { page, press, problems, context } = app;
    await startGame(app);
    // The recording's first figure decision offers the mayor.
    while ((await decision(page)).kind !== 'place_figure') await playOne(page, press);
    const d = await decision(page);
    assert.ok(d.byKind.mayor.length, 'the recorded decision offers the mayor');
    await press(page.locator('.action-panel').getByRole('radio', { name: 'Mayor' }));
    await press(page.getByRole('button', { name: /^Help: / }));
    await page.locator('#screen-game .help-pop').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('#screen-game .layer-highlight .hl').length > 0);
    assert.equal(await lit(page), d.byKind.mayor.length, 'the mayor\'s spots are highlighted');
    await shot(page, `${name}-help-highlight-open`);
    // The recorded move is made without closing the help: the next decision comes, and the
    // highlight has gone with the help.
    await playOne(page, press);
    assert.notDeepEqual(await decision(page), d, 'another decision');
    assert.equal(await page.locator('#screen-game .help-pop').count(), 0);
    assert.equal(await lit(page), 0, 'nothing highlighted any more');
    // Menu, then back to the game: still nothing.
    await press(page.locator('.game-bar').getByRole('button', { name: 'Back to the menu' }));
    await page.locator('#screen-start:not([hidden]) .screen-title').waitFor();
    await page.evaluate(() => { location.hash = '#/game'; });
    await page.locator('#screen-game:not([hidden]) .action-panel button').first().waitFor();
    assert.equal(await lit(page), 0, 'nothing highlighted after Menu and back');
    await shot(page, `${name}-help-highlight-after`);
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
const focused = (page) => page.evaluate(() => { const a = document.activeElement; return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''} ${a.textContent.trim().slice(0, 40)}`; });

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the end dialog opens with the focus on its heading: Enter cancels nothing; the resign question likewise`, async () => {
    // A finished match whose review runs (the recording has no news of it): its progress and
    // "Cancel review" come first in the dialog.
    const view = finalView('base');
    assert.ok(view.over && view.result.matchId, 'the recording ends the game');
    const { page, problems, context } = await openApp(env, device, { profiles: ['Ada'], game: 'base', played: true });
    await page.evaluate((v) => import('/js/dialogs.js').then((m) => m.showEnd(v)), view);
    await page.locator('.end-dialog[open] .review-progress[data-state="running"]').waitFor();
    assert.match(await focused(page), /^h2#end-title /, 'the heading has the focus');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'review_cancel').length), 0, 'Enter cancels no review');
    assert.equal(await page.locator('.end-dialog[open] .review-progress').getAttribute('data-state'), 'running');
    // Tab goes on to the dialog's controls.
    await page.keyboard.press('Tab');
    assert.match(await focused(page), /^(button|a) /);
    await shot(page, `${name}-end-focus`);
    await page.evaluate(() => document.querySelector('.end-dialog[open]').close());
    // The resign question: the focus on its heading too, so Enter resigns nothing.
    await page.evaluate(() => import('/js/dialogs.js').then((m) => { window.__resign = null; m.confirmResign().then((yes) => { window.__resign = yes; }); }));
    await page.locator('dialog[open] #dlg-title').waitFor();
    assert.match(await focused(page), /^h2#dlg-title /);
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('dialog[open] #dlg-title').count(), 1, 'still asking');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.__resign !== null);
    assert.equal(await page.evaluate(() => window.__resign), false);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
