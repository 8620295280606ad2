// What the board offers for the human's pending decision (game screen): the squares for the
// tile or the holes for the abbey, the ghost of the tile on the square chosen, the figure
// spots or the wagon's targets; and the camera, which follows each new decision. Only the
// decision's own options (GameState), never a rule of its own.
export class BoardChoices {
  /** `board`, `state`: the game screen's; `tileset`: the app's (for the abbey's ghost). */
  constructor(board, state, tileset) {
    this.board = board;
    this.state = state;
    this.tileset = tileset;
    this.cameraKey = null;
  }

  /** A new or resumed game: the camera follows its pending decision afresh. */
  reset() {
    this.cameraKey = null;
  }

  /** Draws the options of the decision on screen; `busy`: a request is running (none then). */
  render(busy) {
    const s = this.state;
    const v = s.view;
    const d = v.decision;
    const b = this.board;
    const sel = s.selection;
    const mine = s.myTurn && !busy;
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
}
