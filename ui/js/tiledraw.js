// Tile drawings built from the engine's tile descriptions (the `tiles` command): every
// tile type, including the bridge (AM2), the tongue city (AM3), the forking road (AM11)
// and the tunnel road (AM12), comes out of the same rules, so no tile is drawn by hand.
// The layout (shapes and figure anchors) is plain data; `tileMarkup` turns it into SVG.
import { SIDES, HALVES, HALF_POINT, SIDE_POINT, CORNER_POINT, rotatePoint, rotateName, unrotateName, compass, rotateDir, liesToward } from './geometry.js';
import { t } from './i18n.js';


// --- Small path algebra: shapes are lists of commands with absolute points, so that a
// base shape drawn for one orientation can be turned to any side.
function rotShape(shape, rotation) {
  return shape.map(([cmd, ...pts]) => [cmd, ...pts.map((p) => rotatePoint(p, rotation))]);
}
function pathD(shape) {
  return shape.map(([cmd, ...pts]) => cmd + pts.map(([x, y]) => `${+x.toFixed(2)},${+y.toFixed(2)}`).join(' ')).join('');
}
/** Samples a shape into points (quadratic and cubic curves in 12 steps). */
function flatten(shape) {
  const out = [];
  let cur = [0, 0];
  for (const [cmd, ...p] of shape) {
    if (cmd === 'M' || cmd === 'L') { cur = p[0]; out.push(cur); }
    else if (cmd === 'Q') {
      for (let i = 1; i <= 12; i++) {
        const k = i / 12, u = 1 - k;
        out.push([u * u * cur[0] + 2 * u * k * p[0][0] + k * k * p[1][0], u * u * cur[1] + 2 * u * k * p[0][1] + k * k * p[1][1]]);
      }
      cur = p[1];
    } else if (cmd === 'C') {
      for (let i = 1; i <= 12; i++) {
        const k = i / 12, u = 1 - k;
        const a = u * u * u, b = 3 * u * u * k, c = 3 * u * k * k, d = k * k * k;
        out.push([a * cur[0] + b * p[0][0] + c * p[1][0] + d * p[2][0], a * cur[1] + b * p[0][1] + c * p[1][1] + d * p[2][1]]);
      }
      cur = p[2];
    }
  }
  return out;
}
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
const lerp = ([ax, ay], [bx, by], k) => [ax + (bx - ax) * k, ay + (by - ay) * k];
const CENTRE = [50, 50];
/**
 * The least distance (tile units) between two figure anchors of a tile: at the close-up of a
 * figure decision (a tile of 200 px or more) every spot's target can be 44 px wide without
 * touching another's.
 */
export const ANCHOR_SPACING = 24;
const apart = (p, taken) => Math.min(Infinity, ...taken.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1])));
/** Of candidate points in order of preference, the first far enough from those taken, else the farthest. */
function roomiest(candidates, taken) {
  return candidates.find((p) => apart(p, taken) >= ANCHOR_SPACING)
    ?? candidates.reduce((a, b) => (apart(b, taken) > apart(a, taken) ? b : a));
}

// --- City base shapes, each for one orientation; `fit` finds the turn for a side set.
const CITY_BASES = {
  cap: { sides: ['N'], fill: [['M', [0, 0]], ['L', [100, 0]], ['Q', [50, 62], [0, 0]], ['Z']],
    walls: [[['M', [100, 0]], ['Q', [50, 62], [0, 0]]]], anchor: [50, 13], pennants: [[27, 9], [73, 9]] },
  corner: { sides: ['N', 'W'], fill: [['M', [0, 0]], ['L', [100, 0]], ['Q', [40, 40], [0, 100]], ['Z']],
    walls: [[['M', [100, 0]], ['Q', [40, 40], [0, 100]]]], anchor: [27, 27], pennants: [[12, 12], [40, 10]] },
  band: { sides: ['E', 'W'], fill: [['M', [0, 0]], ['Q', [50, 50], [100, 0]], ['L', [100, 100]], ['Q', [50, 50], [0, 100]], ['Z']],
    walls: [[['M', [0, 0]], ['Q', [50, 50], [100, 0]]], [['M', [0, 100]], ['Q', [50, 50], [100, 100]]]],
    anchor: [50, 50], pennants: [[22, 50], [78, 50]] },
  three: { sides: ['N', 'E', 'W'], fill: [['M', [0, 0]], ['L', [100, 0]], ['L', [100, 100]], ['Q', [50, 45], [0, 100]], ['Z']],
    walls: [[['M', [100, 100]], ['Q', [50, 45], [0, 100]]]], anchor: [50, 40], pennants: [[20, 18], [80, 18]] },
  four: { sides: ['N', 'E', 'S', 'W'], fill: [['M', [0, 0]], ['L', [100, 0]], ['L', [100, 100]], ['L', [0, 100]], ['Z']],
    walls: [], anchor: [50, 50], pennants: [[24, 24], [76, 76]] },
  // A single-side city whose walls run out to the two far corners (AM9).
  reach: { sides: ['N'], fill: [['M', [0, 0]], ['L', [100, 0]], ['Q', [62, 50], [100, 100]], ['Q', [50, 66], [0, 100]], ['Q', [38, 50], [0, 0]], ['Z']],
    walls: [[['M', [100, 0]], ['Q', [62, 50], [100, 100]]], [['M', [100, 100]], ['Q', [50, 66], [0, 100]]], [['M', [0, 100]], ['Q', [38, 50], [0, 0]]]],
    anchor: [50, 42], pennants: [[50, 14], [30, 30]] },
  // A single-side city crossing a band city and ending in the far field (AM3), drawn on top.
  tongue: { sides: ['N'], fill: [['M', [0, 0]], ['L', [100, 0]], ['Q', [62, 12], [61, 40]], ['L', [61, 78]], ['Q', [50, 94], [39, 78]], ['L', [39, 40]], ['Q', [38, 12], [0, 0]], ['Z']],
    walls: [[['M', [100, 0]], ['Q', [62, 12], [61, 40]], ['L', [61, 78]], ['Q', [50, 94], [39, 78]], ['L', [39, 40]], ['Q', [38, 12], [0, 0]]]],
    anchor: [50, 33], pennants: [[50, 14], [50, 30]] },
  // A band city passing over another one (AM2's bridge).
  bridge: { sides: ['N', 'S'], fill: [['M', [0, 0]], ['L', [100, 0]], ['Q', [36, 50], [100, 100]], ['L', [0, 100]], ['Q', [64, 50], [0, 0]], ['Z']],
    walls: [[['M', [100, 0]], ['Q', [36, 50], [100, 100]]], [['M', [0, 100]], ['Q', [64, 50], [0, 0]]]],
    anchor: [50, 24], pennants: [[50, 80], [50, 64]] },
};

/** The quarter turn that carries `baseSides` onto `sides`, or -1. */
function turnFor(baseSides, sides) {
  const want = [...sides].sort().join();
  for (let q = 0; q < 4; q++) {
    if (baseSides.map((s) => rotateName(s, q * 90)).sort().join() === want) return q * 90;
  }
  return -1;
}

function fieldOfHalf(type, half) {
  return type.segments.find((s) => s.kind === 'field' && s.halves.includes(half));
}

/**
 * Computes the drawing layout of a tile type in canonical orientation: city shapes with
 * walls and pennant spots, road centre lines with their ends (house, crossing, gate,
 * monastery, well) and tunnels, the monastery, and one figure anchor per segment.
 */
export function layoutTile(type) {
  const segs = type.segments;
  const cities = segs.filter((s) => s.kind === 'city');
  const roads = segs.filter((s) => s.kind === 'road');
  const monastery = segs.find((s) => s.kind === 'monastery');
  const layout = { id: type.id, abbey: type.edges === '----', cities: [], roads: [], decor: [], anchors: {}, pockets: [], monastery: !!monastery };
  const bandCities = cities.filter((c) => c.sides.length === 2 && SIDES.indexOf(c.sides[0]) % 2 === SIDES.indexOf(c.sides[1]) % 2);
  const hasRoads = roads.length > 0;

  // Cities: pick a base shape per city; a second city crossing a band is drawn over it.
  for (const c of cities) {
    let base;
    // Of two crossing bands, the first declared passes over the other as a bridge.
    const band = bandCities.find((b) => b !== c && !(bandCities.includes(c) && b.index < c.index));
    const crossing = band && c.sides.every((s) => !band.sides.includes(s));
    if (crossing && c.sides.length === 2) base = 'bridge';
    else if (crossing && c.sides.length === 1) base = 'tongue';
    else if (c.sides.length === 4) base = 'four';
    else if (c.sides.length === 3) base = 'three';
    else if (c.sides.length === 2) base = bandCities.includes(c) ? 'band' : 'corner';
    else {
      // A lone city whose far corners split the fields without a road reaches those corners.
      const i = SIDES.indexOf(c.sides[0]);
      const farCornerSplit = (a, b) => {
        const fa = fieldOfHalf(type, a), fb = fieldOfHalf(type, b);
        return fa && fb && fa !== fb;
      };
      const h = (k) => HALVES[(2 * i + k) % 8];
      base = !hasRoads && farCornerSplit(h(3), h(4)) && farCornerSplit(h(5), h(6)) ? 'reach' : 'cap';
    }
    const b = CITY_BASES[base];
    const rot = turnFor(b.sides, c.sides);
    const fill = rotShape(b.fill, rot);
    const over = base === 'bridge' || base === 'tongue';
    let anchor = rotatePoint(b.anchor, rot);
    if (bandCities.includes(c) && cities.some((o) => o !== c && o.sides.every((s) => !c.sides.includes(s)))) {
      // The band under a bridge or tongue keeps its figure beside the crossing.
      anchor = rotatePoint([18, 50], turnFor(['E', 'W'], c.sides));
    }
    layout.cities.push({
      seg: c.index, over, fill, poly: flatten(fill), walls: b.walls.map((w) => rotShape(w, rot)),
      pennants: b.pennants.slice(0, c.pennants).map((p) => rotatePoint(p, rot)),
    });
    layout.anchors[c.index] = anchor;
  }
  layout.cities.sort((a, b) => a.over - b.over);
  const inCity = (p, margin = 0) => layout.cities.some((c) => insidePolygon(p, c.poly)
    || (margin > 0 && distToPolyline(p, c.poly.concat([c.poly[0]])) < margin));

  // A monk stands at the monastery's door, off the middle, so the building stays in sight.
  if (monastery) layout.anchors[monastery.index] = [70, 70];

  // Roads: each figure where the road is plain to see, away from the figures already placed.
  const taken = () => Object.values(layout.anchors);
  const singles = roads.filter((r) => r.sides.length === 1);
  for (const r of roads) {
    const tunnel = r.sides.length < 2 ? [] : r.sides.filter((s) => {
      const i = SIDES.indexOf(s);
      const a = fieldOfHalf(type, HALVES[2 * i]), b = fieldOfHalf(type, HALVES[2 * i + 1]);
      return a && a === b;
    });
    const parts = [];
    let anchor;
    if (r.sides.length === 1) {
      const s = r.sides[0];
      const start = SIDE_POINT[s];
      let end = CENTRE;
      if (monastery) {
        layout.decor.push({ kind: 'none' });
      } else if (singles.length >= 3) {
        if (!layout.decor.some((d) => d.kind === 'crossing')) layout.decor.push({ kind: 'crossing', at: CENTRE });
      } else if (cities.length) {
        // The road ends at a city gate: the nearest wall point of the nearest city.
        const target = lerp(start, CENTRE, 0.7);
        let best = null;
        for (const c of layout.cities) {
          for (const w of c.walls) {
            for (const p of flatten(w)) {
              const d = Math.hypot(p[0] - target[0], p[1] - target[1]);
              if (!best || d < best.d) best = { d, p };
            }
          }
        }
        end = best ? best.p : CENTRE;
        layout.decor.push({ kind: 'gate', at: end });
        parts.push({ shape: [['M', start], ['Q', target, end]], tunnel: false });
        anchor = roomiest([0.45, 0.35, 0.55, 0.28].map((k) => pointOn(parts[0].shape, k)), taken());
      } else {
        end = [50, 56];
        layout.decor.push({ kind: 'house', at: [50, 48] });
      }
      if (!parts.length) parts.push({ shape: [['M', start], ['L', end]], tunnel: tunnel.includes(s) });
      // Arms of a crossing keep out towards the edge: the fields between them need the room.
      anchor ??= roomiest((singles.length >= 3 && !monastery ? [0.3, 0.25] : [0.42, 0.36, 0.3, 0.25]).map((k) => lerp(start, end, k)), taken());
    } else if (r.sides.length === 2) {
      const [a, b] = r.sides;
      const opposite = SIDES.indexOf(a) % 2 === SIDES.indexOf(b) % 2;
      if (opposite || tunnel.length) {
        for (const s of r.sides) parts.push({ shape: [['M', SIDE_POINT[s]], ['L', CENTRE]], tunnel: tunnel.includes(s) });
        anchor = [0.28, 0.72, 0.2, 0.8, 0.5]
          .map((k) => lerp(SIDE_POINT[a], SIDE_POINT[b], k)).find((p) => !inCity(p, 4)) ?? CENTRE;
        if (tunnel.length) {
          const visible = r.sides.find((s) => !tunnel.includes(s));
          anchor = [0.5, 0.3, 0.2, 0.12].map((k) => lerp(SIDE_POINT[visible], CENTRE, k)).find((p) => !inCity(p, 4)) ?? anchor;
        }
      } else {
        // A curve; when the fields on its outer side are split, it touches the city wall.
        const rot = turnFor(['E', 'S'], r.sides);
        const outerA = rotateName('En', rot), outerB = rotateName('Sw', rot);
        const fa = fieldOfHalf(type, outerA), fb = fieldOfHalf(type, outerB);
        const bulge = cities.length && fa && fb && fa !== fb;
        const base = bulge
          ? [['M', [100, 50]], ['C', [30, 50], [30, 22], [45, 40]], ['Q', [50, 70], [50, 100]]]
          : [['M', [100, 50]], ['Q', [50, 50], [50, 100]]];
        const shape = rotShape(base, rot);
        parts.push({ shape, tunnel: false });
        anchor = roomiest((bulge ? [0.3, 0.4, 0.5, 0.6] : [0.5, 0.4, 0.6, 0.3, 0.7]).map((k) => pointOn(shape, k)), taken());
      }
    } else {
      // Three or four arms meeting at a well: one forking road that does not end there.
      for (const s of r.sides) parts.push({ shape: [['M', SIDE_POINT[s]], ['L', CENTRE]], tunnel: tunnel.includes(s) });
      layout.decor.push({ kind: 'well', at: CENTRE });
      anchor = lerp(SIDE_POINT[r.sides[0]], CENTRE, 0.45);
    }
    layout.roads.push({ seg: r.index, parts, polys: parts.filter((p) => !p.tunnel).map((p) => flatten(p.shape)) });
    layout.anchors[r.index] = anchor;
  }
  layout.decor = layout.decor.filter((d) => d.kind !== 'none');


  // Fields: inner fields sit in the corner pockets a crossing leaves, drawn explicitly.
  const fields = segs.filter((s) => s.kind === 'field');
  const innerSpots = [[19, 19], [81, 81]];
  for (const f of fields.filter((s) => s.inner)) {
    const at = innerSpots.shift();
    layout.pockets.push(at);
    layout.anchors[f.index] = at;
  }
  // The others: the point nearest the middle of its half-edges that is clear of cities,
  // roads and buildings, apart from the other figures, and lying the way its name says.
  layout.places = namePlaces(type, layout);
  const roadPolys = layout.roads.flatMap((r) => r.polys);
  const clear = (p) => apart(p, taken()) >= ANCHOR_SPACING && p[0] > 7 && p[0] < 93 && p[1] > 7 && p[1] < 93
    && !inCity(p, 6) && roadPolys.every((poly) => distToPolyline(p, poly) > 11)
    && !(monastery && Math.abs(p[0] - 50) < 24 && Math.abs(p[1] - 50) < 24)
    && layout.decor.every((d) => !d.at || Math.hypot(p[0] - d.at[0], p[1] - d.at[1]) > 14);
  for (const f of fields.filter((s) => !s.inner)) {
    const { dir } = layout.places[f.index];
    layout.anchors[f.index] = nearestClear(mean(f.halves.map((h) => HALF_POINT[h])).map((v) => v + 50), (p) => clear(p) && (!dir || liesToward(p, dir)));
  }
  return layout;
}

const mean = (pts) => [pts.reduce((a, p) => a + p[0], 0) / pts.length - 50, pts.reduce((a, p) => a + p[1], 0) / pts.length - 50];

/**
 * How a player tells each segment of a tile from the others, in canonical orientation: the
 * facts each language words ("the north field", "a déli út"). `kind` is the segment's kind;
 * a kind alone on its tile needs no more ("the road", "the monastery"). Otherwise roads and
 * cities go by where they lead — `dir`, the compass direction of their sides from the middle
 * ("the west city"), or `dir` NS / EW for one running straight across ("the north–south
 * city") — and fields by where they lie: the compass direction of the middle of the edges
 * they touch ("the south-east field"). Of two fields that would share a direction, the one
 * lying less that way is `by: 'city'` ("the field by the city") when it borders a city. Inner
 * fields (a crossing's pockets) are `inner`, by the corner their pocket is drawn in when a
 * tile has two.
 */
function namePlaces(type, layout) {
  const segs = type.segments;
  const places = {};
  const alone = (kind) => segs.filter((s) => s.kind === kind).length === 1;
  const by = (sides) => {
    if (sides.length === 2 && SIDES.indexOf(sides[0]) % 2 === SIDES.indexOf(sides[1]) % 2) return SIDES.indexOf(sides[0]) % 2 ? 'EW' : 'NS';
    return compass(...mean(sides.map((x) => SIDE_POINT[x])));
  };
  for (const s of segs) {
    if (s.kind === 'monastery' || ((s.kind === 'city' || s.kind === 'road') && alone(s.kind))) places[s.index] = { kind: s.kind };
    else if (s.kind !== 'field') places[s.index] = { kind: s.kind, dir: by(s.sides) };
  }
  const fields = segs.filter((s) => s.kind === 'field');
  const inner = fields.filter((s) => s.inner);
  inner.forEach((s) => {
    const at = layout.anchors[s.index];
    places[s.index] = inner.length > 1 ? { kind: 'field', inner: true, dir: compass(at[0] - 50, at[1] - 50) } : { kind: 'field', inner: true };
  });
  const outer = fields.filter((s) => !s.inner).map((s) => {
    const v = mean(s.halves.map((h) => HALF_POINT[h]));
    return { s, dir: compass(...v), reach: Math.hypot(...v) };
  });
  for (const f of outer) {
    if (fields.length === 1) { places[f.s.index] = { kind: 'field' }; continue; }
    const rival = outer.find((g) => g !== f && g.dir === f.dir && g.reach > f.reach);
    places[f.s.index] = rival && f.s.cities.length && !rival.s.cities.length ? { kind: 'field', by: 'city' } : { kind: 'field', dir: f.dir };
  }
  return places;
}

function pointOn(shape, k) {
  const pts = flatten(shape);
  return pts[Math.min(pts.length - 1, Math.round(k * (pts.length - 1)))];
}

function nearestClear(target, clear) {
  if (clear(target)) return target;
  for (let r = 2; r < 60; r += 2) {
    for (let a = 0; a < 32; a++) {
      const p = [target[0] + r * Math.cos((a * Math.PI) / 16), target[1] + r * Math.sin((a * Math.PI) / 16)];
      if (clear(p)) return p;
    }
  }
  return target;
}

// --- Markup. Colours come from CSS (styles.css, `--t-*` variables, light and dark), so a
// theme change restyles every tile without redrawing it; symbols (pennant, monastery, abbey,
// house) are shared <defs>, inserted once per document. Textures (grass tufts, roofs) are one
// path per tile placed in the layout, not SVG patterns, which cost much more to paint.
const layoutCache = new Map();
/** The layout of a tile type, computed once. */
export function layoutOf(type) {
  let l = layoutCache.get(type.id);
  if (!l) { l = layoutTile(type); layoutCache.set(type.id, l); }
  return l;
}

/** The shared <defs> of the tile art: symbols, each centred on (0, 0). */
export const ART_DEFS = '<g id="art-pennant"><path class="a-pennant" d="M-6,-7h12v6c0,5 -3,8 -6,10c-3,-2 -6,-5 -6,-10Z"/>'
  + '<path class="a-pennant-mark" d="M-3.5,-3l3.5,3l3.5,-3"/></g>'
  + '<g id="art-monastery"><ellipse class="a-yard" cx="0" cy="9" rx="21" ry="9"/>'
  + '<path class="a-stone" d="M-15,-2h22v16h-22Z"/><path class="a-stone" d="M7,-14h8v28h-8Z"/>'
  + '<path class="a-roof-big" d="M-18,-1l11,-11l11,11Z"/><path class="a-roof-big" d="M5,-13l6,-9l6,9Z"/>'
  + '<path class="a-cross" d="M11,-30v8M8,-27h6"/><path class="a-door" d="M-7,14v-7a3,3 0 0,1 6,0v7Z"/>'
  + '<path class="a-door" d="M10,-8h2v4h-2Z"/></g>'
  + '<g id="art-abbey"><path class="a-paving" d="M-34,-34h68v68h-68Z"/><circle class="a-yard" cx="0" cy="14" r="13"/>'
  + '<path class="a-stone" d="M-22,-10h44v18h-44Z"/><path class="a-stone" d="M-27,-22h10v30h-10ZM17,-22h10v30h-10Z"/>'
  + '<path class="a-roof-big" d="M-24,-9l24,-15l24,15Z"/><path class="a-roof-big" d="M-29,-21l7,-10l7,10ZM15,-21l7,-10l7,10Z"/>'
  + '<path class="a-cross" d="M0,-34v9M-3.5,-30.5h7"/><path class="a-door" d="M-5,8v-8a5,5 0 0,1 10,0v8Z"/>'
  + '<path class="a-well" d="M-3,14a3,3 0 1,0 6,0a3,3 0 1,0 -6,0Z"/></g>'
  + '<g id="art-house"><path class="a-stone" d="M-8,-4h16v12h-16Z"/><path class="a-roof-big" d="M-10,-3l10,-9l10,9Z"/>'
  + '<path class="a-door" d="M-2,8v-5h4v5Z"/></g>';

let defsMounted = null;
/** Puts the shared art <defs> into the document once (a hidden 0 × 0 SVG); idempotent. */
export function ensureArtDefs(doc = globalThis.document) {
  if (!doc?.body || (defsMounted === doc && doc.getElementById('art-defs'))) return;
  if (!doc.getElementById('art-defs')) {
    const holder = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
    holder.setAttribute('id', 'art-defs');
    holder.setAttribute('class', 'art-defs');
    holder.setAttribute('width', '0');
    holder.setAttribute('height', '0');
    holder.setAttribute('aria-hidden', 'true');
    holder.innerHTML = `<defs>${ART_DEFS}</defs>`;
    doc.body.prepend(holder);
  }
  defsMounted = doc;
}

const use = (id, cls, [x, y]) => `<g transform="translate(${+x.toFixed(2)} ${+y.toFixed(2)})"><use class="${cls}" href="#${id}"/></g>`;

/** The end of the visible part of a road whose other part runs in a tunnel, with its direction. */
function tunnelMouth(parts) {
  const seen = parts.find((p) => !p.tunnel);
  const hidden = parts.find((p) => p.tunnel);
  if (!seen || !hidden) return null;
  const [, from] = seen.shape[0];
  const to = seen.shape.at(-1).at(-1);
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const len = Math.hypot(dx, dy) || 1;
  // The mouth sits a little before the middle, where the road dives under.
  return { at: [from[0] + dx * 0.62, from[1] + dy * 0.62], dir: [dx / len, dy / len] };
}

/**
 * Texture points of a layout in canonical orientation: grass tufts in the open fields and
 * little houses inside cities, on a staggered grid, clear of roads, walls and symbols.
 */
function textureOf(l) {
  if (l.texture) return l.texture;
  const roads = l.roads.flatMap((r) => r.polys);
  const cityOf = (p) => l.cities.filter((c) => insidePolygon(p, c.poly)).at(-1) ?? null;
  const edgeDist = (p, c) => distToPolyline(p, c.poly.concat([c.poly[0]]));
  const symbols = [...l.cities.flatMap((c) => c.pennants), ...l.decor.map((d) => d.at)];
  const grass = [], houses = [];
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 6; col++) {
      const p = [8 + col * 17 + (row % 2) * 8 + ((row * 7 + col * 3) % 5) - 2, 9 + row * 17 + ((col * 5 + row) % 4) - 1.5];
      if (p[0] > 96 || p[1] > 96) continue;
      if (symbols.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 11)) continue;
      const c = cityOf(p);
      if (c) { if (edgeDist(p, c) > 7) houses.push(p); continue; }
      if (l.cities.some((o) => edgeDist(p, o) < 5)) continue;
      if (roads.some((poly) => distToPolyline(p, poly) < 10)) continue;
      if (l.monastery && Math.abs(p[0] - 50) < 26 && Math.abs(p[1] - 50) < 26) continue;
      if (l.pockets.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 14)) continue;
      grass.push(p);
    }
  }
  l.texture = { grass, houses };
  return l.texture;
}

const markupCache = new Map();

/**
 * The SVG markup of a tile in tile-local coordinates (0–100), turned by `rotation`: shapes
 * are turned point by point, so patterns and symbols (pennants, buildings) stay upright.
 * Every element carries a `t-*` class that styles.css colours; the markup is cached.
 */
export function tileMarkup(type, rotation = 0) {
  const key = `${type.id}@${rotation}`;
  let m = markupCache.get(key);
  if (!m) { m = buildMarkup(type, rotation); markupCache.set(key, m); }
  return m;
}

function buildMarkup(type, rotation) {
  ensureArtDefs();
  const l = layoutOf(type);
  const R = (shape) => pathD(rotShape(shape, rotation));
  const P = (p) => rotatePoint(p, rotation);
  const out = [];
  if (l.abbey) {
    out.push('<rect class="t-abbey-ground" width="100" height="100"/>');
    out.push(use('art-abbey', 't-abbey', [50, 50]));
    return `<g class="tile-art art-abbey-tile">${out.join('')}</g>`;
  }
  out.push('<rect class="t-field" width="100" height="100"/>');
  const tex = textureOf(l);
  const f = (v) => +v.toFixed(1);
  if (tex.grass.length) {
    out.push(`<path class="t-grass" d="${tex.grass.map((g) => { const [x, y] = P(g); return `M${f(x - 2.5)},${f(y + 2)}l1.2,-4l1.3,4l1.5,-3.2l0.8,3.2`; }).join('')}"/>`);
  }
  // Few elements per tile paint fastest: all road parts of a tile share one path per layer.
  const tunnels = [];
  const roadD = [];
  for (const r of l.roads) {
    for (const p of r.parts) (p.tunnel ? tunnels : roadD).push(R(p.shape));
  }
  if (roadD.length) {
    const d = roadD.join('');
    out.push(`<path class="road t-kerb" d="${d}"/><path class="t-road" d="${d}"/><path class="t-road-tex" d="${d}"/>`);
  }
  const crossed = l.cities.some((c) => c.over);
  for (const c of l.cities) {
    const d = R(c.fill);
    if (c.over) {
      // What passes over casts a shadow on what it crosses; the inner fields show as gardens.
      for (const p of l.pockets) {
        const [x, y] = P(p);
        out.push(`<circle class="t-pocket" cx="${x}" cy="${y}" r="11"/>`);
      }
      out.push(`<path class="t-shadow" d="${d}" transform="translate(2.5 3)"/>`);
    }
    const depth = c.over ? ' t-over' : crossed ? ' t-under' : '';
    out.push(`<path class="city t-city${depth}" d="${d}"/>`);
    if (c.walls.length) {
      const wd = c.walls.map(R).join('');
      out.push(`<path class="t-wall${c.over ? ' t-over' : ''}" d="${wd}"/><path class="t-wall-top" d="${wd}"/>`);
    }
  }
  if (tex.houses.length) {
    const pts = tex.houses.map(P);
    out.push(`<path class="t-city-tex" d="${pts.map(([x, y]) => `M${f(x - 3.5)},${f(y)}h7v4.5h-7Z`).join('')}"/>`
      + `<path class="t-city-tex t-roofs" d="${pts.map(([x, y]) => `M${f(x - 4.5)},${f(y + 0.5)}l4.5,-4.5l4.5,4.5Z`).join('')}"/>`);
  }
  // A road in a tunnel: its hidden course dashed over what covers it, and a dark mouth.
  if (tunnels.length) out.push(`<path class="t-tunnel" d="${tunnels.join('')}"/>`);
  for (const r of l.roads) {
    const mouth = tunnelMouth(r.parts);
    if (!mouth) continue;
    const [x, y] = P(mouth.at);
    const [ux, uy] = rotatePoint([50 + mouth.dir[0], 50 + mouth.dir[1]], rotation).map((v) => v - 50);
    const ang = (Math.atan2(uy, ux) * 180) / Math.PI - 90;
    out.push(`<g transform="translate(${+x.toFixed(2)} ${+y.toFixed(2)}) rotate(${+ang.toFixed(1)})"><path class="t-mouth" d="M-8,3v-3a8,8 0 0,1 16,0v3Z"/><path class="t-mouth-hole" d="M-5,3v-2a5,5 0 0,1 10,0v2Z"/></g>`);
  }
  for (const d of l.decor) {
    const [x, y] = P(d.at);
    if (d.kind === 'crossing') out.push(`<circle class="t-crossing" cx="${x}" cy="${y}" r="10"/><rect class="t-crossing-mark" x="${x - 4}" y="${y - 4}" width="8" height="8" transform="rotate(45 ${x} ${y})"/>`);
    if (d.kind === 'house') out.push(use('art-house', 't-house', [x, y]));
    if (d.kind === 'well') out.push(`<circle class="t-well" cx="${x}" cy="${y}" r="9"/><circle class="t-water" cx="${x}" cy="${y}" r="5"/>`);
    if (d.kind === 'gate') out.push(`<circle class="t-gate" cx="${x}" cy="${y}" r="5.5"/>`);
  }
  for (const c of l.cities) for (const p of c.pennants) out.push(use('art-pennant', 't-pennant', P(p)));
  if (l.monastery) out.push(use('art-monastery', 't-monastery', [50, 50]));
  return `<g class="tile-art">${out.join('')}</g>`;
}

/** A standalone SVG picture of a tile, for the drawn tile, the drawer and help. */
export function tileSvg(type, rotation = 0, size = 64, label = t('game.tile.label', { id: type.id })) {
  return `<svg class="tile-pic" viewBox="-2 -2 104 104" width="${size}" height="${size}" role="img" aria-label="${label}">`
    + `${tileMarkup(type, rotation)}<rect class="tile-pic-edge" width="100" height="100"/></svg>`;
}

/** The canonical segment that a board-orientation location name names on a placed tile. */
export function segmentAt(type, rotation, name) {
  const local = unrotateName(name, rotation);
  return type.segments.find((s) => {
    if (local === 'monastery') return s.kind === 'monastery';
    if (local === 'inner') return s.inner === 1;
    if (local === 'inner2') return s.inner === 2;
    return s.sides.includes(local) || s.halves.includes(local);
  }) ?? null;
}

/**
 * Where a figure on location `name` of a tile placed with `rotation` stands, in tile-local
 * board-oriented coordinates. Barn corners sit on the tile's corner.
 */
export function anchorFor(type, rotation, name) {
  if (CORNER_POINT[name]) return CORNER_POINT[name];
  const seg = segmentAt(type, rotation, name);
  if (!seg) return [50, 50];
  return rotatePoint(layoutOf(type).anchors[seg.index] ?? [50, 50], rotation);
}

/**
 * What a player calls location `name` of a tile placed with `rotation`, in board orientation:
 * `{kind, dir?, inner?, by?}` (see namePlaces), or `{kind: 'corner', dir}` for a barn's
 * corner; null if the tile has no such segment. Each language words it (i18n `game.place`).
 */
export function placeOf(type, rotation, name) {
  if (CORNER_POINT[name]) return { kind: 'corner', dir: name };
  const seg = type ? segmentAt(type, rotation, name) : null;
  const place = seg && layoutOf(type).places[seg.index];
  if (!place) return null;
  return place.dir ? { ...place, dir: rotateDir(place.dir, rotation) } : { ...place };
}

/** The city fill paths and road centre lines of one segment, board-oriented, for overlays. */
export function segmentShapes(type, rotation, name) {
  const seg = segmentAt(type, rotation, name);
  if (!seg) return null;
  const l = layoutOf(type);
  const city = l.cities.find((c) => c.seg === seg.index);
  if (city) return { kind: 'city', d: pathD(rotShape(city.fill, rotation)) };
  const road = l.roads.find((r) => r.seg === seg.index);
  if (road) return { kind: 'road', d: road.parts.map((p) => pathD(rotShape(p.shape, rotation))).join('') };
  return { kind: seg.kind, d: null };
}
