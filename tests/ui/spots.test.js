// The board's targets in headless Chromium, at phone and desktop sizes, on the game screen
// itself (GameScreen, its board and its camera) fed with views built from the app's tile set:
// - every figure spot of every tile type × rotation, all segments offered at once (and the
//   four barn corners): the centre of each spot's circle hits that spot, no two circles
//   overlap, each is at least 44 px wide, and it all still holds while any one spot is
//   selected with its figure drawn (issue 24: the figure took taps meant for its neighbours);
// - while the camera glides to the figure decision no spot can be hit and a tap there
//   selects nothing; once it is still (`data-camera`), the same tap selects;
// - a hole offered to the abbey is drawn as the abbey's target, not as a dead square.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';
import { TILES, VIEWS } from './support/fixtures.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

/**
 * The app in `device` with a second game screen of its own in place of the others, fed by
 * `window.__spots.show(view)`; `motion`: the system lets animations run.
 */
async function mount(device, { motion = false, lang = 'en' } = {}) {
  const app = await openApp(env, { ...device, ...(motion ? { reducedMotion: 'no-preference' } : {}) }, { profiles: ['Ada'], settings: { language: lang } });
  if (motion) await app.page.emulateMedia({ reducedMotion: 'no-preference' });
  await app.page.evaluate(async ({ tiles, base }) => {
    const { GameScreen } = await import('/js/game.js');
    for (const s of document.querySelectorAll('#main > .screen')) s.hidden = true;
    // As on the game screen, a change of language leaves the other screens alone (main.js).
    document.body.dataset.screen = 'game';
    const root = document.createElement('section');
    root.className = 'screen screen-game';
    root.id = 'screen-spots';
    document.getElementById('main').append(root);
    const screen = new GameScreen(root, tiles, {
      onLeave: () => {},
      settings: () => ({ boardAids: true, aiPace: 'instant' }),
      commands: { gameLog: async () => [], gameView: async () => screen.state.view, gamePlay: async () => screen.state.view },
    });
    const host = root.querySelector('.board-host');
    const frames = (n = 2) => new Promise((r) => { const f = () => (--n <= 0 ? r() : requestAnimationFrame(f)); requestAnimationFrame(f); });
    window.__spots = { screen, host, frames, base };
  }, { tiles: TILES, base: VIEWS.place_figure });
  return app;
}

/**
 * In the page: shows the figure decision of each [id, rotation] and checks its targets; each
 * after a tile decision's camera (the whole board fitted), as in a game. Returns the faults.
 */
function checkTargets(page, cases) {
  return page.evaluate(async (list) => {
    const { screen, host, frames, base } = window.__spots;
    const { rotateName, SIDES, HALVES, CORNERS } = await import('/js/geometry.js');
    const faults = [];
    const names = (type, rotation) => type.segments.map((s) => {
      if (s.kind === 'monastery') return 'monastery';
      if (s.inner) return s.inner === 1 ? 'inner' : 'inner2';
      const own = (s.kind === 'field' ? s.halves : s.sides).map((n) => rotateName(n, rotation));
      return (s.kind === 'field' ? HALVES : SIDES).find((n) => own.includes(n));
    });
    /** The faults of the spots on screen now: hit by their centres, apart, finger-sized. */
    const look = (what) => {
      const spots = [...host.querySelectorAll('.spot')].map((g) => {
        const r = g.querySelector('.spot-hit').getBoundingClientRect();
        return { g, on: g.dataset.spot, x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2 };
      });
      const out = [];
      for (const s of spots) {
        const hit = document.elementFromPoint(s.x, s.y);
        if (!hit?.classList.contains('spot-hit') || hit.parentNode !== s.g) out.push(`${what}: the centre of ${s.on} hits ${hit?.closest('[data-spot]')?.dataset.spot ?? hit?.getAttribute('class') ?? hit?.tagName}`);
        if (s.r * 2 < 43.5) out.push(`${what}: ${s.on} is ${(s.r * 2).toFixed(1)} px wide (the board ${host.clientWidth} × ${host.clientHeight} px, a tile ${Math.round(screen.board.camera.scale * 100)} px)`);
      }
      for (const [i, a] of spots.entries()) for (const b of spots.slice(i + 1)) {
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d < a.r + b.r) out.push(`${what}: ${a.on} and ${b.on} overlap (${d.toFixed(1)} px apart, radii ${a.r.toFixed(1)} + ${b.r.toFixed(1)})`);
      }
      return { out, n: spots.length };
    };
    // A change is drawn on the next frame, after the board has followed any change of its
    // size (the panel's height changes with what it offers); then the camera must be still.
    const settled = async () => {
      await frames(2);
      for (let i = 0; i < 200 && host.dataset.camera === 'moving'; i++) await frames(1);
      if (host.dataset.camera !== 'still') faults.push(`the board says its camera is ${host.dataset.camera}, not still`);
    };
    // Choosing a spot leaves the board's size alone: what the next frame draws is drawn now
    // (the board renders what it was asked to show in one go), else it is waited for.
    const drawn = async (size) => {
      if (host.clientWidth === size[0] && host.clientHeight === size[1]) screen.board.render();
      else await settled();
    };
    for (const [id, rotation] of list) {
      const type = screen.state.type(id);
      const on = names(type, rotation);
      const fields = type.segments.some((s) => s.kind === 'field');
      const decision = { kind: 'place_figure', player: 0, human: true, x: 0, y: 0, tile: id,
        spots: type.segments.map((s, i) => ({ on: on[i], feature: s.kind, pennants: s.kind === 'city' ? s.pennants : null, kinds: ['follower'] })),
        byKind: { follower: on, mayor: [], wagon: [], barn: fields ? CORNERS : [] } };
      const turn = (screen.state.view?.turn ?? 0) + 2;
      const tiles = [{ id, x: 0, y: 0, rotation, order: 0 }];
      // The camera of the tile decision before it: the whole board fitted.
      screen.show({ ...base, turn: turn - 1, tiles, figures: [], owners: [], lastPlaced: null, aids: null, decision: { kind: 'place_tile', player: 0, human: true, tile: id, cells: [{ x: 1, y: 0, rotations: [0] }] } });
      screen.board.fit(false);
      screen.show({ ...base, turn, tiles, figures: [], owners: [], lastPlaced: { x: 0, y: 0 }, aids: null, decision });
      await settled();
      const where = `${id}@${rotation}`;
      for (const kind of fields ? ['follower', 'barn'] : ['follower']) {
        screen.state.setFigureKind(kind);
        await settled();
        const first = look(`${where} ${kind}`);
        faults.push(...first.out);
        if (first.n !== decision.byKind[kind].length) faults.push(`${where} ${kind}: ${first.n} spots shown of ${decision.byKind[kind].length}`);
        // Each spot chosen in turn, its figure drawn over the others.
        for (const spot of decision.byKind[kind]) {
          const size = [host.clientWidth, host.clientHeight];
          screen.state.selectSpot(spot);
          await drawn(size);
          if (!host.querySelector(`.spot.selected[data-spot="0,0,${spot}"]`) || !host.querySelector('.spot-figure .figure')) faults.push(`${where} ${kind}: ${spot} chosen, not drawn`);
          faults.push(...look(`${where} ${kind}, ${spot} chosen`).out);
        }
      }
    }
    return faults;
  }, cases);
}

/** Switches the language of the page. */
function language(page, lang) {
  return page.evaluate(async (l) => (await import('/js/i18n.js')).setLanguage(l), lang);
}

const CASES = TILES.types.filter((t) => t.edges !== '----').flatMap((t) => [0, 90, 180, 270].map((r) => [t.id, r]));

for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${name}: every spot of every tile type × rotation is hit at its centre, finger-sized, apart from the others, also while one is chosen`, async () => {
    const app = await mount(device);
    const { page, problems, context } = app;
    const faults = await checkTargets(page, CASES);
    assert.deepEqual(faults, []);
    // The crossing with a city, turned, a field spot chosen: a look, in both languages.
    for (const lang of ['en', 'hu']) {
      await language(page, lang);
      await checkTargets(page, [['L', 90]]);
      await page.evaluate(async () => {
        const { screen, frames } = window.__spots;
        screen.state.setFigureKind('follower');
        screen.state.selectSpot('Ne');
        await frames(2);
      });
      await shot(page, `${name}-spots-01-crossing-${lang}`);
    }
    await language(page, 'en');
    await checkTargets(page, [['AM5', 0]]);
    await page.evaluate(async () => { window.__spots.screen.state.setFigureKind('follower'); await window.__spots.frames(2); });
    await shot(page, `${name}-spots-02-nine-spots`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/**
 * In the page: a board of a few tiles far apart (fitted, so zoomed out), then the figure
 * decision on the tile just placed at (0, 0), L turned once: the camera glides to its close-up.
 * Every frame of the glide, no spot is hit where it is drawn. Resolves once the decision is
 * shown; `window.__spots.glide` collects what the frames saw.
 */
function glideToFigure(page, turn) {
  return page.evaluate(async (t) => {
    const { screen, host, base } = window.__spots;
    const on = ['E', 'S', 'W', 'N', 'Ne', 'Sw', 'Nw'];
    const tiles = [{ id: 'L', x: 0, y: 0, rotation: 90 }, { id: 'E', x: -4, y: -3, rotation: 0 }, { id: 'U', x: 4, y: 3, rotation: 0 }];
    screen.show({ ...base, turn: t - 1, tiles: tiles.slice(1), figures: [], owners: [], lastPlaced: null, aids: null,
      decision: { kind: 'place_tile', player: 0, human: true, tile: 'L', cells: [{ x: 0, y: 0, rotations: [90] }] } });
    screen.board.fit(false);
    await window.__spots.frames(2);
    const seen = (window.__spots.glide = { frames: 0, hits: [], moving: 0, downs: [] });
    screen.show({ ...base, turn: t, tiles, figures: [], owners: [], lastPlaced: { x: 0, y: 0 }, aids: null,
      decision: { kind: 'place_figure', player: 0, human: true, x: 0, y: 0, tile: 'L', spots: on.map((o) => ({ on: o, feature: 'road', kinds: ['follower'] })), byKind: { follower: on } } });
    const sample = () => {
      if (host.dataset.camera !== 'moving') return;
      seen.moving++;
      for (const c of host.querySelectorAll('.spot-hit')) {
        const r = c.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        if (hit?.closest('[data-spot]')) seen.hits.push(hit.closest('[data-spot]').dataset.spot);
      }
      requestAnimationFrame(sample);
    };
    sample();
  }, turn);
}

for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${name}: while the camera glides to a figure decision no spot can be hit and a tap selects nothing; once still, it selects`, async () => {
    const app = await mount(device, { motion: true });
    const { page, problems, context } = app;
    const tap = (x, y) => (device.hasTouch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
    const still = () => page.waitForFunction(() => window.__spots.host.dataset.camera === 'still');
    // Where the north-west field's circle ends up: a first glide, to its end.
    await glideToFigure(page, 10);
    assert.equal(await page.evaluate(() => window.__spots.host.dataset.camera), 'moving', 'the camera glides to the new tile');
    await still();
    const target = await page.evaluate(() => {
      const r = document.querySelector('#screen-spots .spot[data-spot="0,0,Nw"] .spot-hit').getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    // Each pointer down on the board notes whether the camera was moving then.
    await page.evaluate(() => window.__spots.host.addEventListener('pointerdown', () => window.__spots.glide.downs.push(window.__spots.host.dataset.camera), { capture: true }));
    // Again, tapping there at once: a tap that lands during the glide selects nothing. (On
    // a slow machine the tap may land after the glide: then it is tried again.)
    let during = 0;
    for (let attempt = 0; attempt < 6 && !during; attempt++) {
      await glideToFigure(page, 20 + 2 * attempt);
      await tap(target.x, target.y);
      await still();
      const { downs, selection } = await page.evaluate(() => ({ downs: window.__spots.glide.downs, selection: window.__spots.screen.state.selection }));
      if (downs[0] !== 'moving') continue;
      during++;
      assert.equal(selection, null, 'a tap during the glide selects nothing');
    }
    assert.ok(during > 0, 'a tap landed while the camera glided');
    const seen = await page.evaluate(() => window.__spots.glide);
    assert.ok(seen.moving >= 2, `the glide was sampled (${seen.moving} frames)`);
    assert.deepEqual(seen.hits, [], 'no spot could be hit during the glide');
    // Still: the same tap selects the spot under it.
    await tap(target.x, target.y);
    await page.waitForFunction(() => window.__spots.screen.state.selection?.on === 'Nw');
    await shot(page, `${name}-spots-03-after-glide`);
    if (name === 'desktop') {
      // The next tile's figure decision, already in view and large enough: nothing moves.
      const next = await page.evaluate(async () => {
        const { screen, host, base } = window.__spots;
        const v = screen.state.view;
        const tiles = [...v.tiles, { id: 'V', x: 1, y: 0, rotation: 0 }];
        screen.show({ ...base, turn: v.turn + 1, tiles, figures: [], owners: [], lastPlaced: { x: 1, y: 0 }, aids: null,
          decision: { kind: 'place_figure', player: 0, human: true, x: 1, y: 0, tile: 'V', spots: [{ on: 'S', feature: 'road', kinds: ['follower'] }, { on: 'Nw', feature: 'field', kinds: ['follower'] }], byKind: { follower: ['S', 'Nw'] } } });
        const camera = host.dataset.camera;
        await window.__spots.frames(1);
        const r = host.querySelector('.spot[data-spot="1,0,Nw"] .spot-hit').getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return { camera, hit: hit?.closest('[data-spot]')?.dataset.spot };
      });
      assert.deepEqual(next, { camera: 'still', hit: '1,0,Nw' }, 'a tile in view at a good size: no glide, its spots at once');
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [name, device] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`${name}: a hole offered to the abbey is its target, not a dead square, though no land tile fits there`, async () => {
    const app = await mount(device);
    const { page, press, problems, context } = app;
    const view = VIEWS.draw_or_abbey;
    const [hole] = view.decision.holes;
    assert.ok(view.aids.dead.some((d) => d.hole && d.x === hole.x && d.y === hole.y), 'the recorded view\'s only hole is a dead square');
    const at = `[data-x="${hole.x}"][data-y="${hole.y}"]`;
    const shown = () => page.evaluate((sel) => {
      const { host } = window.__spots;
      const cell = host.querySelector(`.cell.hole${sel}`);
      const r = cell?.getBoundingClientRect();
      return { hole: !!cell, abbey: !!cell?.nextElementSibling?.matches('.hole-abbey'), dead: !!host.querySelector(`.dead-square${sel}`),
        hit: r ? document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.matches(`.cell.hole${sel}`) : false };
    }, at);
    for (const lang of ['en', 'hu']) {
      await language(page, lang);
      await page.evaluate(async (v) => { window.__spots.screen.show(v); await window.__spots.frames(2); }, view);
      assert.deepEqual(await shown(), { hole: true, abbey: true, dead: false, hit: true }, 'the hole shows the abbey, no dead-square mark, and takes the tap');
      await shot(page, `${name}-spots-04-abbey-hole-${lang}`);
    }
    await language(page, 'en');
    // Tapping it places the abbey's preview there.
    await press(page.locator(`#screen-spots .cell.hole${at}`));
    await page.locator(`#screen-spots .preview${at}`).waitFor();
    // When the abbey is not offered (another player's turn), the square is marked dead again.
    await page.evaluate(async (v) => { window.__spots.screen.show(v); await window.__spots.frames(2); }, { ...VIEWS.ai_turn, gameId: view.gameId });
    assert.deepEqual(await shown(), { hole: false, abbey: false, dead: true, hit: false });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
