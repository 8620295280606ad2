// The game screen in another language without a reload (issue 13): a recorded game is
// played part way in English, then the language changes (as the settings do) and the bar,
// the panel, the scoreboard, the log and the labels are redrawn in Hungarian at once; the
// pseudo-locale marks every catalogue word, so any visible text that did not come from a
// catalogue shows up unmarked. Screenshots in Hungarian at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne, settle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const setLanguage = (page, code) => page.evaluate((c) => import('/js/i18n.js').then((m) => m.setLanguage(c)), code);
/** Waits until the human has a decision to make (no AI move running). */
const settled = (page) => page.waitForFunction(() => document.querySelector('.action-panel') && !document.querySelector('.action-panel .waiting'));
const logTexts = async (page) => (await page.locator('.log .log-text').allTextContents()).map((t) => t.trim());

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: switching to Hungarian redraws the game screen at once, without a reload`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'base' });
    const { page, press, problems, context } = app;
    await startGame(app);
    for (let i = 0; i < 8; i++) await playOne(page, press);
    await settled(page);
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => { window.__notReloaded = true; });
    const englishLog = await logTexts(page);
    assert.ok(englishLog.includes('You extend the road east and put a thief on it'), 'the recorded game\'s first move, in English');
    assert.match(await page.locator('.turn-info').textContent(), /^Turn \d+$/);

    await setLanguage(page, 'hu');
    assert.equal(await page.evaluate(() => window.__notReloaded), true, 'no reload');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hu');
    // The bar, the tools, the panel.
    assert.match(await page.locator('.turn-info').textContent(), /^\d+\. kör$/);
    assert.match(await page.locator('.game-bar .btn').first().textContent(), /Menü/);
    assert.match(await page.locator('.game-bar .btn').nth(1).textContent(), /^még \d+$/);
    assert.equal(await page.locator('.tools .btn').first().textContent(), 'Visszavonás');
    assert.equal(await page.locator('.tools .btn').nth(1).textContent(), 'Tipp');
    const panel = await page.locator('.action-panel').textContent();
    assert.match(panel, /Tedd le a lapkádat|Tegyél egy figurát|Erre a lapkára|Húzz egy lapkát|szekered/, `the panel speaks Hungarian: ${panel}`);
    assert.doesNotMatch(panel, /Place your tile|Confirm|Rotate|No figure/, 'no English left on the panel');
    assert.equal(await page.locator('.action-panel').getAttribute('aria-label'), 'A lépésed');
    // The log: the same events, in Hungarian.
    const log = await logTexts(page);
    assert.equal(log.length, englishLog.length, 'the same entries');
    assert.ok(log.includes('Meghosszabbítod az utat kelet felé, és útonállót teszel rá'), `the first move in Hungarian: ${log.slice(-3).join(' | ')}`);
    assert.ok(log.some((t) => /^Berta .* \(\d+ lapka\) elkészült: \+\d+$|^Berta /.test(t)), 'Berta\'s moves in the third person');
    assert.ok(!log.some((t) => /\b(You|extend|finishes|is finished)\b/.test(t)), 'no English in the log');
    // The scoreboard and the compact bar.
    assert.match(await page.locator('.scoreboard .player').first().getAttribute('aria-label'), /^Ada, kék kör: \d+ pont/);
    assert.match(await page.locator('.score-legend').textContent(), /ha most érne véget a játék/);
    assert.match(await page.locator('.sheet-toggle').getAttribute('aria-label'), /^Te következel [\d ]+\. Pontok: .*Eredménytábla és napló$/);
    assert.match(await page.locator('.board-svg').getAttribute('aria-label'), /^Játéktábla/);
    await settle(page);
    await shot(page, `${name}-i18n-hu-game`);
    if (name === 'phone') {
      assert.equal(await page.locator('.whose-turn').textContent(), 'Te következel');
      await press(page.locator('.sheet-toggle'));
      await page.locator('.log-box').waitFor({ state: 'visible' });
      await settle(page);
      await shot(page, `${name}-i18n-hu-sheet`);
      await press(page.locator('.sheet-toggle'));
    }
    // Playing on in Hungarian: new entries and prompts are Hungarian too.
    await setLanguage(page, 'en');
    for (let i = 0; i < 3; i++) await playOne(page, press);
    await settled(page);
    await setLanguage(page, 'hu');
    assert.ok(!(await logTexts(page)).some((t) => /\b(You|extends?|finishe[sd]|comes back)\b/.test(t)), 'the whole log in Hungarian');
    await setLanguage(page, 'en');
    assert.equal(await page.locator('.tools .btn').first().textContent(), 'Undo', 'and back to English');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('desktop: a hint shown stays, in the new language; a late game in Hungarian', async () => {
  // The recording: a late game resumed, a tile placed and undone, then the hint.
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'hint-undo', resume: true });
  const { page, problems, context } = app;
  await page.locator('.resume').getByRole('button', { name: 'Resume' }).click();
  await page.locator('.cell.legal').first().waitFor();
  await page.locator('.board-svg').first().focus();
  await page.keyboard.press('n');
  await page.locator('.preview').waitFor();
  await page.keyboard.press('r');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.action-panel')?.textContent.includes('Place a figure'));
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.locator('.cell.legal').first().waitFor();
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.locator('.hint-note', { hasText: /^Hint: / }).waitFor();
  await setLanguage(page, 'hu');
  await page.locator('.hint-note', { hasText: /^Tipp: .*Mehet/ }).waitFor();
  assert.equal(await page.locator('.hint-note').count(), 1);
  assert.match(await page.locator('.action-panel .prompt').textContent(), /^(Csak így illik ide|Forgasd el)/);
  assert.equal(await page.locator('button.confirm').textContent(), 'Mehet');
  await settle(page);
  await shot(page, 'desktop-i18n-hu-late-game');
  // The drawer of the tiles left, in Hungarian.
  await page.locator('.game-bar .btn').nth(1).click();
  await page.locator('#remaining-title', { hasText: /^Még \d+ lapka van hátra$/ }).waitFor();
  await shot(page, 'desktop-i18n-hu-drawer');
  await page.keyboard.press('Escape');
  await setLanguage(page, 'en');
  await page.locator('.hint-note', { hasText: /^Hint: / }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('pseudo-locale: every visible word of the game screen comes from a catalogue', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'base' });
  const { page, press, problems, context } = app;
  await startGame(app);
  for (let i = 0; i < 8; i++) await playOne(page, press);
  await settled(page);
  await setLanguage(page, 'qps');
  const unmarked = await page.evaluate(() => {
    const root = document.querySelector('#screen-game');
    const names = new Set(window.__DOUBLE__.view().players.map((p) => p.name));
    // Numbers, symbols and players' names need no catalogue.
    const free = (s) => /^[\d\s+\-−→×⟳‹›…·%,.:;()?!✕⤢]*$/.test(s) || names.has(s);
    const bad = [];
    let marked = 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const s = n.textContent.trim();
      const el = n.parentElement;
      if (!s || free(s) || !el.checkVisibility?.() || el.closest('[aria-hidden="true"]') && !el.closest('.score-legend')) continue;
      if (/^⟦[\s\S]*⟧$/.test(s)) marked += 1; else bad.push(s);
    }
    for (const el of root.querySelectorAll('[aria-label], [title]')) {
      for (const a of ['aria-label', 'title']) {
        const s = el.getAttribute(a)?.trim();
        if (s && !free(s) && !s.includes('⟦')) bad.push(`${a}=${s}`);
      }
    }
    return { bad, marked };
  });
  assert.deepEqual(unmarked.bad, [], 'text on the game screen that no catalogue gave');
  assert.ok(unmarked.marked >= 15, `the walk saw the screen's words (${unmarked.marked} marked)`);
  await setLanguage(page, 'en');
  assert.deepEqual(problems, []);
  await context.close();
});
