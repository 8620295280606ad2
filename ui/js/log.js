// The game log: what happened, newest first, in the sentences of text.js. Each event is
// added once, whether it came with an AI move (view.recent) or from `game_log`.
import { h } from './dom.js';
import { badgeSvg } from './players.js';
import { eventText } from './text.js';

const MAX_ITEMS = 300;

export class GameLog {
  /** `players()`: the game's players (for names); `onScored(event, sameTurn)`: a new scoring. */
  constructor(list, { players, onScored }) {
    this.list = list;
    this.players = players;
    this.onScored = onScored;
    this.keys = new Set();
  }

  clear() {
    this.keys.clear();
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
    events.forEach((ev, n) => {
      if (this.keys.has(keys[n])) return;
      this.keys.add(keys[n]);
      const who = ev.player ?? ev.scored?.players?.[0];
      this.list.prepend(h('li', { class: `log-item ${ev.type}` },
        who != null ? h('span', { class: 'who', html: badgeSvg(who, 16) }) : null,
        h('span', { class: 'turn-no' }, `${ev.turn}`), eventText(ev, this.players())));
      if (ev.type === 'scored' && float) this.onScored(ev, events.filter((e) => e.turn === ev.turn));
    });
    while (this.list.children.length > MAX_ITEMS) this.list.lastChild.remove();
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
