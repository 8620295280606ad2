// A deal anyone can verify (issue 26, item 9; src-tauri/API.md, "Deal"): while the game goes
// on, the tiles-left dialog shows the deal's fingerprint and what it is for, never its salt;
// once the game has ended, the end dialog and the replay reveal the deal number and the salt
// in a closed "Check the deal" part, with the command that checks every draw.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const STEPS = transcript('resigned');
const DETAIL = STEPS.find((s) => s.cmd === 'history_get').ok;
const digits = (s) => s.replace(/\s+/g, '');

/** The recorded game's first and last views, made whole from the transcript's deltas. */
function views(name) {
  const all = [];
  let view = null;
  for (const s of transcript(name)) {
    if (!s.cmd.startsWith('game_') || !s.ok || typeof s.ok !== 'object' || !('decision' in s.ok || s.ok.$delta)) continue;
    view = s.ok.$delta ? { ...view, ...s.ok } : s.ok;
    delete view.$delta;
    all.push(view);
  }
  return { first: all[0], last: all[all.length - 1] };
}

test('the recording has a deal: its fingerprint from the first view on, its salt only at the end', () => {
  const { first, last } = views('resigned');
  assert.match(first.deal.fingerprint, /^[0-9a-f]{64}$/);
  assert.equal(first.deal.salt, null);
  assert.equal(last.over, true);
  assert.match(last.deal.salt, /^[0-9a-f]{32}$/);
  assert.deepEqual(DETAIL.deal, last.deal);
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the tiles dialog shows the deal's fingerprint; the end dialog and the replay reveal what checks it`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'resigned' });
    const { page, press, problems, context } = app;
    await startGame(app);
    const view = await page.evaluate(() => window.__DOUBLE__.view());
    const fingerprint = view.deal.fingerprint;

    await press(page.locator('.game-bar').getByRole('button', { name: /tiles left/i }));
    const tiles = page.locator('dialog[open]');
    const sealed = tiles.locator('.deal');
    await sealed.waitFor();
    assert.equal(await sealed.getByRole('heading').innerText(), 'The deal');
    assert.equal(digits(await sealed.locator('.fingerprint').innerText()), fingerprint);
    assert.equal(await sealed.locator('.salt').count(), 0, 'no salt while the game goes on');
    assert.match(await sealed.locator('.deal-help').innerText(), /reveals the salt/);
    await sealed.scrollIntoViewIfNeeded();
    await shot(page, `${name}-deal-tiles`);
    await press(tiles.getByRole('button', { name: 'Close' }));
    await tiles.waitFor({ state: 'detached' }).catch(() => tiles.waitFor({ state: 'hidden' }));

    await page.evaluate(() => document.querySelector('.resign-row .btn').click());
    await press(page.locator('dialog[open]').getByRole('button', { name: 'Resign' }));
    const end = page.locator('.end-dialog[open]');
    const check = end.locator('details.deal');
    await check.waitFor();
    assert.equal(await check.evaluate((d) => d.open), false, 'closed until asked for');
    await press(check.locator('summary'));
    await page.waitForFunction(() => document.querySelector('.end-dialog[open] details.deal')?.open);
    const ended = await page.evaluate(() => window.__DOUBLE__.view());
    assert.equal(digits(await check.locator('dd .fingerprint').innerText()), fingerprint, 'the fingerprint shown at the start');
    assert.equal(await check.locator('.deal-seed').innerText(), String(ended.seed));
    assert.equal(digits(await check.locator('dd .salt').innerText()), ended.deal.salt);
    const command = await check.locator('.deal-command').innerText();
    assert.equal(command, `carcassonne deal verify FILE --salt ${ended.deal.salt} --fingerprint ${fingerprint}`);
    await check.scrollIntoViewIfNeeded();
    await shot(page, `${name}-deal-end`);
    await page.evaluate(() => document.querySelector('.end-dialog[open]').close());

    await page.evaluate((id) => { location.hash = `#/match/${encodeURIComponent(id)}`; }, DETAIL.summary.id);
    const card = page.locator('#screen-match:not([hidden]) details.deal');
    await card.waitFor();
    await press(card.locator('summary'));
    assert.equal(digits(await card.locator('dd .salt').innerText()), DETAIL.deal.salt);
    await card.scrollIntoViewIfNeeded();
    await shot(page, `${name}-deal-replay`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('in Hungarian, at phone size: the fingerprint while playing and the deal at the end', async () => {
  const { first, last } = views('resigned');
  const { page, problems, context } = await openApp(env, PHONE, { profiles: ['Ada'], game: 'resigned', played: true, settings: { language: 'hu' } });
  await page.evaluate(async (v) => {
    const { api } = await import('/js/api.js');
    const { GameState } = await import('/js/state.js');
    const state = new GameState(await api.tiles());
    (await import('/js/dialogs.js')).showRemaining(v, (id) => state.type(id));
  }, first);
  const sealed = page.locator('dialog[open] .deal');
  await sealed.waitFor();
  assert.equal(await sealed.getByRole('heading').innerText(), 'A leosztás');
  await sealed.scrollIntoViewIfNeeded();
  await shot(page, 'phone-hu-deal-tiles');
  await page.evaluate(() => document.querySelector('dialog[open]').close());
  await page.evaluate((v) => import('/js/dialogs.js').then((m) => m.showEnd(v)), last);
  const check = page.locator('.end-dialog[open] details.deal');
  await check.waitFor();
  assert.equal(await check.locator('summary').innerText(), 'A leosztás ellenőrzése');
  await check.evaluate((d) => { d.open = true; });
  assert.equal(await check.locator('dt').first().innerText(), 'Ujjlenyomat (az első lapkától látható)');
  await check.scrollIntoViewIfNeeded();
  await shot(page, 'phone-hu-deal-end');
  assert.deepEqual(problems, []);
  await context.close();
});
