// The board-reading aid on a placed tile (game screen): a tap on it, or the `o` key, asks the
// app (`game_odds`) how likely the feature under it is to be completed, and a popover over the
// board says it in words (text.js). Nothing while the aids are off (the settings' `boardAids`).
import { api } from './api.js';
import { h, showError } from './dom.js';
import { oddsTitle, oddsText } from './text.js';
import { t } from './i18n.js';
import { rotateName, SIDES, HALVES } from './geometry.js';
import { anchorFor } from './tiledraw.js';

export class OddsPopover {
  /**
   * `el`: the popover (in the board's wrapper); `host`: the board's host, whose pixels place
   * it; `board`, `state`: the game screen's; `aidsOn()`: whether the aids are shown.
   */
  constructor(el, { host, board, state, aidsOn }) {
    this.oddsPop = el;
    this.boardHost = host;
    this.board = board;
    this.state = state;
    this.aidsShown = aidsOn;
  }

  get aidsOn() {
    return this.aidsShown();
  }

  /** A change of language: an open popover is asked again in the new words. */
  relabel() {
    const at = !this.oddsPop.hidden && this.oddsPop.dataset.at?.split(',');
    if (at) this.oddsFor(Number(at[0]), Number(at[1]), at[2], [parseFloat(this.oddsPop.style.left) - 12, parseFloat(this.oddsPop.style.top) - 12]);
  }

  /** The tile's features by their canonical names on the board (RULES.md §1: the first side
   * N, E, S, W of a road or city, the first half-edge of a field), with their anchors; roads,
   * cities and monasteries first. */
  features(tile) {
    const type = this.state.type(tile.id);
    if (!type) return [];
    const first = (names, order) => order.find((n) => names.map((x) => rotateName(x, tile.rotation)).includes(n));
    const named = type.segments.map((seg) => {
      let on;
      if (seg.kind === 'monastery') on = 'monastery';
      else if (seg.kind === 'field') on = seg.inner === 1 ? 'inner' : seg.inner === 2 ? 'inner2' : first(seg.halves, HALVES);
      else on = first(seg.sides, SIDES);
      return { on, field: seg.kind === 'field', at: anchorFor(type, tile.rotation, on) };
    });
    return [...named.filter((f) => !f.field), ...named.filter((f) => f.field)];
  }

  /** Shows the odds of the feature nearest to `local` (0–100 in the tile) on the tile at
   * (x, y), in a popover at `screen` (the host's pixels); nothing without aids or a tile. */
  async showOdds(x, y, local, screen) {
    const v = this.state.view;
    const tile = this.board.tileAt(x, y);
    if (!this.aidsOn || !v?.aids || !tile) return;
    const all = this.features(tile);
    const roads = all.filter((f) => !f.field);
    const pool = roads.length ? roads : all;
    const dist = (f) => Math.hypot(f.at[0] - (local?.[0] ?? 50), f.at[1] - (local?.[1] ?? 50));
    const f = pool.reduce((a, b) => (dist(b) < dist(a) ? b : a), pool[0]);
    if (f) await this.oddsFor(x, y, f.on, screen ?? this.board.screenOf(x, y));
  }

  async oddsFor(x, y, on, screen) {
    const ask = (this.oddsAsk = (this.oddsAsk ?? 0) + 1);
    let odds;
    try { odds = await api.gameOdds(x, y, on); } catch (e) { showError(e, t('game.error.odds')); return; }
    if (ask !== this.oddsAsk || !this.aidsOn) return;
    const pop = this.oddsPop;
    pop.replaceChildren(h('strong', {}, oddsTitle(odds)), h('span', { class: 'odds-text' }, oddsText(odds)));
    pop.dataset.at = `${x},${y},${on}`;
    pop.hidden = false;
    const host = this.boardHost.getBoundingClientRect();
    const [sx, sy] = screen;
    pop.style.left = `${Math.max(4, Math.min(sx + 12, host.width - pop.offsetWidth - 4))}px`;
    pop.style.top = `${Math.max(4, Math.min(sy + 12, host.height - pop.offsetHeight - 4))}px`;
  }

  closeOdds() {
    this.oddsAsk = (this.oddsAsk ?? 0) + 1;
    if (this.oddsPop) this.oddsPop.hidden = true;
  }

  /** The keyboard's way to the odds: each press shows the next feature of the last tile placed. */
  oddsKey() {
    const v = this.state.view;
    const at = v?.lastPlaced ?? (v?.tiles.length ? v.tiles.at(-1) : null);
    const tile = at && this.board.tileAt(at.x, at.y);
    if (!tile || !this.aidsOn || !v.aids) return false;
    const list = this.features(tile).filter((f) => !f.field);
    if (!list.length) return false;
    const k = `${tile.x},${tile.y}`;
    this.oddsCycle = this.oddsCycle?.key === k ? { key: k, i: (this.oddsCycle.i + 1) % list.length } : { key: k, i: 0 };
    const [cx, cy] = this.board.screenOf(tile.x, tile.y);
    this.oddsFor(tile.x, tile.y, list[this.oddsCycle.i].on, [cx, cy]);
    return true;
  }
}
