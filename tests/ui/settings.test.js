// The settings screen: the theme, the AI's pace and the board aids, each saved at once in the
// app's settings (settings_set) and applied; the pace's pauses; desktop and phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { paceMs, AI_PACES } from '../../ui/js/settings.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

test('the AI pace orders its pauses, instant has none, reduced motion caps them', () => {
  const ms = AI_PACES.map((p) => paceMs(p));
  assert.deepEqual([...ms].sort((a, b) => b - a), ms, `${ms}`);
  assert.equal(paceMs('instant'), 0);
  assert.equal(paceMs('normal'), 650);
  assert.ok(AI_PACES.every((p) => paceMs(p, true) <= 120));
  assert.equal(paceMs('unknown'), paceMs('normal'));
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the settings screen saves each choice at once and applies the theme`, async () => {
    const app = await openApp(env, { ...device, colorScheme: 'light' }, { profiles: ['Ada'] });
    const { page, press, problems, context } = app;
    await page.goto(`${env.server.url}/#/settings`);
    await page.waitForSelector('#screen-settings:not([hidden]) #settings-title');
    const saved = () => page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'settings_set').at(-1)?.args.settings);
    const group = (label) => page.getByRole('radiogroup', { name: label });

    await press(group('Colour theme').getByRole('radio', { name: 'Dark' }));
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.equal((await saved()).theme, 'dark');
    // The screen is drawn again once the app has answered.
    await page.waitForFunction(() => document.querySelector('[aria-labelledby="settings-theme"] [aria-checked="true"]')?.textContent === 'Dark');

    await press(group('AI moves').getByRole('radio', { name: 'Instant' }));
    await page.waitForFunction(() => window.__DOUBLE__.calls.some((c) => c.cmd === 'settings_set' && c.args.settings.aiPace === 'instant'));
    const s = await saved();
    assert.equal(s.theme, 'dark', 'the theme is kept');
    assert.equal(s.boardAids, true);

    await press(page.locator('label[for="settings-aids"]'));
    await page.waitForFunction(() => window.__DOUBLE__.calls.some((c) => c.cmd === 'settings_set' && c.args.settings.boardAids === false));
    assert.equal((await saved()).aiPace, 'instant', 'the pace is kept');
    await shot(page, `${name}-settings-dark`);

    // The app bar's quick switch and the screen agree.
    if (await page.locator('#theme-switch').isVisible()) {
      await press(page.locator('#theme-switch'));
      // Like the system: the switch says so, the page shows the device's theme (light here).
      await page.waitForFunction(() => document.getElementById('theme-switch').dataset.theme === 'system' && document.documentElement.dataset.theme === 'light');
      await page.waitForFunction(() => document.querySelector('[aria-labelledby="settings-theme"] [aria-checked="true"]')?.textContent === 'Like the system');
      assert.equal((await saved()).theme, 'system');
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** Replaces the page's AudioContext by one that records each tone started (its wave type). */
const FAKE_AUDIO = `window.__tones = [];
  window.AudioContext = class {
    constructor() { this.currentTime = 0; this.state = 'running'; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createGain() { const p = { setValueAtTime() {}, exponentialRampToValueAtTime() {} }; return { gain: p, connect: (x) => x }; }
    createOscillator() {
      const p = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
      const o = { type: 'sine', frequency: p, connect: (x) => x, start: () => window.__tones.push(o.type), stop() {} };
      return o;
    }
  };`;

test('desktop: sounds play on a placement and stop when switched off; animations follow their setting', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'] });
  const { page, press, problems, context } = app;
  await page.evaluate(FAKE_AUDIO);
  await startGame(app);
  await playOne(page, press);
  await page.waitForFunction(() => window.__tones.includes('triangle'));

  // Off on the settings screen: no more tones; the animations' lengths follow their setting.
  await page.goto(`${env.server.url}/#/settings`);
  await page.waitForSelector('#screen-settings:not([hidden]) #settings-title');
  await page.evaluate(FAKE_AUDIO);
  await press(page.locator('label[for="settings-sounds"]'));
  await page.waitForFunction(() => window.__DOUBLE__.calls.some((c) => c.cmd === 'settings_set' && c.args.settings.sounds === false));
  const tones = await page.evaluate(async () => {
    const { playSound } = await import('/js/sound.js');
    playSound('score');
    return window.__tones.length;
  });
  assert.equal(tones, 0, 'no sound once switched off');
  await page.emulateMedia({ reducedMotion: 'no-preference' }); // the harness asks for reduced motion
  const group = page.getByRole('radiogroup', { name: 'Animations' });
  const slide = () => page.evaluate(async () => (await import('/js/motion.js')).durationFor('slide'));
  const full = await slide();
  assert.ok(full > 0);
  await press(group.getByRole('radio', { name: 'Fast' }));
  await page.waitForFunction(() => window.__DOUBLE__.calls.some((c) => c.cmd === 'settings_set' && c.args.settings.animations === 'fast'));
  assert.equal(await slide(), Math.round(full / 2));
  await press(group.getByRole('radio', { name: 'Off' }));
  await page.waitForFunction(() => window.__DOUBLE__.calls.some((c) => c.cmd === 'settings_set' && c.args.settings.animations === 'off'));
  assert.equal(await slide(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the language switch changes the nav and the screen at once, is saved, and is kept at the next start`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'] });
    const { page, press, problems, context } = app;
    await page.goto(`${env.server.url}/#/settings`);
    await page.waitForSelector('#screen-settings:not([hidden]) #settings-title');
    const saved = () => page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'settings_set').at(-1)?.args.settings);
    // Each language is named in its own words, whichever is in use.
    const group = page.getByRole('radiogroup', { name: 'Language' });
    assert.deepEqual(await group.getByRole('radio').allInnerTexts(), ['Like the system', 'English', 'Magyar']);
    assert.equal(await group.getByRole('radio', { name: 'Like the system' }).getAttribute('aria-checked'), 'true');
    await press(group.getByRole('radio', { name: 'Magyar' }));
    // At once, without a reload: the nav, the screen and the page's language.
    await page.waitForFunction(() => document.querySelector('#settings-title')?.textContent === 'Beállítások');
    assert.equal(await page.locator('[data-nav="history"]').innerText(), 'Előzmények');
    assert.equal(await page.locator('[data-nav="help"]').innerText(), 'Súgó');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hu');
    const hu = page.getByRole('radiogroup', { name: 'Nyelv' });
    assert.deepEqual(await hu.getByRole('radio').allInnerTexts(), ['Rendszer', 'English', 'Magyar']);
    assert.equal(await hu.getByRole('radio', { name: 'Magyar' }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByRole('radiogroup', { name: 'Színséma' }).getByRole('radio', { name: 'Sötét' }).count(), 1);
    await page.waitForFunction(() => window.__DOUBLE__.settings().language === 'hu');
    const s = await saved();
    assert.equal(s.language, 'hu');
    assert.equal(s.theme, 'system', 'the other settings are kept');
    // The other screens follow.
    await page.evaluate(() => { location.hash = '#/start'; });
    await page.waitForFunction(() => document.querySelector('#screen-start:not([hidden]) #start-title')?.textContent === 'Új játék');
    assert.equal(await page.getByRole('button', { name: 'Játék indítása: Ada' }).count(), 1);
    await shot(page, `${name}-settings-language-hu`);
    await context.close();

    // The next start: the app's saved settings (as settings_get answers them) set the language before the first screen.
    const again = await openApp(env, device, { profiles: ['Ada'], settings: s });
    assert.equal(await again.page.locator('#start-title').innerText(), 'Új játék');
    assert.equal(await again.page.locator('[data-nav="start"]').innerText(), 'Játék');
    await again.page.goto(`${env.server.url}/#/settings`);
    await again.page.waitForSelector('#screen-settings:not([hidden]) #settings-title');
    // And back to English, at once.
    await again.press(again.page.getByRole('radiogroup', { name: 'Nyelv' }).getByRole('radio', { name: 'English' }));
    await again.page.waitForFunction(() => document.querySelector('#settings-title')?.textContent === 'Settings');
    assert.equal(await again.page.locator('[data-nav="history"]').innerText(), 'History');
    assert.equal(await again.page.evaluate(() => document.documentElement.lang), 'en');
    await again.page.waitForFunction(() => window.__DOUBLE__.settings().language === 'en');
    assert.deepEqual(problems, []);
    assert.deepEqual(again.problems, []);
    await again.context.close();
  });
}

test('a language the app does not speak is refused and nothing changes', async () => {
  const { page, context } = await openApp(env, DESKTOP, { profiles: ['Ada'] });
  const code = await page.evaluate(async () => {
    try { await window.__TAURI__.core.invoke('settings_set', { settings: { language: 'de' } }); return 'ok'; } catch (e) { return e.code; }
  });
  assert.equal(code, 'args/invalid');
  assert.equal(await page.evaluate(() => window.__DOUBLE__.settings().language), 'system');
  await context.close();
});
