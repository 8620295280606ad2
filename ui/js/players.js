// Player identity: an Okabe–Ito colour and a distinct shape per seat, so that players stay
// distinguishable for colour-blind people and in greyscale. No DOM here: markup strings only.
import { t } from './i18n.js';

/** Okabe–Ito colours, in seat order (the human is seat 0). */
export const PLAYER_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#56B4E9', '#CC79A7'];
/** The colours' names (keys of common.colour.*), read out to screen readers and shown in help. */
export const COLOUR_NAMES = ['blue', 'orange', 'green', 'vermilion', 'skyBlue', 'purple'];
/** One shape per seat, drawn on every figure and next to every name (keys of common.shape.*). */
export const SHAPE_NAMES = ['circle', 'square', 'triangle', 'diamond', 'star', 'hexagon'];

export function playerColour(seat) {
  return PLAYER_COLOURS[seat % PLAYER_COLOURS.length];
}

/** An SVG path for the seat's shape, centred on (cx, cy) with radius r. */
export function shapePath(seat, cx, cy, r) {
  const pts = (n, radius, start) => Array.from({ length: n }, (_, i) => {
    const a = start + (i * 2 * Math.PI) / n;
    return [cx + radius * Math.cos(a), cy + radius * Math.sin(a)];
  });
  const poly = (p) => `M${p.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join('L')}Z`;
  switch (seat % 6) {
    case 0: return `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case 1: return poly(pts(4, r * 1.2, Math.PI / 4));
    case 2: return poly(pts(3, r * 1.25, -Math.PI / 2).map(([x, y]) => [x, y + r * 0.2]));
    case 3: return poly(pts(4, r * 1.3, -Math.PI / 2));
    case 4: {
      const outer = pts(5, r * 1.35, -Math.PI / 2);
      const inner = pts(5, r * 0.6, -Math.PI / 2 + Math.PI / 5);
      return poly(outer.flatMap((p, i) => [p, inner[i]]));
    }
    default: return poly(pts(6, r * 1.2, 0));
  }
}

/** A small standalone SVG badge of the seat's colour and shape, for lists and the scoreboard. */
export function badgeSvg(seat, size = 22) {
  const c = playerColour(seat);
  return `<svg class="badge" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true">`
    + `<path d="${shapePath(seat, 12, 12, 8.5)}" fill="${c}" stroke="#1b1b1b" stroke-width="1.5"/></svg>`;
}

/** A short description of a player's marks for screen readers: "blue circle". */
export function markName(seat) {
  return t('game.mark', { colour: t(`common.colour.${COLOUR_NAMES[seat % 6]}`), shape: t(`common.shape.${SHAPE_NAMES[seat % 6]}`) });
}

// Figure outlines in a local box centred on (0, 0), about 30 units tall: a standing meeple,
// a mayor (a meeple with a tall hat), a wagon and a barn.
const MEEPLE = 'M0,-15c4,0 6,3 6,6c0,2 -1,3 -2,4l10,3c3,1 3,6 0,6l-7,0l6,11c1,3 -1,4 -3,4l-6,0'
  + 'l-4,-7l-4,7l-6,0c-2,0 -4,-1 -3,-4l6,-11l-7,0c-3,0 -3,-5 0,-6l10,-3c-1,-1 -2,-2 -2,-4'
  + 'c0,-3 2,-6 6,-6Z';
const HAT = 'M-6,-13l2,-10l8,0l2,10Z';
const WAGON = 'M-15,-8l30,0l-3,12l-24,0Z M-9,6a4,4 0 1,0 0.1,0Z M9,6a4,4 0 1,0 0.1,0Z';
const BARN = 'M-13,12l0,-14l13,-10l13,10l0,14Z';

/**
 * Markup of one figure, in board units, centred on (x, y). `kind` is follower | mayor |
 * wagon | barn; `farmer` lays a follower down. `scale` grows it when zoomed out.
 */
export function figureSvg(seat, kind, x, y, { farmer = false, scale = 1, extraClass = '' } = {}) {
  const c = playerColour(seat);
  const place = `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${scale.toFixed(3)})`;
  let body;
  let mark;
  if (kind === 'wagon') {
    body = `<path d="${WAGON}" fill="${c}"/>`;
    mark = shapePath(seat, 0, -2, 3.6);
  } else if (kind === 'barn') {
    body = `<path d="${BARN}" fill="${c}"/><path d="M-4,12l0,-8l8,0l0,8" fill="none" stroke="#1b1b1b" stroke-width="1.5"/>`;
    mark = shapePath(seat, 0, -3, 3.2);
  } else {
    const rot = farmer ? ' transform="rotate(-90)"' : '';
    const hat = kind === 'mayor' ? `<path d="${HAT}" fill="${c}"/>` : '';
    body = `<g${rot}>${hat}<path d="${MEEPLE}" fill="${c}"/></g>`;
    mark = shapePath(seat, 0, farmer ? 0 : 1, 4);
  }
  return `<g class="figure ${kind}${farmer ? ' farmer' : ''} ${extraClass}" transform="${place}">`
    + `<g class="figure-body" stroke="#1b1b1b" stroke-width="2" stroke-linejoin="round">${body}</g>`
    + `<path d="${mark}" fill="#fff" stroke="#1b1b1b" stroke-width="0.8"/></g>`;
}

/** A figure as a small standalone SVG, for the scoreboard and the action panel. */
export function miniFigure(seat, kind) {
  return `<svg viewBox="-17 -24 34 40" width="20" height="22" aria-hidden="true">${figureSvg(seat, kind, 0, 0)}</svg>`;
}
