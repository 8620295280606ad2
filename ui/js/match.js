// A finished match replayed (#/match/ID): the board at any turn, the scores and events of
// that turn, the score chart and the final breakdown; with a review, the win-chance graph,
// the move list and the verdict of the move picked, its played and best move on the board.
import { api } from './api.js';
import { h, showError, formatDate, breakdownTable, confirmDialog } from './dom.js';
import { badgeSvg } from './players.js';
import { eventText, replayLabel, reviewSummary, reviewVerdict, reviewWinText, reviewDecisionTitle, whyText, reviewTag } from './text.js';
import { t } from './i18n.js';
import { Board } from './board.js';
import { chartSvg } from './chart.js';
import { reviews, reviewStarter, reviewable, notReviewable, winGraph, moveList, decisionAt, positionFor, ghostsFor, figureFeature, retryHref, toRetry } from './review.js';
import { opponentLabel, byStrength, levelName } from './strength.js';
import { dealBox } from './deal.js';
import { bounds, fitCamera } from './geometry.js';
import { luckStrip, luckSentences, luckPlayers } from './luck.js';

/** Plays the match's deal again, seats swapped, after asking if that abandons a game. */
async function replayDeal(app, id) {
  try {
    const info = await api.appInfo();
    if (info.resumable && !(await confirmDialog(t('screens.match.replayDealTitle'), t('screens.match.replayDealText'), { confirm: t('screens.match.replayDealConfirm') }))) return;
    await app.replayDeal(id);
  } catch (e) { showError(e, t('screens.match.replayDealFailed')); }
}

/** "Play from here": a practice game from the board after `turn` record entries of match
 * `id`, the tiles left as they came or reshuffled (`reshuffle`), against `opponents` (null:
 * the match's); asks first if a game is unfinished. */
async function playFrom(app, id, turn, reshuffle, opponents) {
  try {
    const info = await api.appInfo();
    if (info.resumable && !(await confirmDialog(t('screens.match.replayDealTitle'), t('screens.match.playFromText'), { confirm: t('screens.match.playFromConfirm') }))) return;
    await app.playFrom(id, turn, reshuffle, opponents);
  } catch (e) { showError(e, t('screens.match.playFromFailed')); }
}

/** The replay's board while the match screen is shown. */
let replayBoard = null;

/** Leaving the match screen: its board is let go. */
export function leaveMatch() {
  replayBoard?.destroy();
  replayBoard = null;
}

export async function renderMatch(root, app, id) {
  const detail = await api.historyGet(id);
  const s = detail.summary;
  const last = detail.timeline.length - 1;
  const review = detail.review ?? null;
  let turn = last;
  let sel = null;
  if (!review) await reviews.refresh().catch((e) => showError(e, t('screens.reviewFailed')));
  root.replaceChildren();
  const title = h('h2', { id: 'match-title', class: 'screen-title' }, t('screens.match.title', { names: s.players.map((p) => p.name) }));
  const boardHost = h('div', { class: 'board-host' });
  const slider = h('input', { type: 'range', min: '0', max: String(last), value: String(turn), id: 'replay-slider', 'aria-label': t('screens.match.turn') });
  const label = h('output', { for: 'replay-slider', class: 'turn-label' });
  const eventsBox = h('ol', { class: 'log replay-log', 'aria-label': t('screens.match.events') });
  const chartBox = h('div', { class: 'chart-box' });
  const scores = h('ol', { class: 'scoreboard compact' });
  // "Play from here": from the board on screen (before the judged move, when one is picked).
  let shownAt = turn;
  const playNote = h('p', { class: 'play-from-help' });
  // Each other seat keeps its player or takes a level picked here ('' keeps the match's).
  const seatPicks = s.players.map((p, seat) => ({ p, seat })).filter(({ seat }) => seat !== Math.max(0, s.players.findIndex((q) => q.kind === 'human')))
    .map(({ p, seat }) => {
      const pick = h('select', { id: `play-from-opp-${seat}`, 'aria-label': t('screens.match.playFromSeat', { name: p.name }) },
        // A seat the match's human played (an imported record) takes an AI level.
        p.kind === 'ai' ? h('option', { value: '' }, t('screens.match.playFromAsBefore', { level: opponentLabel(p.level, s.opponents?.find((o) => o.seat === seat)?.rating ?? p.rating ?? null) })) : null,
        byStrength(app.info?.levels ?? [], app.info).map((l) => h('option', { value: l, selected: p.kind !== 'ai' && l === 'hard' }, levelName(l))));
      return { p, pick };
    });
  // The match's players where nothing was picked; null when every seat keeps its player.
  const chosen = () => (seatPicks.every(({ pick }) => !pick.value) ? null
    : seatPicks.map(({ p, pick }) => ({ level: pick.value || p.level })));
  const playBtns = [false, true].map((reshuffle) => h('button', { class: 'btn small', type: 'button', onclick: () => playFrom(app, id, shownAt, reshuffle, chosen()) },
    t(reshuffle ? 'screens.match.playFromShuffled' : 'screens.match.playFromSame')));
  const seatsBox = h('div', { class: 'play-from-seats' }, seatPicks.map(({ p, pick }) => h('label', { for: pick.id }, h('span', {}, p.name), pick)));
  const playBox = s.seed != null ? h('div', { class: 'play-from' }, h('strong', {}, t('screens.match.playFrom')), playNote, seatsBox, h('div', { class: 'row' }, playBtns)) : null;
  const showPlayFrom = (at) => {
    shownAt = at;
    if (!playBox) return;
    const open = at < s.turns;
    for (const b of playBtns) b.disabled = !open;
    seatsBox.hidden = !open;
    playNote.textContent = open ? t('screens.match.playFromHelp') : t('screens.match.playFromEnd');
  };
  const breakdown = breakdownTable(s.players, (seat) => detail.breakdown[seat], s.winners);
  const types = new Map(app.tileset.types.map((type) => [type.id, type]));
  // The review: the win-chance graph and the move list pick a decision (the board shows it).
  // Zoom controls as in the game (the board is made below).
  const round = (icon, key, onclick) => h('button', { class: 'btn round', type: 'button', 'aria-label': t(key), onclick }, icon);
  const boardWrap = h('div', { class: 'board-wrap replay-board' }, boardHost, h('div', { class: 'zoom-ctl' },
    round('+', 'game.ui.zoomIn', () => board.zoom(1.3)), round('−', 'game.ui.zoomOut', () => board.zoom(1 / 1.3)),
    round('⤢', 'game.ui.fit', () => board.fit(true))));
  const pick = (i) => {
    go(review.decisions[i].turn, i);
    // The board shows the pick: bring it into view if the page is scrolled past it.
    // (The screen scrolls, not the page: scrollIntoView would scroll the body too.)
    const main = boardWrap.closest('main');
    const r = boardWrap.getBoundingClientRect();
    const top = main?.getBoundingClientRect().top ?? 0;
    if (main && (r.top < top || r.bottom > window.innerHeight)) main.scrollTop += r.top - top - 8;
  };
  const graph = review ? winGraph(review, s.turns, pick) : null;
  // The luck strip: a bar per draw; tapping one shows that turn.
  const human = review?.player ?? Math.max(0, s.players.findIndex((p) => p.kind === 'human'));
  const strip = detail.luck ? luckStrip(detail.luck, s.turns, human, s.players, (to) => go(to)) : null;
  const luckLines = detail.luck ? luckSentences(detail.luck, human) : null;
  const luckPart = strip ? h('div', { class: 'rv-luck' }, h('h3', { class: 'luck-title' }, t('luck.title')),
    luckLines && s.players[human]?.kind === 'human' ? h('p', { class: 'luck-line' }, luckLines.result, luckLines.adjusted ? [' ', luckLines.adjusted] : null) : null,
    strip.el, luckPlayers(detail.luck, human, s.players), h('p', { class: 'luck-help' }, t('luck.help'))) : null;
  const moves = review ? moveList(review, pick, { events: detail.events, types, players: s.players }) : null;
  const verdict = h('div', { class: 'rv-verdict', 'aria-live': 'polite', hidden: !review });
  const reviewCard = review
    ? h('div', { class: 'card review-card' }, h('h3', {}, t('screens.match.review')), h('p', { class: 'rv-summary' }, reviewSummary(review)),
      h('p', { class: 'rv-help' }, t('screens.match.reviewHelp')),
      toRetry(review, s.players).length ? h('div', { class: 'row' }, h('a', { class: 'btn retry-game', href: retryHref(id, toRetry(review, s.players)[0].index, 'match') }, t('practice.retryGame', { n: toRetry(review, s.players).length }))) : null,
      moves.el)
    : !reviewable(s) ? h('div', { class: 'card review-card' }, h('h3', {}, t('screens.match.review')), notReviewable())
      : h('div', { class: 'card review-card' }, h('h3', {}, t('screens.match.review')), h('p', {}, t('screens.match.notReviewed')),
        reviewStarter(id, { label: t('screens.match.reviewThis'), primary: true, onDone: (slot) => {
          if (slot.isConnected && location.hash === `#/match/${encodeURIComponent(id)}`) renderMatch(root, app, id).catch((e) => showError(e));
        } }));
  const step = (d) => go(turn + d);
  const icon = (d) => `<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true"><path d="${d}" fill="currentColor"/></svg>`;
  const btn = (d, aria, fn) => h('button', { class: 'btn', type: 'button', 'aria-label': aria, onclick: fn, html: icon(d) });
  root.append(title,
    h('p', { class: 'subtitle' }, t('screens.match.subtitle', { date: formatDate(s.date), turns: s.turns, expansion: s.abbeyMayor, seed: s.seed ?? null })),
    // With a review, the verdict and the win-chance graph sit by the board (grid areas).
    h('div', { class: `match-layout${review ? ' reviewed' : ''}` },
      boardWrap,
      h('div', { class: 'match-side' }, scores,
        h('div', { class: 'replay-ctl' },
          btn('M4,4h2.5v12H4ZM16,4v12L7.5,10Z', t('screens.match.first'), () => go(0)), btn('M14,4v12L5,10Z', t('screens.match.previous'), () => step(-1)), slider,
          btn('M6,4v12l9,-6Z', t('screens.match.next'), () => step(1)), btn('M13.5,4H16v12h-2.5ZM4,4v12l8.5,-6Z', t('screens.match.last'), () => go(last))), label, playBox,
        review ? null : eventsBox),
      review ? [verdict, h('div', { class: 'rv-graph' }, h('h3', { class: 'rv-graph-title' }, t('screens.match.winChance')), graph.el, h('p', { class: 'rv-graph-help' }, t('screens.match.winChanceHelp')), luckPart), eventsBox] : null),
    reviewCard,
    !review && luckPart ? h('div', { class: 'card luck-card' }, luckPart) : null,
    h('div', { class: 'card' }, h('h3', {}, t('screens.match.scores')), chartBox),
    h('div', { class: 'card' }, h('h3', {}, t('screens.match.final')), h('div', { class: 'table-scroll' }, breakdown)),
    detail.deal ? h('div', { class: 'card' }, dealBox(detail.deal, s.seed)) : null,
    s.seed != null ? h('div', { class: 'card replay-deal' },
      h('button', { class: 'btn', type: 'button', onclick: () => replayDeal(app, id) }, t('screens.match.replayDeal')),
      h('p', { class: 'replay-deal-help' }, t(s.players.length > 2 ? 'screens.match.replayDealHelpMany' : 'screens.match.replayDealHelp'))) : null,
    h('div', { class: 'row' }, h('a', { class: 'btn', href: '#/history' }, t('screens.match.back'))));
  replayBoard?.destroy();
  const board = replayBoard = new Board(boardHost, types, { label: t('screens.match.board'), onTap: () => {} });
  slider.addEventListener('input', () => go(+slider.value));
  let pending = 0;
  async function go(to, picked = null) {
    turn = Math.max(0, Math.min(last, to));
    sel = review ? (picked ?? decisionAt(review, turn)) : null;
    const d = sel != null ? review.decisions[sel] : null;
    if (review) { graph.select(sel); moves.select(sel); showVerdict(d); }
    strip?.select(turn);
    slider.value = String(turn);
    label.textContent = replayLabel(turn, s.turns);
    slider.setAttribute('aria-valuetext', label.textContent);
    chartBox.innerHTML = chartSvg(detail.timeline, s.players, { marker: turn });
    const row = detail.timeline[turn] ?? [];
    scores.replaceChildren(...s.players.map((p, i) => h('li', { class: 'player' }, h('span', { class: 'who', html: badgeSvg(i, 20) }),
      h('span', { class: 'name' }, p.name, p.level ? h('small', {}, ` ${opponentLabel(p.level, s.opponents?.find((o) => o.seat === i)?.rating ?? p.rating ?? null, { lower: true })}`) : null), h('span', { class: 'score' }, String(row[i] ?? 0)))));
    // Final scoring (and the end) belong to the last position, after the last turn.
    const final = (e) => e.type === 'game_ended' || e.scored?.cause === 'final';
    const shown = turn > s.turns ? detail.events.filter(final) : detail.events.filter((e) => e.turn === turn && !final(e));
    eventsBox.replaceChildren(...shown.map((e) => h('li', { class: `log-item ${e.type}` }, eventText(e, s.players))));
    const ticket = ++pending;
    showPlayFrom(positionFor(turn, d));
    try {
      const view = await api.historyPosition(id, positionFor(turn, d));
      if (ticket !== pending) return;
      board.setView(view);
      // A reviewed decision of this turn: the board before it, its played and best move as
      // ghosts (the last tile before it is not marked: the ghosts are this turn's move).
      board.setMarks(view.lastPlaced && !d ? [{ ...view.lastPlaced, kind: 'last' }] : []);
      const ghosts = d ? ghostsFor(d, detail.events, types, review.player) : null;
      board.setPreview(ghosts);
      // A judged move picked in the graph or the list is shown close up: its ghosts with a
      // square and a half around them (stepping through the turns keeps the camera).
      if (picked != null && ghosts?.length) {
        board.measure();
        board.moveTo(fitCamera(bounds(ghosts), board.size.width, board.size.height, { margin: 1.5, maxTilePx: 120 }), false);
      } else if (!board.userMoved) board.fit(false);
    } catch (err) { showError(err, t('screens.match.turnFailed')); }
  }
  function showVerdict(d) {
    // Before the first turn and at the final scoring there is no move to review.
    verdict.hidden = !d && (turn < 1 || turn > s.turns);
    if (!d) { verdict.replaceChildren(h('p', { class: 'rv-none' }, t('screens.match.noMove', { turn }))); return; }
    const feature = (m) => figureFeature(m, d, detail.events, types);
    verdict.replaceChildren(
      h('div', { class: 'rv-head' }, h('strong', {}, reviewDecisionTitle(d)), h('span', { class: `rv-tag ${d.class}` }, reviewTag(d.class))),
      h('p', { class: 'rv-line' }, reviewVerdict(d, { playedFeature: feature(d.played), bestFeature: feature(d.best) })),
      d.why && d.class !== 'best' ? h('p', { class: 'rv-why' }, whyText(d.why, s.players, d)) : null,
      h('p', { class: 'rv-win' }, reviewWinText(d)),
      d.class !== 'best' ? h('p', { class: 'rv-legend' }, h('span', { class: 'key played' }), t('screens.match.played'), ' ', h('span', { class: 'key best' }), t('screens.match.best')) : null,
      // A mistake or blunder of a player's own: played again from its position (retry.js).
      toRetry(review, s.players).includes(d)
        ? h('div', { class: 'row' }, h('a', { class: 'btn retry-this', href: retryHref(id, d.index, 'match') }, t('practice.retryThis'))) : null);
  }
  await go(turn);
}
