// Pass and play in the real app: two people (Ada and Bob, two profiles) and a random AI at
// one device, set up on the start screen, played to the end by clicking as people would, the
// hand-over screen let through between the people's turns; the end lists both people's
// results, and each finds the match in their own history. Drives the built app through
// tauri-driver, under Xvfb (`xvfb-run -a`); screenshots go to test-output/e2e/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchApp, sleep } from './app.js';
import { PANEL_STATE, decide } from './play.js';

let app;

before(async () => {
  app = await launchApp('carcassonne-e2e-table-');
});

after(() => app?.close());

const HANDOVER = "const s = document.querySelector('#screen-game:not([hidden]) .handover:not([hidden])'); return s ? s.innerText : null";

test('two people and an AI at one device: a whole game by clicking, filed for both', async () => {
  try {
    await tableGame();
  } catch (e) {
    await app.shot('table-failure', { settle: false }).catch(() => {});
    throw e;
  }
});

async function tableGame() {
  await app.until("return !!document.querySelector('#screen-start:not([hidden]) #new-profile')", 'the start screen');
  for (const name of ['Bob', 'Ada']) {
    await app.type(await app.find('#new-profile'), name);
    await app.clickText('button', 'Create profile');
    await app.until(`return !!document.evaluate("//button[normalize-space(.)='Start as ${name}']", document, null, 9, null).singleNodeValue`, `the profile ${name}`);
  }
  const { profiles } = await app.invoke('profiles_list');
  const bob = profiles.find((p) => p.name === 'Bob').id;
  // Two opponents: Bob in the first seat after Ada, a random AI in the next.
  await app.clickCss('.opponents button.seg:nth-child(2)');
  await app.until("return !!document.querySelector('#opp-1')", 'the second seat');
  await app.clickCss('#opp-0');
  await app.click(await app.find(`#opp-0 option[value="person:${bob}"]`));
  await app.until("return !!document.querySelector('#handover:checked')", 'the hand-over choice, on');
  await app.clickCss('#opp-1');
  await app.click(await app.find('#opp-1 option[value="random"]'));
  await app.clickText('summary', 'More options');
  await app.type(await app.find('#seed'), '17');
  await app.shot('table-01-setup');
  await app.clickText('button', 'Start as Ada');

  const tally = { decisions: 0, figures: 0, figureTurn: 0 };
  const handovers = [];
  for (let i = 0; i < 8000; i++) {
    const cover = await app.exec(HANDOVER);
    if (process.env.E2E_TRACE) console.error(`table: cover ${cover}`);
    if (cover != null) {
      // Whose turn it is, by name; then "ready" lets the board through.
      const name = /Bob/.test(cover) ? 'Bob' : /Ada/.test(cover) ? 'Ada' : null;
      assert.ok(name, `the hand-over names the person (${cover})`);
      if (handovers.length === 1) await app.shot('table-02-handover');
      handovers.push(name);
      await app.clickCss('.handover-ready');
      await app.until(`return (() => { ${HANDOVER} })() == null`, 'the board after the hand-over');
      continue;
    }
    const state = await app.exec(PANEL_STATE);
    if (process.env.E2E_TRACE) console.error(`table: ${state}, ${tally.decisions} decisions`);
    if (state === 'over') break;
    if (state === 'ai' || state === 'none') { await sleep(100); continue; }
    // The AI's move glides onto the board first, and the hand-over screen comes once it has
    // landed: decide only once the board is at rest and no hand-over is due.
    await app.settled();
    if (await app.exec(HANDOVER) != null) continue;
    if (tally.decisions === 9) await app.shot('table-03-mid-game');
    await decide(app, state, tally, (name) => app.shot(`table-${name}`));
  }
  await app.until("return !!document.querySelector('.end-dialog[open]')", 'the final scoring', 60000);
  await app.shot('table-04-end');
  assert.ok(tally.decisions > 50, `both people decided many times (${tally.decisions})`);
  // The device changed hands between the people, in turn, many times.
  assert.ok(handovers.length > 20, `${handovers.length} hand-overs`);
  assert.ok(handovers.includes('Ada') && handovers.includes('Bob'));
  // Both people's results in the end dialog.
  const results = await app.exec("return [...document.querySelectorAll('.end-dialog .person-result')].map((li) => li.innerText)");
  assert.equal(results.length, 2, results.join(' | '));
  assert.match(results[0], /Ada/);
  assert.match(results[1], /Bob/);
  // Each person's history has the match, from their own seat.
  const view = await app.invoke('game_view');
  for (const [name, seat] of [['Ada', 0], ['Bob', 1]]) {
    const id = profiles.find((p) => p.name === name).id;
    const { matches } = await app.invoke('history_list', { profileId: id });
    assert.equal(matches.length, 1, name);
    assert.equal(matches[0].id, view.result.table[seat].matchId);
    assert.equal(matches[0].seat, seat);
    assert.equal(matches[0].result, view.result.table[seat].result);
  }
  const errors = await app.exec("return [...document.querySelectorAll('.toast.error')].map((t) => t.textContent)");
  assert.deepEqual(errors, [], 'no error was shown');
}
