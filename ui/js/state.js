// The game screen's state, without any DOM: the current GameView, the tile set, and what
// the player has selected but not yet confirmed. It never decides legality: every option it
// offers is one listed by the pending decision, and the app checks the confirmed move again.

export class GameState {
  constructor(tileset) {
    this.types = new Map(tileset.types.map((t) => [t.id, t]));
    this.abbeyId = tileset.abbey;
    this.view = null;
    this.selection = null;
    this.figureKind = 'follower';
    this.listeners = new Set();
  }

  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  emit() {
    for (const fn of this.listeners) fn(this);
  }

  type(id) {
    return this.types.get(id);
  }

  /** Installs a new view; a selection that no longer fits the decision is dropped. */
  setView(view) {
    const before = this.view?.decision;
    this.view = view;
    const d = view.decision;
    if (!before || before.kind !== d.kind || before.player !== d.player || before.tile !== d.tile
      || before.x !== d.x || before.y !== d.y || view.turn !== this.lastTurn) {
      this.selection = null;
      const kinds = this.figureKinds();
      if (!kinds.includes(this.figureKind)) this.figureKind = kinds[0] ?? 'follower';
    }
    this.lastTurn = view.turn;
    this.emit();
  }

  get decision() {
    return this.view?.decision ?? null;
  }

  /** Whether the pending decision is the human's to make now. */
  get myTurn() {
    const d = this.decision;
    return !!(d && d.human && !this.view.over && !this.view.aiThinking && d.player === this.view.human);
  }

  /** Selects a cell for the drawn tile: a new cell takes its first rotation, the same one turns. */
  selectCell(x, y) {
    const d = this.decision;
    if (d?.kind !== 'place_tile') return false;
    const cell = d.cells.find((c) => c.x === x && c.y === y);
    if (!cell) return false;
    if (this.selection?.kind === 'place' && this.selection.x === x && this.selection.y === y) return this.rotate();
    this.selection = { kind: 'place', x, y, rotation: cell.rotations[0] };
    this.emit();
    return true;
  }

  /** Turns the selected tile to its next legal rotation (clockwise order). */
  rotate() {
    const d = this.decision;
    const s = this.selection;
    if (d?.kind !== 'place_tile') return false;
    if (s?.kind !== 'place') {
      // Rotating before choosing a cell picks the first legal cell, so `R` always does something.
      if (!d.cells.length) return false;
      const c = d.cells[0];
      this.selection = { kind: 'place', x: c.x, y: c.y, rotation: c.rotations[0] };
      this.emit();
      return true;
    }
    const rots = d.cells.find((c) => c.x === s.x && c.y === s.y).rotations.slice().sort((a, b) => a - b);
    const next = rots.find((r) => r > s.rotation) ?? rots[0];
    this.selection = { ...s, rotation: next };
    this.emit();
    return true;
  }

  /** Moves the selection to the next (+1) or previous (−1) legal cell, for the keyboard. */
  cycleCell(step) {
    const d = this.decision;
    if (d?.kind === 'place_tile' && d.cells.length) {
      const s = this.selection;
      const i = s?.kind === 'place' ? d.cells.findIndex((c) => c.x === s.x && c.y === s.y) : -1;
      const c = d.cells[(i + step + d.cells.length) % d.cells.length];
      this.selection = { kind: 'place', x: c.x, y: c.y, rotation: c.rotations[0] };
    } else if (this.holes().length) {
      const holes = this.holes();
      const s = this.selection;
      const i = s?.kind === 'abbey' ? holes.findIndex((h) => h.x === s.x && h.y === s.y) : -1;
      const h = holes[(i + step + holes.length) % holes.length];
      this.selection = { kind: 'abbey', x: h.x, y: h.y };
    } else {
      return false;
    }
    this.emit();
    return true;
  }

  holes() {
    const d = this.decision;
    return d && (d.kind === 'draw_or_abbey' || d.kind === 'final_abbey') ? d.holes : [];
  }

  selectHole(x, y) {
    if (!this.holes().some((h) => h.x === x && h.y === y)) return false;
    this.selection = { kind: 'abbey', x, y };
    this.emit();
    return true;
  }

  /** The figure kinds the decision allows somewhere, in a fixed order. */
  figureKinds() {
    const d = this.decision;
    if (d?.kind !== 'place_figure') return [];
    return ['follower', 'mayor', 'wagon', 'barn'].filter((k) => (d.byKind[k] ?? []).length > 0);
  }

  setFigureKind(kind) {
    if (!this.figureKinds().includes(kind)) return false;
    this.figureKind = kind;
    if (this.selection?.kind === 'figure' && this.selection.figure !== kind) this.selection = null;
    this.emit();
    return true;
  }

  /** The locations the chosen figure kind may go to on the placed tile. */
  spots() {
    const d = this.decision;
    if (d?.kind !== 'place_figure') return [];
    return (d.byKind[this.figureKind] ?? []).map((on) => ({ x: d.x, y: d.y, on }));
  }

  selectSpot(on) {
    const d = this.decision;
    if (d?.kind === 'place_figure') {
      if (!(d.byKind[this.figureKind] ?? []).includes(on)) return false;
      this.selection = { kind: 'figure', figure: this.figureKind, on };
    } else {
      return false;
    }
    this.emit();
    return true;
  }

  selectWagonTarget(x, y, on) {
    const d = this.decision;
    if (d?.kind !== 'move_wagon' || !d.targets.some((t) => t.x === x && t.y === y && t.on === on)) return false;
    this.selection = { kind: 'wagon', x, y, on };
    this.emit();
    return true;
  }

  clearSelection() {
    this.selection = null;
    this.emit();
  }

  /** The move that "Confirm" would send, or null when nothing complete is selected. */
  pendingMove() {
    const s = this.selection;
    if (!s || !this.myTurn) return null;
    switch (s.kind) {
      case 'place': return { type: 'place', x: s.x, y: s.y, rotation: s.rotation };
      case 'abbey': return { type: 'abbey', x: s.x, y: s.y };
      case 'figure': return { type: 'figure', kind: s.figure, on: s.on };
      case 'wagon': return { type: 'wagon', to: { x: s.x, y: s.y, on: s.on } };
      default: return null;
    }
  }

  /** Applies a hint's move as a selection, so the player sees it and still confirms. */
  applyHint(move) {
    const d = this.decision;
    if (!d || !move) return false;
    if (move.type === 'place' && d.kind === 'place_tile') {
      this.selection = { kind: 'place', x: move.x, y: move.y, rotation: move.rotation };
    } else if (move.type === 'abbey') {
      this.selection = { kind: 'abbey', x: move.x, y: move.y };
    } else if (move.type === 'figure' && d.kind === 'place_figure') {
      this.figureKind = move.kind;
      this.selection = { kind: 'figure', figure: move.kind, on: move.on };
    } else if (move.type === 'wagon' && move.to && d.kind === 'move_wagon') {
      this.selection = { kind: 'wagon', ...move.to };
    } else {
      return false;
    }
    this.emit();
    return true;
  }
}
