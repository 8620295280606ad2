// The score-over-turns chart: one line per player in the player's colour, with a distinct
// dash pattern and the player's shape at the end, so it reads without colour too.
import { playerColour, shapePath } from './players.js';
import { t, fmtNumber } from './i18n.js';
import { esc } from './dom.js';

const DASHES = ['', '8 4', '2 4', '10 4 2 4', '4 4', '12 3'];

/**
 * SVG markup for `timeline` ([[scores per player] per record entry]) and `players`
 * ([{name}]). `marker` draws a vertical line at that entry (the replay position).
 */
export function chartSvg(timeline, players, { marker = null, width = 640, height = 260 } = {}) {
  const pad = { l: 40, r: 16, t: 14, b: 30 };
  const n = Math.max(1, timeline.length - 1);
  const max = Math.max(10, ...timeline.flat());
  const top = Math.ceil(max / 20) * 20;
  const x = (i) => pad.l + (i / n) * (width - pad.l - pad.r);
  const y = (v) => height - pad.b - (v / top) * (height - pad.t - pad.b);
  const out = [`<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(t('game.chart.label', { scores: players.map((p, i) => `${p.name} ${fmtNumber(timeline.at(-1)?.[i] ?? 0)}`).join(', ') }))}">`];
  for (let v = 0; v <= top; v += top / 4) {
    out.push(`<line x1="${pad.l}" x2="${width - pad.r}" y1="${y(v)}" y2="${y(v)}" class="grid"/>`
      + `<text x="${pad.l - 6}" y="${y(v) + 4}" text-anchor="end" class="axis">${v}</text>`);
  }
  const ticks = Math.min(6, n);
  for (let k = 0; k <= ticks; k++) {
    const i = Math.round((k * n) / ticks);
    out.push(`<text x="${x(i)}" y="${height - 10}" text-anchor="middle" class="axis">${i}</text>`);
  }
  players.forEach((p, seat) => {
    const pts = timeline.map((row, i) => `${x(i).toFixed(1)},${y(row[seat] ?? 0).toFixed(1)}`);
    out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${playerColour(seat)}" stroke-width="3" stroke-dasharray="${DASHES[seat % 6]}" stroke-linejoin="round"/>`);
    const last = timeline.at(-1) ?? [];
    out.push(`<path d="${shapePath(seat, x(n), y(last[seat] ?? 0), 6)}" fill="${playerColour(seat)}" stroke="#1b1b1b" stroke-width="1.5"/>`);
  });
  if (marker != null) {
    out.push(`<line class="marker" x1="${x(Math.min(marker, n))}" x2="${x(Math.min(marker, n))}" y1="${pad.t}" y2="${height - pad.b}"/>`);
  }
  out.push('</svg>');
  return out.join('');
}

/**
 * SVG markup of one value per game over time, e.g. the profile's accuracy: `points`
 * ([{value, label}] oldest first), drawn as a line with a dot per game between `min` and
 * `max` (`unit` after the axis numbers). `label`: what screen readers hear.
 */
export function seriesSvg(points, { label, min = 0, max = 100, unit = '', width = 640, height = 200 } = {}) {
  const pad = { l: 48, r: 16, t: 14, b: 30 };
  const n = Math.max(1, points.length - 1);
  const x = (i) => (points.length === 1 ? (pad.l + width - pad.r) / 2 : pad.l + (i / n) * (width - pad.l - pad.r));
  const y = (v) => height - pad.b - ((Math.max(min, Math.min(max, v)) - min) / (max - min || 1)) * (height - pad.t - pad.b);
  const out = [`<svg class="chart series" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label ?? '')}">`];
  for (let k = 0; k <= 4; k++) {
    const v = min + ((max - min) * k) / 4;
    out.push(`<line x1="${pad.l}" x2="${width - pad.r}" y1="${y(v)}" y2="${y(v)}" class="grid"/>`
      + `<text x="${pad.l - 6}" y="${y(v) + 4}" text-anchor="end" class="axis">${Math.round(v)}${unit}</text>`);
  }
  const ticks = Math.min(6, points.length - 1);
  for (let k = 0; k <= ticks; k++) {
    const i = ticks ? Math.round((k * n) / ticks) : 0;
    out.push(`<text x="${x(i)}" y="${height - 10}" text-anchor="middle" class="axis">${esc(points[i].label ?? String(i + 1))}</text>`);
  }
  if (points.length > 1) out.push(`<polyline class="series-line" points="${points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}" fill="none"/>`);
  points.forEach((p, i) => out.push(`<circle class="series-dot" cx="${x(i).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="4"/>`));
  out.push('</svg>');
  return out.join('');
}
