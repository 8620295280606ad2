// The Learn section (issue 14) in headless Chromium at desktop and phone sizes, on the lesson
// commands recorded from the app (tests/fixtures/transcripts/lesson.jsonl): the list in order
// with its groups and progress, a lesson solved by clicks on the real board and panel, a wrong
// try explained in the game's terms (what happened, the points, the scored feature shown on
// the board), Undo, Retry and "Show me" (the solution played move by move); a move the rules
// refuse is said in place; the decision panels' "?" and the start screen's suggestion.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne, settle } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';
import { makeMove } from './support/moves.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const STEPS = transcript('lesson');
const LIST = STEPS.find((s) => s.cmd === 'lesson_list').ok.lessons;
const SCREEN = '#screen-learn';
const expected = (page) => page.evaluate(() => window.__DOUBLE__.lessonExpected());
const lessonState = (page) => page.evaluate(() => window.__DOUBLE__.lessonState());
const served = (page, cmd) => page.evaluate((c) => window.__DOUBLE__.calls.filter((x) => x.cmd === c).length, cmd);
/** Two frames: the board has drawn what the screen last showed. */
const drawn = (page) => page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
const highlighted = (page) => page.locator(`${SCREEN} .layer-highlight .hl`).evaluateAll((els) => els.map((e) => `${e.dataset.x},${e.dataset.y}${e.dataset.on ? `,${e.dataset.on}` : ''}`));

/** Opens the Learn screen from the navigation. */
async function openLearn(app) {
  const { page, press } = app;
  await press(page.locator('.app-nav a[data-nav="learn"]'));
  await page.locator(`${SCREEN} .lesson-item`).first().waitFor();
}

/** Waits until the lesson shows the human's decision (or its outcome) with no request running. */
async function settled(page) {
  await page.waitForFunction((sel) => {
    const root = document.querySelector(`${sel} .lesson-game`);
    if (!root || root.hidden) return false;
    const outcome = root.querySelector('.lesson-outcome:not([hidden])');
    const panel = root.querySelector('.action-panel:not([hidden])');
    return !root.classList.contains('demo') && (outcome || (panel && !panel.querySelector('.waiting') && panel.querySelector('button')));
  }, SCREEN);
}

/** Plays `move` through the board and the panel as a person would, then waits for the answer. */
async function playMove(app, move) {
  const { page } = app;
  const st = await lessonState(page);
  const playsBefore = await served(page, 'lesson_play');
  // The spot the recorded move put a figure on (a move may name it by another of its sides):
  // the answer's figure placed.
  const on = move.type === 'figure' ? (await page.evaluate(() => window.__DOUBLE__.lessonAnswer()))?.view.recent
    .filter((e) => e.type === 'figure_placed' && e.player === st.view.human && e.figure === move.kind).at(-1)?.on ?? move.on : null;
  await makeMove(app, SCREEN, st.view.decision, move, { on });
  await page.waitForFunction((n) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'lesson_play').length > n, playsBefore);
  await settled(page);
  const refused = page.locator('.toast.error[data-code^="fixture/"]');
  if (await refused.count()) throw new Error(`the double refused the move: ${await refused.first().innerText()}`);
}

/** The outcome box once shown. */
const outcome = (page) => page.locator(`${SCREEN} .lesson-outcome:not([hidden])`);

/**
 * Does, through the screen, what the recording does next; returns the command. A "Show me"
 * (lesson_solution) runs on by itself: retry, then the solution's moves; it returns once
 * the demonstration is over.
 */
async function step(app) {
  const { page, press } = app;
  const next = await expected(page);
  if (!next) return null;
  const callsBefore = await served(page, next.cmd);
  switch (next.cmd) {
    case 'lesson_start': {
      const link = page.locator(`${SCREEN} a[href="#/learn/${next.args.id}"]:visible`).first();
      if (!(await link.count())) await openLearn(app);
      await press(page.locator(`${SCREEN} a[href="#/learn/${next.args.id}"]:visible`).first());
      await page.waitForFunction(() => window.__DOUBLE__.lessonExpected()?.cmd !== 'lesson_start' || window.__DOUBLE__.calls.some((c) => c.cmd === 'lesson_start'));
      await settled(page);
      break;
    }
    case 'lesson_play': await playMove(app, next.args.move); break;
    case 'lesson_undo':
      await press(outcome(page).getByRole('button', { name: 'Undo' }));
      await page.waitForFunction(() => !document.querySelector('#screen-learn .lesson-outcome:not([hidden])'));
      await settled(page);
      break;
    case 'lesson_retry': {
      const box = outcome(page);
      const button = !(await box.count()) ? page.locator(`${SCREEN} .lesson-bar`).getByRole('button', { name: 'Start over' })
        : (await box.getByRole('button', { name: 'Retry' }).count()) ? box.getByRole('button', { name: 'Retry' }) : box.getByRole('button', { name: 'Play it again' });
      await press(button);
      await page.waitForFunction(() => !document.querySelector('#screen-learn .lesson-outcome:not([hidden])'));
      await settled(page);
      break;
    }
    default: throw new Error(`unknown lesson command ${next.cmd}`);
  }
  // The command was answered and its answer drawn.
  await page.waitForFunction(([c, n]) => window.__DOUBLE__.calls.filter((x) => x.cmd === c).length > n, [next.cmd, callsBefore]);
  await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
  await settled(page);
  return next.cmd;
}

/** "Show me" from the bar or the outcome: the screen plays the recorded solution itself. */
async function showMe(app, where) {
  const { page, press } = app;
  const st = await lessonState(page);
  const moves = STEPS.find((s, j) => s.cmd === 'lesson_solution' && STEPS.slice(0, j).filter((x) => x.cmd === 'lesson_start').at(-1)?.args.id === st.id).ok.moves;
  const playsBefore = await served(page, 'lesson_play');
  await press(where.getByRole('button', { name: 'Show me' }));
  await page.waitForFunction(([n, m]) => window.__DOUBLE__.calls.filter((c) => c.cmd === 'lesson_play').length >= n + m
    && !document.querySelector('#screen-learn .lesson-game.demo'), [playsBefore, moves.length], { timeout: 30000 });
  await settled(page);
  return moves;
}

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the lessons in order; a wrong try explained, Undo, Start over, Show me; the next lesson solved by clicks`, async () => {
    const app = await openApp(env, device, { profiles: ['Ada'], lesson: true });
    const { page, press, problems, context } = app;
    const bar = page.locator(`${SCREEN} .lesson-bar`);

    // The list: in order, grouped, with minutes and progress.
    await openLearn(app);
    assert.equal(await page.locator(`${SCREEN} .learn-progress strong`).innerText(), `0 of ${LIST.length} done`);
    const titles = (await page.locator(`${SCREEN} .lesson-item .lesson-name strong`).allInnerTexts()).map((x) => x.trim());
    assert.deepEqual(titles, [...LIST].sort((a, b) => a.order - b.order).map((l) => l.title.en));
    assert.deepEqual((await page.locator(`${SCREEN} .learn-group h3`).allInnerTexts()).map((x) => x.trim()),
      [LIST.some((l) => !l.expansions.length) ? 'The base game' : null, LIST.some((l) => l.expansions.length) ? 'Abbey & Mayor' : null].filter(Boolean));
    assert.match(await page.locator(`${SCREEN} .lesson-item`).first().innerText(), new RegExp(`${LIST[0].minutes} min`));
    assert.equal(await page.locator('.app-nav a[data-nav="learn"]').getAttribute('aria-current'), 'page');
    await shot(page, `${name}-80-learn-list`);

    // The first lesson: its goal above the board, its hints one at a time.
    assert.equal(await step(app), 'lesson_start');
    const first = await lessonState(page);
    assert.match(await bar.innerText(), new RegExp(first.goalText.en.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await press(bar.getByRole('button', { name: 'Hint' }));
    assert.deepEqual((await bar.locator('.lesson-hints li').allInnerTexts()).map((x) => x.trim()), [first.hints[0].en]);
    await press(bar.getByRole('button', { name: 'Another hint' }));
    assert.equal(await bar.locator('.lesson-hints li').count(), 2);
    assert.equal(await page.locator(`${SCREEN} .cell.legal`).count(), first.view.decision.cells.length, 'the real decision: the legal squares');
    await settle(page);
    await shot(page, `${name}-81-lesson-start`);

    // A move the rules refuse: the engine's reason in place, nothing changes.
    const illegal = await expected(page);
    assert.equal(illegal.cmd, 'lesson_play');
    await page.evaluate(async (move) => (await import('./js/learn.js')).lessonScreen().play(move), illegal.args.move);
    const refusal = STEPS.find((s) => s.cmd === 'lesson_play' && s.err).err;
    assert.equal(await bar.locator('.lesson-refused').innerText(), `Not allowed: ${refusal.message}`);
    assert.equal(await page.locator('.toast.error').count(), 0, 'said in place, not in a toast');
    await drawn(page);
    assert.equal(await page.locator(`${SCREEN} .cell.legal`).count(), first.view.decision.cells.length, 'the same decision');

    // A wrong try by clicks: the tile placed, then no figure. The outcome says why, what
    // happened and the points, in place of the panel.
    assert.equal(await step(app), 'lesson_play');
    assert.equal(await bar.locator('.lesson-refused').count(), 0, 'the refusal goes with the next move');
    assert.equal(await step(app), 'lesson_play');
    const box = outcome(page);
    await box.waitFor();
    assert.equal(await page.locator(`${SCREEN} .action-panel`).isVisible(), false);
    assert.equal(await box.locator('h3').innerText(), 'Not quite: try again');
    assert.equal(await box.locator('.lesson-reason').innerText(), 'You scored 0 points; the goal is at least 4.');
    assert.deepEqual((await box.locator('.lesson-events .log-text').allInnerTexts()).map((x) => x.trim()), ['You finish the city']);
    assert.match(await box.locator('.lesson-points').innerText(), /You\s*\+0 points/);
    assert.deepEqual((await box.getByRole('button').allInnerTexts()).filter((x) => !/finish/.test(x)).map((x) => x.trim()), ['Undo', 'Retry', 'Show me']);
    await press(box.locator('.lesson-events .log-pick').first());
    assert.deepEqual(await highlighted(page), ['0,-1'], 'the tile placed is shown on the board');
    await settle(page);
    await shot(page, `${name}-82-wrong-try`);

    // Undo: back to the figure; Start over: back to the position.
    assert.equal(await step(app), 'lesson_undo');
    assert.equal(await box.count(), 0);
    assert.equal(await page.locator(`${SCREEN} .action-panel .segmented`).count(), 1, 'the figure decision again');
    assert.equal(await step(app), 'lesson_retry');
    assert.equal(await page.locator(`${SCREEN} .cell.legal`).count(), first.view.decision.cells.length);

    // Show me: the solution, move by move, to the passed outcome with the scored city shown.
    const moves = await showMe(app, bar);
    assert.equal(moves.length, 2);
    await box.waitFor();
    assert.equal(await box.locator('h3').innerText(), '✓ Well done!');
    const passed = await lessonState(page);
    assert.equal(await box.locator('.lesson-success').innerText(), passed.success.en);
    const city = passed.outcome.events.find((e) => e.type === 'scored').segments.map((p) => `${p.x},${p.y},${p.on}`);
    await page.waitForFunction((n) => document.querySelectorAll('#screen-learn .layer-highlight .hl').length === n, city.length);
    assert.deepEqual((await highlighted(page)).sort(), [...city].sort(), 'the scored city is highlighted');
    await settle(page);
    await shot(page, `${name}-83-shown-passed`);

    // The next lesson, solved by clicks.
    await press(box.getByRole('link', { name: 'Next lesson' }));
    await page.waitForFunction(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'lesson_start').length === 2);
    await settled(page);
    const second = await lessonState(page);
    assert.equal(second.id, LIST[1].id);
    assert.equal(await bar.locator('.lesson-title').innerText(), second.title.en);
    assert.equal(await step(app), 'lesson_play');
    assert.equal(await step(app), 'lesson_play');
    await box.waitFor();
    assert.equal(await box.locator('h3').innerText(), '✓ Well done!');
    assert.equal(await box.locator('.lesson-reason').innerText(), `You scored ${(await lessonState(page)).outcome.points[0]} points.`);
    await settle(page);
    await shot(page, `${name}-84-solved-by-clicks`);

    // Back to the list: two done.
    await press(box.getByRole('link', { name: 'All lessons' }));
    await page.locator(`${SCREEN} .learn-list:not([hidden]) .lesson-item`).first().waitFor();
    assert.equal(await page.locator(`${SCREEN} .learn-progress strong`).innerText(), `2 of ${LIST.length} done`);
    assert.equal(await page.locator(`${SCREEN} .lesson-item.done`).count(), 2);
    await shot(page, `${name}-85-learn-progress`);

    // An Abbey & Mayor lesson from the list: a move the rules refuse, then a wrong try by
    // clicks (the mayor in a city without pennants) explained: who took the city and why, the
    // points of each player, the scored city on the board.
    const mayor = await expected(page);
    assert.deepEqual(mayor, { cmd: 'lesson_start', args: { id: 'mayor-no-pennants' } });
    assert.equal(await step(app), 'lesson_start');
    const third = await lessonState(page);
    assert.equal(third.id, 'mayor-no-pennants');
    assert.equal(await bar.locator('.lesson-title').innerText(), third.title.en);
    assert.equal(await page.locator(`${SCREEN} .cell.legal`).count(), third.view.decision.cells.length, 'the real decision: the legal squares');
    const illegal3 = await expected(page);
    assert.equal(illegal3.cmd, 'lesson_play');
    await page.evaluate(async (move) => (await import('./js/learn.js')).lessonScreen().play(move), illegal3.args.move);
    const refusal3 = STEPS.filter((s) => s.cmd === 'lesson_play' && s.err).at(-1).err;
    assert.match(refusal3.message, /tile D at \(40, 40\)/);
    assert.equal(await bar.locator('.lesson-refused').innerText(), `Not allowed: ${refusal3.message}`);
    assert.equal(await page.locator('.toast.error').count(), 0, 'said in place, not in a toast');
    await drawn(page);
    assert.equal(await page.locator(`${SCREEN} .cell.legal`).count(), third.view.decision.cells.length, 'the same decision');
    const wrong = [];
    while (!(await lessonState(page)).outcome) {
      assert.equal(await step(app), 'lesson_play');
      wrong.push((await lessonState(page)).view);
    }
    assert.equal(wrong.length, 4, 'the tile, the mayor, the tile that closes the city, a farmer');
    const lost = await lessonState(page);
    assert.equal(lost.outcome.passed, false);
    assert.deepEqual(lost.outcome.reason.key, 'feature_lost');
    await box.waitFor();
    assert.equal(await box.locator('h3').innerText(), 'Not quite: try again');
    // learn.reason.feature_lost with the seats named: the city went to Berta's knight
    // (strength 1) over the mayor of a city without pennants (strength 0).
    assert.equal(await box.locator('.lesson-reason').innerText(), 'The city scored for Berta: 8 points, not for you (strength: You 0 and Berta 1).');
    assert.deepEqual((await box.locator('.lesson-points li').allInnerTexts()).map((x) => x.replace(/\s+/g, ' ').trim()), ['You +0 points', 'Berta +8 points']);
    const lostCity = lost.outcome.events.find((e) => e.type === 'scored').segments.map((p) => `${p.x},${p.y},${p.on}`);
    assert.equal(lostCity.length, 4);
    await page.waitForFunction((n) => document.querySelectorAll('#screen-learn .layer-highlight .hl').length === n, lostCity.length);
    assert.deepEqual((await highlighted(page)).sort(), [...lostCity].sort(), 'the scored city is highlighted');
    assert.deepEqual((await box.locator('.lesson-events .log-text').allInnerTexts()).map((x) => x.trim()), [
      'You extend the road east, start a city and put the mayor in it', 'Berta extends the city north and puts a knight in it',
      'You finish the city and put a farmer in the field', "Berta's city (4 tiles) is finished: +8", 'Your mayor comes back', "Berta's follower comes back"]);
    assert.deepEqual((await box.locator('.row').getByRole('button').allInnerTexts()).map((x) => x.trim()), ['Undo', 'Retry', 'Show me']);
    await settle(page);
    await shot(page, `${name}-86-mayor-wrong-try`);

    // Undo: back to the last figure decision; Start over: back to the position.
    assert.equal(await step(app), 'lesson_undo');
    assert.equal(await box.count(), 0);
    assert.equal((await lessonState(page)).view.decision.kind, 'place_figure');
    assert.equal(await page.locator(`${SCREEN} .action-panel .segmented`).count(), 1, 'the figure decision again');
    assert.equal(await step(app), 'lesson_retry');
    assert.equal(await page.locator(`${SCREEN} .cell.legal`).count(), third.view.decision.cells.length);

    // Show me: a knight instead of the mayor, then the city closed (8 points each) and a farmer.
    const moves3 = await showMe(app, bar);
    assert.deepEqual(moves3.map((m) => m.type), ['place', 'figure', 'place', 'figure']);
    assert.equal(moves3[1].kind, 'follower');
    await box.waitFor();
    assert.equal(await box.locator('h3').innerText(), '✓ Well done!');
    const shared = await lessonState(page);
    assert.equal(shared.outcome.passed, true);
    assert.equal(await box.locator('.lesson-success').innerText(), shared.success.en);
    assert.equal(await box.locator('.lesson-reason').innerText(), 'You scored 8 points.');
    const sharedCity = shared.outcome.events.find((e) => e.type === 'scored').segments.map((p) => `${p.x},${p.y},${p.on}`);
    await page.waitForFunction((n) => document.querySelectorAll('#screen-learn .layer-highlight .hl').length === n, sharedCity.length);
    assert.deepEqual((await highlighted(page)).sort(), [...sharedCity].sort(), 'the scored city is highlighted');

    // Back to the list: three done.
    await press(box.getByRole('link', { name: 'All lessons' }));
    await page.locator(`${SCREEN} .learn-list:not([hidden]) .lesson-item`).first().waitFor();
    assert.equal(await page.locator(`${SCREEN} .learn-progress strong`).innerText(), `3 of ${LIST.length} done`);
    assert.equal(await page.locator(`${SCREEN} .lesson-item.done`).count(), 3);
    assert.equal(await expected(page), null, 'the whole recording was played');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('desktop: a new player is offered the first lessons', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], lesson: true, game: 'base' });
  const { page, press, problems, context } = app;
  // The suggestion (the start screen shows it, start.js): for a new profile only.
  const shown = await page.evaluate(async (lessons) => {
    const { lessonSuggestion } = await import('./js/learn.js');
    const profile = { id: 'p-ada', stats: { games: 0 }, lessonsDone: [] };
    const card = lessonSuggestion(profile, lessons);
    document.querySelector('#screen-start').prepend(card);
    return {
      titles: [...card.querySelectorAll('.lesson-name strong')].map((e) => e.textContent),
      afterGame: lessonSuggestion({ ...profile, stats: { games: 1 } }, lessons),
      afterLesson: lessonSuggestion({ ...profile, lessonsDone: [lessons[0].id] }, lessons),
    };
  }, LIST);
  assert.deepEqual(shown.titles, [...LIST].sort((a, b) => a.order - b.order).slice(0, 3).map((l) => l.title.en));
  assert.equal(shown.afterGame, null, 'not after a game');
  assert.equal(shown.afterLesson, null, 'not after a lesson');
  await shot(page, 'desktop-87-suggestion');
  await press(page.locator('.learn-suggest .lesson-item').first());
  await page.locator(`${SCREEN} .lesson-bar`).waitFor();
  assert.equal(await page.locator(`${SCREEN} .lesson-title`).innerText(), LIST[0].title.en);

  assert.deepEqual(problems, []);
  await context.close();
});

test('desktop: a decision\'s "?" explains the rule with the current position\'s options highlighted', async () => {
  const app = await openApp(env, DESKTOP, { profiles: ['Ada'], lesson: true, game: 'base' });
  const { page, press, problems, context } = app;
  // The "?" the panel shows by a figure decision's prompt: the rule, and the spots highlighted.
  await startGame(app);
  while ((await page.evaluate(() => window.__DOUBLE__.view().decision.kind)) !== 'place_figure') await playOne(page, press);
  const spots = await page.evaluate(() => {
    const d = window.__DOUBLE__.view().decision;
    return d.byKind.follower.map((on) => `${d.x},${d.y},${on}`);
  });
  await press(page.getByRole('button', { name: 'Help: Placing a figure' }));
  const pop = page.locator('#screen-game .help-pop');
  await pop.waitFor();
  assert.match(await pop.innerText(), /only where that whole feature has no figure yet/);
  assert.match(await pop.innerText(), new RegExp(`The ${spots.length} spots where a follower may go are highlighted`));
  const lit = await page.locator('#screen-game .layer-highlight .hl').evaluateAll((els) => els.map((e) => `${e.dataset.x},${e.dataset.y},${e.dataset.on}`));
  assert.deepEqual(lit.sort(), [...spots].sort());
  // The way to the matching lesson.
  const lesson = LIST.find((l) => l.id === 'followers-majorities');
  const link = pop.getByRole('link', { name: `Lesson: ${lesson.title.en} (${lesson.minutes} min)` });
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), '#/learn/followers-majorities');
  await shot(page, 'desktop-88-help-figure');
  await press(pop.getByRole('button', { name: 'Close' }));
  assert.equal(await page.locator('#screen-game .layer-highlight .hl').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});
