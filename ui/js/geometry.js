// Geometry shared by the board and the tile drawings: RULES.md §1 names, rotations, and
// the mapping between board cells, tile-local points and screen pixels. No DOM here.

/** Side names clockwise from north. */
export const SIDES = ['N', 'E', 'S', 'W'];
/** Half-edge names clockwise from the north-west corner (RULES.md §1). */
export const HALVES = ['Nw', 'Ne', 'En', 'Es', 'Se', 'Sw', 'Ws', 'Wn'];
/** Barn corners clockwise from the north-west. */
export const CORNERS = ['NW', 'NE', 'SE', 'SW'];
/** One tile is drawn in a 100 × 100 box; the board places tile (x, y) at (100x, 100y). */
export const TILE = 100;

/** The midpoint of each side in tile-local coordinates. */
export const SIDE_POINT = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
/** A point just inside each half-edge, where a field touching it is surely green. */
export const HALF_POINT = {
  Nw: [25, 13], Ne: [75, 13], En: [87, 25], Es: [87, 75],
  Se: [75, 87], Sw: [25, 87], Ws: [13, 75], Wn: [13, 25],
};
/** Where a barn stands: just inside each corner. */
export const CORNER_POINT = { NW: [0, 0], NE: [100, 0], SE: [100, 100], SW: [0, 100] };

/** The eight compass directions, clockwise from east (y grows south). */
export const COMPASS = ['E', 'SE', 'S', 'SW', 'W', 'NW', 'N', 'NE'];

/** The compass direction (N, NE, E, …) nearest to the vector (dx, dy) from a tile's centre. */
export function compass(dx, dy) {
  return COMPASS[(Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) + 8) % 8];
}

/**
 * Where the cell `to` ({x, y}) lies from the cell `from` on the compass: `N`, `NE`, `E`, …
 * by the signs of the differences, as the app words a wagon's `toward`; null for the same cell.
 */
export function cellToward(from, to) {
  return `${to.y < from.y ? 'N' : to.y > from.y ? 'S' : ''}${to.x > from.x ? 'E' : to.x < from.x ? 'W' : ''}` || null;
}

/**
 * Whether the tile-local point `p` lies the way `dir` says from the tile's centre: within the
 * quarter-turn sector around a side's direction (N, E, S, W), or in a corner's quadrant.
 */
export function liesToward([x, y], dir) {
  const dx = x - 50, dy = y - 50;
  switch (dir) {
    case 'N': return dy < 0 && Math.abs(dx) <= -dy;
    case 'S': return dy > 0 && Math.abs(dx) <= dy;
    case 'E': return dx > 0 && Math.abs(dy) <= dx;
    case 'W': return dx < 0 && Math.abs(dy) <= -dx;
    case 'NE': return dx > 0 && dy < 0;
    case 'SE': return dx > 0 && dy > 0;
    case 'SW': return dx < 0 && dy > 0;
    case 'NW': return dx < 0 && dy < 0;
    default: return false;
  }
}

/** Quarter turns for a rotation in degrees (0, 90, 180, 270). */
export function quarters(rotation) {
  return (((rotation / 90) % 4) + 4) % 4;
}

/**
 * Rotates a location name clockwise by `rotation` degrees: canonical → board orientation.
 * Names that do not turn (`monastery`, `inner`, `inner2`) come back unchanged.
 */
export function rotateName(name, rotation) {
  const q = quarters(rotation);
  let i = SIDES.indexOf(name);
  if (i >= 0) return SIDES[(i + q) % 4];
  i = HALVES.indexOf(name);
  if (i >= 0) return HALVES[(i + 2 * q) % 8];
  i = CORNERS.indexOf(name);
  if (i >= 0) return CORNERS[(i + q) % 4];
  return name;
}

/** Turns a compass direction (N, NE, …) or an axis (NS, EW) clockwise by `rotation` degrees. */
export function rotateDir(dir, rotation) {
  if (dir === 'NS' || dir === 'EW') return quarters(rotation) % 2 ? (dir === 'NS' ? 'EW' : 'NS') : dir;
  const i = COMPASS.indexOf(dir);
  return i < 0 ? dir : COMPASS[(i + 2 * quarters(rotation)) % 8];
}

/** The inverse of rotateName: board orientation → canonical. */
export function unrotateName(name, rotation) {
  return rotateName(name, (360 - (rotation % 360)) % 360);
}

/** Rotates a tile-local point clockwise about the tile centre (y grows south). */
export function rotatePoint([x, y], rotation) {
  switch (quarters(rotation)) {
    case 1: return [100 - y, x];
    case 2: return [100 - x, 100 - y];
    case 3: return [y, 100 - x];
    default: return [x, y];
  }
}

/** The cell key used in maps: "x,y". */
export function cellKey(x, y) {
  return `${x},${y}`;
}

/** The bounding box, in cells, of a list of {x, y}; null for an empty list. */
export function bounds(cells) {
  if (!cells.length) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const { x, y } of cells) {
    minX = Math.min(minX, x); minY = Math.min(minY, y);
    maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/**
 * The camera (scale in pixels per board unit and the board point at the viewport's
 * top-left) that shows the cells' bounding box, with a margin, inside a viewport.
 */
export function fitCamera(box, width, height, { margin = 0.6, maxTilePx = 160, minTilePx = 24 } = {}) {
  const w = (box.maxX - box.minX + 1 + 2 * margin) * TILE;
  const h = (box.maxY - box.minY + 1 + 2 * margin) * TILE;
  let scale = Math.min(width / w, height / h);
  scale = Math.max(minTilePx / TILE, Math.min(maxTilePx / TILE, scale));
  const cx = ((box.minX + box.maxX + 1) / 2) * TILE;
  const cy = ((box.minY + box.maxY + 1) / 2) * TILE;
  return { scale, x: cx - width / (2 * scale), y: cy - height / (2 * scale) };
}

/** Zooms a camera by `factor` about the screen point (sx, sy), keeping that point fixed. */
export function zoomAt(camera, factor, sx, sy, { minScale = 0.15, maxScale = 4 } = {}) {
  const scale = Math.max(minScale, Math.min(maxScale, camera.scale * factor));
  const bx = camera.x + sx / camera.scale;
  const by = camera.y + sy / camera.scale;
  return { scale, x: bx - sx / scale, y: by - sy / scale };
}

/** The board point under a screen point. */
export function screenToBoard(camera, sx, sy) {
  return [camera.x + sx / camera.scale, camera.y + sy / camera.scale];
}

/** Whether a cell lies fully inside the camera's view of a width × height viewport. */
export function cellVisible(camera, width, height, x, y, margin = 0.2) {
  const left = (x - margin) * TILE, top = (y - margin) * TILE;
  const right = (x + 1 + margin) * TILE, bottom = (y + 1 + margin) * TILE;
  return left >= camera.x && top >= camera.y
    && right <= camera.x + width / camera.scale && bottom <= camera.y + height / camera.scale;
}
