// A lesson played (Learn, #/learn/ID): on the game screen itself (GameScreen, its board and
// decision panel) in the lesson's mode, with the lesson commands of src-tauri/API.md handed in
// for the game's: a goal and hints above the board, and once the lesson's moves are made its
// outcome in place of the panel: passed (the lesson's words, Next lesson) or not yet (why, in
// the game's terms: what scored and the points each player got, the scored feature shown on
// the board; Undo, Retry, Show me). Every word comes from i18n/learn.js or, for the lessons'
// own texts, from the lesson data (pick).
import { api } from './api.js';
import { h, showError, announce } from './dom.js';
import { t, pick, has, fmtList, onLanguage } from './i18n.js';
import { GameScreen } from './game.js';
import { eventText, eventPlaces } from './text.js';
import { badgeSvg } from './players.js';
import { highlightOnBoard } from './log.js';
import { paceMs } from './settings.js';

const byOrder = (a, b) => a.order - b.order;
const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const wait = (ms) => new Promise((res) => setTimeout(res, ms));
/** Replaces an element's children, leaving out the absent ones (null, false). */
const fill = (el, ...children) => el.replaceChildren(...children.filter((c) => c != null && c !== false));

export class LessonPlayer {
  /**
   * `host`: the element the lesson's game screen is built in; `app`: the app's state
   * (main.js: tileset, settings, saveSettings). `lessons`: the lesson list last read (for
   * "Next lesson"; learn.js keeps it up to date, and the player reads it if it is missing).
   */
  constructor(app, host, lessons = null) {
    this.app = app;
    this.host = host;
    this.lessons = lessons;
    this.st = null;
    this.log = [];
    this.hints = 0;
    this.refused = null;
    this.demo = 0;
    // The lesson's commands in the shape of the game's (game.js): its view, moves, undo, log.
    const commands = {
      gameView: async () => this.view(),
      gamePlay: (move) => this.play(move),
      gameUndo: async () => { this.take(await api.lessonUndo()); return this.view(); },
      gameLog: async () => this.log,
    };
    // Above the board the goal and hints; beside the decision panel the outcome, in its place.
    this.bar = h('div', { class: 'lesson-bar' });
    this.outcomeBox = h('section', { class: 'lesson-outcome', hidden: true, tabindex: '-1' });
    this.screen = new GameScreen(host, app.tileset, {
      onLeave: () => { location.hash = '#/learn'; },
      // The board-reading aids (odds of the game's pile) are no part of a lesson.
      settings: () => ({ ...app.settings, boardAids: false }),
      saveSettings: (patch) => app.saveSettings(patch),
      commands,
      // No hint, aids, tiles left or resigning; back to the list, not the menu; and a lesson
      // ends in its outcome (below), never in the game's end-of-game dialog.
      mode: {
        tools: ['owners', 'undo'],
        leave: { text: 'learn.back', label: 'learn.backLabel' },
        slots: { above: this.bar, beside: this.outcomeBox },
        onEnd: () => {},
      },
    });
    onLanguage(() => { if (this.st) this.render(); });
  }

  /** Starts the lesson `id` (again from its position if it is the one on screen). */
  async open(id) {
    this.host.hidden = false;
    if (this.st?.id === id && !this.demo && !this.st.outcome) { this.screen.refresh(); return; }
    if (!this.lessons) {
      try { this.lessons = (await api.lessonList()).lessons; } catch (e) { showError(e); }
    }
    this.demo = 0;
    this.hints = 0;
    this.log = [];
    this.take(await api.lessonStart(id));
    await this.screen.start(this.view());
    this.screen.fit(false);
  }

  stop() {
    this.demo = 0;
    this.host.hidden = true;
    highlightOnBoard(this.host, []);
  }

  /** The view the game screen shows: once the outcome is there, no decision is left to make. */
  view() {
    const v = this.st.view;
    return this.st.outcome && !v.over ? { ...v, current: null, decision: { kind: 'game_over', player: null, human: false } } : v;
  }

  /** A move: the lesson's answer is shown; a move the rules refuse is said here, nothing changes. */
  async play(move) {
    try {
      this.take(await api.lessonPlay(move));
    } catch (e) {
      if (!(e.code === 'move/illegal' || e.code?.startsWith('lesson/'))) throw e;
      this.refused = e.message;
      this.render();
      announce(t('learn.refused', { reason: e.message }));
    }
    return this.view();
  }

  /** Installs a LessonState: the log, the header and the outcome follow. */
  take(st) {
    const first = this.st?.id !== st.id;
    this.st = st;
    this.refused = null;
    // The log: earlier events, then the view's last round (which an undo shortens).
    const recent = st.view.recent ?? [];
    const from = recent.length ? Math.min(...recent.map((e) => e.turn)) : st.view.turn + 1;
    this.log = first ? [...recent] : [...this.log.filter((e) => e.turn < from), ...recent];
    this.render();
    if (st.outcome) {
      // The scored features once the board has drawn the move (the board draws on the next frame).
      requestAnimationFrame(() => requestAnimationFrame(() => this.highlight(this.scored())));
      if (!this.demo) queueMicrotask(() => this.outcomeBox.focus({ preventScroll: true }));
    }
    return st;
  }

  /** The scoring events of the outcome. */
  scored() {
    return (this.st.outcome?.events ?? []).filter((e) => e.type === 'scored');
  }

  highlight(events) {
    highlightOnBoard(this.outcomeBox, events.flatMap((e) => eventPlaces(e)));
  }

  render() {
    const st = this.st;
    this.host.setAttribute('aria-label', pick(st.title));
    this.host.classList.toggle('demo', this.demo > 0);
    // Once the learner has moved, a phone keeps only the goal above the board.
    this.bar.classList.toggle('moved', !!(st.view.canUndo || st.outcome || this.demo));
    this.renderBar(st);
    this.renderOutcome(st);
  }

  /** Above the board: the lesson's title, goal and hints; a refused move; the solution shown. */
  renderBar(st) {
    const hints = st.hints ?? [];
    const hintBtn = hints.length && !st.outcome && !this.demo
      ? h('button', { class: 'btn ghost lesson-hint-btn', type: 'button', onclick: () => { this.hints = Math.min(hints.length, this.hints + 1); this.render(); announce(pick(hints[this.hints - 1])); } },
        this.hints === 0 ? t('learn.hint') : this.hints < hints.length ? t('learn.hintMore') : t('learn.hintAgain'))
      : null;
    if (hintBtn && this.hints >= hints.length) hintBtn.disabled = true;
    // Show me and Start over, whenever no outcome offers them.
    const tools = st.outcome || this.demo ? [] : [
      h('button', { class: 'btn ghost lesson-show-btn', type: 'button', onclick: () => this.showMe() }, t('learn.showMe')),
      st.view.canUndo ? h('button', { class: 'btn ghost lesson-restart-btn', type: 'button', onclick: () => this.retry() }, t('learn.restart')) : null];
    fill(this.bar,
      h('div', { class: 'lesson-head' },
        h('h2', { class: 'lesson-title' }, pick(st.title)),
        h('p', { class: 'lesson-intro' }, pick(st.intro))),
      h('div', { class: 'lesson-goal' },
        h('p', {}, h('strong', {}, t('learn.goal')), ' ', pick(st.goalText)),
        h('div', { class: 'lesson-tools' }, hintBtn, ...tools)),
      this.hints && !this.demo ? h('ol', { class: 'lesson-hints', 'aria-label': t('learn.hintsLabel') }, hints.slice(0, this.hints).map((x) => h('li', {}, pick(x)))) : null,
      this.refused ? h('p', { class: 'lesson-refused', role: 'alert' }, t('learn.refused', { reason: this.refused })) : null,
      this.demo ? h('p', { class: 'lesson-demo', role: 'status' }, t('learn.demo', { n: this.demo, total: this.demoTotal })) : null);
  }

  /** In place of the decision panel once the lesson's moves are made. */
  renderOutcome(st) {
    const o = st.outcome;
    const box = this.outcomeBox;
    // The outcome has its own Undo: the tools' one would say the same twice.
    this.screen.yieldPanel(!!o);
    box.hidden = !o;
    box.classList.toggle('passed', !!o?.passed);
    box.classList.toggle('failed', !!o && !o.passed);
    if (!o) { box.replaceChildren(); return; }
    const players = st.view.players;
    const btn = (label, onclick, cls = 'btn') => h('button', { class: cls, type: 'button', onclick }, label);
    const items = happenings(o.events ?? []);
    const happened = h('ul', { class: 'lesson-events' }, items.map((it) => h('li', { class: it.ev.type },
      h('button', { class: 'log-pick', type: 'button', title: t('learn.showOnBoard'), onclick: () => highlightOnBoard(box, it.places) },
        h('span', { class: 'who', html: badgeSvg(it.ev.player ?? it.ev.scored?.players?.[0] ?? 0, 16) }),
        h('span', { class: 'log-text' }, eventText(it.ev, players, { figure: it.figure }))))));
    // Nothing scored although the learner finished a feature: no figure was in it.
    const closed = (o.events ?? []).some((e) => e.type === 'tile_placed' && e.player === st.view.human && e.builds?.some((b) => b.action === 'closes'));
    const nothing = this.scored().length ? null : h('p', { class: 'lesson-note' }, closed ? t('learn.noOwner') : t('learn.nothingScored'));
    const points = h('ul', { class: 'lesson-points', 'aria-label': t('learn.pointsLabel') }, players.map((p, seat) => h('li', {},
      h('span', { class: 'who', html: badgeSvg(seat, 18) }), h('span', { class: 'name' }, p.name),
      h('strong', {}, t('learn.points', { n: o.points?.[seat] ?? 0 })))));
    if (o.passed) {
      const next = this.next();
      box.setAttribute('aria-label', t('learn.passed'));
      fill(box,
        h('h3', {}, h('span', { class: 'mark', 'aria-hidden': 'true' }, '✓ '), t('learn.passed')),
        h('p', { class: 'lesson-success' }, pick(st.success)),
        h('p', { class: 'lesson-reason' }, reasonText(o.reason, players)),
        h('div', { class: 'row' },
          next ? h('a', { class: 'btn primary', href: `#/learn/${encodeURIComponent(next.id)}` }, t('learn.next')) : null,
          btn(t('learn.again'), () => this.retry()),
          h('a', { class: `btn${next ? ' ghost' : ' primary'}`, href: '#/learn' }, t('learn.all'))));
      announce(`${t('learn.passed')} ${pick(st.success)}`);
      return;
    }
    box.setAttribute('aria-label', t('learn.failed'));
    fill(box,
      h('h3', {}, t('learn.failed')),
      h('p', { class: 'lesson-reason' }, reasonText(o.reason, players)),
      h('h4', { class: 'small-title' }, t('learn.happened')), happened, nothing,
      h('h4', { class: 'small-title' }, t('learn.pointsLabel')), points,
      this.demo ? null : h('div', { class: 'row' },
        st.view.canUndo ? btn(t('learn.undo'), () => this.screen.undo()) : null,
        btn(t('learn.retry'), () => this.retry(), 'btn primary'),
        btn(t('learn.showMe'), () => this.showMe())));
    announce(`${t('learn.failed')} ${reasonText(o.reason, players)}`);
  }

  /** The next lesson in order after this one (from the list last read), if any. */
  next() {
    const list = [...(this.lessons ?? [])].sort(byOrder);
    const i = list.findIndex((l) => l.id === this.st.id);
    return i >= 0 ? list[i + 1] ?? null : null;
  }

  /** Back to the lesson's position. */
  async retry() {
    if (this.screen.busy) return;
    try {
      this.demo = 0;
      this.hints = 0;
      this.log = [];
      this.take(await api.lessonRetry());
      await this.screen.start(this.view());
    } catch (e) { showError(e, t('learn.retry')); }
  }

  /** "Show me": the solution played from the position (back there first if the learner has
   * moved), one move at a time. */
  async showMe() {
    if (this.screen.busy || this.demo) return;
    try {
      const { moves } = await api.lessonSolution();
      this.demo = 1;
      this.demoTotal = moves.length;
      if (this.st.view.canUndo || this.st.outcome) {
        this.log = [];
        this.take(await api.lessonRetry());
        await this.screen.start(this.view());
      }
      const pause = paceMs('slow', reduced());
      for (const [i, move] of moves.entries()) {
        if (!this.demo) return;
        this.demo = i + 1;
        this.render();
        // The move is selected on the board first (the tile's ghost, the chosen spot), then played.
        const s = this.screen;
        s.select(move);
        await wait(pause);
        if (!this.demo) return;
        await s.play(move);
        await wait(pause / 2);
      }
      this.demo = 0;
      this.render();
      if (this.st.outcome) this.outcomeBox.focus({ preventScroll: true });
    } catch (e) {
      this.demo = 0;
      showError(e, t('learn.showMe'));
      if (this.st) this.render();
    }
  }
}

/** The lesson's events as the log tells them: a figure joins the sentence of the tile it was
 * put on; each with its places on the board. */
function happenings(events) {
  const items = [];
  for (const ev of events) {
    if (ev.type === 'game_ended') continue;
    const last = items.at(-1);
    if (ev.type === 'figure_placed' && last?.ev.type === 'tile_placed' && last.ev.turn === ev.turn && last.ev.x === ev.x && last.ev.y === ev.y && last.ev.player === ev.player) {
      last.figure = ev;
      last.places.push({ x: ev.x, y: ev.y, on: ev.on });
      continue;
    }
    items.push({ ev, figure: null, places: [...eventPlaces(ev)] });
  }
  return items;
}

// --- Why, in the game's terms (Outcome.reason: a key and its parameters, seats 0-based).
const seatName = (players, seat) => players?.[seat]?.name ?? String(seat + 1);

/** The outcome's reason as a sentence (learn.reason.*), its seats named, its words translated. */
export function reasonText(reason, players) {
  const p = { ...(reason?.params ?? {}) };
  const word = (prefix, v) => (v ? t(`${prefix}.${v}`) : '');
  if (p.feature !== undefined) { p.featureTo = word('learn.featureTo', p.feature); p.featureAcc = word('learn.featureAcc', p.feature); p.feature = word('learn.feature', p.feature); }
  if (p.figure !== undefined) { p.figureKind = p.figure; p.figureAcc = word('learn.figureAcc', p.figure); p.figureWith = word('learn.figureWith', p.figure); p.figure = word('learn.figure', p.figure); }
  if (p.category !== undefined) p.category = word('learn.category', p.category);
  if (Array.isArray(p.winners)) p.winners = fmtList(p.winners.map((s) => seatName(players, s)));
  if (Array.isArray(p.strengths)) p.strengths = fmtList(p.strengths.map((n, s) => t('learn.strengthOf', { name: seatName(players, s), n })));
  else p.strengths = '';
  if (typeof p.player === 'number') p.name = seatName(players, p.player);
  const key = `learn.reason.${reason?.key}`;
  return t(has(key) ? key : 'learn.reason.other', p);
}
