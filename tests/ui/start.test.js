// The start screen (issue 24, item 12), in headless Chromium: the Start button in view
// without scrolling at a desktop's 1280×800 and a phone's 390×844, with the lessons card of a
// new player too and with five opponents; the level list from the weakest to the strongest,
// each level's number said to be its rating, in English and Hungarian.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const PORTRAIT = { ...PHONE, viewport: { width: 390, height: 844 } };
const STRENGTH = transcript('base').find((s) => s.cmd === 'app_info').ok.strength.levels;
const setLanguage = (page, code) => page.evaluate((c) => import('/js/i18n.js').then((m) => m.setLanguage(c)), code);

/** Whether the Start button is wholly in the window, with the screen not scrolled, and is what a tap on it reaches. */
const startInView = (page) => page.locator('#screen-start .btn.primary.big').evaluate((b) => {
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return { top: Math.round(r.top), bottom: Math.round(r.bottom), height: innerHeight, scrolled: document.querySelector('main').scrollTop,
    inView: r.top >= 0 && r.bottom <= innerHeight && r.width > 0 && !!hit && (hit === b || b.contains(hit)) };
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PORTRAIT]]) {
  test(`${name}: the Start button is in view without scrolling, with the lessons card, without it, and with five opponents`, async () => {
    // A new player: the lessons card above the set-up.
    {
      const { page, press, problems, context } = await openApp(env, device, { profiles: ['Ada'] });
      await page.locator('#screen-start .learn-suggest').waitFor();
      for (const lang of ['en', 'hu']) {
        await setLanguage(page, lang);
        await page.locator('#screen-start .learn-suggest').waitFor();
        const at = await startInView(page);
        assert.ok(at.inView && at.scrolled === 0, `${lang}: ${JSON.stringify(at)}`);
        await shot(page, `${name}-start-lessons-${lang}`);
      }
      await setLanguage(page, 'en');
      // Five opponents: a longer set-up, the Start still in view.
      await press(page.getByRole('radiogroup', { name: 'Number of opponents' }).getByRole('radio', { name: '5', exact: true }));
      await page.locator('#opp-4').waitFor();
      // (The tap scrolled the screen to the buttons: back to its top.)
      await page.evaluate(() => { document.querySelector('main').scrollTop = 0; });
      await page.waitForFunction(() => document.querySelector('main').scrollTop === 0);
      const at = await startInView(page);
      assert.ok(at.inView && at.scrolled === 0, `five opponents: ${JSON.stringify(at)}`);
      // Scrolled to the end, it is where it belongs, under the set-up.
      await page.evaluate(() => { const m = document.querySelector('main'); m.scrollTop = m.scrollHeight; });
      await page.waitForFunction(() => { const m = document.querySelector('main'); return m.scrollTop + m.clientHeight >= m.scrollHeight - 1; });
      const end = await page.evaluate(() => {
        const b = document.querySelector('#screen-start .start-go').getBoundingClientRect();
        const last = document.querySelector('#screen-start .start-go').previousElementSibling.getBoundingClientRect();
        return { bar: b.top, above: last.bottom };
      });
      assert.ok(end.bar >= end.above, `under the set-up at the end: ${JSON.stringify(end)}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
    // After a game: no card.
    {
      const { page, problems, context } = await openApp(env, device, { profiles: ['Ada'], game: 'base', played: true });
      await page.locator('#screen-start .btn.primary.big').waitFor();
      assert.equal(await page.locator('.learn-suggest').count(), 0);
      const at = await startInView(page);
      assert.ok(at.inView && at.scrolled === 0, JSON.stringify(at));
      await shot(page, `${name}-start-played`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}

test('the level list: from the weakest to the strongest, each number said to be a rating (English, Hungarian)', async () => {
  const { page, problems, context } = await openApp(env, DESKTOP, { profiles: ['Ada'], game: 'base' });
  const order = Object.keys(STRENGTH).sort((a, b) => STRENGTH[a] - STRENGTH[b]);
  const words = { en: { easy: 'Easy', random: 'Random', greedy: 'Greedy', medium: 'Medium', hard: 'Hard', expert: 'Expert', rating: 'rating' },
    hu: { easy: 'Könnyű', random: 'Véletlen', greedy: 'Mohó', medium: 'Közepes', hard: 'Nehéz', expert: 'Mester', rating: 'értékszám' } };
  for (const lang of ['en', 'hu']) {
    await setLanguage(page, lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const options = await page.locator('#opp-0 option').evaluateAll((os) => os.map((o) => ({ value: o.value, text: o.textContent })));
    const levels = options.filter((o) => o.value !== 'match');
    assert.deepEqual(levels.map((o) => o.value), order, 'weakest first');
    for (const o of levels) {
      assert.ok(o.text.startsWith(`${words[lang][o.value]} · ${words[lang].rating} ${Math.round(STRENGTH[o.value])}`), `${lang}: "${o.text}"`);
    }
    assert.equal(options.at(-1).value, 'match', 'then "Match my level"');
    // The player's own rating is called the same.
    assert.match(await page.locator('#screen-start .choice.on small').innerText(), new RegExp(` · ${words[lang].rating} \\d+$`));
  }
  // The history's filter lists them in the same order.
  await setLanguage(page, 'en');
  await page.evaluate(() => { location.hash = '#/history'; });
  await page.locator('#f-level').waitFor();
  const filter = await page.locator('#f-level option').evaluateAll((os) => os.map((o) => o.value).filter((v) => v && v !== 'matched'));
  assert.deepEqual(filter, order);
  assert.deepEqual(problems, []);
  await context.close();
});
