// A lesson in the real app: a new player is offered the first lessons on the start screen,
// opens the first one from the Learn list, makes a wrong try by clicking (the tile placed,
// no figure: the lesson explains why the goal was missed), then watches "Show me" play the
// solution through the app's lesson commands; the lesson is marked done in the list and in
// the profile. Drives the built app through tauri-driver (W3C WebDriver, plain fetch) on a
// fresh data folder; run under Xvfb. Screenshots go to test-output/e2e/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchApp } from './app.js';

let app;

// The window's picture lags a frame or two behind the page (and a tile may still slide):
// app.shot waits until the page is at rest.
const shot = (name, opts) => app.shot(name, opts);

before(async () => {
  app = await launchApp('carcassonne-e2e-lesson-');
});

after(() => app?.close());

test('a new player is offered the lessons; a wrong try is explained; "Show me" solves it; the lesson is done', async () => {
  try {
    await app.until('return document.readyState === "complete" && !!document.querySelector("#screen-start:not([hidden]) #new-profile")', 'the start screen');
    const name = await app.find('#new-profile');
    await app.type(name, 'Learner');
    await app.clickText('button', 'Create profile');
    // A new profile: the start screen suggests the first lessons.
    await app.until("return !!document.querySelector('#screen-start:not([hidden]) .learn-suggest a[href^=\"#/learn/\"]')", 'the lesson suggestion');
    await shot('20-lesson-suggestion');

    // The Learn list, in order; the first lesson.
    await app.exec("location.hash = '#/learn'");
    await app.until("return document.querySelectorAll('#screen-learn .lesson-item').length >= 12", 'the lesson list');
    const list = await app.invoke('lesson_list');
    assert.equal(list.error, undefined, JSON.stringify(list.error));
    const first = list.lessons[0];
    assert.equal(first.done, false);
    await app.clickCss(`#screen-learn .lesson-item[data-lesson="${first.id}"]`);
    await app.until("return !!document.querySelector('.screen:not([hidden]) .cell.legal')", 'the lesson board');
    await shot('21-lesson-start');

    // A wrong try by clicks: the first legal square and rotation, then no figure.
    await app.clickCentre('.screen:not([hidden]) .cell.legal');
    await app.until("return !!document.querySelector('.screen:not([hidden]) .preview')", 'the tile preview');
    await app.clickCss('.screen:not([hidden]) button.confirm');
    await app.until("return [...document.querySelectorAll('.screen:not([hidden]) .action-panel button')].some((b) => b.textContent.trim() === 'No figure')", 'the figure decision');
    await app.clickText('button', 'No figure');
    const outcome = await app.until("const o = document.querySelector('.screen:not([hidden]) .lesson-outcome:not([hidden])'); return o && o.innerText", 'the outcome');
    assert.match(outcome, /Not quite/);
    assert.match(outcome, /goal is at least/);
    await shot('22-lesson-wrong-try');

    // "Show me": the solution played through the app, and the goal met.
    await app.clickText('button', 'Show me');
    const passed = await app.until("const o = document.querySelector('.screen:not([hidden]) .lesson-outcome:not([hidden])'); return o && /Well done/.test(o.innerText) && o.innerText", 'the solved lesson', 60000);
    assert.match(passed, /You scored \d+ points/);
    await shot('23-lesson-solved');

    // Done in the list and in the profile.
    await app.clickText('a', 'All lessons');
    await app.until("const p = document.querySelector('#screen-learn .learn-progress strong'); return p && p.textContent.startsWith('1 of')", 'the progress');
    const profiles = await app.invoke('profiles_list');
    const me = profiles.profiles.find((p) => p.id === profiles.active);
    assert.deepEqual(me.lessonsDone, [first.id]);
    // The lesson never touched a game: nothing to resume.
    const info = await app.invoke('app_info');
    assert.equal(info.resumable, null);
  } catch (e) {
    await shot('lesson-failure', { settle: false }).catch(() => {});
    throw e;
  }
});
