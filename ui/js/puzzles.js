// Puzzles (#/puzzles, src-tauri/API.md "Puzzles"): positions of real games where one move is
// clearly best, mined from the hard level's self-play. The list shows the player's puzzle
// rating (Glicko-2) with its chart and the themes to pick from, "mixed" first; a puzzle
// (#/puzzles/play, #/puzzles/play/THEME) is solved on the game screen itself, as a mistake is
// retried (retry.js, whose player this one extends): one try that counts for the rating, a
// second that does not, then the answer on the board with why. Also the profile's and the
// Learn screen's card (puzzleCard). Every word comes from i18n/puzzles.js or the review's
// words (text.js).
import { api } from './api.js';
import { h, showError } from './dom.js';
import { t, fmtNumber, fmtDate } from './i18n.js';
import { RetryPlayer } from './retry.js';
import { reviewDecisionTitle, reviewTag, reviewMoveText, whyText } from './text.js';
import { seriesSvg } from './chart.js';

/** Replaces an element's children, leaving out the absent ones (null, false). */
const fill = (el, ...children) => el.replaceChildren(...children.filter((c) => c != null && c !== false));
const whole = (n) => fmtNumber(Math.round(n), { useGrouping: false });
const day = (iso) => (Number.isNaN(new Date(iso).getTime()) ? '' : fmtDate(iso, { month: 'short', day: 'numeric' }));
/** A chart's width: about one unit a pixel, so that the labels stay legible on a phone. */
const chartWidth = () => Math.max(300, Math.min(640, window.innerWidth - 64));

/** The way to a puzzle of `theme` (null: mixed). */
export const puzzleHref = (theme = null) => (theme ? `#/puzzles/play/${encodeURIComponent(theme)}` : '#/puzzles/play');

/** A theme's name. */
export const themeName = (theme) => t(`puzzles.theme.${theme}`);

/** The rating line and its chart, from `puzzle_list`. */
function ratingBlock(list) {
  if (!list.attempts) return [h('p', { class: 'puzzle-rating-line' }, t('puzzles.ratingNew'))];
  const points = list.history.map((p) => ({ value: p.rating, label: day(p.at) }));
  const values = [1500, ...points.map((p) => p.value)];
  const lo = Math.floor((Math.min(...values) - 50) / 100) * 100;
  const hi = Math.ceil((Math.max(...values) + 50) / 100) * 100;
  return [
    h('p', { class: 'puzzle-rating-line' }, h('strong', { class: 'puzzle-rating' }, whole(list.rating)), ' ',
      t('puzzles.ratingLine', { rating: list.rating, deviation: list.deviation, attempts: list.attempts })),
    h('p', {}, t('puzzles.solvedLine', { solved: list.solved, total: list.total })),
    points.length > 1 ? h('div', { class: 'chart-box puzzle-chart', html: seriesSvg(points, { label: t('puzzles.chart', { values: points.map((p) => whole(p.value)).join('; ') }), min: lo, max: hi, width: chartWidth() }) }) : null,
  ];
}

/** One theme as a link to its next puzzle. */
function themeItem(theme, name, about, count) {
  return h('li', {},
    h('a', { class: 'lesson-item puzzle-theme', href: puzzleHref(theme), 'data-theme': theme ?? 'mixed' },
      h('span', { class: 'lesson-no puzzle-mark', 'aria-hidden': 'true' }, theme ? '◆' : '★'),
      h('span', { class: 'lesson-name' }, h('strong', {}, name), h('small', {}, about)),
      h('span', { class: 'lesson-meta' }, count)));
}

/** The list: the rating with its chart, the themes. */
function renderList(box, list) {
  box.replaceChildren(
    h('h2', { id: 'puzzles-title', class: 'screen-title' }, t('puzzles.listTitle')),
    h('p', { class: 'subtitle' }, t('puzzles.subtitle', { win: Math.round(list.minWinMargin * 100), points: list.minPointMargin })),
    h('section', { class: 'card puzzle-summary', 'aria-labelledby': 'puzzle-rating-title' },
      h('div', { class: 'row spread' },
        h('h3', { id: 'puzzle-rating-title' }, t('puzzles.ratingTitle')),
        h('a', { class: 'btn primary', href: puzzleHref() }, t('puzzles.start'))),
      ...ratingBlock(list).filter(Boolean)),
    h('section', { class: 'card', 'aria-labelledby': 'puzzle-themes-title' },
      h('h3', { id: 'puzzle-themes-title' }, t('puzzles.themesTitle')),
      h('ol', { class: 'lesson-list puzzle-themes' },
        themeItem(null, t('puzzles.mixed'), t('puzzles.mixedText'), t('puzzles.mixedCount', { total: list.total })),
        list.themes.map((c) => themeItem(c.theme, themeName(c.theme), t(`puzzles.about.${c.theme}`), t('puzzles.themeCount', c))))));
}

/** A puzzle solved on the game screen: a retry's player with the puzzle's commands and words. */
class PuzzlePlayer extends RetryPlayer {
  constructor(app, host) {
    super(app, host, { leave: { text: 'puzzles.back', label: 'puzzles.backLabel' } });
  }

  back() { return '#/puzzles'; }

  send(move) { return api.puzzlePlay(move); }

  sendAgain() { return api.puzzleAgain(); }

  region() { return t('puzzles.region'); }

  /** Starts the next puzzle of `theme` (null: mixed). */
  async open(theme = null) {
    this.host.hidden = false;
    this.theme = theme;
    this.refused = null;
    const st = await api.puzzleStart({ theme });
    this.position = st.view;
    this.take(st);
    await this.screen.start(this.view());
    this.screen.fit(false);
  }

  /** Above the board: the puzzle, its rating, what to do, the player's rating. */
  renderBar(st) {
    const left = st.maxTries - st.tries;
    fill(this.bar,
      h('div', { class: 'lesson-head' },
        h('h2', { class: 'lesson-title' }, t('puzzles.title', { rating: st.rating })),
        h('p', { class: 'lesson-intro' }, reviewDecisionTitle(st),
          st.theme ? ` · ${t('puzzles.theme', { theme: themeName(st.theme) })}` : '',
          ` · ${t('puzzles.yourRating', { rating: st.playerRating })}`)),
      st.outcome ? null : h('div', { class: 'lesson-goal' },
        h('p', {}, h('strong', {}, t('puzzles.goal')), ' ', t('puzzles.find', { left }))),
      this.judging ? h('p', { class: 'retry-judging', role: 'status' }, t('puzzles.judging')) : null,
      this.refused ? h('p', { class: 'lesson-refused', role: 'alert' }, t('practice.refused', { reason: this.refused })) : null,
      st.saveError ? h('p', { class: 'lesson-refused', role: 'alert' }, t('puzzles.saveFailed')) : null);
  }

  /** A puzzle's verdict (see RetryPlayer.outcomeParts): the rating's change, why the answer is
   * better, its margin and themes; the next puzzle. */
  outcomeParts(st, o) {
    const d = o.tried;
    const players = st.view.players;
    const btn = (label, onclick, cls = 'btn') => h('button', { class: cls, type: 'button', onclick }, label);
    const change = o.rating ? h('p', { class: `puzzle-change ${o.rating.after >= o.rating.before ? 'up' : 'down'}` }, t('puzzles.change', o.rating)) : null;
    const ex = o.explained;
    const reason = ex?.why ? h('p', { class: 'lesson-reason' }, t('puzzles.why', { why: whyText(ex.why, players, null) })) : null;
    const margin = ex ? h('p', { class: 'puzzle-margin' }, t('puzzles.margin', { points: Math.max(1, Math.round(ex.pointMargin)) })) : null;
    const themes = o.over && st.themes.length ? h('p', { class: 'puzzle-themes-line' }, t('puzzles.themesLine', { themes: st.themes.map(themeName).join(', ') })) : null;
    const next = btn(t('puzzles.next'), () => this.nextPuzzle(), 'btn primary');
    const back = h('a', { class: 'btn ghost', href: '#/puzzles' }, t('puzzles.toList'));
    if (o.solved) {
      const title = o.first ? t('puzzles.solved') : t('puzzles.solvedSecond');
      return {
        label: title,
        parts: [
          h('h3', {}, h('span', { class: 'mark', 'aria-hidden': 'true' }, '✓ '), title),
          change, reason, margin, themes,
          h('div', { class: 'row' }, next, back)],
        said: `${title} ${change ? change.textContent : ''}`,
      };
    }
    const cost = h('p', { class: 'retry-cost' }, t('puzzles.cost', { points: Math.max(1, Math.round(d.pointLoss ?? 0)) }));
    const whyTry = d.why ? h('p', { class: 'lesson-reason' }, whyText(d.why, players, d)) : null;
    if (!o.over) {
      return {
        label: t('puzzles.notYet'),
        parts: [
          h('h3', {}, t('puzzles.notYet')),
          h('p', { class: 'retry-tag' }, t('puzzles.yourTry', { tag: reviewTag(d.class) })),
          change, cost, whyTry,
          h('div', { class: 'row' }, btn(t('puzzles.again'), () => this.again(), 'btn primary'), back)],
        said: `${t('puzzles.notYet')} ${change ? change.textContent : ''}`,
      };
    }
    const best = reviewMoveText(d.best, d.tile, this.feature(d.best, d));
    return {
      label: t('puzzles.answer'),
      parts: [
        h('h3', {}, t('puzzles.answer')),
        h('p', { class: 'retry-tag' }, t('puzzles.yourTry', { tag: reviewTag(d.class) })),
        h('p', {}, t('puzzles.shown', { best })),
        change, cost, reason ?? whyTry, margin, themes,
        h('div', { class: 'row' }, next, back)],
      said: `${t('puzzles.answer')} ${t('puzzles.shown', { best })}`,
    };
  }

  /** The next puzzle of the same theme. */
  async nextPuzzle() {
    if (this.screen.busy) return;
    try {
      await this.open(this.theme);
    } catch (e) { showError(e, t('puzzles.next')); }
  }
}

/**
 * The puzzles screen: the list, or with `arg` ("play" or "play/THEME") a puzzle solved.
 * `app`: the app's state (main.js).
 */
export async function renderPuzzles(root, app, arg = null) {
  let list = root.querySelector(':scope > .puzzle-list');
  let play = root.querySelector(':scope > .puzzle-game');
  if (!list) {
    list = h('div', { class: 'practice-list puzzle-list' });
    play = h('div', { class: 'screen-game lesson-game retry-game puzzle-game', role: 'region', 'aria-label': t('puzzles.region'), hidden: true });
    root.replaceChildren(list, play);
  }
  const m = arg?.match(/^play(?:\/([^/]+))?$/);
  root.classList.toggle('learn-playing', !!m);
  list.hidden = !!m;
  play.hidden = !m;
  if (m) {
    await player(app, play).open(m[1] ? decodeURIComponent(m[1]) : null);
    return;
  }
  player.current?.stop();
  renderList(list, await api.puzzleList());
}

/** The one puzzle player, made on first use. */
function player(app, host) {
  player.current ??= new PuzzlePlayer(app, host);
  return player.current;
}

window.addEventListener('hashchange', () => {
  if (!/^#\/puzzles\/play/.test(location.hash)) player.current?.stop();
});

/** The puzzle's game screen, or null (for tests). */
export const puzzleScreen = () => (player.current && !player.current.host.hidden ? player.current.screen : null);

/**
 * The card of the profile and the Learn screen: the puzzle rating (with its chart on the
 * profile: `chart`) and a way to the puzzles. `list`: `puzzle_list`'s answer (null: no card).
 */
export function puzzleCard(list, { chart = false } = {}) {
  if (!list) return null;
  const rated = list.attempts > 0;
  return h('section', { class: 'card puzzle-card', 'aria-labelledby': 'puzzle-card-title' },
    h('h3', { id: 'puzzle-card-title' }, rated ? t('puzzles.cardTitle', { rating: list.rating }) : t('puzzles.cardTitleNew')),
    chart && rated ? ratingBlock(list).filter(Boolean) : h('p', {}, rated ? t('puzzles.cardText', { solved: list.solved, total: list.total }) : t('puzzles.cardNew')),
    h('div', { class: 'row' },
      h('a', { class: 'btn primary', href: puzzleHref() }, t('puzzles.start')),
      h('a', { class: 'btn ghost', href: '#/puzzles' }, t('puzzles.open'))));
}
