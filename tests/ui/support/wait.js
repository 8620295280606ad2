// Waiting for the state a test needs, shared by the browser tests (Playwright, harness.js)
// and the end-to-end tests (WebDriver, tests/e2e/app.js). The functions marked "in the page"
// are self-contained (no closures, no imports): Playwright sends them as functions, app.js
// sends their source (`${fn}`) as a WebDriver script. They wait by animation frames, never
// by a fixed time, so a busy machine only makes them slower.
//
// The board's camera: a `.board-host` may say `data-camera="moving"|"still"` (the board sets
// it while it glides or a gesture runs); when it says nothing, a target is still once its
// bounding box has been the same over a few consecutive frames, which covers the camera too.

/**
 * In the page: resolves once the target has stopped moving, to its centre and box
 * `{ x, y, width, height, top }`, or to `{ error }` after `timeout` ms (a description of
 * what was seen). `target`: an Element, or `{ css }` / `{ xpath }` (found again each frame,
 * so a redrawn element is followed; the first match whose box is not empty). Still means:
 * the same box (to half a pixel) over `frames` consecutive animation frames, its board (if
 * any) not moving, and with `topmost` (the default) the topmost element at its centre is
 * the target or inside it; `topmost: false` reports `top` instead of waiting for it. A
 * target outside the window or covered (not on a board) is scrolled to the middle first, as
 * a click would.
 */
export function stillInPage(target, { frames = 3, timeout = 15000, topmost = true } = {}) {
  const find = () => {
    if (target instanceof Element) return target.isConnected ? target : null;
    const all = target.css ? [...document.querySelectorAll(target.css)] : [];
    if (target.xpath) {
      const r = document.evaluate(target.xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      for (let i = 0; i < r.snapshotLength; i++) all.push(r.snapshotItem(i));
    }
    return all.find((e) => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; }) ?? null;
  };
  const describe = (e) => (e ? `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : (e.className?.baseVal ? `.${e.className.baseVal.trim().split(/\s+/).join('.')}` : '')}` : 'nothing');
  return new Promise((resolve) => {
    const start = performance.now();
    let last = null;
    let same = 0;
    let seen = 'not found';
    let scrolled = false;
    const step = () => {
      const el = find();
      // An element handed in and since replaced: the caller finds it again.
      if (!el && target instanceof Element) { resolve({ error: 'detached', detached: true }); return; }
      if (el) {
        const r = el.getBoundingClientRect();
        const key = [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 2)).join(',');
        const camera = el.closest('.board-host')?.dataset.camera;
        const x = r.x + r.width / 2, y = r.y + r.height / 2;
        const out = x < 0 || y < 0 || x > innerWidth || y > innerHeight;
        const hit = document.elementFromPoint(x, y);
        const top = !!hit && (hit === el || el.contains(hit));
        // Out of the window, or under a bar at its edge: brought to the middle, once.
        if ((out || (!top && topmost && !scrolled)) && !el.closest('.board-host')) { scrolled = true; el.scrollIntoView({ block: 'center', inline: 'nearest' }); }
        const visible = r.width > 0 && r.height > 0;
        same = key === last && camera !== 'moving' && visible && (top || !topmost) ? same + 1 : 0;
        last = key;
        seen = `${describe(el)} at ${key}${camera ? `, camera ${camera}` : ''}, topmost at its centre: ${describe(hit)}`;
        if (same >= frames) { resolve({ x, y, width: r.width, height: r.height, top }); return; }
      } else {
        same = 0;
        last = null;
        seen = 'not found';
      }
      if (performance.now() - start > timeout) { resolve({ error: `still not at rest after ${timeout} ms: ${seen}` }); return; }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/**
 * In the page: resolves to `{ ok: true }` once the page is at rest for `frames` consecutive
 * animation frames, or to `{ error }` after `timeout` ms: every shown board's camera still
 * (its `data-camera`, and its drawn transform and layer unchanged), and no finite animation
 * or transition running (an endless one, a spinner, does not count). What a screenshot and
 * an assertion on positions need.
 */
export function settledInPage({ frames = 3, timeout = 15000 } = {}) {
  const finite = (a) => {
    try { return Number.isFinite(a.effect?.getComputedTiming().endTime); } catch { return true; }
  };
  return new Promise((resolve) => {
    const start = performance.now();
    let last = null;
    let same = 0;
    let seen = '';
    const step = () => {
      const hosts = [...document.querySelectorAll('.board-host')].filter((h) => h.getClientRects().length);
      const moving = hosts.filter((h) => h.dataset.camera === 'moving').length;
      const key = hosts.map((h) => `${h.querySelector('.world')?.getAttribute('transform')}|${h.querySelector('.board-layer')?.style.transform ?? ''}|${h.clientWidth}x${h.clientHeight}`).join(';');
      const running = document.getAnimations().filter((a) => a.playState === 'running' && finite(a)).length;
      same = key === last && !moving && !running ? same + 1 : 0;
      last = key;
      seen = `${moving} board(s) moving, ${running} animation(s) running`;
      if (same >= frames) { resolve({ ok: true }); return; }
      if (performance.now() - start > timeout) { resolve({ error: `the page is not at rest after ${timeout} ms: ${seen}` }); return; }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/**
 * In the page: the pending decision as the action panel (the first match of `panel`, a CSS
 * selector) shows it, read as a person reads it: a decision's name (`place_tile`,
 * `place_figure`, `draw_or_abbey`, `final_abbey`, `move_wagon`), 'ai' while an AI decides,
 * 'over' once the game has ended, or 'none'.
 */
export function panelStateInPage(panel = '.action-panel') {
  if (document.querySelector('.end-dialog[open]')) return 'over';
  const p = document.querySelector(panel);
  if (!p) return 'none';
  if (p.querySelector('.waiting')) return 'ai';
  const text = p.textContent;
  if (text.includes('The game is over')) return 'over';
  if (p.querySelector('.drawn-tile')) return 'place_tile';
  if (text.includes('Last chance')) return 'final_abbey';
  if (text.includes('Draw a tile')) return 'draw_or_abbey';
  if (text.includes('Place a figure') || text.includes('No figure can go')) return 'place_figure';
  if (text.includes('wagon comes back')) return 'move_wagon';
  return 'none';
}
