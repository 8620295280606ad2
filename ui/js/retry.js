// A mistake retried (#/practice/MATCH/INDEX, src-tauri/API.md "Training"): on the game screen
// itself (GameScreen, its board and decision panel) with the retry commands handed in for the
// game's, as a lesson is played (lesson.js). Above the board, what the decision was and what
// the review said of the move played; once a try is judged, its verdict in place of the panel:
// solved (best or good), not yet (one more try), or the answer shown on the board with why.
// Every word comes from i18n/practice.js or the review's words (text.js).
import { api } from './api.js';
import { h, showError, announce } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { GameScreen } from './game.js';
import { reviewDecisionTitle, reviewTag, reviewMoveText, whyText } from './text.js';
import { figureFeature } from './review.js';

/** Replaces an element's children, leaving out the absent ones (null, false). */
const fill = (el, ...children) => el.replaceChildren(...children.filter((c) => c != null && c !== false));

export class RetryPlayer {
  /**
   * `host`: the element the retry's game screen is built in; `app`: the app's state (main.js:
   * tileset, settings, saveSettings). `next()`: resolves to the next mistake due after this
   * one (`{matchId, index}`) or null, for "Next mistake". `leave`: the words of the way
   * back (a puzzle's are its own).
   */
  constructor(app, host, { next = async () => null, leave = { text: 'practice.back', label: 'practice.backLabel' } } = {}) {
    this.app = app;
    this.host = host;
    this.next = next;
    this.st = null;
    this.judging = false;
    this.refused = null;
    this.following = null;
    const commands = {
      gameView: async () => this.view(),
      gamePlay: (move) => this.play(move),
      gameUndo: async () => this.view(),
      gameLog: async () => [],
    };
    this.bar = h('div', { class: 'lesson-bar retry-bar' });
    this.outcomeBox = h('section', { class: 'lesson-outcome retry-outcome', hidden: true, tabindex: '-1' });
    this.screen = new GameScreen(host, app.tileset, {
      onLeave: () => { location.hash = this.back(); },
      settings: () => ({ ...app.settings, boardAids: false }),
      saveSettings: (patch) => app.saveSettings(patch),
      commands,
      mode: {
        tools: ['owners'],
        leave,
        slots: { above: this.bar, beside: this.outcomeBox },
        onEnd: () => {},
      },
    });
    onLanguage(() => { if (this.st) this.render(); });
  }

  /** Where "Back" goes: the match's replay when the retry came from it, else the list. */
  back() {
    return this.from === 'match' && this.st ? `#/match/${encodeURIComponent(this.st.matchId)}` : '#/practice';
  }

  /** Starts retrying decision `index` of match `matchId`; `from`: 'match' (the replay) or
   * 'list'. */
  async open(matchId, index, from = 'list') {
    this.host.hidden = false;
    this.from = from;
    this.refused = null;
    this.following = null;
    const st = await api.retryStart(matchId, index);
    this.position = st.view;
    this.take(st);
    await this.screen.start(this.view());
    this.screen.fit(false);
  }

  stop() {
    this.host.hidden = true;
  }

  /** The commands a try and a second try go to (a puzzle's are its own: puzzles.js). */
  send(move) { return api.retryPlay(move); }

  sendAgain() { return api.retryAgain(); }

  /** What screen readers call the screen. */
  region() { return t('practice.region'); }

  /** The view the game screen shows: once a try is judged, no decision is left to make. */
  view() {
    const v = this.st.view;
    return this.st.outcome && !v.over ? { ...v, current: null, decision: { kind: 'game_over', player: null, human: false } } : v;
  }

  /** A try: judged by the search (about a second); a move the rules refuse is said here. */
  async play(move) {
    this.judging = true;
    this.refused = null;
    this.render();
    announce(t('practice.judging'));
    try {
      this.take(await this.send(move));
    } catch (e) {
      if (!(e.code === 'move/illegal' || e.code === 'move/invalid')) { this.judging = false; this.render(); throw e; }
      this.refused = e.message;
      announce(t('practice.refused', { reason: e.message }));
    }
    this.judging = false;
    this.render();
    return this.view();
  }

  /** Installs a RetryState. */
  take(st) {
    this.st = st;
    this.render();
    if (st.outcome) {
      if (st.outcome.over && !st.outcome.solved) this.lookUp();
      queueMicrotask(() => this.outcomeBox.focus({ preventScroll: true }));
      if (st.outcome.over) this.next().then((n) => { this.following = n; if (this.st === st) this.render(); }).catch(() => {});
    }
  }

  /** Once the answer is shown: the board's camera on it. */
  lookUp() {
    requestAnimationFrame(() => this.screen.fit(false));
  }

  render() {
    const st = this.st;
    if (!st) return;
    this.host.setAttribute('aria-label', this.region());
    this.renderBar(st);
    this.renderOutcome(st);
  }

  /** Above the board: the decision, the review's verdict on the move played, the tries left. */
  renderBar(st) {
    const o = st.original;
    const left = st.maxTries - st.tries;
    fill(this.bar,
      h('div', { class: 'lesson-head' },
        h('h2', { class: 'lesson-title' }, t('practice.title', { what: reviewDecisionTitle(o) })),
        h('p', { class: 'lesson-intro' }, t('practice.inGame', { tag: reviewTag(o.class), points: Math.round(o.pointLoss ?? 0) }))),
      // The goal while a try is to be made; once judged, the verdict beside the board says what next.
      st.outcome ? null : h('div', { class: 'lesson-goal' },
        h('p', {}, h('strong', {}, t('practice.goal')), ' ', t('practice.find', { left }))),
      this.judging ? h('p', { class: 'retry-judging', role: 'status' }, t('practice.judging')) : null,
      this.refused ? h('p', { class: 'lesson-refused', role: 'alert' }, t('practice.refused', { reason: this.refused })) : null,
      st.saveError ? h('p', { class: 'lesson-refused', role: 'alert' }, t('practice.saveFailed')) : null);
  }

  /** In place of the decision panel once a try is judged: the box of `outcomeParts`. */
  renderOutcome(st) {
    const o = st.outcome;
    const box = this.outcomeBox;
    this.screen.yieldPanel(!!o);
    box.hidden = !o;
    box.classList.toggle('passed', !!o?.solved);
    box.classList.toggle('failed', !!o && !o.solved);
    if (!o) { box.replaceChildren(); return; }
    const { label, parts, said } = this.outcomeParts(st, o);
    box.setAttribute('aria-label', label);
    fill(box, ...parts);
    announce(said);
  }

  /** The verdict's title (`label`), its parts and what is announced (`said`), for outcome `o`. */
  outcomeParts(st, o) {
    const d = o.tried;
    const players = st.view.players;
    const best = reviewMoveText(d.best, d.tile, this.feature(d.best, d));
    const btn = (label, onclick, cls = 'btn') => h('button', { class: cls, type: 'button', onclick }, label);
    const nextLink = this.following
      ? h('a', { class: 'btn primary', href: `#/practice/${encodeURIComponent(this.following.matchId)}/${this.following.index}` }, t('practice.next'))
      : null;
    const back = h('a', { class: `btn${nextLink ? ' ghost' : ' primary'}`, href: this.back() }, this.from === 'match' ? t('practice.toReplay') : t('practice.toList'));
    const why = d.why && d.class !== 'best' ? h('p', { class: 'lesson-reason' }, whyText(d.why, players, d)) : null;
    const cost = d.class === 'best' ? null : h('p', { class: 'retry-cost' }, t('practice.cost', { points: Math.round(d.pointLoss ?? 0) }));
    const comes = o.drill && !o.drill.dueNow && o.drill.step > 0 ? h('p', { class: 'retry-due' }, t('practice.comesBack', { days: daysUntil(o.drill.due) })) : null;
    if (o.solved) {
      return {
        label: t('practice.solved'),
        parts: [
          h('h3', {}, h('span', { class: 'mark', 'aria-hidden': 'true' }, '✓ '), t('practice.solved')),
          h('p', { class: 'retry-tag' }, t('practice.yourTry', { tag: reviewTag(d.class) })),
          d.class === 'good' ? h('p', { class: 'lesson-note' }, t('practice.goodNote', { best })) : null,
          comes,
          h('div', { class: 'row' }, nextLink, back)],
        said: `${t('practice.solved')} ${t('practice.yourTry', { tag: reviewTag(d.class) })}`,
      };
    }
    if (!o.over) {
      return {
        label: t('practice.notYet'),
        parts: [
          h('h3', {}, t('practice.notYet')),
          h('p', { class: 'retry-tag' }, t('practice.yourTry', { tag: reviewTag(d.class) })),
          cost, why,
          h('div', { class: 'row' }, btn(t('practice.again'), () => this.again(), 'btn primary'))],
        said: `${t('practice.notYet')} ${t('practice.yourTry', { tag: reviewTag(d.class) })}`,
      };
    }
    return {
      label: t('practice.answer'),
      parts: [
        h('h3', {}, t('practice.answer')),
        h('p', { class: 'retry-tag' }, t('practice.yourTry', { tag: reviewTag(d.class) })),
        h('p', {}, t('practice.shown', { best })),
        cost, why, comes,
        h('div', { class: 'row' }, nextLink, back)],
      said: `${t('practice.answer')} ${why ? why.textContent : ''}`,
    };
  }

  /** What a player calls the spot of a figure or wagon move `m` of decision `d` ("the north
   * field"), from the position's tiles: the tile placed this turn, or the wagon's target. */
  feature(m, d) {
    const pos = this.position;
    if (!pos) return null;
    const last = pos.lastPlaced;
    const events = pos.tiles.map((tl) => ({ type: 'tile_placed', turn: last && tl.x === last.x && tl.y === last.y ? d.turn : -1, x: tl.x, y: tl.y, tile: tl.id, rotation: tl.rotation }));
    return figureFeature(m, d, events, this.screen.state.types);
  }

  /** Back to the position for the second try. */
  async again() {
    if (this.screen.busy) return;
    try {
      this.take(await this.sendAgain());
      await this.screen.start(this.view());
    } catch (e) { showError(e, t('practice.again')); }
  }
}

/** Whole days from now until `iso` (at least 1). */
export function daysUntil(iso, now = Date.now()) {
  return Math.max(1, Math.round((Date.parse(iso) - now) / 86_400_000));
}
