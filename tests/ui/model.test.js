// The DOM-free modules (geometry, state, tile layout) tested directly in Node, on the tile set
// and sample views the app's own commands wrote (tests/fixtures/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rotateName, unrotateName, rotatePoint, fitCamera, zoomAt, screenToBoard } from '../../ui/js/geometry.js';
import { GameState } from '../../ui/js/state.js';
import { layoutTile, anchorFor, segmentAt } from '../../ui/js/tiledraw.js';
import { TILES as TILESET, VIEWS } from './support/fixtures.js';

test('names rotate clockwise as RULES.md §1 says', () => {
  assert.equal(rotateName('N', 90), 'E');
  assert.equal(rotateName('Wn', 90), 'Ne');
  assert.equal(rotateName('Nw', 90), 'En');
  assert.equal(rotateName('SW', 180), 'NE');
  assert.equal(rotateName('monastery', 270), 'monastery');
  for (const n of ['N', 'Es', 'SW', 'inner']) for (const r of [0, 90, 180, 270]) assert.equal(unrotateName(rotateName(n, r), r), n);
  assert.deepEqual(rotatePoint([50, 0], 90), [100, 50]);
});

test('the camera fits a board and zooms about a fixed point', () => {
  const cam = fitCamera({ minX: -2, minY: -1, maxX: 3, maxY: 2 }, 800, 600);
  const [bx, by] = screenToBoard(cam, 400, 300);
  assert.ok(Math.abs(bx - 100) < 1e-6 && Math.abs(by - 100) < 1e-6, 'the board centre is the screen centre');
  const z = zoomAt(cam, 2, 100, 80);
  const before = screenToBoard(cam, 100, 80), after = screenToBoard(z, 100, 80);
  assert.ok(Math.abs(before[0] - after[0]) < 1e-6 && Math.abs(before[1] - after[1]) < 1e-6);
});

test('every tile type gets a figure anchor per segment, inside the tile and apart from the others', () => {
  for (const type of TILESET.types) {
    const l = layoutTile(type);
    const pts = type.segments.map((s) => l.anchors[s.index]);
    for (const [i, p] of pts.entries()) {
      assert.ok(p && p[0] >= 0 && p[0] <= 100 && p[1] >= 0 && p[1] <= 100, `${type.id} segment ${i} anchor ${p}`);
      for (const q of pts.slice(i + 1)) assert.ok(Math.hypot(p[0] - q[0], p[1] - q[1]) >= 12, `${type.id}: anchors ${p} and ${q} too close`);
    }
  }
});

test('special tiles are recognisable: bridge, tongue, tunnel, fork, gates, houses', () => {
  const by = (id) => layoutTile(TILESET.types.find((t) => t.id === id));
  assert.equal(by('AM2').cities.filter((c) => c.over).length, 1, 'AM2: one city bridges the other');
  assert.equal(by('AM2').pockets.length, 2, 'AM2: two inner fields');
  assert.equal(by('AM3').cities.filter((c) => c.over).length, 1, 'AM3: the north city crosses the band');
  assert.ok(by('AM12').roads[0].parts.some((p) => p.tunnel), 'AM12: the road runs in a tunnel');
  assert.ok(!by('A').roads[0].parts.some((p) => p.tunnel), 'A: a road ending at a monastery is no tunnel');
  assert.ok(by('AM11').decor.some((d) => d.kind === 'well'), 'AM11: the fork has a well');
  assert.equal(by('AM4').decor.filter((d) => d.kind === 'gate').length, 2, 'AM4: two roads end at city gates');
  assert.ok(by('AM10').decor.some((d) => d.kind === 'house'), 'AM10: the road ends at a house');
  assert.ok(by('X').decor.some((d) => d.kind === 'crossing'), 'X: roads end at a crossing');
});

test('a board-oriented name finds the canonical segment of a turned tile', () => {
  const d = TILESET.types.find((t) => t.id === 'D');
  assert.equal(segmentAt(d, 180, 'S').kind, 'city');
  assert.equal(segmentAt(d, 90, 'E').kind, 'city');
  assert.deepEqual(anchorFor(d, 0, 'NE'), [100, 0]);
});

function view(decision, extra = {}) {
  return { gameId: 'g', turn: 3, human: 0, over: false, aiThinking: false, players: [], decision, ...extra };
}

test('the state offers only the listed cells and rotations, and confirms nothing by itself', () => {
  const s = new GameState(TILESET);
  s.setView(view({ kind: 'place_tile', player: 0, human: true, tile: 'V', cells: [{ x: 0, y: -1, rotations: [90, 180] }, { x: 1, y: 0, rotations: [0] }] }));
  assert.equal(s.pendingMove(), null);
  assert.equal(s.selectCell(5, 5), false, 'an unlisted cell is refused');
  assert.ok(s.selectCell(0, -1));
  assert.deepEqual(s.pendingMove(), { type: 'place', x: 0, y: -1, rotation: 90 });
  s.selectCell(0, -1);
  assert.equal(s.selection.rotation, 180, 'tapping the same cell turns the tile');
  s.rotate();
  assert.equal(s.selection.rotation, 90, 'rotation wraps through the legal ones only');
  s.selectCell(1, 0);
  s.rotate();
  assert.equal(s.selection.rotation, 0, 'a single legal rotation stays');
  s.cycleCell(1);
  assert.deepEqual([s.selection.x, s.selection.y], [0, -1]);
});

test('a recorded tile decision: every listed cell and rotation, and nothing else, can be chosen', () => {
  const v = VIEWS.place_tile;
  assert.equal(v.decision.kind, 'place_tile');
  const s = new GameState(TILESET);
  s.setView(v);
  for (const c of v.decision.cells) {
    assert.ok(s.selectCell(c.x, c.y));
    const seen = [s.selection.rotation];
    for (let i = 1; i < c.rotations.length; i++) { s.rotate(); seen.push(s.selection.rotation); }
    assert.deepEqual(seen, c.rotations, `(${c.x}, ${c.y}): the legal rotations in order`);
    assert.deepEqual(s.pendingMove(), { type: 'place', x: c.x, y: c.y, rotation: c.rotations.at(-1) });
    s.clearSelection();
  }
  const taken = v.tiles[0];
  assert.equal(s.selectCell(taken.x, taken.y), false, 'an occupied square is refused');
});

test('figure kinds and spots come from the decision', () => {
  const s = new GameState(TILESET);
  s.setView(view({ kind: 'place_figure', player: 0, human: true, x: 0, y: -1, tile: 'V', spots: [],
    byKind: { follower: ['S', 'Nw'], mayor: [], wagon: ['S'], barn: ['NE'] } }));
  assert.deepEqual(s.figureKinds(), ['follower', 'wagon', 'barn']);
  assert.equal(s.setFigureKind('mayor'), false);
  assert.ok(s.setFigureKind('barn'));
  assert.deepEqual(s.spots().map((p) => p.on), ['NE']);
  assert.equal(s.selectSpot('S'), false, 'a barn cannot go on a road');
  assert.ok(s.selectSpot('NE'));
  assert.deepEqual(s.pendingMove(), { type: 'figure', kind: 'barn', on: 'NE' });
});

test('a recorded figure decision of Abbey & Mayor: each offered kind goes on its own spots only', () => {
  const v = VIEWS.place_figure;
  const d = v.decision;
  assert.equal(d.kind, 'place_figure');
  const s = new GameState(TILESET);
  s.setView(v);
  const offered = ['follower', 'mayor', 'wagon', 'barn'].filter((k) => d.byKind[k].length);
  assert.ok(offered.length >= 3, `several kinds are offered (${offered})`);
  assert.deepEqual(s.figureKinds(), offered);
  for (const k of offered) {
    assert.ok(s.setFigureKind(k));
    assert.deepEqual(s.spots().map((p) => p.on), d.byKind[k]);
    const on = d.byKind[k][0];
    assert.ok(s.selectSpot(on));
    assert.deepEqual(s.pendingMove(), { type: 'figure', kind: k, on });
  }
  // The anchors of every offered place exist on the placed tile.
  const placed = v.tiles.find((t) => t.x === d.x && t.y === d.y);
  const type = TILESET.types.find((t) => t.id === placed.id);
  for (const sp of d.spots) assert.ok(anchorFor(type, placed.rotation, sp.on), sp.on);
});

test('nothing is offered while it is not the human\'s decision', () => {
  const ai = VIEWS.ai_turn;
  assert.equal(ai.decision.human, false);
  const s = new GameState(TILESET);
  s.setView(ai);
  const c = ai.decision.cells[0];
  s.selectCell(c.x, c.y);
  assert.equal(s.pendingMove(), null);
  const fin = VIEWS.final_abbey;
  s.setView(fin);
  const hole = fin.decision.holes[0];
  assert.equal(s.selectHole(hole.x + 100, hole.y), false);
  assert.ok(s.selectHole(hole.x, hole.y));
  assert.deepEqual(s.pendingMove(), { type: 'abbey', x: hole.x, y: hole.y });
});

test('the recorded wagon and abbey decisions are offered as recorded', () => {
  const s = new GameState(TILESET);
  const w = VIEWS.move_wagon;
  s.setView(w);
  const t = w.decision.targets[0];
  assert.ok(s.selectWagonTarget(t.x, t.y, t.on));
  assert.deepEqual(s.pendingMove(), { type: 'wagon', to: { x: t.x, y: t.y, on: t.on } });
  const a = VIEWS.draw_or_abbey;
  s.setView(a);
  assert.ok(a.decision.holes.length > 0);
  const h = a.decision.holes[0];
  assert.ok(s.selectHole(h.x, h.y));
  assert.deepEqual(s.pendingMove(), { type: 'abbey', x: h.x, y: h.y });
  assert.equal(VIEWS.game_over.over, true);
  assert.equal(VIEWS.game_over.decision.kind, 'game_over');
});
