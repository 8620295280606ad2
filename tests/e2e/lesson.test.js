// A lesson in the real app: a new player is offered the first lessons on the start screen,
// opens the first one from the Learn list, makes a wrong try by clicking (the tile placed,
// no figure: the lesson explains why the goal was missed), then watches "Show me" play the
// solution through the app's lesson commands; the lesson is marked done in the list and in
// the profile. Drives the built app through tauri-driver (W3C WebDriver, plain fetch) on a
// fresh data folder; run under Xvfb. Screenshots go to test-output/e2e/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDriver, REQUEST_TIMEOUT } from './driver.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APP = process.env.CARCASSONNE_APP ?? join(ROOT, 'target/debug/carcassonne-app');
const OUT = join(ROOT, 'test-output/e2e');
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
let BASE;
let driver;
let dataHome;
let session;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function wd(method, path, body) {
  const res = await fetch(`${BASE}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT) });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.value ?? json).slice(0, 400)}`);
  return json.value;
}
const s = (path) => `/session/${session}${path}`;
const exec = (script, args = []) => wd('POST', s('/execute/sync'), { script, args });
const invoke = (cmd, args = {}) => wd('POST', s('/execute/async'), {
  script: 'const done = arguments[arguments.length - 1]; window.__TAURI__.core.invoke(arguments[0], arguments[1]).then(done, (e) => done({ error: e }));',
  args: [cmd, args],
});
const byText = async (tag, text) => (await wd('POST', s('/element'), { using: 'xpath', value: `//${tag}[normalize-space(.)=${JSON.stringify(text)}]` }))[ELEMENT];
const find = async (css) => (await wd('POST', s('/element'), { using: 'css selector', value: css }))[ELEMENT];
const click = (id) => wd('POST', s(`/element/${id}/click`), {});
async function clickFresh(findIt) {
  for (let i = 0; ; i++) {
    try { return await click(await findIt()); } catch (e) {
      if (i >= 5 || !/stale element|not found|no such element/.test(e.message)) throw e;
      await sleep(150);
    }
  }
}
const clickText = (tag, text) => clickFresh(() => byText(tag, text));
const clickCss = (css) => clickFresh(() => find(css));
async function shot(name) {
  // The window's picture lags a frame or two behind the page (and a tile may still slide).
  await sleep(600);
  const png = await wd('GET', s('/screenshot'));
  writeFileSync(join(OUT, `${name}.png`), Buffer.from(png, 'base64'));
}
async function until(script, what, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await exec(script);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
/** Clicks an SVG shape at its centre with a real pointer, as a mouse would. */
async function clickSvg(css) {
  const at = await exec(`const e = document.querySelector(arguments[0]); if (!e) return null;
    const b = e.getBoundingClientRect(); return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];`, [css]);
  assert.ok(at, `${css} is on screen`);
  await wd('POST', s('/actions'), { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [
    { type: 'pointerMove', duration: 0, x: at[0], y: at[1], origin: 'viewport' },
    { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] }] });
  await wd('DELETE', s('/actions'));
}

before(async () => {
  mkdirSync(OUT, { recursive: true });
  assert.ok(existsSync(APP), `the app is built at ${APP}`);
  dataHome = mkdtempSync(join(tmpdir(), 'carcassonne-e2e-lesson-'));
  ({ driver, base: BASE } = await startDriver({ ...process.env, XDG_DATA_HOME: join(dataHome, 'data'), XDG_CONFIG_HOME: join(dataHome, 'config') }));
  session = (await wd('POST', '/session', { capabilities: { alwaysMatch: { browserName: 'wry', 'tauri:options': { application: APP } } } })).sessionId;
});

after(async () => {
  if (session) await wd('DELETE', s('')).catch(() => {});
  driver?.kill();
  if (dataHome) rmSync(dataHome, { recursive: true, force: true });
});

test('a new player is offered the lessons; a wrong try is explained; "Show me" solves it; the lesson is done', async () => {
  try {
    await until('return document.readyState === "complete" && !!document.querySelector("#screen-start:not([hidden]) #new-profile")', 'the start screen');
    const name = await find('#new-profile');
    await wd('POST', s(`/element/${name}/value`), { text: 'Learner' });
    await clickText('button', 'Create profile');
    // A new profile: the start screen suggests the first lessons.
    await until("return !!document.querySelector('#screen-start:not([hidden]) .learn-suggest a[href^=\"#/learn/\"]')", 'the lesson suggestion');
    await shot('20-lesson-suggestion');

    // The Learn list, in order; the first lesson.
    await exec("location.hash = '#/learn'");
    await until("return document.querySelectorAll('#screen-learn .lesson-item').length >= 12", 'the lesson list');
    const list = await invoke('lesson_list');
    assert.equal(list.error, undefined, JSON.stringify(list.error));
    const first = list.lessons[0];
    assert.equal(first.done, false);
    await clickCss(`#screen-learn .lesson-item[data-lesson="${first.id}"]`);
    await until("return !!document.querySelector('.screen:not([hidden]) .cell.legal')", 'the lesson board');
    await shot('21-lesson-start');

    // A wrong try by clicks: the first legal square and rotation, then no figure.
    await clickSvg('.screen:not([hidden]) .cell.legal');
    await until("return !!document.querySelector('.screen:not([hidden]) .preview')", 'the tile preview');
    await clickCss('.screen:not([hidden]) button.confirm');
    await until("return [...document.querySelectorAll('.screen:not([hidden]) .action-panel button')].some((b) => b.textContent.trim() === 'No figure')", 'the figure decision');
    await clickText('button', 'No figure');
    const outcome = await until("const o = document.querySelector('.screen:not([hidden]) .lesson-outcome:not([hidden])'); return o && o.innerText", 'the outcome');
    assert.match(outcome, /Not quite/);
    assert.match(outcome, /goal is at least/);
    await shot('22-lesson-wrong-try');

    // "Show me": the solution played through the app, and the goal met.
    await clickText('button', 'Show me');
    const passed = await until("const o = document.querySelector('.screen:not([hidden]) .lesson-outcome:not([hidden])'); return o && /Well done/.test(o.innerText) && o.innerText", 'the solved lesson', 60000);
    assert.match(passed, /You scored \d+ points/);
    await shot('23-lesson-solved');

    // Done in the list and in the profile.
    await clickText('a', 'All lessons');
    await until("const p = document.querySelector('#screen-learn .learn-progress strong'); return p && p.textContent.startsWith('1 of')", 'the progress');
    const profiles = await invoke('profiles_list');
    const me = profiles.profiles.find((p) => p.id === profiles.active);
    assert.deepEqual(me.lessonsDone, [first.id]);
    // The lesson never touched a game: nothing to resume.
    const info = await invoke('app_info');
    assert.equal(info.resumable, null);
  } catch (e) {
    await shot('lesson-failure').catch(() => {});
    throw e;
  }
});
