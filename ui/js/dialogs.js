// The game screen's dialogs: the end of the game (final scoring and the score chart), the
// tiles left in the pile, and the question before resigning.
import { api } from './api.js';
import { h, showError, confirmDialog, openModal, breakdownTable } from './dom.js';
import { tileSvg } from './tiledraw.js';
import { chartSvg } from './chart.js';
import { endHeadline, chanceText, reviewSummary } from './text.js';
import { t, fmtNumber } from './i18n.js';
import { reviews, progressBox } from './review.js';

/**
 * The end of the game: final scoring by category and, once the match is filed, the chart;
 * the review of the human's moves starts in the background, its progress shown with Cancel
 * (closing the dialog leaves it running; the history shows it too).
 * `onLook`: what "Look at the board" does besides closing (the game screen fits the board).
 */
export async function showEnd(view, { onLook = null } = {}) {
  let detail = null;
  if (view.result?.matchId) {
    try { detail = await api.historyGet(view.result.matchId); } catch (e) { showError(e, t('game.error.match')); }
  }
  const go = (hash) => () => { dlg.close(); location.hash = hash; };
  const dlg = h('dialog', { class: 'dialog end-dialog', 'aria-labelledby': 'end-title' },
    h('h2', { id: 'end-title' }, endHeadline(view)), h('div', { class: 'table-scroll' }, breakdownTable(view.players, (seat) => view.players[seat].breakdown, view.result?.winners ?? [])),
    detail ? h('div', { class: 'chart-box', html: chartSvg(detail.timeline, view.players) }) : null,
    detail ? reviewBox(detail) : null,
    h('div', { class: 'row end' },
      h('button', { class: 'btn ghost', type: 'button', onclick: () => { dlg.close(); onLook?.(); } }, t('game.ui.lookBoard')),
      view.result?.matchId ? h('button', { class: 'btn', type: 'button', onclick: go(`#/match/${encodeURIComponent(view.result.matchId)}`) }, t('game.ui.replay')) : null,
      h('button', { class: 'btn primary', type: 'button', onclick: go('#/start') }, t('game.ui.newGame'))));
  openModal(dlg);
}

/** The end dialog's review: started now (unless stored already), its progress, then its summary. */
function reviewBox(detail) {
  const id = detail.summary.id;
  const box = h('div', { class: 'end-review' });
  const summary = (review) => box.replaceChildren(h('p', { class: 'rv-summary' }, reviewSummary(review), ' · ', h('a', { href: `#/match/${encodeURIComponent(id)}`, onclick: () => box.closest('dialog')?.close() }, t('game.ui.seeReview'))));
  const done = async (s) => {
    if (s.state !== 'done' || !box.isConnected) return;
    try { const d = await api.historyGet(id); if (d.review) summary(d.review); } catch (e) { showError(e, t('game.error.review')); }
  };
  if (detail.review) { summary(detail.review); return box; }
  box.append(progressBox(id, { onEnd: done }));
  reviews.start(id).catch((e) => showError(e, t('game.review.couldNotStart')));
  return box;
}

/** The tiles left, by type (`type(id)`: a tile description); with `chances` (the board aids
 * on), each unseen type's chance to be drawn next (GameView.aids). */
export function showRemaining(view, type, { chances = false } = {}) {
  const unseen = chances && view.aids ? new Map(view.aids.unseen.map((u) => [u.id, u])) : null;
  const dlg = h('dialog', { class: 'dialog drawer', 'aria-labelledby': 'remaining-title' },
    h('div', { class: 'row spread' }, h('h2', { id: 'remaining-title' }, t('game.ui.tilesLeft', { n: view.remaining.total })),
      h('button', { class: 'btn ghost', type: 'button', onclick: () => dlg.close(), 'aria-label': t('game.ui.close') }, '×')),
    h('ul', { class: 'remaining' }, view.remaining.byType.map((t) => h('li', { class: t.count ? '' : 'none-left' },
      h('span', { html: tileSvg(type(t.id), 0, 48) }), h('span', { class: 'count' }, `×${fmtNumber(t.count)}`),
      unseen?.get(t.id) ? h('span', { class: 'chance', 'data-tile': t.id }, chanceText(unseen.get(t.id))) : null))));
  openModal(dlg);
}

/** Asks before resigning; resolves to true to resign. */
export const confirmResign = () => confirmDialog(t('game.ui.resignTitle'), t('game.ui.resignText'), { confirm: t('game.ui.resignConfirm'), danger: true });
