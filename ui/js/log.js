// The game log: what happened, newest first, in the sentences of text.js. Each event is
// added once, whether it came with an AI move (view.recent) or from `game_log`. A placement
// shows the tile's drawing and tells the figure put on it in the same entry; tapping an entry
// (or Enter on it) highlights its tile or feature on the board (a `board-highlight` event,
// which the board of the same screen draws).
import { h } from './dom.js';
import { api } from './api.js';
import { badgeSvg } from './players.js';
import { tileSvg } from './tiledraw.js';
import { eventText, eventPlaces } from './text.js';
import { t } from './i18n.js';

const MAX_ITEMS = 300;
let tileTypes = null;

/** The tile descriptions, asked once (drawings appear when they arrive). */
function types() {
  tileTypes ??= api.tiles().then((set) => new Map(set.types.map((ty) => [ty.id, ty]))).catch(() => new Map());
  return tileTypes;
}

/** Asks the board of `from`'s screen to highlight `places` ([{x, y, on?}]; empty clears). */
export function highlightOnBoard(from, places, { follow = false } = {}) {
  from.dispatchEvent(new CustomEvent('board-highlight', { bubbles: true, detail: { places, follow } }));
}

export class GameLog {
  /** `players()`: the game's players (for names); `onScored(event, sameTurn)`: a new scoring. */
  constructor(list, { players, onScored }) {
    this.list = list;
    this.players = players;
    this.onScored = onScored;
    this.keys = new Set();
    this.placements = new Map();
    this.entries = new WeakMap();
  }

  clear() {
    this.keys.clear();
    this.placements.clear();
    this.list.replaceChildren();
  }

  /** Shows the whole log (`game_log`): usually it only grew; after an undo it shrank and is rebuilt without animation. */
  sync(events) {
    const keys = new Set(eventKeys(events));
    if (![...this.keys].every((k) => keys.has(k))) {
      this.clear();
      this.list.classList.add('no-anim');
      requestAnimationFrame(() => requestAnimationFrame(() => this.list.classList.remove('no-anim')));
    }
    this.add(events);
  }

  /** Adds the events not shown yet; `float`: new scorings also rise from the board. */
  add(events, { float = false } = {}) {
    const keys = eventKeys(events);
    let added = false;
    events.forEach((ev, n) => {
      if (this.keys.has(keys[n])) return;
      this.keys.add(keys[n]);
      added = true;
      // The figure put on a tile just placed joins that tile's sentence.
      const placed = ev.type === 'figure_placed' ? this.placements.get(ev.turn) : null;
      if (placed && placed.ev.x === ev.x && placed.ev.y === ev.y && placed.ev.player === ev.player) {
        placed.figure = ev;
        placed.text.textContent = eventText(placed.ev, this.players(), { figure: ev });
        placed.places.push({ x: ev.x, y: ev.y, on: ev.on });
        return;
      }
      const entry = this.entry(ev);
      this.list.prepend(entry.li);
      if (ev.type === 'tile_placed') this.placements.set(ev.turn, entry);
      if (ev.type === 'scored' && float) this.onScored(ev, events.filter((e) => e.turn === ev.turn));
    });
    while (this.list.children.length > MAX_ITEMS) this.list.lastChild.remove();
    if (added && this.list.querySelector('.log-pick.picked')) this.unpick();
  }

  /** A change of language: every entry's sentence again. */
  relabel() {
    for (const li of this.list.children) {
      const entry = this.entries.get(li);
      if (!entry) continue;
      entry.text.textContent = eventText(entry.ev, this.players(), { figure: entry.figure });
      li.querySelector('.log-pick')?.setAttribute('title', t('game.log.show'));
    }
  }

  /** One entry: who, the turn, the tile's drawing, the sentence; a button that shows it on the board. */
  entry(ev) {
    const who = ev.player ?? ev.scored?.players?.[0];
    const places = eventPlaces(ev);
    const text = h('span', { class: 'log-text' }, eventText(ev, this.players()));
    const tileId = ev.type === 'tile_placed' || ev.type === 'tile_discarded' || ev.type === 'abbey_placed' ? ev.tile : null;
    const pic = tileId ? h('span', { class: 'log-tile', 'aria-hidden': 'true' }) : null;
    if (pic) {
      types().then((map) => {
        const type = map.get(tileId);
        if (type) pic.innerHTML = tileSvg(type, ev.rotation ?? 0, 28, '');
      });
    }
    const content = [who != null ? h('span', { class: 'who', html: badgeSvg(who, 16) }) : null,
      h('span', { class: 'turn-no' }, `${ev.turn}`), pic, text];
    const entry = { ev, text, places, figure: null };
    const body = places.length
      ? h('button', { class: 'log-pick', type: 'button', 'aria-pressed': 'false', title: t('game.log.show'), onclick: (e) => this.pick(e.currentTarget, entry) }, ...content)
      : h('span', { class: 'log-plain' }, ...content);
    entry.li = h('li', { class: `log-item ${ev.type}` }, body);
    this.entries.set(entry.li, entry);
    return entry;
  }

  /** Highlights an entry's place on the board (again: hides it). */
  pick(button, entry) {
    const on = button.classList.contains('picked');
    this.unpick();
    if (on) return;
    button.classList.add('picked');
    button.setAttribute('aria-pressed', 'true');
    highlightOnBoard(this.list, entry.places, { follow: true });
    // On a phone the log is in a sheet over the board: close it so that the place shows.
    const screen = this.list.closest('.screen-game');
    const toggle = screen?.querySelector('.sheet-toggle');
    if (screen?.classList.contains('sheet-open') && toggle && getComputedStyle(toggle).display !== 'none') toggle.click();
  }

  unpick() {
    for (const b of this.list.querySelectorAll('.log-pick.picked')) {
      b.classList.remove('picked');
      b.setAttribute('aria-pressed', 'false');
    }
    highlightOnBoard(this.list, []);
  }
}

/** The log's identity of each event: its place in its turn and its fields. */
function eventKeys(events) {
  const seen = new Map();
  return events.map((ev) => {
    const i = seen.get(ev.turn) ?? 0;
    seen.set(ev.turn, i + 1);
    return `${i}|${JSON.stringify(ev)}`;
  });
}
