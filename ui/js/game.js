// The game screen's controller: connects the state, the board and the panels (scoreboard,
// actions, log, dialogs) to the app. The board shows only the options of the pending
// decision; every confirmed move goes to `game_play`, and the app's answer is shown next.
// The commands that may run AI turns are followed one at a time (requests.js); while one
// runs, moves, undo and hint are refused and their buttons disabled. In a game of several
// people at one device with the hand-over screen on, the board and the panel are covered
// between two people's turns until the next one says they are ready.
import { api, onAiProgress } from './api.js';
import { GameState } from './state.js';
import { Board } from './board.js';
import { h, showError, announce } from './dom.js';
import { ActionPanel } from './panel.js';
import { GameLog } from './log.js';
import { showEnd, showRemaining, confirmResign } from './dialogs.js';
import { aiMoveText, turnAnnouncement, turnLabel, whoseTurn, playerName } from './text.js';
import { t, onLanguage, fmtNumber } from './i18n.js';
import { paceMs } from './settings.js';
import { Motion } from './motion.js';
import { playSound } from './sound.js';
import { badgeSvg } from './players.js';
import { OddsPopover } from './odds.js';
import { renderScoreboard, scoreRowOf } from './scoreboard.js';
import { BoardChoices } from './choices.js';
import { Requests } from './requests.js';

/**
 * What a game screen is for (its `mode` option): the game's, below, or a lesson's (lesson.js),
 * which sets what differs. `tools`: the tools it shows (`tiles`, `owners`, `aids`, `undo`,
 * `hint`, `resign`; the others stay in the page, hidden); `leave`: the words of the game bar's
 * way out (catalogue keys of its text and its label); `slots`: elements of the mode's own,
 * shown `above` the board (under the game bar) and `beside` the decision panel; `onEnd(view)`:
 * what the end of the game shows (null: the end-of-game dialog).
 */
export const GAME_MODE = {
  tools: ['tiles', 'owners', 'aids', 'undo', 'hint', 'resign'],
  leave: { text: 'game.ui.menu', label: 'game.ui.menuLabel' },
  slots: {},
  onEnd: null,
};

export class GameScreen {
  /**
   * `settings()`: the app's Settings (src-tauri/API.md); `saveSettings(patch)`: persists a
   * change of them (resolves when saved). `commands`: the game commands the screen calls
   * (gamePlay, gameView, gameUndo, gameHint, gameResign, gameLog), the app's by default; the
   * lessons (lesson.js) hand in theirs, with their `mode` (see GAME_MODE).
   */
  constructor(root, tileset, { onLeave, settings = () => ({ boardAids: true }), saveSettings = async () => {}, commands = api, mode = {} }) {
    this.root = root;
    this.api = commands;
    this.mode = { ...GAME_MODE, ...mode };
    this.settings = settings;
    this.saveSettings = saveSettings;
    this.tileset = tileset;
    this.state = new GameState(tileset);
    this.onLeave = onLeave;
    this.requests = new Requests(() => this.refresh());
    this.overlay = false;
    // The person's seat the hand-over screen last let in (null: nobody yet, e.g. after a resume).
    this.readySeat = null;
    this.covered = null;
    this.build();
    this.state.subscribe(() => this.refresh());
    // The screen lives as long as the window: a change of language redraws its words at once.
    onLanguage(() => this.relabel());
    onAiProgress((p) => this.progress(p));
    document.addEventListener('keydown', (e) => this.key(e));
  }

  build() {
    // The fixed words, each by its catalogue key (`relabel` writes them again in another language).
    this.words = [];
    const say = (el, what) => { this.words.push([el, what]); return el; };
    const btn = (key, onclick, attrs = {}, label = null) => say(h('button', { class: 'btn', type: 'button', onclick, ...attrs }), { text: key, label });
    const round = (icon, label, onclick) => say(h('button', { class: 'btn round', type: 'button', onclick }, icon), { label });
    const log = say(h('ol', { class: 'log' }), { label: 'game.ui.whatHappened' });
    this.boardHost = h('div', { class: 'board-host' });
    const oddsPop = h('div', { class: 'odds-pop', role: 'status', hidden: true });
    const { leave, slots } = this.mode;
    this.root.replaceChildren(
      h('div', { class: 'game-bar' },
        btn(leave.text, () => this.onLeave(), { class: 'btn ghost' }, leave.label),
        this.turnInfo = h('span', { class: 'turn-info', 'aria-live': 'off' }),
        this.turnWhose = h('span', { class: 'turn-whose', 'aria-live': 'off' }),
        this.remainingBtn = btn('game.ui.tiles', () => this.state.view && showRemaining(this.state.view, (id) => this.state.type(id), { chances: this.aidsOn }), { class: 'btn ghost', 'aria-haspopup': 'dialog' }),
        this.overlayBtn = btn('game.ui.owners', () => this.toggleOverlay(), { class: 'btn ghost toggle', 'aria-pressed': 'false' }),
        this.aidsBtn = btn('game.ui.aids', () => this.toggleAids(), { class: 'btn ghost toggle aids-toggle', 'aria-pressed': 'true' }, 'common.aids.label')),
      ...(slots.above ? [slots.above] : []),
      this.main = h('div', { class: 'game-main' },
        this.boardWrap = h('div', { class: 'board-wrap' }, this.boardHost, oddsPop, h('div', { class: 'zoom-ctl' },
          round('+', 'game.ui.zoomIn', () => this.board.zoom(1.3)), round('−', 'game.ui.zoomOut', () => this.board.zoom(1 / 1.3)),
          round('⤢', 'game.ui.fit', () => this.board.fit(true)))),
        // The side column. On a desktop or tablet everything is in one column (styles.css
        // orders it: scoreboard, panel, Undo and Hint, log, resign; the DOM order is the
        // keyboard's). On a phone (portrait or landscape) the compact bar (whose turn, the
        // scores in one line, Undo, Hint) sits on the decision panel, Confirm at the bottom,
        // and its button slides up the sheet: the whole scoreboard, the log, resign.
        this.side = h('aside', { class: 'side' },
          this.panel = say(h('div', { class: 'action-panel' }), { label: 'game.ui.yourMove' }), slots.beside,
          h('div', { class: 'dock-bar' },
            this.sheetBtn = h('button', { class: 'sheet-toggle', type: 'button', 'aria-expanded': 'false', 'aria-controls': 'game-sheet', onclick: () => this.toggleSheet() },
              this.whoseTurn = h('span', { class: 'whose-turn' }), ' ', this.scoreLine = h('span', { class: 'score-line' }), h('span', { class: 'chevron', 'aria-hidden': 'true' })),
            h('div', { class: 'tools' },
              this.undoBtn = btn('game.ui.undo', () => this.undo()), this.hintBtn = btn('game.ui.hint', () => this.hint()))),
          this.sheet = say(h('div', { class: 'sheet', id: 'game-sheet', role: 'region', tabindex: '-1' },
            this.scoreboard = say(h('ol', { class: 'scoreboard' }), { label: 'game.ui.scoreboard' }),
            say(h('p', { class: 'score-legend', 'aria-hidden': 'true' }), { text: 'game.projected.legend' }),
            say(h('section', { class: 'log-box' }, say(h('h2', { class: 'small-title' }), { text: 'game.ui.log' }), log), { label: 'game.ui.gameLog' }),
            // Resigning is far from the everyday tools (and asks first).
            h('div', { class: 'resign-row' }, this.resignBtn = btn('game.ui.resign', () => this.resign(), { class: 'btn danger-ghost' }, 'game.ui.resignLabel'))), { label: 'game.sheet' })),
        // The hand-over screen: over the board and the panel while the device changes hands.
        this.handover = say(h('section', { class: 'handover', hidden: true },
          h('div', { class: 'handover-box' },
            this.handoverBadge = h('span', { class: 'handover-badge' }),
            this.handoverText = h('p', { class: 'handover-text' }),
            this.handoverBtn = h('button', { class: 'btn primary big handover-ready', type: 'button', onclick: () => this.ready() }))), { label: 'game.handover.label' })));
    this.writeWords();
    // The mode's tools only.
    const tools = { tiles: this.remainingBtn, owners: this.overlayBtn, aids: this.aidsBtn, undo: this.undoBtn, hint: this.hintBtn, resign: this.resignBtn.closest('.resign-row') };
    for (const [name, el] of Object.entries(tools)) el.hidden = !this.mode.tools.includes(name);
    this.actions = new ActionPanel(this.panel, this.state, { play: (m) => this.play(m), confirm: () => this.confirm(), finalScores: () => this.showEnd() });
    this.log = new GameLog(log, { players: () => this.state.view?.players, onScored: (ev, sameTurn) => this.floatScore(ev, sameTurn) });
    this.board = new Board(this.boardHost, this.state.types, { onTap: (tap) => this.tap(tap), label: t('game.ui.board') });
    this.odds = new OddsPopover(oddsPop, { host: this.boardHost, board: this.board, state: this.state, aidsOn: () => this.aidsOn });
    this.choices = new BoardChoices(this.board, this.state, this.tileset);
    this.motion = new Motion(this.board, { rowOf: (seat) => scoreRowOf(this, seat), panel: this.panel });
  }

  /** Writes the fixed words (text and aria-label by key) in the language in use. */
  writeWords() {
    for (const [el, { text, label }] of this.words) {
      if (text) el.textContent = t(text);
      if (label) el.setAttribute('aria-label', t(label));
    }
  }

  /** A change of language: every word on the screen again, from the current state. */
  relabel() {
    this.writeWords();
    this.writeHandover();
    this.board.setLabel(t('game.ui.board'));
    this.actions.relabel();
    this.log.relabel();
    this.refresh();
    this.odds.relabel();
  }

  /** Whether the board-reading aids are shown (the settings' `boardAids`). */
  get aidsOn() {
    return this.settings()?.boardAids !== false;
  }

  get busy() {
    return this.requests.busy;
  }

  /** Runs game_new or game_resume, showing the AI turns it may run, then the game; `ready`:
   * the seat of the person known to hold the device (who started the game), else nobody. */
  async gameNewWithProgress(fn, { ready = null } = {}) {
    const view = await this.requests.run(fn, null);
    if (view) await this.start(view, { ready });
    this.refresh();
    return view;
  }

  async start(view, { ready = null } = {}) {
    this.log.clear();
    // Who holds the device is unknown after a resume: the hand-over screen asks again.
    this.readySeat = ready;
    // A new or resumed game: the camera follows its pending decision afresh.
    this.choices.reset();
    this.ended = false;
    this.show(view, { fit: true });
    await this.reloadLog();
  }

  async reloadLog() {
    try {
      this.log.sync(await this.api.gameLog());
    } catch (e) {
      if (e.code !== 'game/none') showError(e, t('game.error.log'));
    }
  }

  /**
   * Shows a view: board, scoreboard, panel. `mover` {seat, at}: the move it shows is
   * animated (the tile placed at `at`, if any, slides in; new figures drop).
   */
  show(view, { fit = false, marks = null, mover = null } = {}) {
    const previous = this.state.view;
    // The camera first (fit a new game, follow others' moves), then the state: its refresh
    // sets the close-up of the human's pending decision (renderBoardChoices), which must win.
    const d = view.decision;
    const mine = d?.human && !view.over && !view.aiThinking && d.player === view.human;
    this.board.setView(view, mover && this.motion.placing(mover.seat, mover.own ?? mover.seat === view.human, mover.at));
    if (mover?.at) playSound('place');
    this.odds.closeOdds();
    // The human's own decisions set the camera in renderBoardChoices; other moves are followed.
    if (fit || !previous || previous.gameId !== view.gameId) this.board.fit(false);
    else if (view.lastPlaced && !mine) this.board.follow(view.lastPlaced.x, view.lastPlaced.y);
    this.state.setView(view);
    this.board.setMarks(marks ?? (view.lastPlaced ? [{ ...view.lastPlaced, kind: 'last' }] : []));
    // A failing autosave is reported once per distinct failure, not on every view.
    const saveKey = view.saveError ? `${view.saveError.code}:${view.saveError.message}` : null;
    if (saveKey && saveKey !== this.saveKey) showError(view.saveError, t('game.error.save'));
    this.saveKey = saveKey;
    if (view.over && !this.ended) { this.ended = true; this.showEnd(); }
  }

  /** The end of the game as the mode shows it: the end-of-game dialog, whose "Look at the
   * board" shows the whole final board, unless the mode has its own `onEnd`. */
  showEnd() {
    if (this.mode.onEnd) this.mode.onEnd(this.state.view);
    else showEnd(this.state.view, { onLook: () => this.board.fit(true) });
  }

  /** Fits the whole board in view (`animate`: gliding there). */
  fit(animate = false) {
    this.board.fit(animate);
  }

  /** Whether the decision panel and Undo give way to the mode's box beside them (a lesson's
   * outcome, with an Undo of its own). */
  yieldPanel(yes) {
    this.panel.hidden = yes;
    this.undoBtn.hidden = yes || !this.mode.tools.includes('undo');
  }

  // --- Rendering the panels from the state.
  refresh() {
    const s = this.state;
    const v = s.view;
    if (!v) return;
    renderScoreboard(this, v, { turn: this.turnView(v), thinking: this.requests.thinking });
    // The turn and whose it is, as the phone's compact bar says it (styles.css shows it in
    // the game bar where there is no compact bar).
    this.turnInfo.textContent = turnLabel(v);
    this.turnWhose.textContent = v.over ? '' : whoseTurn(this.turnView(v));
    this.remainingBtn.textContent = t('game.ui.left', { n: fmtNumber(v.remaining.total) });
    this.remainingBtn.setAttribute('aria-label', t('game.ui.leftLabel', { n: v.remaining.total }));
    this.aidsBtn.setAttribute('aria-pressed', String(this.aidsOn));
    this.board.setAids(this.aidsOn ? v.aids : null);
    this.cover(this.handoverDue(v));
    this.actions.render(this.busy, this.requests.thinking);
    // Covered, the board offers nothing: the next person sees the choices once ready.
    this.choices.render(this.busy || this.covered != null);
    this.undoBtn.disabled = !v.canUndo || this.busy || !s.myTurn;
    this.hintBtn.disabled = this.busy || !s.myTurn;
    this.resignBtn.disabled = this.busy || v.over;
  }

  /**
   * The seat of the person the hand-over screen is due for, or null: in a game of several
   * people with the hand-over screen on (GameView.handover), when the decision waiting is a
   * person's other than the one last let in, and nothing is running.
   */
  handoverDue(v) {
    if (!v?.handover || !(v.humans?.length > 1) || v.over || v.aiThinking || this.busy) return null;
    const seat = v.decision?.player;
    return seat != null && v.humans.includes(seat) && seat !== this.readySeat ? seat : null;
  }

  /** Shows the hand-over screen for `seat` (its focus on the button, the board and the panel
   * out of reach) or, with null, takes it away. */
  cover(seat) {
    if (seat === this.covered) return;
    const was = this.covered;
    this.covered = seat;
    const on = seat != null;
    this.handover.hidden = !on;
    this.boardWrap.inert = on;
    this.side.inert = on;
    this.root.classList.toggle('handing-over', on);
    if (!on) return;
    if (this.sheetOpen) this.toggleSheet(false);
    this.odds.closeOdds();
    this.writeHandover();
    if (was == null) this.handoverBtn.focus({ preventScroll: true });
    announce(this.handoverText.textContent);
  }

  /** The hand-over screen's words for the seat it covers for. */
  writeHandover() {
    const seat = this.covered;
    if (seat == null) return;
    const name = playerName(this.state.view?.players, seat);
    this.handoverBadge.innerHTML = badgeSvg(seat, 56);
    this.handoverText.textContent = t('game.handover.pass', { name });
    this.handoverBtn.textContent = t('game.handover.ready', { name });
  }

  /** The next person is ready: the board and their decision, the focus on the panel. */
  ready() {
    const seat = this.covered;
    if (seat == null) return;
    this.readySeat = seat;
    this.refresh();
    const v = this.state.view;
    queueMicrotask(() => this.panel.querySelector('button:not([disabled])')?.focus({ preventScroll: true }));
    if (v) announce(turnAnnouncement(v, (id) => this.state.type(id)));
  }

  /** The view as far as whose turn it is: while an AI thinks, its turn (the view on screen may
   * still be the position before it, e.g. the human's move just sent). */
  turnView(v) {
    const seat = this.requests.thinking;
    return seat != null && !v.over ? { ...v, current: seat } : v;
  }

  // --- Input.
  tap(hit) {
    const s = this.state;
    const d = s.decision;
    this.odds.closeOdds();
    // A hit on the board while the phone's sheet is open only closes it.
    if (this.sheetOpen && getComputedStyle(this.sheetBtn).display !== 'none') { this.toggleSheet(false); return; }
    if (s.myTurn && !this.busy) {
      if (hit.spot) {
        if (d.kind === 'place_figure') s.selectSpot(hit.spot.on);
        else if (d.kind === 'move_wagon') s.selectWagonTarget(hit.spot.x, hit.spot.y, hit.spot.on);
        return;
      }
      if (d.kind === 'place_tile' && s.selectCell(hit.x, hit.y)) return;
      if ((d.kind === 'draw_or_abbey' || d.kind === 'final_abbey') && s.selectHole(hit.x, hit.y)) return;
      // The tile just placed, while its figure is chosen, belongs to that decision.
      if (d.kind === 'place_figure' && d.x === hit.x && d.y === hit.y) return;
    }
    if (!hit.spot) this.odds.showOdds(hit.x, hit.y, hit.local, hit.screen);
  }

  async toggleAids() {
    const on = !this.aidsOn;
    try { await this.saveSettings({ boardAids: on }); } catch (e) { showError(e, t('game.error.setting')); }
    if (!on) this.odds.closeOdds();
    this.refresh();
  }

  key(e) {
    if (this.root.hidden || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    // Under the hand-over screen only its button answers (Enter and Space press it).
    if (this.covered != null) return;
    if (e.target.closest?.('input, select, textarea, dialog')) return;
    const s = this.state;
    if (!s.view) return;
    const k = e.key;
    if (k === 'r' || k === 'R') s.rotate();
    else if (k === 'Enter' && s.pendingMove() && !e.target.closest?.('button')) this.confirm();
    else if (k === 'Escape') {
      // The open sheet closes first; the selection stays.
      if (this.sheetOpen && getComputedStyle(this.sheetBtn).display !== 'none') this.toggleSheet(false);
      else { this.odds.closeOdds(); s.clearSelection(); }
    }
    else if (k === 'o' || k === 'O') { if (!this.odds.oddsKey()) return; }
    else if (k === 'n' || k === ']') s.cycleCell(1);
    else if (k === 'p' || k === '[') s.cycleCell(-1);
    else return;
    e.preventDefault();
  }

  confirm() {
    const m = this.state.pendingMove();
    if (m) this.play(m);
  }

  /** Sends a move; the view that comes back (after all AI turns) is shown. */
  async play(move) {
    if (this.busy) return;
    const before = this.state.view?.turn ?? 0;
    // Whose move it is: the person at the device now (the next view may be another's).
    const seat = this.state.view?.human;
    let view;
    try {
      view = await this.requests.run(() => this.api.gamePlay(move), this.state.view.gameId);
    } catch (e) {
      showError(e, t('game.error.move'));
      try { this.show(await this.api.gameView()); } catch (e2) { showError(e2); }
    }
    // Null: the player started or resumed another game while the AI played; it owns the screen.
    if (view) {
      this.motion.pace(null);
      this.show(view, { mover: move.type === 'place' || move.type === 'abbey' ? { seat, own: true, at: move } : null });
      await this.reloadLog();
      // Covered for the next person, the hand-over screen has said whose turn it is.
      if (this.covered == null) announce(turnAnnouncement(view, (id) => this.state.type(id)));
      // The player's turn again after the AI's moves.
      if (!view.over && view.decision?.player === view.human && view.turn - before > 1) playSound('turn');
    }
    this.refresh();
  }

  /** One `ai-progress` event: shown in order, one move at a time, with a pause between. */
  progress(p) {
    this.requests.follow(p, async () => {
      if (p.stage === 'thinking') { this.refresh(); return; }
      const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
      const pause = paceMs(this.settings()?.aiPace, reduce);
      if (p.view && p.view.turn >= (this.state.view?.turn ?? 0)) {
        const marks = p.view.lastPlaced ? [{ ...p.view.lastPlaced, kind: 'ai' }] : [];
        if (p.move?.type === 'figure' && p.view.lastPlaced) marks.push({ ...p.view.lastPlaced, on: p.move.on });
        if (p.move?.type === 'wagon' && p.move.to) marks.push({ ...p.move.to });
        // The move's animations fit inside the pause that follows it.
        this.motion.pace(pause);
        const placed = p.move?.type === 'place' || p.move?.type === 'abbey';
        this.show(p.view, { marks, mover: { seat: p.player, at: placed ? p.move : null } });
        this.log.add(p.view.recent, { float: true });
      }
      const text = aiMoveText(p);
      if (text) announce(text);
      if (pause > 0) await new Promise((res) => setTimeout(res, pause));
    });
  }

  /** A new scoring: its feature glows, its points fly to the scoreboard, its figures fly home. */
  floatScore(ev, sameTurn) {
    this.motion.scored(ev, sameTurn);
    playSound('score');
  }

  // --- Tools.
  async undo() {
    if (this.busy) return;
    try {
      this.show(await this.api.gameUndo());
      await this.reloadLog();
      announce(t('game.announce.undone'));
    } catch (e) { showError(e, t('game.error.undo')); }
  }

  async hint() {
    if (this.busy) return;
    try {
      const { move } = await this.api.gameHint();
      this.select(move);
      this.actions.hint(move);
    } catch (e) { showError(e, t('game.error.hint')); }
  }

  /** Selects `move` on the board as a hint shows it (the tile's ghost on its square, the spot
   * or target chosen), without playing it. */
  select(move) {
    this.state.applyHint(move);
    if (move.type === 'place' || move.type === 'abbey') this.board.follow(move.x, move.y);
  }

  async resign() {
    if (!(await confirmResign())) return;
    try {
      this.show(await this.api.gameResign());
    } catch (e) { showError(e, t('game.error.resign')); }
  }

  toggleOverlay() {
    this.overlay = !this.overlay;
    this.overlayBtn.setAttribute('aria-pressed', String(this.overlay));
    this.board.setOverlay(this.overlay);
  }

  get sheetOpen() {
    return this.root.classList.contains('sheet-open');
  }

  /** Opens or closes the phone's sheet (scoreboard, log): opening moves the focus into it
   * (Tab goes on to its log), closing gives the focus back to its button. */
  toggleSheet(open = !this.sheetOpen) {
    const focusInside = this.sheet.contains(document.activeElement);
    this.root.classList.toggle('sheet-open', open);
    this.sheetBtn.setAttribute('aria-expanded', String(open));
    if (open) this.sheet.focus({ preventScroll: true });
    else if (focusInside) this.sheetBtn.focus();
  }
}
