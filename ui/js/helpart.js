// The Help screen's pictures: small scenes of real tiles from the app's tile set (`tiles`),
// drawn by the board's own tile art (tiledraw.js) and figures (players.js), so no bitmap has
// to be kept in step with the game. A scene is data: tiles on a little grid, figures on their
// features or on a tile corner, highlighted squares, dead squares and arrows.
import { tileMarkup, layoutOf, segmentShapes } from './tiledraw.js';
import { rotatePoint, rotateName, CORNER_POINT } from './geometry.js';
import { figureSvg, badgeSvg } from './players.js';
import { esc } from './dom.js';

const T = 100;

/**
 * Where a figure stands, in scene units: on the first segment of `feature` (road, city,
 * monastery, field; `nth` for a later one) of the tile at (x, y), or on its `corner`.
 */
function figurePoint(types, tiles, f) {
  const tile = tiles.find((t) => t.x === f.x && t.y === f.y);
  const type = tile && types.get(tile.id);
  if (!type) return null;
  let p = CORNER_POINT[f.corner] ?? null;
  if (!p) {
    const seg = type.segments.filter((s) => s.kind === f.feature)[f.nth ?? 0];
    if (!seg) return null;
    p = rotatePoint(layoutOf(type).anchors[seg.index] ?? [50, 50], tile.r ?? 0);
  }
  return [f.x * T + p[0], f.y * T + p[1]];
}

/** A line with an arrow head from `a` to `b` (scene units), stopping short of both ends. */
function arrow([ax, ay], [bx, by]) {
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const [ux, uy] = [(bx - ax) / len, (by - ay) / len];
  const [sx, sy] = [ax + ux * 18, ay + uy * 18];
  const [ex, ey] = [bx - ux * 22, by - uy * 22];
  const head = `M${ex + ux * 12},${ey + uy * 12}L${ex - uy * 8},${ey + ux * 8}L${ex + uy * 8},${ey - ux * 8}Z`;
  const f = (v) => +v.toFixed(1);
  return `<path class="help-arrow" d="M${f(sx)},${f(sy)}L${f(ex)},${f(ey)}"/><path class="help-arrow-head" d="${head.replace(/-?\d+\.\d+/g, (v) => String(f(+v)))}"/>`;
}

/**
 * The SVG markup of a scene, or null when the tile set lacks one of its tiles. `scene`:
 * `tiles` [{id, x, y, r}], `figures` [{seat, kind, x, y, feature | corner, farmer}],
 * `spots` (highlighted squares) and `dead` (dead squares) [{x, y}], `doomed` [{x, y,
 * feature}] (a red dashed outline), `arrows` [{from: figure place, to: figure place}].
 */
export function sceneSvg(types, scene, label) {
  const tiles = scene.tiles ?? [];
  if (tiles.some((t) => !types.get(t.id))) return null;
  const cells = [...tiles, ...(scene.spots ?? []), ...(scene.dead ?? [])];
  const xs = cells.map((c) => c.x), ys = cells.map((c) => c.y);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  const [x1, y1] = [Math.max(...xs) + 1, Math.max(...ys) + 1];
  const out = [];
  for (const t of tiles) {
    out.push(`<g transform="translate(${t.x * T} ${t.y * T})">${tileMarkup(types.get(t.id), t.r ?? 0)}<rect class="tile-pic-edge" width="100" height="100"/></g>`);
  }
  for (const s of scene.spots ?? []) out.push(`<rect class="help-spot" x="${s.x * T + 4}" y="${s.y * T + 4}" width="${T - 8}" height="${T - 8}" rx="8"/>`);
  for (const d of scene.dead ?? []) {
    const [gx, gy] = [d.x * T, d.y * T];
    out.push(`<rect class="help-dead" x="${gx + 4}" y="${gy + 4}" width="${T - 8}" height="${T - 8}" rx="6"/>`
      + `<path class="dead-x" d="M${gx + 32},${gy + 32}L${gx + 68},${gy + 68}M${gx + 68},${gy + 32}L${gx + 32},${gy + 68}"/>`);
  }
  for (const d of scene.doomed ?? []) {
    const tile = tiles.find((t) => t.x === d.x && t.y === d.y);
    const type = tile && types.get(tile.id);
    const seg = type?.segments.find((x) => x.kind === d.feature);
    const shape = seg && segmentShapes(type, tile.r ?? 0, rotateName(seg.name, tile.r ?? 0));
    if (shape?.d) out.push(`<path class="doomed" transform="translate(${d.x * T} ${d.y * T})" d="${shape.d}"/>`);
  }
  const place = (f) => figurePoint(types, tiles, f);
  for (const a of scene.arrows ?? []) {
    const [from, to] = [place(a.from), place(a.to)];
    if (from && to) out.push(arrow(from, to));
  }
  for (const f of scene.figures ?? []) {
    const p = place(f);
    if (p) out.push(figureSvg(f.seat, f.kind, p[0], p[1], { farmer: !!f.farmer, scale: 1.1 }));
  }
  const [w, hgt] = [x1 - x0, y1 - y0];
  const px = Math.min(68, 280 / Math.max(w, hgt));
  return `<svg class="help-scene" viewBox="${x0 * T - 6} ${y0 * T - 6} ${w * T + 12} ${hgt * T + 12}" width="${Math.round(w * px)}" height="${Math.round(hgt * px)}" role="img" aria-label="${esc(label)}">${out.join('')}</svg>`;
}

/** The figures side by side, each named below (e.g. the scoreboard's supply); `farmer` lays
 * a follower down; an `abbey` item shows its tile (`type`, the tile set's abbey). */
export function figuresSvg(items, label) {
  const out = items.map(({ seat, kind, name, type, farmer = false }, i) => {
    const x = 60 + i * 120;
    const fig = kind === 'abbey' ? `<g transform="translate(${x - 28} 10) scale(0.56)">${tileMarkup(type, 0)}<rect class="tile-pic-edge" width="100" height="100"/></g>` : figureSvg(seat, kind, x, farmer ? 50 : 40, { scale: 1.5, farmer });
    return `${fig}<text class="help-label" x="${x}" y="95" text-anchor="middle">${esc(name)}</text>`;
  });
  return `<svg class="help-scene" viewBox="0 0 ${items.length * 120} 105" width="${items.length * 72}" height="63" role="img" aria-label="${esc(label)}">${out.join('')}</svg>`;
}

/** The players' badges, each with its colour and shape named. */
export function badgesHtml(names) {
  return `<ul class="help-badges">${names.map((n, seat) => `<li>${badgeSvg(seat, 26)}<span>${esc(n)}</span></li>`).join('')}</ul>`;
}
