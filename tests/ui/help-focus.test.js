// Two defects of issue 24 around the game screen, in headless Chromium on recorded games:
// a "?" help's highlight left on the board once its decision was made (item 5), and the
// dialogs' first focus (item 9): the end dialog opened with the focus on "Cancel review", so
// Enter cancelled the review.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';

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

