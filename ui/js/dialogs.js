// The game screen's dialogs: the end of the game (final scoring, the score chart and the deal
// revealed; with several people at one device, each person's result), the tiles left in the
// pile (with the deal's fingerprint), and the question before resigning.
import { api } from './api.js';
import { h, showError, confirmDialog, openModal, breakdownTable } from './dom.js';
import { tileSvg } from './tiledraw.js';
import { chartSvg } from './chart.js';
import { endHeadline, chanceText, reviewSummary, isTable } from './text.js';
import { badgeSvg } from './players.js';
import { t, fmtNumber, fmtPercent } from './i18n.js';
import { ratingText } from './strength.js';
import { reviews, progressBox, reviewable, notReviewable, retryHref, toRetry } from './review.js';
import { dealBox } from './deal.js';
import { luckBox } from './luck.js';

/**
 * The end of the game: final scoring by category and, once the match is filed, the chart;
 * the review of the human's moves starts in the background, its progress shown with Cancel
 * (closing the dialog leaves it running; the history shows it too).
 * `onLook`: what "Look at the board" does besides closing (the game screen fits the board).
 */
export async function showEnd(view, { onLook = null } = {}) {
  // Several people at one device: the dialog speaks to the table, each person's result listed;
  // the review is the host's match's (each person reviews theirs from their own history).
  const table = isTable(view);
  let detail = null;
  if (view.result?.matchId) {
    try { detail = await api.historyGet(view.result.matchId); } catch (e) { showError(e, t('game.error.match')); }
  }
  const go = (hash) => () => { dlg.close(); location.hash = hash; };
  const dlg = h('dialog', { class: 'dialog end-dialog', 'aria-labelledby': 'end-title' },
    h('h2', { id: 'end-title' }, endHeadline(view)), table ? peopleBox(view) : ratingBox(view),
    // Not rated: a deal played again (its deal is revealed at the end), or a game played on
    // from a replay's board (no deal of its own).
    view.rated === false ? h('p', { class: 'rating-help unrated' }, t(view.deal ? 'screens.unrated' : 'screens.unratedPractice')) : null, h('div', { class: 'table-scroll' }, breakdownTable(view.players, (seat) => view.players[seat].breakdown, view.result?.winners ?? [])),
    detail ? h('div', { class: 'chart-box', html: chartSvg(detail.timeline, view.players) }) : null,
    view.luck ? luckBox(view.luck, table ? null : view.human, view.players) : null,
    detail ? reviewBox(detail, table ? hostOf(view)?.name ?? null : null) : null,
    dealBox(view.deal, view.seed),
    h('div', { class: 'row end' },
      h('button', { class: 'btn ghost', type: 'button', onclick: () => { dlg.close(); onLook?.(); } }, t('game.ui.lookBoard')),
      view.result?.matchId ? h('button', { class: 'btn', type: 'button', onclick: go(`#/match/${encodeURIComponent(view.result.matchId)}`) }, t('game.ui.replay')) : null,
      h('button', { class: 'btn primary', type: 'button', onclick: go('#/start') }, t('game.ui.newGame'))));
  openModal(dlg);
}

/** A whole number of points with its sign: "+12", "−3", "0". */
const signed = (r) => (r > 0 ? `+${fmtNumber(r)}` : r < 0 ? `−${fmtNumber(-r)}` : fmtNumber(0));

/** The host of a game of several people: the person whose match the view's result names. */
const hostOf = (view) => {
  const people = view.result?.table ?? [];
  return people.find((p) => p.matchId && p.matchId === view.result?.matchId) ?? people[0] ?? null;
};

/**
 * Each person's result in a game of several people at one device (GameResult.table): their
 * badge and name, won, lost, shared the win or resigned, and how it moved their rating (if it
 * did: a game of people only, or one cut short by another's resignation, may move none).
 */
export function peopleBox(view) {
  const people = view.result?.table ?? [];
  if (!people.length) return null;
  return h('div', { class: 'people-results' },
    h('h3', {}, t('game.end.people')),
    h('ul', {}, people.map((p) => {
      const rc = p.ratingChange;
      const rating = rc ? t('game.end.rating', { before: ratingText(rc.before), after: ratingText(rc.after), change: signed(Math.round(rc.after) - Math.round(rc.before)) }) : t('game.end.unrated');
      return h('li', { class: `person-result ${p.result}`, 'data-seat': String(p.seat) },
        h('span', { class: 'who', html: badgeSvg(p.seat, 20) }),
        h('span', {}, h('strong', {}, p.name), ' ', h('span', { class: 'outcome' }, t('game.end.outcome', { outcome: p.result })),
          h('small', { class: 'person-rating' }, ` · ${rating}`)));
    })));
}

/**
 * The rating change as the end dialog shows it (GameView.ratingChange): `change`, the whole
 * points between the ratings before and after as shown (each rounded), and `parts`, each
 * opponent's whole points of it, which add up to `change`. The change is K × the mean of
 * (result − expected) over the opponents, so each opponent's part is the change shared in
 * proportion to its (result − expected) (K = 32, src-tauri/API.md, when those cancel out);
 * the parts are moved alike to add up to the change shown and rounded by largest remainders.
 */
export function ratingParts(rc) {
  const change = Math.round(rc.after) - Math.round(rc.before);
  const n = rc.opponents.length;
  if (!n) return { change, parts: [] };
  const delta = rc.after - rc.before;
  const gaps = rc.opponents.map((o) => o.result - o.expected);
  const sum = gaps.reduce((a, g) => a + g, 0);
  const raw = gaps.map((g) => (Math.abs(sum) > 1e-9 ? (delta * g) / sum : (32 * g) / n) + (change - delta) / n);
  const parts = raw.map(Math.floor);
  let left = change - parts.reduce((a, p) => a + p, 0);
  for (const i of raw.map((r, k) => k).sort((a, b) => (raw[b] - parts[b]) - (raw[a] - parts[a]) || a - b)) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return { change, parts };
}

/**
 * How the game moved the player's rating, and why (GameView.ratingChange): the rating before
 * and after, then one line per opponent — the result against it, the chance the player had
 * and the whole points that result is worth (ratingParts: they add up to the change shown).
 */
export function ratingBox(view) {
  const rc = view.ratingChange;
  if (!rc || !Array.isArray(rc.opponents)) return null;
  const { change, parts } = ratingParts(rc);
  const resigned = !!view.result?.resigned;
  return h('div', { class: 'rating-change' },
    h('p', { class: 'rating-line' }, h('strong', {}, t('game.rating.moved', { before: ratingText(rc.before), after: ratingText(rc.after), change: signed(change) }))),
    h('ul', { class: 'rating-why' }, rc.opponents.map((o, i) => {
      const p = view.players[o.seat];
      const outcome = resigned ? 'resigned' : o.result >= 1 ? 'won' : o.result <= 0 ? 'lost' : 'drawn';
      return h('li', { class: `rating-opp ${outcome}`, 'data-seat': String(o.seat) }, t('game.rating.against', {
        outcome, name: p?.name ?? '?', rating: ratingText(o.rating),
        chance: fmtPercent(o.expected), points: signed(parts[i]) }));
    })),
    h('p', { class: 'rating-help' }, t('game.rating.help')));
}

/** The end dialog's review: started now (unless stored already), its progress, then its
 * summary; a resigned game is not reviewed (the app reviews finished games only): said so.
 * `host`: in a game of several people, the name of the person whose moves it reviews. */
function reviewBox(detail, host = null) {
  const id = detail.summary.id;
  const box = h('div', { class: 'end-review' });
  const whose = host ? h('p', { class: 'review-of' }, h('small', {}, t('game.end.reviewOf', { name: host }))) : null;
  if (!reviewable(detail.summary)) { box.append(notReviewable()); return box; }
  const close = () => box.closest('dialog')?.close();
  const summary = (review) => {
    // The player's own mistakes and blunders, to try again from their positions (retry.js).
    const wrong = toRetry(review, detail.summary.players);
    box.replaceChildren(...(whose ? [whose] : []), h('p', { class: 'rv-summary' }, reviewSummary(review), ' · ', h('a', { href: `#/match/${encodeURIComponent(id)}`, onclick: close }, t('game.ui.seeReview'))));
    if (wrong.length) box.append(h('p', {}, h('a', { class: 'retry-game', href: retryHref(id, wrong[0].index), onclick: close }, t('practice.retryGame', { n: wrong.length }))));
  };
  const done = async (s) => {
    if (s.state !== 'done' || !box.isConnected) return;
    try { const d = await api.historyGet(id); if (d.review) summary(d.review); } catch (e) { showError(e, t('game.error.review')); }
  };
  if (detail.review) { summary(detail.review); return box; }
  if (whose) box.append(whose);
  box.append(progressBox(id, { onEnd: done }));
  reviews.start(id).catch((e) => showError(e, t('game.review.couldNotStart')));
  return box;
}

/** The tiles left, by type (`type(id)`: a tile description); with `chances` (the board aids
 * on), each unseen type's chance to be drawn next (GameView.aids); below them, the deal's
 * fingerprint. */
export function showRemaining(view, type, { chances = false } = {}) {
  const unseen = chances && view.aids ? new Map(view.aids.unseen.map((u) => [u.id, u])) : null;
  const dlg = h('dialog', { class: 'dialog drawer', 'aria-labelledby': 'remaining-title' },
    h('div', { class: 'row spread' }, h('h2', { id: 'remaining-title' }, t('game.ui.tilesLeft', { n: view.remaining.total })),
      h('button', { class: 'btn ghost', type: 'button', onclick: () => dlg.close(), 'aria-label': t('game.ui.close') }, '×')),
    h('ul', { class: 'remaining' }, view.remaining.byType.map((ty) => h('li', { class: ty.count ? '' : 'none-left' },
      h('span', { html: tileSvg(type(ty.id), 0, 48) }), h('span', { class: 'count' }, `×${fmtNumber(ty.count)}`),
      unseen?.get(ty.id) ? h('span', { class: 'chance', 'data-tile': ty.id }, chanceText(unseen.get(ty.id))) : null))),
    dealBox(view.deal, view.seed));
  openModal(dlg);
}

/** Asks before resigning; resolves to true to resign. */
export const confirmResign = () => confirmDialog(t('game.ui.resignTitle'), t('game.ui.resignText'), { confirm: t('game.ui.resignConfirm'), danger: true });
