// The Learn section (issue 14): short lessons that teach the rules by playing them. The list
// (#/learn) shows the lessons in order, base game then Abbey & Mayor, with the learner's
// progress; a lesson (#/learn/ID) is played on the game screen itself (GameScreen, its board
// and decision panel) with the lesson commands of src-tauri/API.md handed in for the game's:
// a goal and hints above the board, and once the lesson's moves are made its outcome in place
// of the panel: passed (the lesson's words, Next lesson) or not yet (why, in the game's terms:
// what scored and the points each player got, the scored feature shown on the board; Undo,
// Retry, Show me). Also: the "?" of each decision panel (helpButton) and the start screen's
// suggestion for a new player (lessonSuggestion). Every word comes from i18n/learn.js or, for
// the lessons' own texts, from the lesson data (pick).
import { api } from './api.js';
import { h, showError, announce } from './dom.js';
import { t, pick, has, fmtList, onLanguage } from './i18n.js';
import { GameScreen } from './game.js';
import { eventText, eventPlaces } from './text.js';
import { badgeSvg } from './players.js';
import { highlightOnBoard } from './log.js';
import { paceMs } from './settings.js';

/** The expansion id of Abbey & Mayor in a lesson's `expansions`. */
const ABBEY_MAYOR = 'abbey-mayor';
const byOrder = (a, b) => a.order - b.order;
const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const wait = (ms) => new Promise((res) => setTimeout(res, ms));
/** Replaces an element's children, leaving out the absent ones (null, false). */
const fill = (el, ...children) => el.replaceChildren(...children.filter((c) => c != null && c !== false));

// --- The list.
/** One lesson as a link: its number, title, what it teaches, minutes and whether it is done. */
function lessonItem(l, { intro = true } = {}) {
  return h('li', {},
    h('a', { class: `lesson-item${l.done ? ' done' : ''}`, href: `#/learn/${encodeURIComponent(l.id)}`, 'data-lesson': l.id },
      h('span', { class: 'lesson-no', 'aria-hidden': 'true' }, l.done ? '✓' : String(l.order)),
      h('span', { class: 'lesson-name' }, h('strong', {}, pick(l.title)), intro ? h('small', {}, pick(l.intro)) : null),
      h('span', { class: 'lesson-meta' }, t('learn.minutes', { n: l.minutes }),
        l.done ? h('span', { class: 'lesson-done' }, t('learn.done')) : null)));
}

/** The lessons of the base game and of Abbey & Mayor, each group in order. */
function groups(lessons) {
  const all = [...lessons].sort(byOrder);
  return [['base', all.filter((l) => !l.expansions?.includes(ABBEY_MAYOR))], ['abbeyMayor', all.filter((l) => l.expansions?.includes(ABBEY_MAYOR))]]
    .filter(([, list]) => list.length);
}

/** The Learn screen's list, from `lesson_list`. */
function renderList(box, lessons) {
  const done = lessons.filter((l) => l.done).length;
  const next = [...lessons].sort(byOrder).find((l) => !l.done);
  box.replaceChildren(
    h('h2', { id: 'learn-title', class: 'screen-title' }, t('learn.title')),
    h('p', { class: 'subtitle' }, t('learn.subtitle')),
    h('div', { class: 'card learn-progress' },
      h('div', { class: 'row spread' },
        h('strong', { id: 'learn-progress-label' }, t('learn.progress', { done, total: lessons.length })),
        next ? h('a', { class: 'btn primary', href: `#/learn/${encodeURIComponent(next.id)}` }, done ? t('learn.continue', { title: pick(next.title) }) : t('learn.begin')) : null),
      h('progress', { max: String(lessons.length || 1), value: String(done), 'aria-labelledby': 'learn-progress-label' })),
    ...groups(lessons).map(([group, list]) => h('section', { class: 'card learn-group', 'aria-labelledby': `learn-group-${group}` },
      h('h3', { id: `learn-group-${group}` }, group === 'base' ? t('learn.group.base') : t('learn.group.abbeyMayor')),
      h('ol', { class: 'lesson-list' }, list.map((l) => lessonItem(l))))));
}

/**
 * The Learn screen: the list, or with `id` that lesson played. `app`: the app's state
 * (main.js: tileset, settings, saveSettings).
 */
export async function renderLearn(root, app, id = null) {
  let list = root.querySelector(':scope > .learn-list');
  let play = root.querySelector(':scope > .lesson-game');
  if (!list) {
    list = h('div', { class: 'learn-list' });
    play = h('div', { class: 'screen-game lesson-game', role: 'region', 'aria-label': t('learn.lessonRegion'), hidden: true });
    root.replaceChildren(list, play);
  }
  const playing = id != null;
  root.classList.toggle('learn-playing', playing);
  list.hidden = playing;
  play.hidden = !playing;
  if (playing) {
    await player(app, play).open(id);
    return;
  }
  player.current?.stop();
  const { lessons } = await api.lessonList();
  renderList(list, lessons);
  app.lessons = lessons;
}

/** The one lesson player, made on first use. */
function player(app, host) {
  player.current ??= new LessonPlayer(app, host);
  return player.current;
}

// A lesson's game screen is hidden with its list when another screen shows (the game screen's
// keys act only while its root is shown).
window.addEventListener('hashchange', () => {
  if (!/^#\/learn\/./.test(location.hash)) player.current?.stop();
});

// --- Playing a lesson.
class LessonPlayer {
  constructor(app, host) {
    this.app = app;
    this.host = host;
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
    this.screen = new GameScreen(host, app.tileset, {
      onLeave: () => { location.hash = '#/learn'; },
      // The board-reading aids (odds of the game's pile) are no part of a lesson.
      settings: () => ({ ...app.settings, boardAids: false }),
      saveSettings: (patch) => app.saveSettings(patch),
      commands,
    });
    // A lesson ends in its outcome (below), never in the game's end-of-game dialog.
    this.screen.showEnd = () => {};
    const s = this.screen;
    for (const el of [s.hintBtn, s.aidsBtn, s.remainingBtn, s.resignBtn.closest('.resign-row')]) el.hidden = true;
    this.backBtn = host.querySelector('.game-bar .btn');
    this.bar = h('div', { class: 'lesson-bar' });
    host.insertBefore(this.bar, host.querySelector('.game-main'));
    this.outcomeBox = h('section', { class: 'lesson-outcome', hidden: true, tabindex: '-1' });
    s.panel.after(this.outcomeBox);
    onLanguage(() => { if (this.st) this.render(); });
  }

  /** Starts the lesson `id` (again from its position if it is the one on screen). */
  async open(id) {
    this.host.hidden = false;
    if (this.st?.id === id && !this.demo && !this.st.outcome) { this.screen.refresh(); return; }
    if (!this.app.lessons) {
      try { this.app.lessons = (await api.lessonList()).lessons; } catch (e) { showError(e); }
    }
    this.demo = 0;
    this.hints = 0;
    this.log = [];
    this.take(await api.lessonStart(id));
    await this.screen.start(this.view());
    this.screen.board.fit(false);
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
    this.backBtn.textContent = t('learn.back');
    this.backBtn.setAttribute('aria-label', t('learn.backLabel'));
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
    this.screen.panel.hidden = !!o;
    this.screen.undoBtn.hidden = !!o;
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
    const list = [...(this.app.lessons ?? [])].sort(byOrder);
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
        s.state.applyHint(move);
        if (move.type === 'place' || move.type === 'abbey') s.board.follow(move.x, move.y);
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

/** The game screen of the lesson being played, or null (tests drive it with moves its panel
 * never offers, e.g. one the rules refuse). */
export const lessonScreen = () => (player.current && !player.current.host.hidden ? player.current.screen : null);

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

// --- The "?" of a decision panel.
/** The help topic of a decision (and, for a figure, the kind chosen), or null. */
function helpTopic(d, figure) {
  switch (d?.kind) {
    case 'draw_or_abbey': return 'abbey';
    case 'final_abbey': return 'finalAbbey';
    case 'move_wagon': return 'wagon';
    case 'place_figure': return { mayor: 'mayor', wagon: 'wagon', barn: 'barn' }[figure] ?? 'figure';
    default: return null;
  }
}
/** The lesson of each help topic (ids of lessons/NN-id.json). */
const TOPIC_LESSON = { figure: 'followers-majorities', mayor: 'mayor', wagon: 'wagon', barn: 'barn', abbey: 'abbey', finalAbbey: 'abbey-final-round' };

/** What the explanation shows on the board for a topic: [{x, y, on?}] of the current position. */
function helpPlaces(topic, d) {
  switch (topic) {
    case 'abbey': case 'finalAbbey': return (d.holes ?? []).map(({ x, y }) => ({ x, y }));
    case 'wagon':
      if (d.kind === 'move_wagon') return [{ ...d.from }, ...d.targets.flatMap((x) => (x.segments?.length ? x.segments : [{ x: x.x, y: x.y, on: x.on }]))];
      return (d.byKind?.wagon ?? []).map((on) => ({ x: d.x, y: d.y, on }));
    default: return (d.byKind?.[topic === 'figure' ? 'follower' : topic] ?? []).map((on) => ({ x: d.x, y: d.y, on }));
  }
}

/**
 * A "?" button for a decision (DecisionView; `figure`: the figure kind chosen on a
 * place_figure panel): it opens a short explanation of the rule under the button, with the
 * current position's options highlighted on the board (the holes, the wagon's targets, the
 * spots), and a way to the matching lesson. Null for a decision without help.
 */
export function helpButton(decision, { figure = null } = {}) {
  const topic = helpTopic(decision, figure);
  if (!topic) return null;
  const title = t(`learn.help.${topic}.title`);
  const btn = h('button', { class: 'btn help-q', type: 'button', 'aria-label': t('learn.help.label', { topic: title }), 'aria-expanded': 'false', title: t('learn.help.label', { topic: title }) }, '?');
  let pop = null;
  const close = () => {
    pop?.remove();
    pop = null;
    btn.setAttribute('aria-expanded', 'false');
    highlightOnBoard(btn, []);
  };
  btn.addEventListener('click', async () => {
    if (pop) { close(); return; }
    const places = helpPlaces(topic, decision);
    const lessonLink = h('span', {});
    pop = h('div', { class: 'help-pop', role: 'region', 'aria-label': title },
      h('p', {}, h('strong', {}, title)),
      h('p', {}, t(`learn.help.${topic}.text`)),
      places.length ? h('p', { class: 'help-shown' }, t(`learn.help.${topic}.shown`, { n: decision.kind === 'move_wagon' ? decision.targets.length : places.length })) : null,
      h('div', { class: 'row' }, lessonLink, h('button', { class: 'btn ghost', type: 'button', onclick: close }, t('learn.help.close'))));
    (btn.closest('.action-panel') ?? btn.parentElement).append(pop);
    btn.setAttribute('aria-expanded', 'true');
    highlightOnBoard(btn, places);
    try {
      const { lessons } = await api.lessonList();
      const l = lessons.find((x) => x.id === TOPIC_LESSON[topic]);
      if (l && pop) lessonLink.replaceWith(h('a', { class: 'btn', href: `#/learn/${encodeURIComponent(l.id)}` }, t('learn.help.lesson', { title: pick(l.title), n: l.minutes })));
    } catch (e) { showError(e); }
  });
  return btn;
}

// --- The start screen's suggestion.
/**
 * For a new player (no game played, no lesson done): a card suggesting the first lessons,
 * or null. `profile`: the active Profile; `lessons`: `lesson_list`'s lessons.
 */
export function lessonSuggestion(profile, lessons) {
  if (!profile || (profile.stats?.games ?? 0) > 0 || profile.lessonsDone?.length || !lessons?.length) return null;
  const first = [...lessons].sort(byOrder).filter((l) => !l.done).slice(0, 3);
  if (!first.length) return null;
  return h('section', { class: 'card learn-suggest', 'aria-labelledby': 'learn-suggest-title' },
    h('h3', { id: 'learn-suggest-title' }, t('learn.suggest.title')),
    h('p', {}, t('learn.suggest.text')),
    h('ol', { class: 'lesson-list' }, first.map((l) => lessonItem(l, { intro: false }))),
    h('div', { class: 'row' }, h('a', { class: 'btn', href: '#/learn' }, t('learn.suggest.all', { n: lessons.length }))));
}
