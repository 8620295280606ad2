// The game screen: connects the state, the board and the panels (scoreboard, actions, log,
// remaining tiles) to the app. The board shows only the options of the pending decision;
// every confirmed move goes to `game_play`, and the app's answer is what is shown next.
import { api, onAiProgress } from './api.js';
import { GameState, KIND_LABEL, placeWords } from './state.js';
import { Board } from './board.js';
import { h, showError, announce, confirmDialog, catHead } from './dom.js';
import { badgeSvg, markName, figureSvg } from './players.js';
import { tileSvg } from './tiledraw.js';
import { chartSvg } from './chart.js';

const STEP_MS = 650;

export class GameScreen {
  constructor(root, tileset, { onLeave }) {
    this.root = root;
    this.tileset = tileset;
    this.state = new GameState(tileset);
    this.onLeave = onLeave;
    this.busy = false;
    this.generation = 0;
    this.overlay = false;
    this.logKeys = new Set();
    this.queue = Promise.resolve();
    this.build();
    this.state.subscribe(() => this.refresh());
    onAiProgress((p) => this.progress(p));
    document.addEventListener('keydown', (e) => this.key(e));
  }

  build() {
    const r = this.root;
    r.replaceChildren();
    this.bar = h('div', { class: 'game-bar' },
      h('button', { class: 'btn ghost', type: 'button', onclick: () => this.onLeave(), 'aria-label': 'Back to the menu (the game is kept)' }, '‹ Menu'),
      this.turnInfo = h('span', { class: 'turn-info', 'aria-live': 'off' }),
      this.remainingBtn = h('button', { class: 'btn ghost', type: 'button', onclick: () => this.openRemaining(), 'aria-haspopup': 'dialog' }, 'Tiles'),
      this.overlayBtn = h('button', { class: 'btn ghost toggle', type: 'button', 'aria-pressed': 'false', onclick: () => this.toggleOverlay() }, 'Owners'),
      this.logBtn = h('button', { class: 'btn ghost log-toggle', type: 'button', 'aria-expanded': 'false', onclick: () => this.toggleLog() }, 'Log'));
    this.boardHost = h('div', { class: 'board-host' });
    this.zoomCtl = h('div', { class: 'zoom-ctl' },
      h('button', { class: 'btn round', type: 'button', 'aria-label': 'Zoom in', onclick: () => this.board.zoom(1.3) }, '+'),
      h('button', { class: 'btn round', type: 'button', 'aria-label': 'Zoom out', onclick: () => this.board.zoom(1 / 1.3) }, '−'),
      h('button', { class: 'btn round', type: 'button', 'aria-label': 'Fit the board to the screen', onclick: () => this.board.fit(true) }, '⤢'));
    this.boardWrap = h('div', { class: 'board-wrap' }, this.boardHost, this.zoomCtl);
    this.scoreboard = h('ol', { class: 'scoreboard', 'aria-label': 'Scoreboard' });
    this.panel = h('div', { class: 'action-panel', 'aria-label': 'Your move' });
    this.tools = h('div', { class: 'tools' },
      this.undoBtn = h('button', { class: 'btn', type: 'button', onclick: () => this.undo() }, 'Undo'),
      this.hintBtn = h('button', { class: 'btn', type: 'button', onclick: () => this.hint() }, 'Hint'),
      this.resignBtn = h('button', { class: 'btn danger-ghost', type: 'button', onclick: () => this.resign() }, 'Resign'));
    this.log = h('ol', { class: 'log', 'aria-label': 'What happened' });
    this.logBox = h('section', { class: 'log-box', 'aria-label': 'Game log' }, h('h2', { class: 'small-title' }, 'Log'), this.log);
    this.side = h('aside', { class: 'side' }, this.scoreboard, this.panel, this.tools, this.logBox);
    r.append(this.bar, h('div', { class: 'game-main' }, this.boardWrap, this.side));
    this.board = new Board(this.boardHost, this.state.types, { onTap: (t) => this.tap(t), label: 'Game board. Arrow keys pan, plus and minus zoom, 0 fits.' });
  }

  // --- Entering a game.
  /** Runs game_new or game_resume, showing the AI turns it may run, then the game. */
  async gameNewWithProgress(fn) {
    this.generation = (this.generation ?? 0) + 1;
    this.accepting = true;
    this.busy = true;
    this.inFlight = true;
    this.settled = false;
    try {
      const view = await fn();
      this.inFlight = false;
      await this.queue;
      this.settled = true;
      this.busy = false;
      await this.start(view);
      return view;
    } finally {
      this.inFlight = false;
      this.settled = true;
      this.accepting = false;
      this.busy = false;
      this.refresh();
    }
  }

  async start(view) {
    this.logKeys.clear();
    this.log.replaceChildren();
    this.ended = null;
    this.show(view, { fit: true });
    await this.reloadLog();
  }

  async reloadLog() {
    try {
      const events = await api.gameLog();
      // Usually the log only grows; after an undo it shrinks and is rebuilt without animation.
      const keys = new Set(eventKeys(events));
      if (![...this.logKeys].every((k) => keys.has(k))) {
        this.logKeys.clear();
        this.log.replaceChildren();
        this.log.classList.add('no-anim');
        requestAnimationFrame(() => requestAnimationFrame(() => this.log.classList.remove('no-anim')));
      }
      this.addEvents(events, { float: false });
    } catch (e) {
      if (e.code !== 'game/none') showError(e, 'Could not read the game log');
    }
  }

  /** Shows a view: board, scoreboard, panel. */
  show(view, { fit = false, marks = null } = {}) {
    const previous = this.state.view;
    this.state.setView(view);
    this.board.setView(view);
    // The human's own decisions set the camera in renderBoardChoices; other moves are followed.
    if (fit || !previous || previous.gameId !== view.gameId) this.board.fit(false);
    else if (view.lastPlaced && !this.state.myTurn) this.board.follow(view.lastPlaced.x, view.lastPlaced.y);
    this.board.setMarks(marks ?? (view.lastPlaced ? [{ ...view.lastPlaced, kind: 'last' }] : []));
    // A failing autosave is reported once per distinct failure, not on every view.
    const saveKey = view.saveError ? `${view.saveError.code}:${view.saveError.message}` : null;
    if (saveKey && saveKey !== this.saveKey) showError(view.saveError, 'The game could not be saved');
    this.saveKey = saveKey;
    if (view.over && !this.ended) this.finish(view);
  }

  // --- Rendering the panels from the state.
  refresh() {
    const s = this.state;
    const v = s.view;
    if (!v) return;
    this.renderScoreboard(v);
    this.turnInfo.textContent = v.over ? `${v.turn} turns` : `Turn ${v.turn + 1}`;
    this.remainingBtn.textContent = `${v.remaining.total} left`;
    this.remainingBtn.setAttribute('aria-label', `${v.remaining.total} tiles left: show them by type`);
    this.renderPanel();
    this.renderBoardChoices();
    this.undoBtn.disabled = !v.canUndo || this.busy || !s.myTurn;
    this.hintBtn.disabled = this.busy || !s.myTurn;
    this.resignBtn.disabled = this.busy || v.over;
  }

  renderScoreboard(v) {
    const rows = v.players.map((p) => {
      const thinking = this.thinking === p.seat;
      const current = v.current === p.seat;
      const sup = p.supply;
      const supplyText = `${sup.followers} followers${v.abbeyMayor ? `, mayor ${sup.mayor ? 'in hand' : 'used'}, wagon ${sup.wagon ? 'in hand' : 'used'}, barn ${sup.barn ? 'in hand' : 'used'}, abbey ${sup.abbey ? 'in hand' : 'used'}` : ''}`;
      const li = h('li', { class: `player${current ? ' current' : ''}${thinking ? ' thinking' : ''}`, 'data-seat': p.seat,
        'aria-label': `${p.name}${p.level ? ` (${p.level})` : ''}, ${markName(p.seat)}: ${p.score} points, ${p.projected} if the game ended now; ${supplyText}${current ? '; to move' : ''}${thinking ? '; thinking' : ''}` },
      h('span', { class: 'who', html: badgeSvg(p.seat, 22) }),
      h('span', { class: 'name' }, p.name, p.level ? h('small', {}, ` ${p.level}`) : null, thinking ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null),
      h('span', { class: 'score' }, String(p.score), h('small', { title: 'if the game ended now' }, `→${p.projected}`)),
      h('span', { class: 'supply', 'aria-hidden': 'true' },
        h('span', { class: 'sup', html: `${miniFigure(p.seat, 'follower')}<b>${sup.followers}</b>` }),
        v.abbeyMayor ? [
          h('span', { class: `sup${sup.mayor ? '' : ' used'}`, html: miniFigure(p.seat, 'mayor') }),
          h('span', { class: `sup${sup.wagon ? '' : ' used'}`, html: miniFigure(p.seat, 'wagon') }),
          h('span', { class: `sup${sup.barn ? '' : ' used'}`, html: miniFigure(p.seat, 'barn') }),
          h('span', { class: `sup abbey${sup.abbey ? '' : ' used'}`, html: miniAbbey() }),
        ] : null));
      return li;
    });
    this.scoreboard.replaceChildren(...rows);
  }

  renderPanel() {
    const s = this.state;
    const v = s.view;
    const d = v.decision;
    const p = this.panel;
    // Rebuild only when something shown changes, and give the focus back to the same
    // control, so that keyboard users keep their place.
    const sig = JSON.stringify([v.gameId, v.turn, d, s.selection, s.figureKind, this.busy, s.myTurn, v.over, v.players.map((x) => x.name)]);
    if (sig === this.panelSig) return;
    this.panelSig = sig;
    const active = p.contains(document.activeElement) ? controlKey(document.activeElement) : null;
    p.replaceChildren();
    queueMicrotask(() => {
      if (!active) return;
      const again = [...p.querySelectorAll('button')].find((b) => controlKey(b) === active);
      if (again && !again.disabled) again.focus();
    });
    const title = (t) => h('p', { class: 'prompt' }, t);
    if (v.over) {
      p.append(title('The game is over.'), h('div', { class: 'row' },
        h('button', { class: 'btn primary', type: 'button', onclick: () => this.finish(v, true) }, 'Final scores'),
        h('button', { class: 'btn', type: 'button', onclick: () => { location.hash = '#/start'; } }, 'New game')));
      return;
    }
    if (!s.myTurn || this.busy) {
      const who = v.players[d.player ?? v.current ?? 0];
      p.append(h('p', { class: 'prompt waiting' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        who && who.kind === 'ai' ? `${who.name} is thinking…` : 'Waiting…'));
      return;
    }
    const confirm = h('button', { class: 'btn primary confirm', type: 'button', disabled: !s.pendingMove(), onclick: () => this.confirm(), 'aria-keyshortcuts': 'Enter' }, 'Confirm');
    switch (d.kind) {
      case 'draw_or_abbey':
        p.append(title('Draw a tile, or place your abbey in a highlighted hole instead.'),
          h('div', { class: 'row' },
            h('button', { class: 'btn primary', type: 'button', onclick: () => this.play({ type: 'draw' }) }, 'Draw a tile'),
            h('span', { class: 'or' }, 'or'), confirm));
        confirm.textContent = s.selection ? 'Place abbey here' : 'Tap a hole for the abbey';
        break;
      case 'final_abbey':
        p.append(h('p', { class: 'warning', role: 'note' }, h('strong', {}, 'Last chance! '), 'The pile is empty: place your abbey in a highlighted hole now, or keep it for good.'),
          h('div', { class: 'row' },
            h('button', { class: 'btn', type: 'button', onclick: () => this.play({ type: 'pass' }) }, 'Keep the abbey'), confirm));
        confirm.textContent = s.selection ? 'Place abbey here' : 'Tap a hole';
        break;
      case 'place_tile': {
        const type = s.type(d.tile);
        const rot = s.selection?.kind === 'place' ? s.selection.rotation : (d.cells[0]?.rotations[0] ?? 0);
        const pic = h('button', { class: 'drawn-tile', type: 'button', 'aria-label': `Drawn tile ${d.tile}; rotate it (R)`, onclick: () => this.state.rotate(), html: tileSvg(type, rot, 76) });
        const rotations = s.selection?.kind === 'place' ? d.cells.find((c) => c.x === s.selection.x && c.y === s.selection.y)?.rotations.length ?? 1 : 0;
        p.append(h('div', { class: 'drawn' }, pic,
          title(s.selection ? (rotations > 1 ? `Tap the tile again or press R to turn it (${rotations} ways fit), then confirm.` : 'This is the only way it fits here. Confirm, or tap another square.') : `Place tile ${d.tile}: tap a highlighted square (${d.cells.length} fit).`),
          h('div', { class: 'row' },
            h('button', { class: 'btn', type: 'button', onclick: () => this.state.rotate(), disabled: rotations === 1, 'aria-keyshortcuts': 'R' }, '⟳ Rotate'),
            confirm)));
        break;
      }
      case 'place_figure': {
        const kinds = s.figureKinds();
        const seg = h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': 'Figure' },
          kinds.map((k) => h('button', { class: `seg${s.figureKind === k ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(s.figureKind === k), onclick: () => this.state.setFigureKind(k), html: `${miniFigure(v.human, k)}<span>${KIND_LABEL[k]}</span>` })));
        const spots = h('div', { class: 'spot-list', role: 'group', 'aria-label': 'Where' },
          s.spots().map((sp) => {
            const info = d.spots.find((x) => x.on === sp.on);
            const on = s.selection?.kind === 'figure' && s.selection.on === sp.on;
            return h('button', { class: `chip${on ? ' on' : ''}`, type: 'button', 'aria-pressed': String(on), onclick: () => this.state.selectSpot(sp.on) },
              capital(s.figureKind === 'barn' ? `${placeWords(sp.on)}` : `${info?.feature ?? ''}, ${placeWords(sp.on)}`));
          }));
        p.append(title(kinds.length ? 'Place a figure on the new tile (tap a circle), or none.' : 'No figure can go on this tile.'),
          kinds.length ? seg : null, kinds.length ? spots : null,
          h('div', { class: 'row' }, h('button', { class: 'btn', type: 'button', onclick: () => this.play({ type: 'no_figure' }) }, 'No figure'), kinds.length ? confirm : null));
        break;
      }
      case 'move_wagon': {
        p.append(title('Your wagon comes back: move it to a highlighted feature nearby, or take it home.'),
          h('div', { class: 'spot-list' }, d.targets.map((t) => {
            const on = s.selection?.kind === 'wagon' && s.selection.x === t.x && s.selection.y === t.y && s.selection.on === t.on;
            return h('button', { class: `chip${on ? ' on' : ''}`, type: 'button', 'aria-pressed': String(on), onclick: () => this.state.selectWagonTarget(t.x, t.y, t.on) }, capital(`${t.feature} on (${t.x}, ${t.y}), ${placeWords(t.on)}`));
          })),
          h('div', { class: 'row' }, h('button', { class: 'btn', type: 'button', onclick: () => this.play({ type: 'wagon', to: null }) }, 'Take it home'), confirm));
        break;
      }
      default:
        p.append(title('Waiting…'));
    }
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
      spots = d.targets.map((t) => ({ x: t.x, y: t.y, on: t.on, seat: v.human, kind: 'wagon' }));
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
      if (d.kind === 'place_figure') b.focusCell(d.x, d.y);
      else if (d.kind === 'move_wagon') b.focusCell(d.from.x, d.from.y, Math.min(b.size.width, b.size.height) / 3.4, true, false);
      else if (cells.length && (!b.userMoved || b.focusTarget || !cells.every((c) => b.isVisible(c.x, c.y)))) b.fit(true);
    }
    if (!key) { this.cameraKey = null; b.focusTarget = null; }
  }

  // --- Input.
  tap(t) {
    const s = this.state;
    if (!s.myTurn || this.busy) return;
    const d = s.decision;
    if (t.spot) {
      if (d.kind === 'place_figure') s.selectSpot(t.spot.on);
      else if (d.kind === 'move_wagon') s.selectWagonTarget(t.spot.x, t.spot.y, t.spot.on);
      return;
    }
    if (d.kind === 'place_tile') s.selectCell(t.x, t.y);
    else if (d.kind === 'draw_or_abbey' || d.kind === 'final_abbey') s.selectHole(t.x, t.y);
  }

  key(e) {
    if (this.root.hidden || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.('input, select, textarea, dialog')) return;
    const s = this.state;
    if (!s.view) return;
    const k = e.key;
    if (k === 'r' || k === 'R') s.rotate();
    else if (k === 'Enter' && s.pendingMove() && !e.target.closest?.('button')) this.confirm();
    else if (k === 'Escape') s.clearSelection();
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
    const generation = this.generation;
    this.busy = true;
    this.refresh();
    this.inFlight = true;
    this.settled = false;
    let view = null;
    let error = null;
    try {
      view = await api.gamePlay(move);
    } catch (e) {
      error = e;
    }
    // The player may have started or resumed another game while the AI played: that game
    // owns the screen now, and this answer (or its game/none refusal) is for the old one.
    if (generation !== this.generation) return;
    this.inFlight = false;
    await this.queue;
    this.settled = true;
    this.thinking = null;
    this.busy = false;
    if (error) {
      showError(error, 'Move refused');
      try { this.show(await api.gameView()); } catch (e2) { showError(e2); }
    } else {
      this.show(view);
      await this.reloadLog();
      announce(this.describe(view));
    }
    this.refresh();
  }


  describe(view) {
    const d = view.decision;
    if (view.over) return 'The game is over.';
    if (d.kind === 'place_tile') return `Your turn: place tile ${d.tile}. ${d.cells.length} squares fit.`;
    if (d.kind === 'place_figure') return 'Place a figure or none.';
    if (d.kind === 'draw_or_abbey') return 'Your turn: draw a tile or place your abbey.';
    if (d.kind === 'final_abbey') return 'Last chance to place your abbey.';
    if (d.kind === 'move_wagon') return 'Move your wagon or take it home.';
    return '';
  }

  /** One `ai-progress` event: shown in order, one move at a time, with a pause between. */
  progress(p) {
    // Events that arrive when no command is running belong to one already answered: the
    // view that command returned is newer, so they are dropped.
    if (!this.inFlight) return;
    if (!this.accepting && (!this.state.view || p.gameId !== this.state.view.gameId)) return;
    this.queue = this.queue.then(async () => {
      if (!this.inFlight && this.settled) return;
      if (p.stage === 'thinking') {
        this.thinking = p.player;
        this.refresh();
        return;
      }
      this.thinking = null;
      if (p.view && p.view.turn >= (this.state.view?.turn ?? 0)) {
        const marks = p.view.lastPlaced ? [{ ...p.view.lastPlaced, kind: 'ai' }] : [];
        if (p.move?.type === 'figure' && p.view.lastPlaced) marks.push({ ...p.view.lastPlaced, on: p.move.on });
        if (p.move?.type === 'wagon' && p.move.to) marks.push({ ...p.move.to });
        this.show(p.view, { marks });
        this.addEvents(p.view.recent, { float: true });
      }
      if (p.text) announce(p.text);
      const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
      await new Promise((r) => setTimeout(r, reduce ? 120 : STEP_MS));
    });
  }

  addEvents(events, { float }) {
    const keys = eventKeys(events);
    events.forEach((ev, n) => {
      const key = keys[n];
      if (this.logKeys.has(key)) return;
      this.logKeys.add(key);
      if (!ev.text) return;
      const who = ev.player != null ? ev.player : ev.scored?.players?.[0];
      this.log.prepend(h('li', { class: `log-item ${ev.type}` },
        who != null ? h('span', { class: 'who', html: badgeSvg(who, 16) }) : null,
        h('span', { class: 'turn-no' }, `${ev.turn}`), ev.text));
      if (ev.type === 'scored' && float) this.floatScore(ev, events.filter((e) => e.turn === ev.turn));
    });
    while (this.log.children.length > 300) this.log.lastChild.remove();
  }

  floatScore(ev, sameTurn) {
    const v = this.state.view;
    for (const seat of ev.scored.players) {
      const back = sameTurn.find((e) => e.type === 'figure_returned' && e.player === seat && e.x != null);
      const at = back ?? v.lastPlaced ?? { x: 0, y: 0 };
      this.board.floatText(at.x, at.y, `+${ev.scored.points}`, seat);
    }
  }

  // --- Tools.
  async undo() {
    if (this.busy) return;
    try {
      this.show(await api.gameUndo());
      await this.reloadLog();
      announce('Undone.');
    } catch (e) { showError(e, 'Undo'); }
  }

  async hint() {
    if (this.busy) return;
    try {
      const hint = await api.gameHint();
      this.state.applyHint(hint.move);
      const m = hint.move;
      if (m.type === 'place' || m.type === 'abbey') this.board.follow(m.x, m.y);
      this.hintNote(hint.text);
    } catch (e) { showError(e, 'Hint'); }
  }

  hintNote(text) {
    this.panel.querySelector('.hint-note')?.remove();
    const note = h('p', { class: 'hint-note', role: 'status' }, `Hint: ${text}`);
    this.panel.append(note);
    announce(`Hint: ${text}`);
  }

  async resign() {
    if (!(await confirmDialog('Resign this game?', 'The game ends now and counts as a loss in your statistics.', { confirm: 'Resign', danger: true }))) return;
    try {
      const view = await api.gameResign();
      this.show(view);
    } catch (e) { showError(e, 'Resign'); }
  }

  toggleOverlay() {
    this.overlay = !this.overlay;
    this.overlayBtn.setAttribute('aria-pressed', String(this.overlay));
    this.board.setOverlay(this.overlay);
  }

  toggleLog() {
    const open = !this.root.classList.contains('log-open');
    this.root.classList.toggle('log-open', open);
    this.logBtn.setAttribute('aria-expanded', String(open));
  }

  openRemaining() {
    const v = this.state.view;
    if (!v) return;
    const dlg = h('dialog', { class: 'dialog drawer', 'aria-labelledby': 'remaining-title' },
      h('div', { class: 'row spread' }, h('h2', { id: 'remaining-title' }, `${v.remaining.total} tiles left`),
        h('button', { class: 'btn ghost', type: 'button', onclick: () => dlg.close(), 'aria-label': 'Close' }, '×')),
      h('ul', { class: 'remaining' }, v.remaining.byType.map((t) => h('li', { class: t.count ? '' : 'none-left' },
        h('span', { html: tileSvg(this.state.type(t.id), 0, 48) }), h('span', { class: 'count' }, `×${t.count}`)))));
    dlg.addEventListener('close', () => dlg.remove());
    document.body.append(dlg);
    dlg.showModal();
  }

  /** The end of the game: final scoring by category and the score chart. */
  async finish(view, reopen = false) {
    if (this.ended && !reopen) return;
    this.ended = true;
    let detail = null;
    if (view.result?.matchId) {
      try { detail = await api.historyGet(view.result.matchId); } catch (e) { showError(e, 'Could not load the match'); }
    }
    const winners = view.result?.winners ?? [];
    const cats = ['road', 'city', 'monastery', 'field', 'barn'];
    const headline = view.result?.resigned ? 'You resigned.'
      : winners.includes(view.human) ? (winners.length > 1 ? 'A shared victory!' : 'You won!')
        : `${winners.map((w) => view.players[w].name).join(' and ')} won.`;
    const table = h('table', { class: 'breakdown' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), cats.map(catHead), h('th', { scope: 'col' }, 'Total'))),
      h('tbody', {}, view.players.map((p) => h('tr', { class: winners.includes(p.seat) ? 'winner' : '' },
        h('th', { scope: 'row' }, h('span', { html: badgeSvg(p.seat, 16) }), ` ${p.name}`),
        cats.map((c) => h('td', {}, String(p.breakdown[c] ?? 0))), h('td', { class: 'total' }, String(p.score))))));
    const dlg = h('dialog', { class: 'dialog end-dialog', 'aria-labelledby': 'end-title' },
      h('h2', { id: 'end-title' }, headline), h('div', { class: 'table-scroll' }, table),
      detail ? h('div', { class: 'chart-box', html: chartSvg(detail.timeline, view.players) }) : null,
      h('div', { class: 'row end' },
        h('button', { class: 'btn ghost', type: 'button', onclick: () => dlg.close() }, 'Look at the board'),
        view.result?.matchId ? h('button', { class: 'btn', type: 'button', onclick: () => { dlg.close(); location.hash = `#/match/${encodeURIComponent(view.result.matchId)}`; } }, 'Replay') : null,
        h('button', { class: 'btn primary', type: 'button', onclick: () => { dlg.close(); location.hash = '#/start'; } }, 'New game')));
    dlg.addEventListener('close', () => dlg.remove());
    document.body.append(dlg);
    dlg.showModal();
  }
}

/** The log's identity of each event: its turn, its place in that turn, its type and text. */
function eventKeys(events) {
  const seen = new Map();
  return events.map((ev) => {
    const i = seen.get(ev.turn) ?? 0;
    seen.set(ev.turn, i + 1);
    return `${ev.turn}|${i}|${ev.type}|${ev.text}`;
  });
}

/** What identifies a panel control across rebuilds: its label. */
function controlKey(el) {
  return `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent.trim()}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function miniFigure(seat, kind) {
  return `<svg viewBox="-17 -24 34 40" width="20" height="22" aria-hidden="true">${figureSvg(seat, kind, 0, 0)}</svg>`;
}
function miniAbbey() {
  return '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><rect x="4" y="10" width="16" height="11" fill="#efe6d2" stroke="#5b4a3a" stroke-width="1.5"/><path d="M2,11L12,3L22,11Z" fill="#c23b22" stroke="#5b2416" stroke-width="1.5"/></svg>';
}
