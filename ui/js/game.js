// The game screen's controller: connects the state, the board and the panels (scoreboard,
// actions, log, dialogs) to the app. The board shows only the options of the pending
// decision; every confirmed move goes to `game_play`, and the app's answer is shown next.
//
// Requests: the commands that may run AI turns (game_new, game_resume, game_play) are
// followed one at a time in `this.request`, which `run` moves through these states:
//   idle;
//   pending {id, gameId, thinking}: the command runs; its `ai-progress` events for `gameId`
//     (null for a new or resumed game: any game) are queued and shown one move at a time;
//   settling {id, thinking}: it answered (or failed); the queued events are still shown, new
//     ones are dropped (the answer is newer); then idle, and its answer is shown.
// A new request replaces any other (a new game takes over from a game_play whose AI still
// plays): the old one's answer and queued events, known by their id, are then ignored.
// While a request is not idle, moves, undo and hint are refused and their buttons disabled.
import { api, onAiProgress } from './api.js';
import { GameState } from './state.js';
import { Board } from './board.js';
import { h, showError, announce } from './dom.js';
import { badgeSvg, miniFigure } from './players.js';
import { ActionPanel } from './panel.js';
import { GameLog } from './log.js';
import { showEnd, showRemaining, confirmResign } from './dialogs.js';
import { aiMoveText, playerSummary, turnAnnouncement, oddsTitle, oddsText, turnLabel, projectedLabel, whoseTurn, sheetToggleLabel } from './text.js';
import { t, onLanguage, fmtNumber } from './i18n.js';
import { rotateName, SIDES, HALVES } from './geometry.js';
import { anchorFor } from './tiledraw.js';
import { paceMs } from './settings.js';
import { Motion } from './motion.js';
import { playSound } from './sound.js';
import { opponentLabel } from './strength.js';

const IDLE = { kind: 'idle' };

export class GameScreen {
  /**
   * `settings()`: the app's Settings (src-tauri/API.md); `saveSettings(patch)`: persists a
   * change of them (resolves when saved). `commands`: the game commands the screen calls
   * (gamePlay, gameView, gameUndo, gameHint, gameResign, gameLog), the app's by default; the
   * lessons (learn.js) hand in theirs.
   */
  constructor(root, tileset, { onLeave, settings = () => ({ boardAids: true }), saveSettings = async () => {}, commands = api }) {
    this.root = root;
    this.api = commands;
    this.settings = settings;
    this.saveSettings = saveSettings;
    this.tileset = tileset;
    this.state = new GameState(tileset);
    this.onLeave = onLeave;
    this.request = IDLE;
    this.requests = 0;
    this.overlay = false;
    this.queue = Promise.resolve();
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
    this.oddsPop = h('div', { class: 'odds-pop', role: 'status', hidden: true });
    this.root.replaceChildren(
      h('div', { class: 'game-bar' },
        btn('game.ui.menu', () => this.onLeave(), { class: 'btn ghost' }, 'game.ui.menuLabel'),
        this.turnInfo = h('span', { class: 'turn-info', 'aria-live': 'off' }),
        this.turnWhose = h('span', { class: 'turn-whose', 'aria-live': 'off' }),
        this.remainingBtn = btn('game.ui.tiles', () => this.state.view && showRemaining(this.state.view, (id) => this.state.type(id), { chances: this.aidsOn }), { class: 'btn ghost', 'aria-haspopup': 'dialog' }),
        this.overlayBtn = btn('game.ui.owners', () => this.toggleOverlay(), { class: 'btn ghost toggle', 'aria-pressed': 'false' }),
        this.aidsBtn = btn('game.ui.aids', () => this.toggleAids(), { class: 'btn ghost toggle aids-toggle', 'aria-pressed': 'true' }, 'common.aids.label')),
      h('div', { class: 'game-main' },
        h('div', { class: 'board-wrap' }, this.boardHost, this.oddsPop, h('div', { class: 'zoom-ctl' },
          round('+', 'game.ui.zoomIn', () => this.board.zoom(1.3)), round('−', 'game.ui.zoomOut', () => this.board.zoom(1 / 1.3)),
          round('⤢', 'game.ui.fit', () => this.board.fit(true)))),
        // The side column. On a desktop or tablet everything is in one column (styles.css
        // orders it: scoreboard, panel, Undo and Hint, log, resign; the DOM order is the
        // keyboard's). On a phone (portrait or landscape) the compact bar (whose turn, the
        // scores in one line, Undo, Hint) sits on the decision panel, Confirm at the bottom,
        // and its button slides up the sheet: the whole scoreboard, the log, resign.
        h('aside', { class: 'side' },
          this.panel = say(h('div', { class: 'action-panel' }), { label: 'game.ui.yourMove' }),
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
            h('div', { class: 'resign-row' }, this.resignBtn = btn('game.ui.resign', () => this.resign(), { class: 'btn danger-ghost' }, 'game.ui.resignLabel'))), { label: 'game.sheet' }))));
    this.writeWords();
    this.actions = new ActionPanel(this.panel, this.state, { play: (m) => this.play(m), confirm: () => this.confirm(), finalScores: () => this.showEnd() });
    this.log = new GameLog(log, { players: () => this.state.view?.players, onScored: (ev, sameTurn) => this.floatScore(ev, sameTurn) });
    this.board = new Board(this.boardHost, this.state.types, { onTap: (tap) => this.tap(tap), label: t('game.ui.board') });
    // Points and figures fly to the player's scoreboard row, or on a phone with the sheet
    // closed, to the player's score in the compact bar.
    const rowOf = (seat) => {
      const row = this.scoreboard.querySelector(`.player[data-seat="${seat}"]`);
      if (row?.getClientRects().length) return row;
      return this.scoreLine.querySelector(`.mini-score[data-seat="${seat}"]`) ?? row;
    };
    this.motion = new Motion(this.board, { rowOf, panel: this.panel });
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
    this.board.setLabel(t('game.ui.board'));
    this.actions.relabel();
    this.log.relabel();
    this.refresh();
    // An open odds popover is asked again in the new words.
    const at = !this.oddsPop.hidden && this.oddsPop.dataset.at?.split(',');
    if (at) this.oddsFor(Number(at[0]), Number(at[1]), at[2], [parseFloat(this.oddsPop.style.left) - 12, parseFloat(this.oddsPop.style.top) - 12]);
  }

  /** Whether the board-reading aids are shown (the settings' `boardAids`). */
  get aidsOn() {
    return this.settings()?.boardAids !== false;
  }

  get busy() {
    return this.request.kind !== 'idle';
  }

  /**
   * Runs a command that may play AI turns as the request (see above), for the game `gameId`
   * (null: a new or resumed one). Resolves to its answer, or null if a newer request took
   * over; rejects with its error.
   */
  async run(command, gameId) {
    const id = ++this.requests;
    this.request = { kind: 'pending', id, gameId, thinking: null };
    this.refresh();
    let answer = null;
    let error = null;
    try { answer = await command(); } catch (e) { error = e; }
    if (this.request.id !== id) return null;
    this.request = { ...this.request, kind: 'settling' };
    await this.queue;
    if (this.request.id !== id) return null;
    this.request = IDLE;
    if (error) { this.refresh(); throw error; }
    return answer;
  }

  /** Runs game_new or game_resume, showing the AI turns it may run, then the game. */
  async gameNewWithProgress(fn) {
    const view = await this.run(fn, null);
    if (view) await this.start(view);
    this.refresh();
    return view;
  }

  async start(view) {
    this.log.clear();
    // A new or resumed game: the camera follows its pending decision afresh.
    this.cameraKey = null;
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
    this.board.setView(view, mover && this.motion.placing(mover.seat, mover.seat === view.human, mover.at));
    if (mover?.at) playSound('place');
    this.closeOdds();
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

  /** The end-of-game dialog; "Look at the board" shows the whole final board. */
  showEnd() {
    showEnd(this.state.view, { onLook: () => this.board.fit(true) });
  }

  // --- Rendering the panels from the state.
  refresh() {
    const s = this.state;
    const v = s.view;
    if (!v) return;
    this.renderScoreboard(v);
    // The turn and whose it is, as the phone's compact bar says it (styles.css shows it in
    // the game bar where there is no compact bar).
    this.turnInfo.textContent = turnLabel(v);
    this.turnWhose.textContent = v.over ? '' : whoseTurn(this.turnView(v));
    this.remainingBtn.textContent = t('game.ui.left', { n: fmtNumber(v.remaining.total) });
    this.remainingBtn.setAttribute('aria-label', t('game.ui.leftLabel', { n: v.remaining.total }));
    this.aidsBtn.setAttribute('aria-pressed', String(this.aidsOn));
    this.board.setAids(this.aidsOn ? v.aids : null);
    this.actions.render(this.busy, this.request.thinking);
    this.renderBoardChoices();
    this.undoBtn.disabled = !v.canUndo || this.busy || !s.myTurn;
    this.hintBtn.disabled = this.busy || !s.myTurn;
    this.resignBtn.disabled = this.busy || v.over;
  }

  /** The view as far as whose turn it is: while an AI thinks, its turn (the view on screen may
   * still be the position before it, e.g. the human's move just sent). */
  turnView(v) {
    const seat = this.request.thinking;
    return seat != null && !v.over ? { ...v, current: seat } : v;
  }

  renderScoreboard(v) {
    // The compact bar: whose turn, then each player's badge and score (the current one named).
    this.whoseTurn.textContent = whoseTurn(this.turnView(v));
    this.sheetBtn.setAttribute('aria-label', sheetToggleLabel(this.turnView(v)));
    // (Spaces between the words, as the flex gaps show them, for the button's text: "Your turn 12 8".)
    this.scoreLine.replaceChildren(...v.players.flatMap((p, i) => [...(i ? [' '] : []), h('span', { class: `mini-score${v.current === p.seat ? ' current' : ''}${this.request.thinking === p.seat ? ' thinking' : ''}`, 'data-seat': p.seat },
      h('span', { class: 'who', html: badgeSvg(p.seat, 16) }), h('b', {}, fmtNumber(p.score)))]));
    this.scoreboard.replaceChildren(...v.players.map((p) => {
      const thinking = this.request.thinking === p.seat;
      const current = v.current === p.seat;
      const sup = p.supply;
      const used = (k) => `sup${sup[k] ? '' : ' used'}`;
      return h('li', { class: `player${current ? ' current' : ''}${thinking ? ' thinking' : ''}`, 'data-seat': p.seat, 'aria-label': playerSummary(p, v.abbeyMayor, { current, thinking }) },
        h('span', { class: 'who', html: badgeSvg(p.seat, 22) }),
        h('span', { class: 'name' }, p.name, p.level ? h('small', { class: 'level' }, ` ${opponentLabel(p.level, p.rating, { lower: true })}`) : null, thinking ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null),
        h('span', { class: 'score' }, fmtNumber(p.score), h('small', { class: 'projected', title: projectedLabel(p.projected) }, `→${fmtNumber(p.projected)}`)),
        h('span', { class: 'supply', 'aria-hidden': 'true' },
          h('span', { class: 'sup', html: `${miniFigure(p.seat, 'follower')}<b>${sup.followers}</b>` }),
          v.abbeyMayor ? [...['mayor', 'wagon', 'barn'].map((k) => h('span', { class: used(k), html: miniFigure(p.seat, k) })),
            h('span', { class: `${used('abbey')} abbey`, html: MINI_ABBEY })] : null));
    }));
  }

  renderBoardChoices() {
    const s = this.state;
    const v = s.view;
    const d = v.decision;
    const b = this.board;
    const sel = s.selection;
    const mine = s.myTurn && !this.busy;
    let cells = [];
    let kind = 'legal';
    let preview = null;
    let spots = [];
    let selected = null;
    if (mine && d.kind === 'place_tile') {
      cells = d.cells;
      if (sel?.kind === 'place') preview = { id: d.tile, x: sel.x, y: sel.y, rotation: sel.rotation };
    } else if (mine && (d.kind === 'draw_or_abbey' || d.kind === 'final_abbey')) {
      cells = d.holes; kind = 'hole';
      if (sel?.kind === 'abbey') preview = { id: this.tileset.abbey, x: sel.x, y: sel.y, rotation: 0 };
    } else if (mine && d.kind === 'place_figure') {
      const farmerOk = s.figureKind === 'follower';
      spots = s.spots().map((sp) => ({ ...sp, seat: v.human, kind: s.figureKind, farmer: farmerOk && d.spots.find((x) => x.on === sp.on)?.feature === 'field' }));
      if (sel?.kind === 'figure') selected = { x: d.x, y: d.y, on: sel.on };
    } else if (mine && d.kind === 'move_wagon') {
      spots = d.targets.map((tg) => ({ x: tg.x, y: tg.y, on: tg.on, seat: v.human, kind: 'wagon' }));
      if (sel?.kind === 'wagon') selected = sel;
    }
    b.setCells(cells, kind);
    b.setPreview(preview);
    b.setSpots(spots, selected);
    // The camera follows each new decision of the human: close up on the new tile for a
    // figure, around the wagon for its targets, and the whole board when squares or holes
    // are offered (unless the player has moved the view and they are all in sight).
    const key = mine ? `${v.turn}:${d.kind}:${d.player}:${d.x ?? ''},${d.y ?? ''}` : null;
    if (key && key !== this.cameraKey) {
      this.cameraKey = key;
      if (d.kind === 'place_figure') b.focusCell(d.x, d.y, null, true, true, d.spots.map((sp) => sp.on));
      else if (d.kind === 'move_wagon') b.focusCell(d.from.x, d.from.y, Math.min(b.size.width, b.size.height) / 3.4, true, false);
      else if (cells.length && (!b.userMoved || b.focusTarget || !cells.every((c) => b.isVisible(c.x, c.y)))) b.fit(true);
    }
    if (!key) { this.cameraKey = null; b.focusTarget = null; }
  }

  // --- Input.
  tap(hit) {
    const s = this.state;
    const d = s.decision;
    this.closeOdds();
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
    if (!hit.spot) this.showOdds(hit.x, hit.y, hit.local, hit.screen);
  }

  // --- Board-reading aids: the odds of the feature under a tap on a placed tile.
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

  async toggleAids() {
    const on = !this.aidsOn;
    try { await this.saveSettings({ boardAids: on }); } catch (e) { showError(e, t('game.error.setting')); }
    if (!on) this.closeOdds();
    this.refresh();
  }

  key(e) {
    if (this.root.hidden || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.('input, select, textarea, dialog')) return;
    const s = this.state;
    if (!s.view) return;
    const k = e.key;
    if (k === 'r' || k === 'R') s.rotate();
    else if (k === 'Enter' && s.pendingMove() && !e.target.closest?.('button')) this.confirm();
    else if (k === 'Escape') {
      // The open sheet closes first; the selection stays.
      if (this.sheetOpen && getComputedStyle(this.sheetBtn).display !== 'none') this.toggleSheet(false);
      else { this.closeOdds(); s.clearSelection(); }
    }
    else if (k === 'o' || k === 'O') { if (!this.oddsKey()) return; }
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
    let view;
    try {
      view = await this.run(() => this.api.gamePlay(move), this.state.view.gameId);
    } catch (e) {
      showError(e, t('game.error.move'));
      try { this.show(await this.api.gameView()); } catch (e2) { showError(e2); }
    }
    // Null: the player started or resumed another game while the AI played; it owns the screen.
    if (view) {
      this.motion.pace(null);
      this.show(view, { mover: move.type === 'place' || move.type === 'abbey' ? { seat: view.human, at: move } : null });
      await this.reloadLog();
      announce(turnAnnouncement(view, (id) => this.state.type(id)));
      // The player's turn again after the AI's moves.
      if (!view.over && view.decision?.player === view.human && view.turn - before > 1) playSound('turn');
    }
    this.refresh();
  }

  /** One `ai-progress` event: shown in order, one move at a time, with a pause between. */
  progress(p) {
    const r = this.request;
    if (r.kind !== 'pending' || (r.gameId != null && p.gameId !== r.gameId)) return;
    this.queue = this.queue.then(async () => {
      if (this.request.id !== r.id) return;
      this.request.thinking = p.stage === 'thinking' ? p.player : null;
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
    }).catch((e) => showError(e));
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
      this.state.applyHint(move);
      if (move.type === 'place' || move.type === 'abbey') this.board.follow(move.x, move.y);
      this.actions.hint(move);
    } catch (e) { showError(e, t('game.error.hint')); }
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

const MINI_ABBEY = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><rect x="4" y="10" width="16" height="11" fill="#efe6d2" stroke="#5b4a3a" stroke-width="1.5"/><path d="M2,11L12,3L22,11Z" fill="#c23b22" stroke="#5b2416" stroke-width="1.5"/></svg>';
