// The tile art in headless Chromium: every tile type draws each of its features with the
// shared <defs>, the level of detail follows the tile size on screen (pennants, monasteries
// and the mayor's hat stay legible at 40 px tiles, a monk does not hide his monastery), the
// dark theme follows the system or the switch and is saved in the settings, and the main
// text/background pairs reach WCAG AA contrast in both themes. Screenshots of an early and a
// late board, light and dark, desktop and phone, go to test-output/ui/art-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, settle } from './support/harness.js';
import { DESKTOP, PHONE, openPage, shot } from './support/browser.js';
import { TILES } from './support/fixtures.js';
import { doubleScript } from './support/double.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

/** A page with the app's styles and nothing else, to mount the art modules on. */
async function blank(device = DESKTOP, scheme = 'light') {
  const opened = await openPage(env.browser, { ...device, colorScheme: scheme });
  await opened.page.goto(`${env.server.url}/__blank`);
  // The blank page has no icon: its 404 is no problem of the art.
  opened.problems.splice(0);
  const own = opened.problems;
  opened.page.on('console', () => { for (let i = own.length - 1; i >= 0; i--) if (/favicon|Failed to load resource/.test(own[i])) own.splice(i, 1); });
  return opened;
}

test('every tile type draws each of its features from shared defs', async () => {
  const { page, context, problems } = await blank();
  const found = await page.evaluate(async (tiles) => {
    const { tileSvg } = await import('/js/tiledraw.js');
    const out = {};
    for (const t of tiles.types) {
      const box = document.createElement('div');
      box.innerHTML = tileSvg(t, 90, 100);
      document.body.append(box);
      const n = (sel) => box.querySelectorAll(sel).length;
      out[t.id] = {
        cities: n('.t-city'), walls: n('.t-wall'), cityTexture: n('.t-city-tex'), roads: n('.t-road'), kerbs: n('.t-kerb'),
        grass: n('.t-grass'), pennants: n('use.t-pennant[href="#art-pennant"]'), monastery: n('use.t-monastery'), abbey: n('use.t-abbey'),
        tunnel: n('.t-tunnel'), mouth: n('.t-mouth'), over: n('.t-city.t-over'), under: n('.t-city.t-under'), shadow: n('.t-shadow'),
        fills: [...box.querySelectorAll('.t-field, .t-city')].map((e) => getComputedStyle(e).fill)
          .concat([...box.querySelectorAll('.t-road, .t-wall')].map((e) => getComputedStyle(e).stroke)),
      };
    }
    const defs = ['art-pennant', 'art-monastery', 'art-abbey', 'art-house']
      .map((id) => [id, document.querySelectorAll(`#${id}`).length]);
    return { out, defs };
  }, TILES);
  for (const [id, n] of found.defs) assert.equal(n, 1, `#${id} is defined once in the document`);
  for (const t of TILES.types) {
    const f = found.out[t.id];
    const kinds = (k) => t.segments.filter((s) => s.kind === k);
    const pennants = kinds('city').reduce((a, c) => a + c.pennants, 0);
    if (t.edges === '----') {
      assert.equal(f.abbey, 1, 'the abbey is a building');
      continue;
    }
    if (kinds('field').some((s) => !s.inner)) assert.equal(f.grass, 1, `${t.id}: the fields have grass, one path for the tile`);
    assert.equal(f.cities, kinds('city').length, `${t.id}: one city shape per city`);
    assert.equal(f.cityTexture, f.cities ? 2 : 0, `${t.id}: cities have houses and roofs, one path each for the tile`);
    if (kinds('city').some((c) => c.sides.length < 4)) assert.ok(f.walls > 0, `${t.id}: cities have walls`);
    assert.equal(f.pennants, pennants, `${t.id}: one shield per pennant`);
    assert.equal(f.monastery, kinds('monastery').length, `${t.id}: the monastery is a building`);
    assert.equal(f.roads, f.kerbs, `${t.id}: roads have kerbs`);
    if (kinds('road').length) assert.equal(f.roads, 1, `${t.id}: roads are drawn, one path for the tile`);
    for (const fill of f.fills) assert.notEqual(fill, 'none', `${t.id}: CSS colours every shape`);
  }
  const am2 = found.out.AM2, am12 = found.out.AM12;
  assert.ok(am2.over === 1 && am2.under === 1 && am2.shadow === 1, 'AM2: one city visibly passes over the other, with a shadow');
  assert.ok(am12.tunnel > 0 && am12.mouth === 1, 'AM12: the road dives into a tunnel mouth and its hidden course shows');
  await shot(page, 'art-00-tiles');
  assert.deepEqual(problems, []);
  await context.close();
});

/** Mounts a Board on a blank page with a small view: a monk on a monastery, a mayor in a city, a follower on a road. */
async function mountBoard(page) {
  await page.evaluate(async (tiles) => {
    const { Board } = await import('/js/board.js');
    const host = document.createElement('div');
    host.className = 'board-host';
    document.body.append(host);
    const types = new Map(tiles.types.map((t) => [t.id, t]));
    const board = new Board(host, types, { label: 'Art board' });
    board.setView({
      tiles: [{ id: 'B', x: 0, y: 0, rotation: 0 }, { id: 'F', x: 1, y: 0, rotation: 0 }, { id: 'U', x: 0, y: 1, rotation: 0 }, { id: 'M', x: 1, y: 1, rotation: 90 }],
      figures: [{ owner: 0, kind: 'follower', x: 0, y: 0, on: 'monastery' }, { owner: 1, kind: 'mayor', x: 1, y: 0, on: 'E' },
        { owner: 2, kind: 'follower', x: 0, y: 1, on: 'E' }],
      owners: [],
    });
    window.__board = board;
  }, TILES);
}

/** Zooms the mounted board to `px` pixels per tile and waits for the frame. */
async function zoomTo(page, px) {
  await page.evaluate((s) => { window.__board.moveTo({ scale: s, x: -40, y: -40 }, false); }, px / 100);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

test('the level of detail follows the zoom: at 40 px a pennant, a monastery and a mayor still read', async () => {
  const { page, context, problems } = await blank();
  await mountBoard(page);
  const lod = () => page.evaluate(() => ['near', 'mid', 'far'].filter((l) => document.querySelector('.board-svg').classList.contains(`lod-${l}`)));
  await zoomTo(page, 200);
  assert.deepEqual(await lod(), ['near']);
  const grassNear = await page.locator('.board-svg .t-grass').first().evaluate((e) => getComputedStyle(e).display);
  assert.notEqual(grassNear, 'none', 'close up, the fields show their grass');
  await zoomTo(page, 70);
  assert.deepEqual(await lod(), ['mid']);
  await zoomTo(page, 40);
  assert.deepEqual(await lod(), ['far'], 'one class on the board root, switched by the tile size on screen');
  await shot(page, 'art-01-lod-far');
  const m = await page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const pennant = box(document.querySelector('.board-svg .t-pennant'));
    const monastery = box(document.querySelector('.board-svg .t-monastery'));
    const monk = box(document.querySelector('.figure.owner-0'));
    const mayor = document.querySelector('.figure.mayor .figure-body path:first-child');
    const body = document.querySelector('.figure.mayor .figure-body path:last-child');
    return {
      pennant: [pennant.width, pennant.height], monastery: [monastery.width, monastery.height],
      hidden: monk.left <= monastery.left && monk.right >= monastery.right && monk.top <= monastery.top && monk.bottom >= monastery.bottom,
      hat: getComputedStyle(mayor).fill, body: getComputedStyle(body).fill, hatBox: [box(mayor).width, box(mayor).height],
      grass: getComputedStyle(document.querySelector('.board-svg .t-grass')).display,
    };
  });
  assert.ok(m.pennant[0] >= 9 && m.pennant[1] >= 12, `a pennant is a shield, not a dot, at 40 px tiles (${m.pennant})`);
  assert.ok(m.monastery[0] >= 16 && m.monastery[1] >= 18, `a monastery reads at 40 px tiles (${m.monastery})`);
  assert.ok(!m.hidden, 'the monk does not hide his monastery');
  assert.notEqual(m.hat, m.body, 'the mayor wears a hat of another colour than his body');
  assert.ok(m.hatBox[0] >= 5 && m.hatBox[1] >= 6, `the hat is visible at 40 px tiles (${m.hatBox})`);
  assert.equal(m.grass, 'none', 'far off, the fine textures are left out');
  assert.deepEqual(problems, []);
  await context.close();
});

/** sRGB relative luminance and the WCAG contrast ratio of two computed colours. */
function parse(c) {
  const m = c.match(/rgba?\(([^)]+)\)/);
  if (!m) throw new Error(`not a colour: ${c}`);
  const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
  return { r, g, b, a };
}
function luminance({ r, g, b }) {
  const f = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}
const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };

/** The computed text colour and effective background (the first opaque one up the tree) of the first match of each selector. */
function pairs(page, selectors) {
  return page.evaluate((sels) => sels.map((sel) => {
    const e = document.querySelector(sel);
    if (!e) return { sel, missing: true };
    let bg = 'rgba(0, 0, 0, 0)';
    for (let n = e; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (!/rgba\(.*, 0\)$/.test(c) && c !== 'transparent') { bg = c; break; }
    }
    if (bg === 'rgba(0, 0, 0, 0)') bg = getComputedStyle(document.documentElement).backgroundColor;
    return { sel, fg: getComputedStyle(e).color, bg };
  }), selectors);
}

const TEXT = ['.screen-title', '.card h3', '.card small', '.opp-list label', '.app-nav a:not([aria-current])', '.app-nav a[aria-current]',
  '.btn.primary', '.seg.on', '.seg:not(.on)', 'details.more summary', '#theme-switch'];

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the dark theme follows the system; main text pairs reach WCAG AA in both themes`, async () => {
    for (const scheme of ['light', 'dark']) {
      const app = await openApp(env, { ...device, colorScheme: scheme }, { profiles: ['Ada'] });
      const { page, problems, context } = app;
      const bg = parse(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));
      if (scheme === 'dark') assert.ok(luminance(bg) < 0.05, `the page is dark (${JSON.stringify(bg)})`);
      else assert.ok(luminance(bg) > 0.7, 'the page is light');
      for (const p of await pairs(page, TEXT)) {
        assert.ok(!p.missing, `${p.sel} is on the start screen`);
        const ratio = contrast(parse(p.fg), parse(p.bg));
        assert.ok(ratio >= 4.5, `${scheme}: ${p.sel} has contrast ${ratio.toFixed(2)} (${p.fg} on ${p.bg})`);
      }
      await shot(page, `art-${name}-start-${scheme}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}

test('the theme switch overrides the system, is saved with the settings and read back at start', async () => {
  const app = await openApp(env, { ...DESKTOP, colorScheme: 'light' }, { profiles: ['Ada'] });
  const { page, problems, context } = app;
  const sw = page.locator('#theme-switch');
  assert.equal(await sw.getAttribute('data-theme'), 'system');
  await sw.click();
  await sw.click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  const bg = parse(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));
  assert.ok(luminance(bg) < 0.05, 'dark on a light system');
  await page.waitForFunction(() => window.__DOUBLE__.calls.some((c) => c.cmd === 'settings_set' && c.args.settings.theme === 'dark'));
  const saved = await page.evaluate(() => window.__DOUBLE__.calls.filter((c) => c.cmd === 'settings_set').at(-1).args.settings);
  assert.equal(saved.boardAids, true, 'the other settings are kept');
  assert.match(await sw.getAttribute('aria-label'), /Colour theme: Dark/);
  assert.deepEqual(problems, []);
  await context.close();

  // A theme saved in settings.json is applied at start, over the system's choice.
  const again = await openApp(env, { ...DESKTOP, colorScheme: 'dark' }, { profiles: ['Ada'], settings: { theme: 'light' } });
  await again.page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  const bg2 = parse(await again.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));
  assert.ok(luminance(bg2) > 0.7, 'light on a dark system');
  await again.context.close();
});

/** In the page, from its start: the theme and the page's colour of its first frame (the first
 * animation frame is drawn once the head's stylesheets are in; main.js, a module, runs later). */
const FIRST_FRAME = `requestAnimationFrame(() => { const r = document.documentElement;
  window.__firstFrame = { theme: r.dataset.theme ?? null, bg: getComputedStyle(r).backgroundColor, sheets: document.styleSheets.length }; });`;

test('the first frame is drawn in the device\'s theme, and a change of the device\'s is followed while the choice is "system"', async () => {
  for (const scheme of ['dark', 'light']) {
    const { page, problems, context } = await openPage(env.browser, { ...DESKTOP, colorScheme: scheme }, [{ content: doubleScript({ profiles: ['Ada'] }) }, { content: FIRST_FRAME }]);
    await page.goto(`${env.server.url}/`);
    await page.waitForFunction(() => window.__firstFrame);
    const first = await page.evaluate(() => window.__firstFrame);
    assert.equal(first.theme, scheme, `the first frame's data-theme (${JSON.stringify(first)})`);
    assert.ok(first.sheets >= 1, 'the stylesheets are in by the first frame');
    const lum = luminance(parse(first.bg));
    assert.ok(scheme === 'dark' ? lum < 0.05 : lum > 0.7, `the first frame is ${scheme} (${first.bg})`);
    await page.waitForSelector('#screen-start:not([hidden]) .screen-title');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), scheme, 'the settings say "system": the device\'s theme');
    // The device changes its mind: the page follows at once.
    const other = scheme === 'dark' ? 'light' : 'dark';
    await page.emulateMedia({ colorScheme: other });
    await page.waitForFunction((o) => document.documentElement.dataset.theme === o, other);
    const bg = luminance(parse(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)));
    assert.ok(other === 'dark' ? bg < 0.05 : bg > 0.7, `the page turned ${other}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
  // A theme chosen outright stays, whatever the device says.
  const { page, context } = await openPage(env.browser, { ...DESKTOP, colorScheme: 'light' }, [{ content: doubleScript({ profiles: ['Ada'], settings: { theme: 'dark' } }) }]);
  await page.goto(`${env.server.url}/`);
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark' && document.querySelector('#screen-start:not([hidden]) .screen-title'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  // A change of the media is reported before the next frame's callbacks.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.ok(await page.evaluate(() => matchMedia('(prefers-color-scheme: light)').matches));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await context.close();
});

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: the board art adapts to the dark theme (not inverted); early and late boards at fitted zoom`, async () => {
    for (const scheme of ['light', 'dark']) {
      // Early: the start tile of a new game. Late: a resumed position near the end.
      const app = await openApp(env, { ...device, colorScheme: scheme }, { profiles: ['Ada'], game: 'hint-undo', resume: true });
      const { page, press, problems, context } = app;
      await press(page.locator('.resume').getByRole('button', { name: 'Resume' }));
      await page.locator('.cell.legal').first().waitFor();
      await settle(page);
      const art = await page.evaluate(() => {
        const fill = (sel) => getComputedStyle(document.querySelector(`#screen-game ${sel}`)).fill;
        const svg = document.querySelector('#screen-game .board-svg');
        return { field: fill('.t-field'), city: fill('.t-city'), road: getComputedStyle(document.querySelector('#screen-game .t-road')).stroke, lod: [...svg.classList].find((c) => c.startsWith('lod-')),
          tiles: document.querySelectorAll('#screen-game .tile').length };
      });
      const field = parse(art.field);
      assert.ok(field.g > field.r && field.g > field.b, `${scheme}: fields stay green (${art.field})`);
      const [lf, lc, lr] = [art.field, art.city, art.road].map((c) => luminance(parse(c)));
      assert.ok(lr > lc && lc > lf, `${scheme}: road, city and field keep their order of lightness`);
      if (scheme === 'dark') assert.ok(lf < 0.25, `the dark field is dimmed (${art.field})`);
      else assert.ok(lf > 0.3, `the light field is bright (${art.field})`);
      assert.ok(art.lod, 'the board carries a level of detail');
      await shot(page, `art-${name}-late-${scheme}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}
