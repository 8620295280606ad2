// "Match my level" (issue 15, item 3), served from the recording match-level.jsonl: on the
// start screen an opponent can be matched to the player's rating with a challenge (Harder
// 35%, Even 50%, Easier 65%), the ratings and the chance are shown before the game, which
// starts with `{rating}` opponents; the scoreboard names a matched opponent by its level and
// "≈ rating", never by its spec text; the end dialog says how the rating moved and why, one
// line per opponent; the set-up is remembered; the start screen asks again after the game.
// English and Hungarian, desktop 1280×800 and phone 390×844 (screenshots in test-output/ui/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, playOne, recordedSetup } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';

const NAME = 'match-level';
const STEPS = transcript(NAME);
const CFG = recordedSetup(NAME);
const NEW_AT = STEPS.findIndex((s) => s.cmd === 'game_new');
/** The match_level answers recorded before the game: the chance that gave each rating. */
const MATCHES = STEPS.slice(0, NEW_AT).filter((s) => s.cmd === 'match_level' && s.ok);
const chanceFor = (rating) => MATCHES.find((m) => m.ok.opponentRating === rating)?.args.chance;
const AFTER = STEPS.slice(NEW_AT).filter((s) => s.cmd === 'match_level' && s.ok);
const r = (n) => String(Math.round(n));
const pct = (p) => `${Math.round(p * 100)}%`;
const WORDS = {
  en: { challenge: (n) => `How hard opponent ${n} should be`, names: { 0.35: 'Harder', 0.5: 'Even', 0.65: 'Easier' }, option: 'Match my level',
    line: (m) => `Your rating ${r(m.playerRating)} · opponent ≈\u00a0${r(m.opponentRating)} · your chance ${pct(m.chance)}`, start: /^Start as / },
  hu: { challenge: (n) => `Nehézség: ${n}. ellenfél`, names: { 0.35: 'Nehezebb', 0.5: 'Kiegyenlített', 0.65: 'Könnyebb' }, option: 'Hozzám illő erősség',
    line: (m) => `Az értékszámod ${r(m.playerRating)} · az ellenfélé ≈\u00a0${r(m.opponentRating)} · esélyed ${pct(m.chance)}`, start: /^Játék indítása: / },
};
const LEVELS = { en: { random: 'random', greedy: 'greedy', easy: 'easy', medium: 'medium', hard: 'hard', expert: 'expert' },
  hu: { random: 'véletlen', greedy: 'mohó', easy: 'könnyű', medium: 'közepes', hard: 'nehéz', expert: 'mester' } };

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

assert.ok(CFG.opponents.some((o) => typeof o.rating === 'number'), 'the recording plays a matched opponent');
assert.ok(CFG.opponents.filter((o) => o.rating != null).every((o) => chanceFor(o.rating) != null), 'each matched rating was answered by match_level');

/** Sets up the recorded opponents on the start screen, as a player would; checks the
 * challenges and the matched line of each matched opponent. */
async function chooseOpponents(page, press, lang) {
  const w = WORDS[lang];
  const counts = page.locator('.opponents > .segmented');
  await press(counts.getByRole('radio', { name: String(CFG.opponents.length), exact: true }));
  for (const [i, o] of CFG.opponents.entries()) {
    if (o.level) { await page.selectOption(`#opp-${i}`, o.level); continue; }
    assert.equal(await page.locator(`#opp-${i} option[value="match"]`).textContent(), w.option);
    // Each level offered with its measured rating, to compare with the player's.
    const strength = STEPS.find((x) => x.cmd === 'app_info').ok.strength.levels;
    assert.equal(await page.locator(`#opp-${i} option[value="hard"]`).textContent(), `${lang === 'en' ? 'Hard · rating' : 'Nehéz · értékszám'} ${r(strength.hard)}`);
    await page.selectOption(`#opp-${i}`, 'match');
    const group = page.getByRole('radiogroup', { name: w.challenge(i + 1) });
    const radios = group.getByRole('radio');
    assert.deepEqual((await radios.allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim()),
      [`${w.names[0.35]} 35%`, `${w.names[0.5]} 50%`, `${w.names[0.65]} 65%`], 'three challenges, each with the player\'s chance');
    const box = page.locator('.opp-list > li').nth(i);
    // Every challenge the recording asked about shows its own ratings and chance.
    for (const m of MATCHES) {
      await press(box.locator(`[data-chance="${m.args.chance}"]`));
      await box.locator('.match-line', { hasText: w.line(m.ok) }).waitFor();
      assert.equal(await box.locator('[aria-checked="true"]').getAttribute('data-chance'), String(m.args.chance));
    }
    const chance = chanceFor(o.rating);
    await press(box.locator(`[data-chance="${chance}"]`));
    await box.locator(`[data-chance="${chance}"][aria-checked="true"]`).waitFor();
    const m = MATCHES.find((x) => x.args.chance === chance).ok;
    await box.locator('.match-line', { hasText: w.line(m) }).waitFor();
  }
  if (CFG.abbeyMayor) await page.check('#abbey-mayor'); else await page.uncheck('#abbey-mayor');
  if (CFG.seed != null) {
    if (!(await page.locator('details.more').evaluate((d) => d.open))) await press(page.locator('details.more summary'));
    await page.fill('#seed', String(CFG.seed));
  }
}

/** The scoreboard: every AI by its level's name and "≈ rating"; no spec text anywhere. */
async function checkScoreboard(page, lang) {
  const view = await page.evaluate(() => window.__DOUBLE__.view());
  for (const p of view.players.filter((q) => q.level)) {
    const level = LEVELS[lang][p.level.split(/[@~]/)[0]];
    const label = (await page.locator(`.scoreboard .player[data-seat="${p.seat}"] .name small`).textContent()).trim();
    assert.equal(label, typeof p.rating === 'number' ? `${level} ≈\u00a0${r(p.rating)}` : level, `seat ${p.seat}`);
    assert.doesNotMatch(await page.locator(`.scoreboard .player[data-seat="${p.seat}"]`).getAttribute('aria-label'), /[@~]\d/);
  }
  assert.doesNotMatch(await page.locator('.scoreboard').innerText(), /[@~]\d/, 'no spec text on the scoreboard');
}

/** A screenshot of the game with the scoreboard in view (on a phone, in the opened sheet). */
async function sheetShot(page, press, name) {
  const toggle = page.locator('.sheet-toggle');
  const phone = await toggle.isVisible();
  if (phone) { await press(toggle); await page.locator('.scoreboard .player').first().waitFor(); }
  await shot(page, name);
  if (phone) { await press(toggle); await page.locator('.scoreboard').waitFor({ state: 'hidden' }); }
}

/** Plays the recorded moves (or resigns where the recording did) until the end dialog. */
async function finish(page, press) {
  for (let i = 0; i < 400; i++) {
    if (await page.locator('.end-dialog[open]').count()) return;
    const next = await page.evaluate(() => window.__DOUBLE__.expected());
    if (next?.cmd === 'game_resign') {
      await page.waitForFunction(() => document.querySelector('.action-panel') && !document.querySelector('.action-panel .waiting'));
      await press(page.getByRole('button', { name: 'Resign' }));
      await press(page.locator('dialog[open]').getByRole('button', { name: 'Resign' }));
      await page.locator('.end-dialog[open]').waitFor();
      return;
    }
    if ((await playOne(page, press)) === 'over') return;
  }
  throw new Error('the game did not end');
}

/** The end dialog's rating lines against the view's ratingChange. */
async function checkEnd(page, lang) {
  const view = await page.evaluate(() => window.__DOUBLE__.view());
  const rc = view.ratingChange;
  assert.ok(rc && Array.isArray(rc.opponents) && rc.opponents.length, 'the recorded end has a rating change');
  const box = page.locator('.end-dialog[open] .rating-change');
  await box.waitFor();
  const change = Math.round(rc.after) - Math.round(rc.before);
  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
  const head = lang === 'en' ? 'Your rating' : 'Az értékszámod';
  assert.equal((await box.locator('.rating-line').innerText()).trim(), `${head}: ${r(rc.before)} → ${r(rc.after)} (${signed(change)})`);
  const lines = (await box.locator('.rating-why li').allTextContents()).map((s) => s.trim());
  assert.equal(lines.length, rc.opponents.length);
  let sum = 0;
  for (const [i, o] of rc.opponents.entries()) {
    const name = view.players[o.seat].name;
    const rt = ` \\(≈\u00a0${r(o.rating)}\\)`;
    const rest = lang === 'en' ? `${rt}: by the ratings you had a ${pct(o.expected)} chance to win → ([+−]?\\d+)$`
      : `: az értékszámok szerint ${pct(o.expected)} esélyed volt a győzelemre → ([+−]?\\d+)$`;
    const resigned = !!view.result?.resigned;
    const what = lang === 'en'
      ? (resigned ? `You resigned against ${name}` : o.result >= 1 ? `You beat ${name}` : o.result <= 0 ? `You lost to ${name}` : `You tied with ${name}`)
      : (resigned ? `Feladtad ${name}${rt} ellen` : o.result >= 1 ? `Legyőzted ${name.replace(/a$/, 'á')}(o|e|ö)?t${rt}` : o.result <= 0 ? `${name}${rt} legyőzött` : `Döntetlen ${name}${rt} ellen`);
    const m = lines[i].match(new RegExp(`^${what}${rest}`));
    assert.ok(m, `${lang} line ${i}: "${lines[i]}"`);
    sum += Number(m.at(-1).replace('−', '-'));
    // The sign of each opponent's part follows the result against the expectation.
    if (Math.abs(o.result - o.expected) > 0.05) assert.equal(Math.sign(Number(m.at(-1).replace('−', '-'))), Math.sign(o.result - o.expected), lines[i]);
  }
  assert.equal(sum, change, `the parts (${sum}) add up to the change shown (${change})`);
  assert.ok((await box.locator('.rating-help').innerText()).length > 20, 'why, in a sentence');
  // The score table fits the dialog: no column (the total least of all) is cut off.
  const fit = await page.locator('.end-dialog[open] table.breakdown').evaluate((tb) => {
    const cell = tb.querySelector('td.total').getBoundingClientRect();
    const dlg = tb.closest('dialog').getBoundingClientRect();
    return { right: cell.right, edge: dlg.right, wide: tb.scrollWidth, room: tb.parentElement.clientWidth };
  });
  assert.ok(fit.right <= fit.edge && fit.wide <= fit.room + 1, `${lang}: ${JSON.stringify(fit)}`);
}

for (const [device, D] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${device}: match my level, the game with {rating} opponents, the scoreboard and the end dialog's rating change (English, then Hungarian)`, async () => {
    const { page, press, problems, context } = await openApp(env, D, { profiles: ['Ada'], game: NAME });
    await chooseOpponents(page, press, 'en');
    await page.locator('.match-line').first().scrollIntoViewIfNeeded();
    await shot(page, `${device}-match-level-start-en`);
    await press(page.getByRole('button', { name: WORDS.en.start }));
    await page.locator('#screen-game .scoreboard .player').first().waitFor({ state: 'attached' });
    const call = await page.evaluate(() => window.__DOUBLE__.calls.find((c) => c.cmd === 'game_new').args.config);
    assert.deepEqual(call.opponents, CFG.opponents, 'the game starts with the matched ratings');
    await page.waitForFunction(() => window.__DOUBLE__.view());
    await checkScoreboard(page, 'en');
    await sheetShot(page, press, `${device}-match-level-game-en`);
    await finish(page, press);
    await checkEnd(page, 'en');
    await shot(page, `${device}-match-level-end-en`);
    // The same end in Hungarian: the dialog drawn again in the new language.
    await page.evaluate(() => document.querySelector('.end-dialog[open]').close());
    await page.evaluate(() => import('/js/i18n.js').then((m) => m.setLanguage('hu')));
    await page.evaluate(() => import('/js/dialogs.js').then((m) => m.showEnd(window.__DOUBLE__.view())));
    await checkEnd(page, 'hu');
    await checkScoreboard(page, 'hu');
    await shot(page, `${device}-match-level-end-hu`);
    // A new game: the start screen asks again, for the rating after the game.
    await page.evaluate(() => import('/js/i18n.js').then((m) => m.setLanguage('en')));
    const asked = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'match_level').length);
    await press(page.locator('.end-dialog[open]').getByRole('button', { name: 'Új játék' }));
    await page.locator('#screen-start:not([hidden]) .match-line').first().waitFor();
    await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'match_level').length > n, asked);
    if (AFTER.length) {
      const m = AFTER.at(-1).ok;
      await page.locator('.match-line', { hasText: WORDS.en.line(m) }).first().waitFor();
      const rc = (await page.evaluate(() => window.__DOUBLE__.view())).ratingChange;
      assert.equal(Math.round(m.playerRating), Math.round(rc.after), 'the rating after the game');
    }
    await shot(page, `${device}-match-level-after-en`);
    // The profile: the games against matched opponents in a row of their own, no spec text.
    await page.evaluate(() => { location.hash = '#/profile'; });
    await page.locator('#profile-title').waitFor();
    const rows = await page.locator('.breakdown tbody th').allTextContents();
    assert.ok(rows.includes('Matched to your level'), rows.join(', '));
    assert.doesNotMatch(await page.locator('#screen-profile').innerText(), /[@~]\d/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('Hungarian start screen; the set-up is remembered through lastSetup, a {rating} opponent as "Match my level" with its challenge', async () => {
  for (const [device, D] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const { page, press, problems, context } = await openApp(env, D, { profiles: ['Ada'], game: NAME,
      settings: { language: 'hu', lastSetup: { opponents: CFG.opponents, abbeyMayor: CFG.abbeyMayor } } });
    for (const [i, o] of CFG.opponents.entries()) {
      assert.equal(await page.locator(`#opp-${i}`).inputValue(), o.level ?? 'match', `opponent ${i + 1} as remembered`);
      if (o.level) continue;
      const chance = chanceFor(o.rating);
      const box = page.locator('.opp-list > li').nth(i);
      assert.equal(await box.locator(`[data-chance="${chance}"]`).getAttribute('aria-checked'), 'true', 'the challenge played last time');
      await box.locator('.match-line', { hasText: WORDS.hu.line(MATCHES.find((x) => x.args.chance === chance).ok) }).waitFor();
    }
    await chooseOpponents(page, press, 'hu');
    await page.locator('.match-line').first().scrollIntoViewIfNeeded();
    await shot(page, `${device}-match-level-start-hu`);
    await press(page.getByRole('button', { name: WORDS.hu.start }));
    await page.locator('#screen-game .scoreboard .player').first().waitFor({ state: 'attached' });
    await page.waitForFunction(() => window.__DOUBLE__.view());
    await checkScoreboard(page, 'hu');
    await sheetShot(page, press, `${device}-match-level-game-hu`);
    await page.waitForFunction(() => window.__DOUBLE__.calls.some((c) => c.cmd === 'settings_set'));
    assert.deepEqual((await page.evaluate(() => window.__DOUBLE__.settings())).lastSetup.opponents, CFG.opponents, 'remembered for next time, by rating');
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a matched opponent remembered by its spec (as game_new saves it) comes back as "Match my level"', async () => {
  const view = STEPS[NEW_AT].ok;
  const spec = view.players.find((p) => p.level && /[@~]/.test(p.level)).level;
  const { page, problems, context } = await openApp(env, DESKTOP, { profiles: ['Ada'], game: NAME, settings: { lastSetup: { opponents: [{ level: spec }], abbeyMayor: false } } });
  assert.equal(await page.locator('#opp-0').inputValue(), 'match');
  assert.equal(await page.locator('.opp-list [data-chance="0.5"]').getAttribute('aria-checked'), 'true');
  await page.locator('.match-line', { hasText: WORDS.en.line(MATCHES.find((x) => x.args.chance === 0.5).ok) }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});
