// Motion with meaning, never in the way (ui/js/motion.js, board.js): a placed tile slides to
// its square, a figure drops in, a scored feature glows while its points fly to the scorer's
// scoreboard row, returned figures fly home; input is taken while they run; reduced motion
// and the AI's pace; a drag moves the board as one layer and the SVG is redrawn at its end.
// No sleeps: every Web Animation the page starts is recorded (and slowed 1000×, so that it
// still runs when looked at), and its end is looked at by seeking it there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openApp, startGame, playOne, recordedMove } from './support/harness.js';
import { DESKTOP, PHONE, shot } from './support/browser.js';

let env;
before(async () => { env = await setup(); });
after(async () => { await env.close(); });

/** Opens the base game with motion allowed (the harness asks for reduced motion) and records animations. */
async function openWithMotion(device, config = {}, reduce = false) {
  const app = await openApp(env, device, { profiles: ['Ada'], game: 'base', ...config });
  await app.page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
  await startGame(app);
  await app.page.evaluate(() => {
    window.__anims = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
      const a = animate.call(this, keyframes, options);
      a.playbackRate = 0.001;
      window.__anims.push({ el: this, a, duration: options?.duration ?? options });
      return a;
    };
  });
  return app;
}

/** The recorded animations: what they move (class, cell, seat), their length and state. */
function animations(page) {
  return page.evaluate(() => window.__anims.map(({ el, a, duration }, i) => ({
    i, cls: el.getAttribute('class') ?? '', cell: el.dataset?.cell ?? null, seat: el.dataset?.seat ?? null,
    duration, state: a.playState, connected: el.isConnected,
  })));
}

/**
 * Seeks animation `i` to just before its end; returns, a frame later (the flight follows its
 * row if the layout moved it), its element's centre and the seat's scoreboard row box.
 */
function endOf(page, i, seat) {
  return page.evaluate(async ([k, who]) => {
    const { el, a } = window.__anims[k];
    a.pause();
    a.currentTime = a.effect.getComputedTiming().endTime - 1;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const r = el.getBoundingClientRect();
    // The player's scoreboard row, or on a phone with the sheet closed, their score in the compact bar.
    const full = document.querySelector(`#screen-game .scoreboard .player[data-seat="${who}"]`);
    const target = full.getClientRects().length ? full : document.querySelector(`#screen-game .mini-score[data-seat="${who}"]`);
    const row = target.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, row: { left: row.left, right: row.right, top: row.top, bottom: row.bottom } };
  }, [i, seat]);
}

const inside = (p, r) => p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;

for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`${name}: a placed tile slides in, a figure drops, a scoring glows and flies to the scoreboard, input is taken meanwhile`, async () => {
    const app = await openWithMotion(device);
    const { page, press, problems, context } = app;
    const place = await recordedMove(page);
    assert.equal(place.type, 'place');
    await playOne(page, press);
    let anims = await animations(page);
    const slide = anims.find((a) => a.cls === 'tile' && a.cell === `${place.x},${place.y}`);
    assert.ok(slide, `the placed tile slides to its square: ${JSON.stringify(anims)}`);
    assert.equal(slide.state, 'running');

    // While it still slides, the figure decision takes taps: the spot, then confirm.
    const figure = await recordedMove(page);
    assert.equal(figure.type, 'figure');
    await playOne(page, press);
    anims = await animations(page);
    assert.equal(anims[slide.i].state, 'running', 'the slide still ran while the figure was chosen and sent');
    await shot(page, `${name}-motion-01-ai-move`);

    // The AI's answer: its tile slides, the player's figure drops, its city scores 4 for seat 1.
    assert.ok(anims.some((a) => a.cls === 'tile' && a.cell === '0,-1'), 'the AI\'s tile slides');
    assert.ok(anims.some((a) => a.cls === 'fig-drop'), 'the figure just put down drops in');
    const glow = anims.find((a) => a.cls === 'glow');
    assert.ok(glow && glow.seat === '1', 'the scored city glows in its owner\'s colour');
    const points = anims.find((a) => a.cls.includes('fly-points'));
    assert.ok(points && points.seat === '1' && points.connected, 'the points fly');
    assert.equal(await page.evaluate((i) => window.__anims[i].el.textContent, points.i), '+4');
    const end = await endOf(page, points.i, 1);
    assert.ok(inside(end, end.row), `the points end on Berta's row (her score in the phone's bar): ${JSON.stringify(end)}`);
    const home = anims.find((a) => a.cls.includes('fly-home'));
    assert.ok(home && home.seat === '1', 'the follower that came back flies home');
    const homeEnd = await endOf(page, home.i, 1);
    assert.ok(inside(homeEnd, homeEnd.row), `the follower ends on its owner's row: ${JSON.stringify(homeEnd)}`);
    // Nothing that flies takes a pointer.
    assert.equal(await page.evaluate((i) => getComputedStyle(window.__anims[i].el).pointerEvents, points.i), 'none');
    await shot(page, `${name}-motion-02-points-arrive`);

    // The next placement is taken while all that still runs.
    assert.ok((await animations(page)).filter((a) => a.state === 'running').length >= 3);
    await playOne(page, press);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('reduced motion: nothing moves; motion allowed again, the next move moves', async () => {
  const app = await openWithMotion(DESKTOP, {}, true);
  const { page, press, problems, context } = app;
  await playOne(page, press); // the tile
  await playOne(page, press); // the figure, then the AI's move and its scoring
  assert.deepEqual(await animations(page), [], 'no animation with reduced motion');
  assert.equal(await page.locator('.fly, .glow').count(), 0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const place = await recordedMove(page);
  await playOne(page, press);
  // The answer's board may be drawn a moment after the panel settles: wait for the slide.
  const cell = `${place.x},${place.y}`;
  const slid = await page.waitForFunction((c) => window.__anims.some(({ el }) => el.getAttribute('class') === 'tile' && el.dataset?.cell === c), cell, { timeout: 5000 })
    .then(() => true, () => false);
  assert.ok(slid, JSON.stringify(await animations(page)));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the AI pace: at "fast" the AI\'s animations fit in its pause; at "instant" only the player\'s own move moves', async () => {
  for (const pace of ['fast', 'instant']) {
    const app = await openWithMotion(DESKTOP, { settings: { aiPace: pace } });
    const { page, press, problems, context } = app;
    await playOne(page, press);
    const own = await animations(page);
    assert.equal(own.length, 1, `${pace}: the player's tile slides`);
    assert.equal(own[0].duration, 420, 'the player\'s own move at full length');
    await playOne(page, press);
    const ai = (await animations(page)).slice(1);
    if (pace === 'fast') {
      assert.ok(ai.some((a) => a.cls.includes('fly-points')) && ai.some((a) => a.cls === 'tile'), JSON.stringify(ai));
      // paceMs('fast') is 250 ms; the animations use at most 90% of it.
      for (const a of ai) assert.ok(a.duration <= 225, `${a.cls} lasts ${a.duration} ms`);
    } else {
      assert.deepEqual(ai, [], 'no animation at "instant"');
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a drag moves the board as one layer; the SVG is redrawn when it ends; keys still move it', async () => {
  const app = await openWithMotion(DESKTOP);
  const { page, problems, context } = app;
  const world = () => page.locator('#screen-game .world').getAttribute('transform');
  const layer = () => page.evaluate(() => document.querySelector('#screen-game .board-layer').style.transform);
  const tileAt = () => page.evaluate(() => { const r = document.querySelector('#screen-game .tile').getBoundingClientRect(); return { x: r.x, y: r.y }; });
  // The camera is still (the first fit may be gliding): the same transform two frames running.
  for (let still = false; !still;) {
    still = await page.evaluate(() => new Promise((done) => {
      const t = () => document.querySelector('#screen-game .world').getAttribute('transform');
      const a = t();
      requestAnimationFrame(() => requestAnimationFrame(() => done(a === t())));
    }));
  }
  const box = await page.locator('#screen-game .board-host').boundingBox();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const w0 = await world();
  const t0 = await tileAt();
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 20, cy + 10, { steps: 2 });
  await page.mouse.move(cx + 40, cy + 20, { steps: 2 });
  await page.waitForFunction(() => document.querySelector('#screen-game .board-layer').style.transform !== '');
  // Mid-drag: the tiles follow the pointer, by the layer's transform; the SVG is not redrawn.
  const t1 = await tileAt();
  assert.ok(Math.abs(t1.x - t0.x - 40) < 1 && Math.abs(t1.y - t0.y - 20) < 1, `the board follows the drag: ${JSON.stringify([t0, t1])}`);
  assert.equal(await world(), w0, 'the SVG keeps its drawn camera during the drag');
  assert.match(await layer(), /translate\(40px, 20px\)/);
  await page.mouse.up();
  // Its end: the SVG is drawn at the new camera, the layer is back in place.
  await page.waitForFunction(() => document.querySelector('#screen-game .board-layer').style.transform === '');
  assert.notEqual(await world(), w0);
  const t2 = await tileAt();
  assert.ok(Math.abs(t2.x - t1.x) < 1 && Math.abs(t2.y - t1.y) < 1, 'the redrawn board is where the layer showed it');
  // The camera's API and the keyboard still agree with what is shown.
  await page.locator('#screen-game .board-svg').focus();
  const w2 = await world();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((x) => Math.abs(document.querySelector('#screen-game .tile').getBoundingClientRect().x - x - 60) < 1, t2.x);
  // A key has no end: the SVG is redrawn once the keys pause.
  await page.waitForFunction((w) => document.querySelector('#screen-game .board-layer').style.transform === ''
    && document.querySelector('#screen-game .world').getAttribute('transform') !== w, w2);
  const t3 = await tileAt();
  assert.ok(Math.abs(t3.x - t2.x - 60) < 1, `an arrow pans 60 px: ${t2.x} → ${t3.x}`);
  assert.deepEqual(problems, []);
  await context.close();
});
