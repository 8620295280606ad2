// Pass and play (issue 28, item 1): several people at one device, plus AIs, at desktop and
// phone sizes, on the recorded `table` transcript (src-tauri/tests/fixtures.rs: Ada sets up a
// game with Bob as a person and one AI, the hand-over screen on; each person undoes a move;
// Bob resigns at the end). The start screen seats another profile as a person and sends it
// with `handover`; the hand-over screen covers the board whenever the device passes from one
// person to the other (never while an AI moves, never before the host's first move), its
// button has the focus and the board offers nothing under it; the log, the turn and the
// scoreboard name every seat; the end dialog speaks to the table and lists each person's result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, playOne, recordedSetup } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';

test('a game of several people names every seat: nobody is "you" in the log, the turn or the end', async () => {
  const T = await import('../../ui/js/text.js');
  const TABLE = [{ seat: 0, name: 'Ada', kind: 'human' }, { seat: 1, name: 'Bob', kind: 'human' }, { seat: 2, name: 'Bot Berta', kind: 'ai', level: 'easy' }];
  const ev = (type, fields) => ({ turn: 3, type, player: 0, tile: null, x: 1, y: -2, rotation: null, figure: null, on: null, to: null, scored: null, ...fields });
  assert.equal(T.eventText(ev('tile_placed', { tile: 'V', rotation: 90, builds: [{ kind: 'road', action: 'extends', toward: ['S'], on: 'N' }] }), TABLE), 'Ada extends the road south');
  assert.equal(T.eventText(ev('figure_returned', { player: 1, figure: 'follower' }), TABLE), "Bob's follower comes back");
  assert.equal(T.eventText(ev('scored', { player: null, scored: { feature: 'city', category: 'city', cause: 'completed', players: [1, 0], points: 4, tiles: 2, pennants: 0, cities: 0 } }), TABLE),
    "Ada's and Bob's city (2 tiles) is finished: +4 each");
  const view = { players: TABLE, humans: [0, 1], human: 1, current: 1, decision: { player: 1 }, over: false };
  assert.equal(T.whoseTurn(view), "Bob's turn");
  assert.equal(T.isTable(view), true);
  // A solo game still says "you".
  const solo = [TABLE[0], TABLE[2]];
  assert.equal(T.eventText(ev('figure_returned', { player: 0, figure: 'follower' }), solo), 'Your follower comes back');
  assert.equal(T.whoseTurn({ players: solo, humans: [0], human: 0, current: 0 }), 'Your turn');
  assert.equal(T.isTable({ players: solo, humans: [0] }), false);
  // The end speaks to the table.
  const over = (result) => ({ ...view, over: true, current: null, result: { winners: [], resigned: false, resignedSeat: null, ...result } });
  assert.equal(T.endHeadline(over({ winners: [1] })), 'Bob won!');
  assert.equal(T.endHeadline(over({ winners: [2] })), 'Bot Berta won!');
  assert.equal(T.endHeadline(over({ winners: [0, 1] })), 'Ada and Bob share the win!');
  assert.equal(T.endHeadline(over({ winners: [2], resigned: true, resignedSeat: 1 })), 'Bob resigned: Bot Berta won.');
  assert.equal(T.endHeadline({ ...over({ winners: [0] }), players: solo, humans: [0], human: 0 }), 'You won!');
  assert.match(T.playerSummary({ ...TABLE[1], score: 3, projected: 5, supply: { followers: 7 } }, false, { person: true }), /^Bob \(person\)/);
  const { setLanguage, t } = await import('../../ui/js/i18n.js');
  try {
    setLanguage('hu');
    assert.equal(T.whoseTurn(view), 'Bob következik');
    assert.equal(T.endHeadline(over({ winners: [0, 1] })), 'Közös győzelem: Ada és Bob!');
    assert.equal(t('game.handover.pass', { name: 'Berta' }), 'Add át az eszközt Bertának. A tábla addig rejtve marad, amíg Berta készen nem áll.');
  } finally {
    setLanguage('en');
  }
});

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const SETUP = recordedSetup('table');
const NAMES = ['Ada', 'Bob', 'Berta'];

/** The game command the recording expects next, `{cmd, args}`. */
const expected = (page) => page.evaluate(() => window.__DOUBLE__.expected());
const callsOf = (page, cmd) => page.evaluate((c) => window.__DOUBLE__.calls.filter((x) => x.cmd === c).length, cmd);

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: pass and play: a person's seat set up, the hand-over screen between people, names for everyone, each person's result`, async () => {
    const { page, press, problems, context } = await openApp(env, device, { profiles: ['Ada', 'Bob'], game: 'table', aiDelay: 40 });
    // The set-up: two opponents, Bob (a person at this device) and a random AI.
    await press(page.getByRole('radiogroup', { name: 'Number of opponents' }).getByRole('radio', { name: '2', exact: true }));
    const people = page.locator('#opp-0 optgroup');
    assert.equal(await people.getAttribute('label'), 'People at this device');
    assert.deepEqual(await people.locator('option').allInnerTexts(), ['Bob'], 'the other profiles, not the active one');
    assert.equal(await page.locator('#handover').isVisible(), false, 'no hand-over without a person');
    await page.selectOption('#opp-0', 'person:p-bob');
    await page.selectOption('#opp-1', 'random');
    // Bob is seated once: the other row offers him no more.
    assert.equal(await page.locator('#opp-1 option[value="person:p-bob"]').isDisabled(), true);
    assert.equal(await page.locator('#handover').isChecked(), true, 'the hand-over screen is on by default');
    assert.match(await page.locator('.people-help').innerText(), /pick a person instead of an AI/);
    if (!(await page.locator('details.more').evaluate((d) => d.open))) await press(page.locator('details.more summary'));
    await page.fill('#seed', String(SETUP.seed));
    await page.locator('#opp-0').scrollIntoViewIfNeeded();
    await shot(page, `${name}-table-setup`);
    await press(page.getByRole('button', { name: 'Start as Ada' }));
    await page.waitForFunction(() => location.hash === '#/game' && window.__DOUBLE__.view());
    const sent = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_new').map((c) => c.args));
    assert.deepEqual(sent, [{ config: { profileId: 'p-ada', opponents: [{ profile: 'p-bob' }, { level: 'random' }], abbeyMayor: true, seed: SETUP.seed, handover: true } }]);

    // Every time the hand-over screen appears: whose it is and how many tiles the board shows.
    await page.evaluate(() => {
      window.__HANDOVERS__ = [];
      const cover = document.querySelector('#screen-game .handover');
      new MutationObserver(() => {
        if (!cover.hidden) window.__HANDOVERS__.push({ text: cover.querySelector('.handover-ready').textContent, tiles: document.querySelectorAll('#screen-game .board-host .tile').length });
      }).observe(cover, { attributes: true, attributeFilter: ['hidden'] });
    });
    const cover = page.locator('#screen-game .handover');
    // The host pressed Start: no hand-over screen before Ada's first move.
    let ready = 0;
    let shown = 0;
    for (;;) {
      await page.waitForFunction(() => { const p = document.querySelector('.action-panel'); return p && !p.querySelector('.waiting') && window.__DOUBLE__.busy() === 0; });
      const view = await page.evaluate(() => window.__DOUBLE__.view());
      const seat = view.decision.player;
      assert.deepEqual(view.humans, [0, 1]);
      assert.ok(view.humans.includes(seat), 'the recording answers at a person\'s decision');
      // The hand-over screen when the device passes to the other person, else none.
      assert.equal(await cover.isVisible(), seat !== ready, `turn ${view.turn}: ${NAMES[seat]} after ${NAMES[ready]}`);
      if (seat !== ready) {
        const button = cover.locator('.handover-ready');
        assert.equal(await button.innerText(), `${NAMES[seat]}'s turn — tap when ready`);
        assert.equal(await cover.locator('.handover-text').innerText(), `Pass the device to ${NAMES[seat]}. The board stays hidden until ${NAMES[seat]} is ready.`);
        assert.equal(await button.evaluate((b) => b === document.activeElement), true, 'the focus is on its button');
        assert.equal(await page.locator('#screen-game .cell.legal, #screen-game .spot').count(), 0, 'the board offers nothing under it');
        assert.equal(await page.locator('#screen-game .side').evaluate((s) => s.inert), true, 'the panel is out of reach');
        if (shown === 0) await shot(page, `${name}-table-handover`);
        // Enter and Space press it as a tap does.
        if (name === 'desktop' && shown < 2) await page.keyboard.press(shown === 0 ? 'Enter' : 'Space');
        else await press(button);
        await cover.waitFor({ state: 'hidden' });
        shown++;
        ready = seat;
      }
      // Whose turn it is, by name, wherever the layout says it.
      const whose = name === 'phone' ? page.locator('.whose-turn') : page.locator('.turn-whose');
      assert.equal(await whose.innerText(), `${NAMES[seat]}'s turn`);
      if (name === 'desktop') assert.equal(await page.locator('.action-panel .turn-person').innerText(), `${NAMES[seat]}'s turn`);
      if (view.decision.kind === 'place_tile') await page.locator('#screen-game .cell.legal').first().waitFor();
      if (shown === 1 && view.decision.kind === 'place_tile') await shot(page, `${name}-table-bob`);
      const next = await expected(page);
      if (next.cmd === 'game_resign') break;
      if (next.cmd === 'game_undo') {
        const undos = await callsOf(page, 'game_undo');
        await press(page.getByRole('button', { name: 'Undo', exact: true }));
        await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'game_undo').length > n, undos);
        continue;
      }
      assert.equal(next.cmd, 'game_play');
      await playOne(page, press);
    }
    // Ada handed over to Bob and back, each time after the AI's move when it came between.
    const handovers = await page.evaluate(() => window.__HANDOVERS__);
    const readyText = (n) => `${n}'s turn — tap when ready`;
    assert.deepEqual(handovers.map((x) => x.text), ['Bob', 'Ada', 'Bob', 'Ada', 'Bob', 'Ada', 'Bob'].map(readyText));
    // Ada's turn after Bob's follows Berta's tile: the board shows it (start tile + turns) when the screen comes.
    assert.deepEqual(handovers.map((x) => x.tiles), [2, 4, 5, 7, 8, 10, 11]);

    // The log and the scoreboard name every seat; nobody is "you".
    const log = await page.locator('#screen-game .log .log-text').allInnerTexts();
    assert.ok(log.length > 10);
    assert.deepEqual(log.filter((l) => /\b(you|your)\b/i.test(l)), [], 'no "you" in the log');
    for (const n of NAMES) assert.ok(log.some((l) => l.startsWith(`${n} `) || l.startsWith(`${n}'s `)), `${n} in the log`);
    const rows = await page.locator('#screen-game .scoreboard .player .name').allInnerTexts();
    assert.deepEqual(rows.map((r) => r.replace(/\s+/g, ' ').trim()), ['Ada person', 'Bob person', 'Berta random ≈ 31']);

    // Bob resigns: the game ends for the table.
    if (name === 'phone') await press(page.locator('.sheet-toggle'));
    await press(page.locator('.resign-row .btn'));
    await press(page.locator('dialog[open]').getByRole('button', { name: 'Resign' }));
    const end = page.locator('.end-dialog[open]');
    await end.locator('.people-results').waitFor();
    assert.equal(await end.locator('#end-title').innerText(), 'Bob resigned: Ada won.');
    assert.deepEqual((await end.locator('.person-result').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim()),
      ['Ada won · rating unchanged', 'Bob resigned · rating 1200 → 1168 (−32)']);
    assert.equal(await end.locator('.rating-change').count(), 0, 'no "your rating" for the table');
    await shot(page, `${name}-table-end`);
    // The transcript records no history_get of the host's match: the one toast expected.
    const toasts = await page.locator('.toast.error').evaluateAll((ts) => ts.map((x) => x.dataset.code));
    assert.ok(toasts.every((c) => c === 'fixture/unexpected'), JSON.stringify(toasts));
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the last set-up comes back with its people, less a profile that is gone; the host is never a person', async () => {
  const lastSetup = { opponents: [{ profile: 'p-bob' }, { profile: 'p-gone' }, { level: 'easy' }], abbeyMayor: true };
  const { page, press, problems, context } = await openApp(env, DESKTOP, { profiles: ['Ada', 'Bob'], game: 'table', settings: { lastSetup } });
  const rows = () => page.locator('.opp-list select').evaluateAll((ss) => ss.map((s) => s.value));
  assert.deepEqual(await rows(), ['person:p-bob', 'easy']);
  assert.equal(await page.locator('#handover').isVisible(), true);
  // Bob becomes the host: Ada takes his seat as the person.
  await press(page.getByRole('radio', { name: /^Bob/ }));
  await page.getByRole('button', { name: 'Start as Bob' }).waitFor();
  assert.deepEqual(await rows(), ['person:p-ada', 'easy']);
  assert.deepEqual(await page.locator('#opp-0 optgroup option').allInnerTexts(), ['Ada']);
  // A new seat copies the last AI, never a person.
  await press(page.getByRole('radiogroup', { name: 'Number of opponents' }).getByRole('radio', { name: '3', exact: true }));
  assert.deepEqual(await rows(), ['person:p-ada', 'easy', 'easy']);
  // No person: no hand-over switch.
  await page.selectOption('#opp-0', 'hard');
  assert.equal(await page.locator('#handover').isVisible(), false);
  assert.deepEqual(problems, []);
  await context.close();
});
