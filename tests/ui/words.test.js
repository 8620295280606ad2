// The log and the wagon's choices in players' words (issue 12, item 3), in headless Chromium
// at desktop and phone sizes on recorded games: no coordinates and no tile letters in the
// log, a drawing of each tile placed, the sentences the recorded events make, an entry that
// shows its tile or feature on the board when tapped (or on Enter), and the wagon's targets
// named as a player would, each highlighted on the board while its button has the focus or
// the pointer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne, panelState, settle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const COORDS = /\(\s*-?\d+\s*,\s*-?\d+\s*\)/;
const LETTERS = /\b(?:[B-Z]|AM\d+)\b|°/;
const highlighted = (page) => page.locator('.layer-highlight .hl').evaluateAll((els) => els.map((e) => `${e.getAttribute('class').replace('hl ', '')}@${e.dataset.x},${e.dataset.y}${e.dataset.on ? `,${e.dataset.on}` : ''}`));
const entry = (page, text) => page.locator('.log .log-item').filter({ hasText: text }).locator('.log-pick');

/** Whether the centre of every highlight lies inside the board's visible area. */
const highlightInView = (page) => page.evaluate(() => {
  const host = document.querySelector('#screen-game .board-host').getBoundingClientRect();
  const all = [...document.querySelectorAll('.layer-highlight .hl')];
  return all.length > 0 && all.every((e) => {
    const r = e.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    return x >= host.left && x <= host.right && y >= host.top && y <= host.bottom;
  });
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the log tells what happened in players' words; tapping an entry shows it on the board`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'base' });
    const { page, press, problems, context } = app;
    await startGame(app);
    for (let i = 0; i < 24; i++) await playOne(page, press);
    const openLog = async () => {
      if (name === 'phone' && !(await page.locator('.log-box').isVisible())) await press(page.locator('.sheet-toggle'));
      await page.locator('.log .log-item').first().waitFor();
    };
    await openLog();
    const texts = (await page.locator('.log .log-text').allInnerTexts()).map((t) => t.trim());
    for (const t of texts) {
      assert.doesNotMatch(t, COORDS, `no coordinates: ${t}`);
      assert.doesNotMatch(t, LETTERS, `no tile letters or degrees: ${t}`);
    }
    // The recorded game's first turns, as the players see them ("You" is the human).
    for (const want of ['You extend the road east and put a thief on it', 'Berta finishes the city, starts a road and puts a knight in the finished city',
      "Berta's city (2 tiles) is finished: +4", "Berta's follower comes back", 'You build a monastery', 'Berta builds a monastery and puts a monk in it',
      "Berta's road (3 tiles) is finished: +3", 'You extend the road east, start a city and put a knight in it']) {
      assert.ok(texts.includes(want), `the log says "${want}"`);
    }
    // Each tile placed is drawn next to its sentence.
    const placed = await page.locator('.log .log-item.tile_placed').count();
    assert.ok(placed >= 20);
    assert.equal(await page.locator('.log .log-item.tile_placed .log-tile svg').count(), placed, 'every placement shows its tile');
    await settle(page);
    await shot(page, `${name}-60-log-words`);

    // Tapping a placement shows its tile (and the figure's spot); the first human tile went to (1, 0).
    await press(entry(page, 'You extend the road east and put a thief on it'));
    assert.deepEqual(await highlighted(page), ['hl-tile@1,0', 'hl-road@1,0,S']);
    if (name === 'phone') assert.equal(await page.locator('.log-box').isVisible(), false, 'on a phone the log sheet gets out of the way');
    assert.ok(await highlightInView(page), 'the highlighted tile is on screen');
    await settle(page);
    await shot(page, `${name}-61-log-tile-shown`);

    // A scoring shows the whole feature: the start tile's city and the tile that closed it.
    await openLog();
    await press(entry(page, "Berta's city (2 tiles) is finished: +4"));
    assert.deepEqual(await highlighted(page), ['hl-city@0,0,N', 'hl-city@0,-1,S']);
    assert.ok(await highlightInView(page), 'the highlighted city is on screen');
    await settle(page);
    await shot(page, `${name}-62-log-city-shown`);

    // The keyboard: Enter on an entry shows it too; the same entry again hides it.
    await openLog();
    const monastery = entry(page, 'Berta builds a monastery and puts a monk in it');
    await monastery.focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await highlighted(page), ['hl-tile@-1,-1', 'hl-spot@-1,-1,monastery']);
    assert.equal(await monastery.getAttribute('aria-pressed'), 'true');
    await openLog();
    await press(monastery);
    assert.deepEqual(await highlighted(page), [], 'tapped again, the highlight goes');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('phone and desktop: the wagon\'s targets are named as a player would, and shown while focused or hovered', async () => {
  for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    const app = await openApp(env, device, { profiles: ['Ada'], game: 'abbey-mayor' });
    const { page, press, problems, context } = app;
    await startGame(app);
    let wagons = 0;
    for (let i = 0; i < 60 && wagons < 2; i++) {
      const state = await panelState(page);
      if (state === 'move_wagon' && ++wagons === 2) break;
      await playOne(page, press);
    }
    assert.equal(wagons, 2, 'the recorded wagon came back twice');
    const buttons = page.locator('.action-panel .wagon-target');
    const labels = (await buttons.allInnerTexts()).map((t) => t.trim());
    // Two roads on one tile are told apart by their names there.
    assert.deepEqual(labels, ['The east road east of here (1 tile)', 'The south road east of here (1 tile)', 'The monastery south of here',
      'The monastery west of here', 'The north road west of here (1 tile)', 'The south road west of here (1 tile)']);
    for (const l of labels) assert.doesNotMatch(l, COORDS);
    // (The pointer is moved off the panel first: the last tap left it where a target now is.)
    await page.mouse.move(1, 1);
    await settle(page);
    assert.deepEqual(await highlighted(page), [], 'nothing highlighted before a target is chosen');

    // Focus shows the target's feature and the wagon's tile ("here"); the next one replaces it.
    await buttons.nth(3).focus();
    assert.deepEqual(await highlighted(page), ['hl-tile@0,0', 'hl-spot@-1,0,monastery']);
    await page.keyboard.press('Tab');
    assert.deepEqual(await highlighted(page), ['hl-tile@0,0', 'hl-road@-1,0,N']);
    await settle(page);
    await shot(page, `${name}-63-wagon-target-focus`);
    await page.locator('.action-panel .prompt').click();
    await page.waitForFunction(() => !document.querySelector('.layer-highlight .hl'));
    if (name === 'desktop') {
      await buttons.nth(0).hover();
      assert.deepEqual(await highlighted(page), ['hl-tile@0,0', 'hl-road@1,0,E']);
      await page.mouse.move(5, 5);
      await page.waitForFunction(() => !document.querySelector('.layer-highlight .hl'));
    }
    // The recorded move still goes through, and the highlight leaves with the decision.
    assert.equal(await playOne(page, press), 'move_wagon');
    assert.deepEqual(await highlighted(page), [], `${name}: the highlight left with the decision`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
