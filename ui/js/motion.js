// Motion that tells what changed: a tile slides to its square, a figure drops in, a scored
// feature glows in its owner's colour while its points fly to that player's scoreboard row,
// and figures coming back fly home to their owner's row. Every animation is decoration on
// top of a state that is already up to date: nothing waits for one, none catches a pointer,
// and a new one never delays input. The system's "reduce motion" turns them all off; after
// an AI move they fit inside the settings' pause (shorter at "fast", none at "instant").
import { miniFigure, playerColour } from './players.js';

/** Full lengths (ms) of each animation, for the human's own moves and slow AI moves. */
export const DURATION = { slide: 420, drop: 320, glow: 900, fly: 800, home: 750 };
/** The share of an AI move's pause that its animations may use. */
const PAUSE_SHARE = 0.9;
/** At most this many points and figures fly at once (the final scoring has many). */
const MAX_FLIGHTS = 8;

/** The settings' animation speed: `normal`, `fast` (half length) or `off`. */
let speed = 'normal';
const SPEED_FACTOR = { normal: 1, fast: 0.5, off: 0 };
/** Sets the animation speed (the settings' `animations`). */
export function setMotionSpeed(s) {
  speed = s in SPEED_FACTOR ? s : 'normal';
}

/** Whether the system asks for reduced motion. */
export function motionReduced() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The length of an animation of `kind` within a pause of `budget` ms (null: no limit, the
 * player's own moves); 0 when motion is off or there is no time for it.
 */
export function durationFor(kind, budget = null) {
  if (motionReduced() || speed === 'off') return 0;
  const full = Math.round(DURATION[kind] * SPEED_FACTOR[speed]);
  if (budget == null) return full;
  const ms = Math.min(full, Math.round(budget * PAUSE_SHARE));
  return ms >= 60 ? ms : 0;
}

/** Runs `keyframes` on `el` for `ms` (nothing when 0); calls `done` when it ends or is cancelled. */
export function animate(el, keyframes, ms, { easing = 'cubic-bezier(.2,.7,.3,1)', delay = 0, done = null } = {}) {
  if (!ms || typeof el?.animate !== 'function') { done?.(); return null; }
  const a = el.animate(keyframes, { duration: ms, easing, delay });
  if (done) a.finished.then(done, done);
  return a;
}

/** The centre of an element on screen (client pixels), or null if it is not laid out or not in view. */
function centreOf(el) {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return null;
  if (r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth) return null;
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/**
 * The game screen's motion: asks the board for the on-board parts and flies the points and
 * figures over the page. `rowOf(seat)`: that player's scoreboard row element.
 */
export class Motion {
  constructor(board, { rowOf, panel = null }) {
    this.board = board;
    this.rowOf = rowOf;
    this.panel = panel;
    this.budget = null;
    this.flights = 0;
    this.seen = new Set();
  }

  /** The time the next animations may take: the pause after an AI move (ms), or null for the player's own. */
  pace(budget) {
    this.budget = budget;
  }

  /**
   * What the board needs to animate the next view: the tile `at` ({x, y}, or null) placed by
   * `seat` slides in, new figures drop (`own`: the player at this screen, whose drawn tile is
   * in the panel); null for no motion.
   */
  placing(seat, own, at) {
    const drop = durationFor('drop', this.budget);
    if (!drop) return null;
    const source = own ? centreOf(this.panel?.querySelector('.drawn-tile')) : null;
    return {
      at,
      slide: durationFor('slide', this.budget),
      drop,
      // The tile comes from its player: the drawn tile in the panel (a short settle, it was
      // previewed on its square) or the AI's scoreboard row (from that side of the board).
      from: source ?? centreOf(this.rowOf(seat)),
      reach: own ? 0.3 : 2.2,
    };
  }

  /**
   * A scoring (`ev`, a `scored` event) and the other events of its turn: the feature glows
   * in its owner's colour, the points fly to each scorer's row, the figures that come back
   * fly to their owners' rows.
   */
  scored(ev, sameTurn = []) {
    const s = ev.scored;
    if (!s || motionReduced()) return;
    const glow = durationFor('glow', this.budget);
    const fly = durationFor('fly', this.budget);
    if (!fly) return;
    const seats = s.players ?? [];
    if (seats.length && ev.segments?.length) this.board.glow(ev.segments, seats[0], glow);
    const from = this.board.clientOf(...this.board.featureCentre(ev.segments?.length ? ev.segments : [ev]));
    seats.forEach((seat, i) => {
      const target = () => this.rowOf(seat)?.querySelector('.score') ?? this.rowOf(seat);
      const to = centreOf(target());
      if (!to) return;
      const el = document.createElement('div');
      el.className = 'fly fly-points';
      el.dataset.seat = seat;
      el.style.color = playerColour(seat);
      el.textContent = `+${s.points}`;
      this.fly(el, [from[0] + i * 14, from[1]], to, fly, seat, target);
    });
    const home = durationFor('home', this.budget);
    for (const back of sameTurn) {
      if (back.type !== 'figure_returned' || back.player == null || back.x == null) continue;
      const key = `${back.turn}|${back.x},${back.y}|${back.player}|${back.figure}`;
      if (this.seen.has(key)) continue;
      if (this.seen.size > 500) this.seen.clear();
      this.seen.add(key);
      const target = () => { const row = this.rowOf(back.player); return row?.querySelector('.supply .sup') ?? row; };
      const to = centreOf(target());
      if (!to || !home) continue;
      const start = this.board.clientOf(...this.board.figureAnchor(back.x, back.y, back.player, back.figure));
      const el = document.createElement('div');
      el.className = 'fly fly-home';
      el.dataset.seat = back.player;
      el.innerHTML = miniFigure(back.player, back.figure ?? 'follower');
      this.fly(el, start, to, home, null, target);
    }
  }

  /**
   * Flies `el` (over everything, never in the way) from one screen point to another, then
   * removes it. The end follows `target()` (the row it flies to) if the page's layout moves
   * it meanwhile: the flight is shifted by that move times its progress.
   */
  fly(el, [x0, y0], [x1, y1], ms, bumpSeat, target) {
    if (this.flights >= MAX_FLIGHTS) return null;
    el.setAttribute('aria-hidden', 'true');
    document.body.append(el);
    this.flights++;
    const at = (x, y, s, o) => ({ transform: `translate(${x}px, ${y}px) translate(-50%, -50%) scale(${s})`, opacity: o });
    const mx = (x0 + x1) / 2, my = Math.min(y0, y1) - 40;
    let a = null;
    const follow = () => {
      if (!el.isConnected || !a) return;
      const now = centreOf(target());
      const p = a.effect.getComputedTiming().progress ?? 1;
      if (now) el.style.translate = `${((now[0] - x1) * p).toFixed(1)}px ${((now[1] - y1) * p).toFixed(1)}px`;
      requestAnimationFrame(follow);
    };
    a = animate(el, [at(x0, y0, 0.6, 0), { ...at(x0, y0 - 12, 1.25, 1), offset: 0.2 }, { ...at(mx, my, 1.1, 1), offset: 0.55 }, at(x1, y1, 0.8, 0.9)], ms, {
      easing: 'ease-in-out',
      done: () => {
        el.remove();
        this.flights--;
        // The points arrive: the score they join bumps once.
        if (bumpSeat != null) animate(this.rowOf(bumpSeat)?.querySelector('.score'), [{ transform: 'scale(1)' }, { transform: 'scale(1.25)' }, { transform: 'scale(1)' }], 220);
      },
    });
    requestAnimationFrame(follow);
    return a;
  }
}
