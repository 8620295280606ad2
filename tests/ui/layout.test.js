// Words that fit (issue 24, item 4): every screen and panel at a phone's 390×844 in English
// and Hungarian, on recorded games, checked for text clipped by its box and for text boxes
// that overlap. Clipped: an element that does not scroll whose content is wider than its box
// (scrollWidth > clientWidth; an ellipsis only where the full text is its title), or text
// cut off by an ancestor that hides its overflow. Overlapping: two pieces of text (the line
// boxes of two text nodes) drawn over each other. Walked: the start screen with and without
// the lessons card, the history, the replay with a review, the profile, help, settings, the
// Learn list and a lesson, the game screen at every decision kind the recordings reach (and
// the figure-kind picker with all four kinds), the end dialog, the tiles-left drawer and the
// resign question. Screenshots go to test-output/ui/layout-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne, panelState } from './support/harness.js';
import { PHONE, DESKTOP, shot } from './support/browser.js';
import { transcript } from './support/fixtures.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

const PORTRAIT = { ...PHONE, viewport: { width: 390, height: 844 } };
const LANGS = ['en', 'hu'];
const setLanguage = (page, code) => page.evaluate((c) => import('/js/i18n.js').then((m) => m.setLanguage(c)), code);
/** Two frames: what the screen last changed is laid out and drawn. */
const drawn = (page) => page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));

/**
 * The layout audit, run in the page: the problems of the open dialog (the page under it is
 * inert), else of `scope`. Each problem names the element and its text.
 */
function audit(scope) {
  const dialogs = [...document.querySelectorAll('dialog[open]')];
  const roots = dialogs.length ? [dialogs.at(-1)] : [...document.querySelectorAll(scope)];
  if (!roots.length) return [`nothing matches ${scope}`];
  const out = [];
  const say = (el) => {
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
  };
  const shown = (el) => {
    if (!el.getClientRects().length || !el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) return false;
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.visibility === 'hidden' || cs.opacity === '0') return false;
    }
    return true;
  };
  // Left out: the board's drawing, charts and pictures (SVG), form controls' own text, the
  // screen-reader-only text (a 1 px clipped box) and the passing messages.
  const ignored = (el) => !!el.closest('svg, select, option, textarea, .board-host, #toasts, #announcer, .sr-only');
  const scrolls = (v) => v === 'auto' || v === 'scroll';
  const hides = (v) => v === 'hidden' || v === 'clip';
  const titled = (el) => { for (let e = el; e && e !== document.body; e = e.parentElement) if (e.title || e.getAttribute('aria-label')) return true; return false; };

  // 1. Boxes whose content is wider (or, hiding their overflow, taller) than they are.
  for (const el of roots.flatMap((r) => [r, ...r.querySelectorAll('*')])) {
    if (!(el instanceof HTMLElement) || ignored(el) || !shown(el)) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'inline' || cs.display === 'contents') continue;
    if (!el.textContent.trim()) continue;
    if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;
    const wide = el.scrollWidth > el.clientWidth + 1 && !scrolls(cs.overflowX);
    const tall = el.scrollHeight > el.clientHeight + 1 && hides(cs.overflowY);
    if (!wide && !tall) continue;
    if (cs.textOverflow === 'ellipsis' && titled(el)) continue;
    out.push(`clipped: ${say(el)} (content ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
  }
  // A box's content that spills out of its left or right side (scrollWidth misses the left,
  // where centred content that is too wide goes too).
  for (const el of roots.flatMap((r) => [r, ...r.querySelectorAll('*')])) {
    if (!(el instanceof HTMLElement) || ignored(el) || !shown(el) || !el.textContent.trim()) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'inline' || cs.display === 'contents' || scrolls(cs.overflowX)) continue;
    const b = el.getBoundingClientRect();
    const left = b.left + el.clientLeft, right = left + el.clientWidth;
    for (const c of el.children) {
      const ccs = getComputedStyle(c);
      if (ccs.position === 'absolute' || ccs.position === 'fixed' || !c.getClientRects().length || c.closest('.board-host')) continue;
      const r = c.getBoundingClientRect();
      if (r.width && (r.left < left - 1 || r.right > right + 1)) { out.push(`spills out: ${say(c)} of ${say(el)} [${Math.round(r.left)}, ${Math.round(r.right)}] in [${Math.round(left)}, ${Math.round(right)}]`); break; }
    }
  }

  // Text that scrolls under a bar kept in view (position sticky or fixed, e.g. the start
  // screen's Start) is out of view there, as if scrolled away.
  const pinned = (e) => { for (let a = e; a && a !== document.body; a = a.parentElement) { const p = getComputedStyle(a).position; if (p === 'sticky' || p === 'fixed') return a; } return null; };
  const underBar = (el, r) => {
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    const bar = hit && pinned(hit);
    return !!bar && !bar.contains(el);
  };

  // 2. Each piece of text: its line boxes, as much of them as the ancestors that clip leave
  // in view; text cut off by such an ancestor (or by the window's sides) is clipped.
  const pieces = [];
  const range = document.createRange();
  const texts = [];
  for (const r of roots) {
    const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
  }
  for (const n of texts) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el || ignored(el) || !shown(el)) continue;
    range.selectNodeContents(n);
    for (const r0 of range.getClientRects()) {
      if (r0.width < 1 || r0.height < 1) continue;
      let r = { left: r0.left, top: r0.top, right: r0.right, bottom: r0.bottom };
      let cut = null;
      let hidden = false;
      for (let a = el; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
        const b = a.getBoundingClientRect();
        const box = { left: b.left + a.clientLeft, top: b.top + a.clientTop, right: b.left + a.clientLeft + a.clientWidth, bottom: b.top + a.clientTop + a.clientHeight };
        const inter = { left: Math.max(r.left, box.left), top: Math.max(r.top, box.top), right: Math.min(r.right, box.right), bottom: Math.min(r.bottom, box.bottom) };
        if (inter.right - inter.left < 1 || inter.bottom - inter.top < 1) { hidden = true; break; }
        // Text scrolled out of a scrolling box is not cut: it is a scroll away.
        const cutX = hides(cs.overflowX) && (r.left < box.left - 1 || r.right > box.right + 1);
        const cutY = hides(cs.overflowY) && (r.top < box.top - 1 || r.bottom > box.bottom + 1);
        if ((cutX || cutY) && !(cs.textOverflow === 'ellipsis' && titled(a))) cut ??= a;
        r = inter;
      }
      if (hidden || underBar(el, r)) continue;
      if (cut) out.push(`cut off: ${say(el)} by ${say(cut)}`);
      if (r.left < -1 || r.right > innerWidth + 1) out.push(`off the screen: ${say(el)} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
      pieces.push({ el, r });
    }
  }

  // 3. Two pieces of text over each other (a pixel of touching lines is not an overlap).
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      const a = pieces[i], b = pieces[j];
      if (a.el === b.el) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const hgt = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && hgt > 3) out.push(`overlap: ${say(a.el)} and ${say(b.el)} (${Math.round(w)}×${Math.round(hgt)} px)`);
    }
  }
  return [...new Set(out)];
}

/** Audits `scope` (or the open dialog) in each language; the screenshots are `layout-NAME-LANG`. */
async function check(page, name, scope, { langs = LANGS, ready = null } = {}) {
  const found = [];
  for (const lang of langs) {
    await setLanguage(page, lang);
    if (ready) await ready(lang);
    await drawn(page);
    await shot(page, `layout-${name}-${lang}`);
    for (const p of await page.evaluate(audit, scope)) found.push(`${name} (${lang}): ${p}`);
  }
  await setLanguage(page, 'en');
  return found;
}

test('phone 390×844, English and Hungarian: the screens around the game', async () => {
  const found = [];
  // A new player: the start screen with the lessons card.
  {
    const { page, problems, context } = await openApp(env, PORTRAIT, { profiles: ['Ada'], lesson: true });
    await page.locator('.learn-suggest').waitFor();
    found.push(...await check(page, 'start-lessons', '#app-bar, #screen-start', { ready: () => page.locator('#screen-start .learn-suggest').waitFor() }));
    await page.evaluate(() => { location.hash = '#/learn'; });
    const ready = () => page.locator('#screen-learn .lesson-item').first().waitFor();
    await ready();
    found.push(...await check(page, 'learn', '#app-bar, #screen-learn', { ready }));
    await page.locator('#screen-learn .lesson-item').first().click();
    const lesson = () => page.locator('#screen-learn .lesson-game:not([hidden]) .action-panel button').first().waitFor();
    await lesson();
    found.push(...await check(page, 'lesson', '#app-bar, #screen-learn', { ready: lesson }));
    await page.evaluate(() => { location.hash = '#/settings'; });
    const settings = () => page.locator('#screen-settings:not([hidden]) select, #screen-settings:not([hidden]) input').first().waitFor();
    await settings();
    found.push(...await check(page, 'settings', '#app-bar, #screen-settings', { ready: settings }));
    await page.evaluate(() => { location.hash = '#/help'; });
    const help = () => page.locator('#screen-help:not([hidden]) .help').first().waitFor();
    await help();
    found.push(...await check(page, 'help', '#app-bar, #screen-help', { ready: help }));
    assert.deepEqual(problems, []);
    await context.close();
  }
  // After a game: the start screen without the card, the history, the profile.
  {
    const { page, problems, context } = await openApp(env, PORTRAIT, { profiles: ['Ada'], game: 'base', played: true });
    const start = () => page.locator('#screen-start:not([hidden]) .btn.primary.big').waitFor();
    await start();
    assert.equal(await page.locator('.learn-suggest').count(), 0);
    found.push(...await check(page, 'start', '#app-bar, #screen-start', { ready: start }));
    await page.evaluate(() => { location.hash = '#/history'; });
    const history = () => page.locator('#screen-history:not([hidden]) .match-list > li').first().waitFor();
    await history();
    found.push(...await check(page, 'history', '#app-bar, #screen-history', { ready: history }));
    await page.evaluate(() => { location.hash = '#/profile'; });
    const profile = () => page.locator('#screen-profile:not([hidden]) .rating-card').waitFor();
    await profile();
    found.push(...await check(page, 'profile', '#app-bar, #screen-profile', { ready: profile }));
    assert.deepEqual(problems, []);
    await context.close();
  }
  // A resigned game in the history.
  {
    const { page, problems, context } = await openApp(env, PORTRAIT, { profiles: ['Ada'], game: 'resigned', played: true });
    await page.evaluate(() => { location.hash = '#/history'; });
    const history = () => page.locator('#screen-history:not([hidden]) .match-list > li').first().waitFor();
    await history();
    found.push(...await check(page, 'history-resigned', '#app-bar, #screen-history', { ready: history }));
    assert.deepEqual(problems, []);
    await context.close();
  }
  // The replay of a reviewed match, a faulted move picked.
  {
    const steps = transcript('review');
    const id = steps.find((s) => s.cmd === 'review_start' && s.ok).args.id;
    const { page, problems, context } = await openApp(env, PORTRAIT, { profiles: ['Ada'], game: 'review', played: true, reviewed: true });
    await page.evaluate((m) => { location.hash = `#/match/${encodeURIComponent(m)}`; }, id);
    const ready = () => page.locator('#screen-match:not([hidden]) .rv-moves .rv-pick').first().waitFor();
    // A change of language draws the replay again: the move is picked again.
    const picked = async () => {
      await ready();
      await page.locator('.rv-move.blunder .rv-pick, .rv-move.mistake .rv-pick').first().click();
      await page.locator('.rv-verdict .rv-why').waitFor();
    };
    found.push(...await check(page, 'replay', '#app-bar, #screen-match', { ready: picked }));
    assert.deepEqual(problems, []);
    await context.close();
  }
  assert.deepEqual(found, []);
});

test('phone 390×844, English and Hungarian: the game screen at every decision kind, its dialogs and the end', async () => {
  const found = [];
  const app = await openApp(env, PORTRAIT, { profiles: ['Ada'], game: 'abbey-mayor' });
  const { page, press, problems, context } = app;
  await startGame(app);
  const seen = new Set();
  const panel = () => page.waitForFunction(() => { const p = document.querySelector('#screen-game .action-panel'); return p && p.querySelector('button') && !p.querySelector('.waiting'); });
  for (let i = 0; i < 400; i++) {
    const state = await panelState(page);
    if (state === 'over') break;
    if (state === 'ai' || state === 'none') { await playOne(page, press); continue; }
    const view = await page.evaluate(() => window.__DOUBLE__.view());
    const d = view.decision;
    const kind = d.kind === 'place_figure' ? `figure-${['follower', 'mayor', 'wagon', 'barn'].filter((k) => d.byKind[k]?.length).length}`
      : d.kind === 'move_wagon' ? `wagon-${d.targets.length > 2 ? 'many' : 'one'}` : d.kind;
    if (!seen.has(kind)) {
      seen.add(kind);
      found.push(...await check(page, `game-${kind}`, '#screen-game', { ready: panel }));
      if (kind === 'place_tile' && !seen.has('dialogs')) {
        seen.add('dialogs');
        // The tiles-left drawer and the resign question.
        await press(page.locator('.game-bar').getByRole('button', { name: /tiles left/i }));
        const drawer = () => page.locator('dialog.drawer[open] .remaining li').first().waitFor();
        await drawer();
        found.push(...await check(page, 'tiles-left', '#screen-game', { ready: async (lang) => { await page.evaluate(() => document.querySelector('dialog[open]').close()); await press(page.locator('.game-bar .btn').nth(1)); await drawer(); void lang; } }));
        await page.evaluate(() => document.querySelector('dialog[open]').close());
        await page.evaluate(() => document.querySelector('.resign-row .btn').click());
        const question = () => page.locator('dialog[open] #dlg-title').waitFor();
        await question();
        found.push(...await check(page, 'resign-question', '#screen-game', { ready: async () => { await page.evaluate(() => document.querySelector('dialog[open]')?.close()); await page.evaluate(() => document.querySelector('.resign-row .btn').click()); await question(); } }));
        await page.evaluate(() => document.querySelector('dialog[open]').close());
        await panel();
      }
    }
    await playOne(page, press);
  }
  // The end of the game.
  await page.locator('.end-dialog[open] .breakdown').waitFor();
  const end = async () => {
    await page.evaluate(() => document.querySelector('.end-dialog[open]')?.close());
    await page.evaluate(() => import('/js/dialogs.js').then((m) => m.showEnd(window.__DOUBLE__.view())));
    await page.locator('.end-dialog[open] .breakdown').waitFor();
  };
  found.push(...await check(page, 'end', '#screen-game', { ready: end }));
  assert.ok(['place_tile', 'figure-3', 'wagon-many', 'draw_or_abbey', 'final_abbey'].every((k) => seen.has(k)), [...seen].join(', '));
  assert.deepEqual(problems, []);
  await context.close();
  assert.deepEqual(found, []);
});

for (const [size, device] of [['phone', PORTRAIT], ['desktop', DESKTOP]]) {
  test(`${size}, English and Hungarian: the figure-kind picker with all four kinds`, async () => {
    // No recording reaches a figure decision with all four kinds: the recorded decision with
    // three (follower, mayor, wagon) is shown with a barn corner added, on the game screen
    // itself (its commands handed in, as a lesson does).
    const steps = transcript('abbey-mayor');
    let view = null;
    for (const s of steps) {
      if (!s.cmd.startsWith('game_') || !s.ok || typeof s.ok !== 'object') continue;
      view = s.ok.$delta ? { ...view, ...s.ok } : s.ok;
      delete view.$delta;
      const d = view.decision;
      if (d?.kind === 'place_figure' && d.human && ['follower', 'mayor', 'wagon'].every((k) => d.byKind[k]?.length)) break;
    }
    const four = { ...view, decision: { ...view.decision, byKind: { ...view.decision.byKind, barn: ['NE'] } } };
    const { page, problems, context } = await openApp(env, device, { profiles: ['Ada'] });
    await page.evaluate(async (v) => {
      const [{ GameScreen }, { api }] = await Promise.all([import('/js/game.js'), import('/js/api.js')]);
      const root = document.getElementById('screen-game');
      const screen = new GameScreen(root, await api.tiles(), { onLeave: () => {}, commands: { gameView: async () => v, gameLog: async () => [] } });
      for (const s of document.querySelectorAll('main > section')) s.hidden = s !== root;
      document.body.dataset.screen = 'game';
      await screen.start(v);
    }, four);
    const kinds = page.locator('#screen-game .action-panel .segmented .seg');
    const picker = () => kinds.nth(3).waitFor();
    await picker();
    assert.equal(await kinds.count(), 4);
    const found = await check(page, `game-figure-4-${size}`, '#screen-game', { ready: async () => {
      await picker();
      // Each kind shows its figure, full size.
      const icons = await kinds.evaluateAll((bs) => bs.map((b) => b.querySelector('svg').getBoundingClientRect().width));
      assert.ok(icons.every((w) => w >= 19), `figures ${icons.join(', ')} px wide`);
    } });
    assert.deepEqual(problems, []);
    await context.close();
    assert.deepEqual(found, []);
  });
}
