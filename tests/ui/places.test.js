// Every figure spot of every tile type, in every rotation, by the name a player gives it and
// where its figure stands: the names come from the tile's geometry in board orientation
// (tiledraw.js `placeOf`), each is unique on its tile in English and Hungarian, and each
// spot's anchor lies inside the part of the tile it names — in its segment's drawn area (a
// city's shape, a road's band, a field's own stretch of grass between walls and roads) and
// the way the name says ("the south-east field" in the south-east quadrant). Anchors stand
// apart enough for the board to give each a finger-sized target. No browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutTile, anchorFor, placeOf } from '../../ui/js/tiledraw.js';
import { SIDES, HALVES, HALF_POINT, CORNERS, rotateName, rotatePoint, liesToward } from '../../ui/js/geometry.js';
import { setLanguage, t } from '../../ui/js/i18n.js';
import { TILES } from './support/fixtures.js';

const ROTATIONS = [0, 90, 180, 270];
/** The closest two figure anchors of one tile may be (tile units; a tile is 100). */
const SPACING = 24;

function insidePolygon([x, y], poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
function distToPolyline([x, y], pts) {
  let best = Infinity;
  for (let i = 1; i < pts.length; i++) {
    const [ax, ay] = pts[i - 1], [bx, by] = pts[i];
    const dx = bx - ax, dy = by - ay;
    const len = dx * dx + dy * dy || 1;
    const k = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len));
    best = Math.min(best, Math.hypot(x - (ax + k * dx), y - (ay + k * dy)));
  }
  return best;
}
const ring = (poly) => poly.concat([poly[0]]);

/**
 * The tile as the player sees it, in canonical orientation, from the same layout the drawing
 * uses: what covers each point (a pocket, a city on top, a road's band, grass), and the
 * fields as the connected stretches of grass that walls and roads leave (a unit grid).
 */
function regions(type) {
  const l = layoutTile(type);
  const cityAt = (p) => l.cities.filter((c) => insidePolygon(p, c.poly)).at(-1) ?? null;
  const pocketAt = (p) => l.pockets.findIndex((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= 11);
  const roadAt = (p, width = 7) => l.roads.find((r) => r.polys.some((poly) => distToPolyline(p, poly) <= width)) ?? null;
  // Grass: not in a city or on its wall, not on a road (kerbs included).
  const grass = (p) => pocketAt(p) < 0 && !cityAt(p) && l.cities.every((c) => distToPolyline(p, ring(c.poly)) > 2.5) && !roadAt(p, 7.5);
  const comp = new Int16Array(100 * 100).fill(-1);
  let n = 0;
  for (let i = 0; i < 100 * 100; i++) {
    if (comp[i] >= 0 || !grass([(i % 100) + 0.5, Math.floor(i / 100) + 0.5])) continue;
    const stack = [i];
    comp[i] = n;
    while (stack.length) {
      const k = stack.pop();
      const x = k % 100, y = Math.floor(k / 100);
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
        const j = ny * 100 + nx;
        if (nx < 0 || ny < 0 || nx > 99 || ny > 99 || comp[j] >= 0 || !grass([nx + 0.5, ny + 0.5])) continue;
        comp[j] = n;
        stack.push(j);
      }
    }
    n++;
  }
  const compAt = ([x, y]) => comp[Math.min(99, Math.max(0, Math.floor(y))) * 100 + Math.min(99, Math.max(0, Math.floor(x)))];
  // Each field's stretch of grass: the one its half-edges open onto.
  const fieldComp = new Map();
  for (const s of type.segments.filter((g) => g.kind === 'field' && !g.inner)) {
    const found = new Set(s.halves.map((h) => {
      const [hx, hy] = HALF_POINT[h];
      for (let r = 0; r < 8; r++) for (let a = 0; a < 16; a++) {
        const c = compAt([hx + r * Math.cos(a * Math.PI / 8), hy + r * Math.sin(a * Math.PI / 8)]);
        if (c >= 0) return c;
      }
      return -1;
    }));
    assert.equal(found.size, 1, `${type.id}: field ${s.index}'s half-edges open onto one stretch of grass (${[...found]})`);
    fieldComp.set(s.index, [...found][0]);
  }
  assert.equal(new Set(fieldComp.values()).size, fieldComp.size, `${type.id}: each field is its own stretch of grass`);
  return { l, cityAt, pocketAt, roadAt, compAt, fieldComp };
}

/** Whether the canonical point `p` lies in segment `s`'s drawn area. */
function inSegment(type, R, s, p) {
  const { l } = R;
  switch (s.kind) {
    case 'monastery': return Math.abs(p[0] - 50) <= 26 && Math.abs(p[1] - 50) <= 26;
    case 'city': return R.pocketAt(p) < 0 && R.cityAt(p)?.seg === s.index;
    case 'road': return !R.cityAt(p) && R.roadAt(p)?.seg === s.index;
    default: {
      if (s.inner) return R.pocketAt(p) === l.pockets.findIndex((q) => q === l.anchors[s.index]);
      const onBuilding = l.monastery && Math.abs(p[0] - 50) < 24 && Math.abs(p[1] - 50) < 24;
      return !onBuilding && R.compAt(p) === R.fieldComp.get(s.index);
    }
  }
}

/** The board-oriented names of a tile's segments, as the decisions name them (RULES.md §1). */
function spotNames(type, rotation) {
  return type.segments.map((s) => {
    if (s.kind === 'monastery') return 'monastery';
    if (s.inner) return s.inner === 1 ? 'inner' : 'inner2';
    const names = (s.kind === 'field' ? s.halves : s.sides).map((x) => rotateName(x, rotation));
    return (s.kind === 'field' ? HALVES : SIDES).find((x) => names.includes(x));
  });
}

const LAND = TILES.types.filter((type) => type.edges !== '----');

test('every segment of every tile type, turned every way, has a name unique on its tile, in both languages', () => {
  try {
    for (const lang of ['en', 'hu']) {
      setLanguage(lang);
      for (const type of TILES.types) {
        for (const rotation of ROTATIONS) {
          const names = spotNames(type, rotation).map((on) => {
            const place = placeOf(type, rotation, on);
            assert.ok(place, `${type.id}@${rotation} ${on}: named`);
            const text = t('game.place', place);
            assert.doesNotMatch(text, /undefined|null|\{|^$/, `${type.id}@${rotation} ${on}: "${text}"`);
            return text;
          });
          assert.equal(new Set(names).size, names.length, `${lang} ${type.id}@${rotation}: ${names.join(' | ')}`);
        }
      }
      // A barn's corners.
      assert.equal(new Set(CORNERS.map((c) => t('game.place', placeOf(LAND[0], 0, c)))).size, 4);
    }
  } finally {
    setLanguage('en');
  }
});

/** What is wrong with where the spots of `type` stand, turned by `rotation`: one line each. */
function misplaced(type, R, rotation) {
  const wrong = [];
  spotNames(type, rotation).forEach((on, i) => {
    const s = type.segments[i];
    const place = placeOf(type, rotation, on);
    const at = anchorFor(type, rotation, on);
    const where = `${type.id}@${rotation} ${on} (${t('game.place', place)}) at ${at.map(Math.round)}`;
    // Back to the canonical drawing: the same point on the unturned tile.
    const p = rotatePoint(at, (360 - rotation) % 360);
    if (!inSegment(type, R, s, p)) wrong.push(`${where}: not inside its ${s.kind}`);
    if (place.dir && place.dir !== 'NS' && place.dir !== 'EW' && !liesToward(at, place.dir)) wrong.push(`${where}: does not lie ${place.dir}`);
    if (place.by === 'city' && !R.l.cities.some((c) => distToPolyline(p, ring(c.poly)) < 25)) wrong.push(`${where}: not by the city`);
  });
  return wrong;
}

test('each spot\'s anchor lies inside the part of the tile its name names, the way the name says', () => {
  const wrong = LAND.flatMap((type) => {
    const R = regions(type);
    return ROTATIONS.flatMap((rotation) => misplaced(type, R, rotation));
  });
  assert.deepEqual(wrong, []);
  // The checks can fail: a road's anchor is not in a field, a north field not south.
  const d = TILES.types.find((x) => x.id === 'D');
  const R = regions(d);
  assert.ok(!inSegment(d, R, d.segments[2], R.l.anchors[1]));
  assert.ok(!inSegment(d, R, d.segments[2], R.l.anchors[3]));
  assert.ok(!liesToward([50, 80], 'N') && liesToward([90, 70], 'SE') && !liesToward([90, 70], 'S'));
});

test('the figure anchors of a tile stand apart, so that each spot can have a finger-sized target', () => {
  const close = [];
  for (const type of LAND) {
    const l = layoutTile(type);
    const pts = type.segments.map((s) => [s.index, l.anchors[s.index]]);
    for (const [i, [a, p]] of pts.entries()) {
      for (const [b, q] of pts.slice(i + 1)) {
        const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
        if (d < SPACING) close.push(`${type.id}: segments ${a} ${p.map(Math.round)} and ${b} ${q.map(Math.round)}, ${d.toFixed(1)} apart`);
      }
    }
  }
  assert.deepEqual(close, [], `anchors closer than ${SPACING}`);
});
