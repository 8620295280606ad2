// The real app under WebDriver for the end-to-end tests: `launchApp` starts tauri-driver
// (driver.js) on a fresh data folder, opens a session on the built app and returns the
// helpers the tests drive it with (W3C WebDriver over plain fetch, no dependencies).
// `close()` ends the session, the driver's whole process group and the data folder;
// `relaunch()` starts the app again on the same folder.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDriver, REQUEST_TIMEOUT } from './driver.js';
import { stillInPage, settledInPage } from '../ui/support/wait.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The binary under test: CARCASSONNE_APP (e.g. the installed .deb's) or the debug build. */
export const APP = process.env.CARCASSONNE_APP ?? join(ROOT, 'target/debug/carcassonne-app');
/** Screenshots (not committed). */
export const OUT = join(ROOT, 'test-output/e2e');
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** A pause: for poll intervals and for tests that measure time on purpose, never before a click. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A page repainting while a screenshot is taken (`shot`): a 1-pixel mark at the top left,
// nearly transparent, changing its shade every 50 ms, and taken away again.
const NUDGE_ON = `if (!window.__shotMark) {
  const d = document.createElement('div');
  d.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;z-index:2147483647';
  document.documentElement.append(d);
  let k = 0;
  const timer = setInterval(() => { k ^= 1; d.style.background = k ? 'rgba(0,0,0,0.01)' : 'rgba(0,0,0,0.02)'; }, 50);
  window.__shotMark = { d, timer };
}`;
const NUDGE_OFF = `const m = window.__shotMark;
if (m) { clearInterval(m.timer); m.d.remove(); window.__shotMark = null; }`;

/**
 * Starts the app on a new data folder (XDG_DATA_HOME and XDG_CONFIG_HOME inside a temporary
 * folder named `prefix…`) and opens a WebDriver session on it.
 */
export async function launchApp(prefix) {
  assert.ok(existsSync(APP), `build the app first: ${APP}`);
  mkdirSync(OUT, { recursive: true });
  const dataHome = mkdtempSync(join(tmpdir(), prefix));
  const env = { ...process.env, XDG_DATA_HOME: join(dataHome, 'data'), XDG_CONFIG_HOME: join(dataHome, 'config') };
  let driver;
  let base;
  let session;

  async function wd(method, path, body) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT),
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.value ?? json).slice(0, 400)}`);
    return json.value;
  }
  const s = (path) => `/session/${session}${path}`;
  const exec = (script, args = []) => wd('POST', s('/execute/sync'), { script, args });
  // An in-page function of wait.js, called with `args`; resolves to what its promise resolves to.
  const inPage = (fn, ...args) => wd('POST', s('/execute/async'), {
    script: `const done = arguments[arguments.length - 1];
      (${fn})(...[...arguments].slice(0, -1)).then(done, (e) => done({ error: String(e) }));`,
    args,
  });
  /**
   * Waits until the target (a CSS selector, or `{ css }` / `{ xpath }`) has stopped moving:
   * the same box over a few consecutive frames, its board's camera still, and (unless
   * `topmost: false`) the topmost element at its centre. Resolves to `{ x, y, width, height, top }`.
   */
  async function still(target, { timeout = 60000, ...opts } = {}) {
    const spec = typeof target === 'string' ? { css: target } : target;
    const end = Date.now() + timeout;
    for (;;) {
      // Each try stays well inside WebDriver's script timeout (30 s).
      const r = await inPage(stillInPage, spec, { timeout: 10000, ...opts });
      if (!r.error) return r;
      if (Date.now() > end) throw new Error(`${JSON.stringify(spec)}: ${r.error}`);
    }
  }
  /** Waits until the page is at rest: every board's camera still, no animation running (wait.js). */
  async function settled({ timeout = 60000 } = {}) {
    const end = Date.now() + timeout;
    for (;;) {
      const r = await inPage(settledInPage, { timeout: 10000 });
      if (!r.error) return;
      if (Date.now() > end) throw new Error(r.error);
    }
  }
  const find = async (css) => (await wd('POST', s('/element'), { using: 'css selector', value: css }))[ELEMENT];
  const byText = async (tag, text) =>
    (await wd('POST', s('/element'), { using: 'xpath', value: `//${tag}[normalize-space(.)=${JSON.stringify(text)}]` }))[ELEMENT];
  const click = (id) => wd('POST', s(`/element/${id}/click`), {});
  // Waits until the element has stopped moving, then finds and clicks it in one go; again
  // if the page was redrawn in between (a stale element), once it is at rest again.
  async function clickFresh(findIt, spec) {
    for (let i = 0; ; i++) {
      try {
        if (spec) await still(spec);
        return await click(await findIt());
      } catch (e) {
        if (i >= 5 || !/stale element|not found|no such element/.test(e.message)) throw e;
      }
    }
  }
  const textPath = (tag, text) => `//${tag}[normalize-space(.)=${JSON.stringify(text)}]`;
  // Performs input actions, once more after a WebDriver "unknown error" (one CI run had a
  // pointer action refused that way with no message, mid-game): the error and the page's
  // state are printed, and a second refusal fails the test.
  async function perform(actions) {
    try {
      await wd('POST', s('/actions'), { actions });
    } catch (e) {
      if (!/: 500 /.test(e.message)) throw e;
      const page = await exec('return [document.readyState, location.hash]').catch((x) => x.message);
      console.error(`input actions refused (${e.message}); the page: ${JSON.stringify(page)}; trying once more`);
      await wd('DELETE', s('/actions')).catch(() => {});
      await settled().catch(() => {});
      await wd('POST', s('/actions'), { actions });
    }
    await wd('DELETE', s('/actions'));
  }

  const app = {
    dataHome,
    /** The app's config folder's parent (XDG_CONFIG_HOME): the window's saved state is there. */
    configHome: join(dataHome, 'config'),
    env,
    wd,
    s,
    exec,
    find,
    byText,
    click,
    clickFresh,
    perform,
    still,
    settled,
    findAll: async (css) => (await wd('POST', s('/elements'), { using: 'css selector', value: css })).map((e) => e[ELEMENT]),
    type: (id, text) => wd('POST', s(`/element/${id}/value`), { text }),
    /** Clicks the element (first match) once it has stopped moving (`still`). */
    clickText: (tag, text) => clickFresh(() => byText(tag, text), { xpath: textPath(tag, text) }),
    clickCss: (css) => clickFresh(() => find(css), { css }),
    /** Invokes an app command in the window; resolves to its result or `{ error }`. */
    invoke: (cmd, args = {}) => wd('POST', s('/execute/async'), {
      script: 'const done = arguments[arguments.length - 1];'
        + 'window.__TAURI__.core.invoke(arguments[0], arguments[1]).then(done, (e) => done({ error: e }));',
      args: [cmd, args],
    }),
    /** A mouse click at a point of the viewport, with a real pointer. */
    clickAt: (x, y) => perform([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [
      { type: 'pointerMove', duration: 0, x, y, origin: 'viewport' },
      { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] }]),
    /** Clicks the first shown element matching `css` at its centre with a real pointer (as
     * a mouse would an SVG shape), once it has stopped moving and nothing covers it (`still`). */
    async clickCentre(css) {
      const at = await still(css);
      await app.clickAt(Math.round(at.x), Math.round(at.y));
    },
    /** Presses and releases one key. */
    press: (key) => perform([{ type: 'key', id: 'kb', actions: [{ type: 'keyDown', value: key }, { type: 'keyUp', value: key }] }]),
    /** A screenshot, once the page is at rest (`settled`: the window's picture lags the
     * page by a frame or two); `{ settle: false }` takes it as it is (a failure's). */
    async shot(name, { settle = true } = {}) {
      if (settle) await settled().catch((e) => console.error(`screenshot ${name}: ${e.message}`));
      // The app draws without GPU compositing (src-tauri/src/lib.rs, `lean_web_view`), and
      // there WebKitWebDriver's snapshot waits for the page's next paint: on a page at rest it
      // never came (every screenshot of an idle start screen hung). A 1-pixel mark in the
      // corner, a shade apart every 50 ms while the snapshot is taken, gives it that paint.
      await exec(NUDGE_ON).catch(() => {});
      try {
        const png = await wd('GET', s('/screenshot'));
        writeFileSync(join(OUT, `${name}.png`), Buffer.from(png, 'base64'));
      } finally {
        await exec(NUDGE_OFF).catch(() => {});
      }
    },
    /** Polls `script` every 100 ms until it returns something truthy, which it resolves to. */
    async until(script, what, timeout = 30000) {
      const end = Date.now() + timeout;
      for (;;) {
        const v = await exec(script);
        if (v) return v;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await sleep(100);
      }
    },
    /** The last of what the driver and the app printed. */
    log: () => driver?.log() ?? '',
    /** The processes of the driver's group (the driver, WebKitWebDriver, the app, its web processes). */
    processes: () => processesOf(driver.pid),
    /**
     * Ends this app (its driver's whole group, without a word to the app, as a crash would)
     * and starts it again on the same data folder, with a new session.
     */
    async relaunch() {
      driver?.kill();
      session = null;
      await open();
    },
    /** Ends this app as `relaunch` does, without starting it again (`relaunch` starts it). */
    async stop() {
      driver?.kill();
      driver = null;
      session = null;
    },
    async close() {
      if (session) await wd('DELETE', s('')).catch(() => {});
      driver?.kill();
      rmSync(dataHome, { recursive: true, force: true });
    },
  };

  async function open() {
    ({ driver, base } = await startDriver(env));
    session = (await wd('POST', '/session', {
      capabilities: { alwaysMatch: { browserName: 'wry', 'tauri:options': { application: APP } } },
    })).sessionId;
  }
  try {
    await open();
  } catch (e) {
    await app.close();
    throw e;
  }
  return app;
}

/** The processes whose group is `pgid`: `{ pid, ppid, name, args }` each. */
export function processesOf(pgid) {
  return execFileSync('ps', ['-e', '-o', 'pid=,ppid=,pgid=,comm=,args='])
    .toString()
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length >= 5 && +f[2] === pgid)
    .map(([pid, ppid, , name, ...args]) => ({ pid: +pid, ppid: +ppid, name, args: args.join(' ') }));
}

/**
 * Whether a WebDriver error is the loss of the page's web process: the request in flight
 * fails with "Could not parse script result" and the session is then deleted "because of
 * page crash or hang" (both seen when WebKitWebProcess is killed while the app lives on).
 */
export const rendererLost = (e) => /Could not parse script result|page crash or hang/.test(e?.message ?? '');

/** The line the app prints when its window's web process ends and it reloads the window. */
export const RELOAD_LINE = /the window's web process ended \((.+)\); reloading the window/;
