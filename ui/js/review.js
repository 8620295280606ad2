// The post-game review in the window (src-tauri/API.md, "Review"): the review commands and
// their `review-progress` events, one tracker of the running review that every screen shows
// (the end dialog, the history, the replay), the progress bar with Cancel, the win-chance
// graph and the move list of the replay, and the ghosts of the played and the best move.
import { api, onReviewProgress } from './api.js';
import { h, esc, showError } from './dom.js';
import { segmentAt, placeOf } from './tiledraw.js';
import { REVIEW_MARK, reviewTag, reviewProgressText, reviewMoveText, reviewDecisionTitle, winGraphLabel, eventText } from './text.js';
import { t, onLanguage, fmtNumber } from './i18n.js';

/** The address of the retry of decision `index` of match `matchId` (practice.js); `from`:
 * 'match' when it comes from the replay (its Back returns there). */
export const retryHref = (matchId, index, from = null) => `#/practice/${encodeURIComponent(matchId)}/${index}${from ? `/${from}` : ''}`;

/** The decisions of `review` a player retries (retry.js): its mistakes and blunders, when the
 * reviewed seat is a human's (`players`: the match's). */
export const toRetry = (review, players) => (players?.[review?.player]?.kind === 'human'
  ? review.decisions.filter((d) => d.class === 'mistake' || d.class === 'blunder') : []);

// --- The running review, as every screen sees it.
const TERMINAL = new Set(['done', 'cancelled', 'failed']);
class ReviewTracker {
  constructor() {
    /** The latest ReviewStatus / `review-progress` payload of each match reviewed. */
    this.byId = new Map();
    this.handlers = new Set();
    this.listening = null;
  }

  /** Subscribes once to the app's `review-progress` events. */
  listen() {
    if (!this.listening) this.listening = onReviewProgress((p) => this.update(p));
    return this.listening;
  }

  /** Takes a status in: an answer may come after events already told more (a higher `done`,
   * or the end), and is then older news. */
  update(s) {
    if (!s?.id) return;
    const cur = this.byId.get(s.id);
    if (cur && s.state === 'running' && !s.fresh && (TERMINAL.has(cur.state) || cur.done > s.done)) return;
    const next = { ...s };
    delete next.fresh;
    this.byId.set(s.id, next);
    for (const fn of [...this.handlers]) fn(next);
  }

  /** The latest status of the review of match `id`, or null. */
  status(id) { return this.byId.get(id) ?? null; }

  /** Whether match `id` is being reviewed now. */
  running(id) { return this.byId.get(id)?.state === 'running'; }

  /** Starts (or finds stored) the review of `id`; resolves to its ReviewStatus. A review of
   * `id` already running goes on (starting it again would cancel it). */
  async start(id) {
    await this.listen();
    if (this.running(id)) return this.status(id);
    // Any other review is cancelled by the app: it says so with a `cancelled` event.
    this.update({ id, state: 'running', done: 0, total: 0, fresh: true });
    try {
      const s = await api.reviewStart(id);
      this.update(s);
      return this.status(id);
    } catch (e) {
      this.update({ id, state: 'failed', done: 0, total: 0, error: { code: e.code, key: e.key, params: e.params, message: e.message } });
      throw e;
    }
  }

  /** Stops the running review of `id`; nothing is stored. */
  async cancel(id) {
    await api.reviewCancel();
    // The app's `cancelled` event follows; say it at once too.
    if (this.running(id)) this.update({ ...this.status(id), state: 'cancelled' });
  }

  /** Asks the app for a review running since before the window loaded. */
  async refresh() {
    await this.listen();
    const s = await api.reviewStatus();
    if (s) this.update(s);
    return s;
  }

  /** Calls `fn(status)` on every change; returns the unsubscribe function. */
  subscribe(fn) { this.handlers.add(fn); return () => this.handlers.delete(fn); }
}
export const reviews = new ReviewTracker();

/**
 * The progress of the review of match `id`: a bar (decisions done / total), the words and
 * Cancel. `onEnd(status)` runs once when it ends (done, cancelled or failed). It stops
 * listening when it leaves the page.
 */
export function progressBox(id, { onEnd = null } = {}) {
  const bar = h('progress', { class: 'review-bar', max: '1', value: '0', 'aria-label': t('game.review.progress') });
  const text = h('span', { class: 'review-progress-text', role: 'status' });
  const cancel = h('button', { class: 'btn small', type: 'button', onclick: async () => {
    cancel.disabled = true;
    try { await reviews.cancel(id); } catch (e) { showError(e, t('game.review.couldNotCancel')); cancel.disabled = false; }
  } }, t('game.review.cancel'));
  const box = h('div', { class: 'review-progress', 'data-match': id }, h('div', { class: 'review-progress-row' }, text, cancel), bar);
  let ended = false;
  let last = null;
  const draw = (s) => {
    if (s.id !== id || ended) return;
    if (!box.isConnected && box.dataset.shown) { off(); return; }
    last = s;
    text.textContent = reviewProgressText(s);
    if (s.total) { bar.max = String(s.total); bar.value = String(s.done); } else bar.removeAttribute('value');
    bar.hidden = s.state !== 'running';
    cancel.hidden = s.state !== 'running';
    box.dataset.state = s.state;
    if (TERMINAL.has(s.state)) { ended = true; offReview(); onEnd?.(s); }
  };
  // A change of language redraws the words while the review runs.
  const offLanguage = onLanguage(() => {
    if (!box.isConnected && box.dataset.shown) { off(); return; }
    bar.setAttribute('aria-label', t('game.review.progress'));
    cancel.textContent = t('game.review.cancel');
    if (last) text.textContent = reviewProgressText(last);
  });
  const offReview = reviews.subscribe(draw);
  const off = () => { offReview(); offLanguage(); };
  // A review of this match that ended before is old news: this box is for a new one.
  draw(reviews.running(id) ? reviews.status(id) : { id, state: 'running', done: 0, total: 0 });
  requestAnimationFrame(() => { box.dataset.shown = '1'; });
  return box;
}

/** Whether the app reviews the match (MatchSummary): finished games only, not a resigned one
 * (`review_start` refuses it with `review/not_finished`). */
export const reviewable = (summary) => !summary?.resigned;
/** What stands where a review would be offered for a match the app does not review. */
export const notReviewable = () => h('p', { class: 'review-none' }, t('game.review.resigned'));

/**
 * A Review button for match `id` (or the progress, if its review runs now): pressed, it
 * starts the review and shows its progress; `onDone(slot)` when the review is stored; after
 * a cancel or a failure the button comes back.
 */
export function reviewStarter(id, { label = t('game.review.button'), primary = false, onDone = () => {} } = {}) {
  const slot = h('div', { class: 'review-slot' });
  const button = () => h('button', { class: `btn ${primary ? 'primary' : 'small'}`, type: 'button', onclick: async () => {
    show();
    try { await reviews.start(id); } catch (e) { showError(e, t('game.review.couldNotStart')); }
  } }, label);
  const show = () => slot.replaceChildren(progressBox(id, { onEnd: (s) => {
    if (s.state === 'done') onDone(slot);
    else slot.append(button());
  } }));
  if (reviews.running(id)) show(); else slot.append(button());
  return slot;
}

// --- The win-chance graph.
const GRAPH = { width: 640, height: 170, l: 40, r: 12, t: 20, b: 26 };
/** Each reviewed decision's point on the graph: x by turn (decisions of one turn side by side). */
function graphPoints(review, turns, G) {
  const n = Math.max(1, turns);
  const x = (at) => G.l + (at / n) * (G.width - G.l - G.r);
  const y = (v) => G.height - G.b - Math.max(0, Math.min(1, v)) * (G.height - G.t - G.b);
  const perTurn = new Map();
  for (const d of review.decisions) perTurn.set(d.turn, (perTurn.get(d.turn) ?? 0) + 1);
  const seen = new Map();
  return { x, y, pts: review.decisions.map((d, i) => {
    const k = seen.get(d.turn) ?? 0; seen.set(d.turn, k + 1);
    const m = perTurn.get(d.turn);
    const at = d.turn + (m > 1 ? (k - (m - 1) / 2) * (0.6 / m) : 0);
    return { i, d, px: x(at), py: y(d.playedWin), by: y(d.bestWin) };
  }) };
}

/**
 * The win-chance graph of `review` over a match of `turns` turns: the human's win chance
 * after each of their moves; where the best move kept more, a bar up to the best move's
 * chance; inaccuracies, mistakes and blunders marked (colour, size and ?!, ?, ??). `selected`:
 * the decision shown on the board (a vertical line through it). Tapping anywhere picks the
 * nearest decision: `onPick(index)`.
 */
export function winGraph(review, turns, onPick) {
  const box = h('div', { class: 'chart-box win-graph' });
  let selected = null;
  let G, x, y, pts;
  const draw = () => {
    // Drawn at the box's own width (one unit a pixel), so the labels stay legible on a phone.
    const width = Math.max(300, Math.min(1000, Math.round(box.clientWidth || 640)));
    G = { ...GRAPH, width };
    ({ x, y, pts } = graphPoints(review, turns, G));
    const out = [`<svg class="chart" viewBox="0 0 ${G.width} ${G.height}" role="img" aria-label="${esc(winGraphLabel(review))}">`];
    for (const v of [0, 0.25, 0.5, 0.75, 1]) {
      out.push(`<line x1="${G.l}" x2="${G.width - G.r}" y1="${y(v)}" y2="${y(v)}" class="grid${v === 0.5 ? ' even' : ''}"/>`
        + `<text x="${G.l - 6}" y="${y(v) + 4}" text-anchor="end" class="axis">${fmtNumber(v * 100)}%</text>`);
    }
    const n = Math.max(1, turns);
    const ticks = Math.min(width < 500 ? 4 : 6, n);
    for (let k = 0; k <= ticks; k++) {
      const tick = Math.round((k * n) / ticks);
      out.push(`<text x="${x(tick)}" y="${G.height - 10}" text-anchor="middle" class="axis">${tick}</text>`);
    }
    if (selected != null && pts[selected]) out.push(`<line class="marker" x1="${pts[selected].px}" x2="${pts[selected].px}" y1="${G.t}" y2="${G.height - G.b}"/>`);
    for (const p of pts) if (p.by < p.py - 0.5) out.push(`<line class="loss ${p.d.class}" x1="${p.px}" x2="${p.px}" y1="${p.by}" y2="${p.py}"/>`);
    if (pts.length) out.push(`<polyline class="win-line" points="${pts.map((p) => `${p.px.toFixed(1)},${p.py.toFixed(1)}`).join(' ')}"/>`);
    // The worst on top: blunders over mistakes over the rest.
    const rank = { blunder: 3, mistake: 2, inaccuracy: 1 };
    for (const p of [...pts].sort((a, b) => (rank[a.d.class] ?? 0) - (rank[b.d.class] ?? 0))) {
      const c = p.d.class;
      const r = { inaccuracy: 5, mistake: 6.5, blunder: 8 }[c] ?? 3;
      const mark = REVIEW_MARK[c] && c !== 'inaccuracy' ? `<text class="pt-mark" x="${p.px}" y="${p.py - r - 4}" text-anchor="middle">${REVIEW_MARK[c]}</text>` : '';
      out.push(`<g class="pt ${c}${p.i === selected ? ' on' : ''}" data-i="${p.i}" data-turn="${p.d.turn}">`
        + `<circle class="pt-hit" cx="${p.px}" cy="${p.py}" r="${r + 4}"/><circle class="pt-dot" cx="${p.px}" cy="${p.py}" r="${r}"/>${mark}</g>`);
    }
    out.push('</svg>');
    box.innerHTML = out.join('');
  };
  // A tap picks the nearest point (the points are small on a phone).
  box.addEventListener('click', (e) => {
    const svg = box.querySelector('svg');
    const m = svg?.getScreenCTM();
    if (!m || !pts.length) return;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    let best = null, dist = Infinity;
    for (const p of pts) {
      const dd = Math.abs(p.px - pt.x) * 3 + Math.abs(p.py - pt.y) * 0.25;
      if (dd < dist) { dist = dd; best = p.i; }
    }
    if (best != null) onPick(best);
  });
  draw();
  let drawnAt = box.clientWidth;
  new ResizeObserver(() => { if (box.clientWidth && Math.abs(box.clientWidth - drawnAt) > 8) { drawnAt = box.clientWidth; draw(); } }).observe(box);
  return { el: box, select: (i) => { selected = i; draw(); } };
}

/** The move list: every reviewed decision, its verdict marked; `onPick(index)`. `events`
 * (the match's ScoreEvents) and `types` (tile types by id) name the spots of figure moves;
 * with `players` (the match's, naming the seats), a placement says what the log says of it. */
export function moveList(review, onPick, { events = [], types = new Map(), players = null } = {}) {
  // A tile or abbey placed reads as the log says it ("You close the city"), not "tile placed".
  const placed = (d) => (players && (d.played?.type === 'place' || d.played?.type === 'abbey')
    ? events.find((e) => e.turn === d.turn && (e.type === 'tile_placed' || e.type === 'abbey_placed')) : null);
  const played = (d) => { const e = placed(d); return e ? eventText(e, players) : reviewMoveText(d.played, d.tile, figureFeature(d.played, d, events, types)); };
  const items = review.decisions.map((d, i) => h('li', { class: `rv-move ${d.class}` },
    h('button', { type: 'button', class: 'rv-pick', 'data-i': String(i), onclick: () => onPick(i) },
      h('span', { class: 'rv-turn' }, reviewDecisionTitle(d)),
      h('span', { class: 'rv-played' }, played(d)),
      h('span', { class: `rv-tag ${d.class}` }, reviewTag(d.class)))));
  const list = h('ol', { class: 'rv-moves', 'aria-label': t('game.review.moves') }, items);
  return {
    el: list,
    select: (i) => items.forEach((li, k) => {
      const b = li.firstChild;
      if (k !== i) { b.removeAttribute('aria-current'); li.classList.remove('on'); return; }
      b.setAttribute('aria-current', 'true');
      li.classList.add('on');
      // Scroll the list only (not the page) to show it.
      const top = li.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - (list.clientHeight - li.offsetHeight) / 2;
    }),
  };
}

/** The decision to show at the replay's "Turn `turn`" (the turn whose move it shows): that
 * turn's first move that was not the best, else its first move; null if the human did not
 * move then. */
export function decisionAt(review, turn) {
  const mine = review.decisions.map((d, i) => [d, i]).filter(([d]) => d.turn === turn);
  return (mine.find(([d]) => d.class !== 'best') ?? mine[0])?.[1] ?? null;
}

/** The `history_position` the replay draws for "Turn `turn`" (API.md, "Turns"): the board after
 * that turn, or, for a reviewed decision `d` of it, the board before it, on which the played
 * and the best move are ghosts (ghostsFor). */
export const positionFor = (turn, d = null) => (d ? d.turn - 1 : turn);

/**
 * The ghosts (Board.setPreview) of reviewed decision `d` on the board before its turn: the
 * played and the best tile or abbey, or the tile placed that turn with the played and the
 * best figure (or wagon target). `events`: the match's ScoreEvents; `types`: tile types by id.
 */
export function ghostsFor(d, events, types, seat) {
  const placed = events.find((e) => e.turn === d.turn && (e.type === 'tile_placed' || e.type === 'abbey_placed'));
  const tileOf = (m, ghost) => (m?.type === 'place' ? { id: d.tile ?? placed?.tile, x: m.x, y: m.y, rotation: m.rotation, ghost }
    : m?.type === 'abbey' ? { id: 'abbey', x: m.x, y: m.y, rotation: 0, ghost } : null);
  const base = placed ? { id: placed.type === 'abbey_placed' ? 'abbey' : placed.tile, x: placed.x, y: placed.y, rotation: placed.rotation ?? 0, ghost: 'played' } : null;
  const figureOf = (m, ghost) => {
    if (m?.type === 'figure' && base) {
      const seg = types.get(base.id) ? segmentAt(types.get(base.id), base.rotation, m.on) : null;
      return { x: base.x, y: base.y, ghost, figure: { seat, kind: m.kind, on: m.on, farmer: m.kind === 'follower' && seg?.kind === 'field' } };
    }
    if (m?.type === 'wagon' && m.to) return { x: m.to.x, y: m.to.y, ghost, figure: { seat, kind: 'wagon', on: m.to.on } };
    return null;
  };
  let out;
  if (d.decision === 'place_figure' || d.decision === 'move_wagon') {
    out = [base, figureOf(d.played, 'played'), d.class === 'best' ? null : figureOf(d.best, 'best')];
  } else {
    out = [tileOf(d.played, 'played'), d.class === 'best' ? null : tileOf(d.best, 'best')];
  }
  return out.filter((g) => g && (g.figure || types.has(g.id)));
}

/** What a player calls the spot a figure or wagon move goes to ("the north field": placeOf's
 * facts), for the verdict's words: a figure's on the tile placed that turn, a wagon's on the
 * tile it moves to. */
export function figureFeature(m, d, events, types) {
  const at = m?.type === 'figure' && m.kind !== 'barn' ? events.find((e) => e.turn === d.turn && e.type === 'tile_placed')
    : m?.type === 'wagon' && m.to ? events.find((e) => e.type === 'tile_placed' && e.x === m.to.x && e.y === m.to.y) : null;
  const type = at && types.get(at.tile);
  return type ? placeOf(type, at.rotation ?? 0, m.type === 'wagon' ? m.to.on : m.on) : null;
}

