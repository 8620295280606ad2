// The luck of the draw (API.md, "Luck"), in points and in win chance: the end dialog's sentence ("You lost by 12 points;
// the draws cost you 18. With average draws you would have won by about 6."), each player's
// draws, the replay's luck strip (a bar per draw beside the win-chance graph) and the
// profile's luck over its games.
import { h, esc } from './dom.js';
import { t, fmtNumber } from './i18n.js';
import { playerColour, badgeSvg } from './players.js';

/** A whole number of points and its sign as shown: "+", "−" or "" for 0. */
export function signed(v) {
  const n = Math.round(v);
  return { sign: n > 0 ? '+' : n < 0 ? '−' : '', points: Math.abs(n) };
}

/** A win-chance luck (−1…1) as shown: whole percentage points and their sign. */
function winSigned(w) {
  const { sign, points } = signed((w ?? 0) * 100);
  return { winSign: sign, win: points };
}

/** An outcome by a margin in whole points: `won`, `lost` or `drawn`. */
const outcomeOf = (m) => (m > 0 ? 'won' : m < 0 ? 'lost' : 'drawn');

/**
 * The sentences of `seat`'s luck in `luck` (the whole analysis): the result and what the draws
 * did to it, then the result with average draws. With two players the margins are against
 * the opponent; with more, against the others' average (as the analysis measures them).
 */
export function luckSentences(luck, seat) {
  const me = luck?.players?.[seat];
  if (!me) return null;
  const vs = luck.players.length > 2 ? 'mean' : 'one';
  const margin = Math.round(me.margin);
  // The net luck from the players' draws as shown (whole points each), so that the sentence
  // and the list below it agree: with two players, mine minus yours.
  const others = luck.players.filter((p) => p.player !== seat);
  const net = others.length && luck.players.every((p) => typeof p.points === 'number')
    ? Math.round(Math.round(me.points) - others.reduce((a, p) => a + Math.round(p.points), 0) / others.length)
    : Math.round(me.netPoints);
  const adjusted = margin - net;
  const effect = net === 0 ? 'even' : net < 0 ? 'cost' : 'gave';
  return {
    result: `${t('luck.result', { outcome: outcomeOf(margin), margin: Math.abs(margin), vs })}; ${t('luck.draws', { effect, points: Math.abs(net) })}`,
    adjusted: net === 0 ? null : t('luck.adjusted', { outcome: outcomeOf(adjusted), margin: Math.abs(adjusted), vs }),
  };
}

const who = (seat, human, players) => ({ name: players[seat]?.name ?? '?', you: seat === human });

/** Each player's draws in points and win chance, with their badge (the strip's colours). */
export function luckPlayers(luck, human, players) {
  return h('ul', { class: 'luck-players' }, luck.players.map((p) => h('li', { 'data-seat': String(p.player) },
    h('span', { class: 'luck-dot', html: badgeSvg(p.player, 16) }),
    t('luck.player', { who: who(p.player, human, players), ...signed(p.points), ...winSigned(p.win) }))));
}

/** The end dialog's box: the sentences, then each player's draws; `human` null (several
 * people at one device): no sentences to "you", each player's draws by name. */
export function luckBox(luck, human, players) {
  const s = human == null ? null : luckSentences(luck, human);
  if (!s && human != null) return null;
  if (!luck?.players?.length) return null;
  return h('div', { class: 'luck-box' },
    h('h3', {}, t('luck.title')),
    s ? h('p', { class: 'luck-line' }, s.result, s.adjusted ? [' ', s.adjusted] : null) : null,
    luckPlayers(luck, human, players),
    h('p', { class: 'luck-help' }, t('luck.help')));
}

const STRIP = { height: 120, l: 40, r: 12, t: 10, b: 22 };

/**
 * The luck strip of a match of `turns` turns: a bar per draw at its turn, up for a lucky draw
 * and down for an unlucky one, in the drawer's colour (the human's solid, the others' lighter). `select(turn)` marks that turn and says what its draw was worth;
 * tapping picks the nearest draw: `onTurn(turn)`.
 */
export function luckStrip(luck, turns, human, players, onTurn) {
  const box = h('div', { class: 'chart-box luck-strip' });
  const caption = h('p', { class: 'luck-caption', 'aria-live': 'polite' }, t('luck.pick'));
  const draws = luck.draws ?? [];
  const top = Math.max(5, ...draws.map((d) => Math.abs(d.points)));
  let marked = null;
  let x = () => 0;
  const parts = luck.players.map((p) => `${p.player === human ? t('luck.stripYou') : players[p.player]?.name ?? '?'} ${signed(p.points).sign}${fmtNumber(signed(p.points).points)}`).join(', ');
  const draw = () => {
    const width = Math.max(300, Math.min(1000, Math.round(box.clientWidth || 640)));
    const G = { ...STRIP, width };
    const n = Math.max(1, turns);
    x = (turn) => G.l + (turn / n) * (G.width - G.l - G.r);
    const mid = G.t + (G.height - G.t - G.b) / 2;
    const y = (v) => mid - (v / top) * ((G.height - G.t - G.b) / 2);
    const bar = Math.max(2, Math.min(8, ((G.width - G.l - G.r) / n) * 0.7));
    const out = [`<svg class="chart" viewBox="0 0 ${G.width} ${G.height}" role="img" aria-label="${esc(t('luck.strip', { parts }))}">`];
    for (const v of [top, 0, -top]) {
      out.push(`<line x1="${G.l}" x2="${G.width - G.r}" y1="${y(v)}" y2="${y(v)}" class="grid${v === 0 ? ' zero' : ''}"/>`
        + `<text x="${G.l - 6}" y="${y(v) + 4}" text-anchor="end" class="axis">${v > 0 ? '+' : v < 0 ? '−' : ''}${fmtNumber(Math.round(Math.abs(v)))}</text>`);
    }
    if (marked != null) out.push(`<line class="marker" x1="${x(marked)}" x2="${x(marked)}" y1="${G.t}" y2="${G.height - G.b}"/>`);
    for (const d of draws) {
      const y0 = y(0), y1 = y(d.points);
      out.push(`<rect class="luck-bar${d.player === human ? ' mine' : ''}${d.turn === marked ? ' on' : ''}" data-turn="${d.turn}" data-seat="${d.player}" x="${(x(d.turn) - bar / 2).toFixed(1)}" y="${Math.min(y0, y1).toFixed(1)}" width="${bar.toFixed(1)}" height="${Math.max(1, Math.abs(y1 - y0)).toFixed(1)}" fill="${playerColour(d.player)}"/>`);
    }
    out.push('</svg>');
    box.innerHTML = out.join('');
  };
  box.addEventListener('click', (e) => {
    const svg = box.querySelector('svg');
    const m = svg?.getScreenCTM();
    if (!m || !draws.length) return;
    const px = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse()).x;
    let best = draws[0];
    for (const d of draws) if (Math.abs(x(d.turn) - px) < Math.abs(x(best.turn) - px)) best = d;
    onTurn(best.turn);
  });
  const select = (turn) => {
    marked = turn;
    draw();
    const d = draws.find((q) => q.turn === turn);
    if (!d) { caption.textContent = turn >= 1 && turn <= turns ? t('luck.none') : t('luck.pick'); return; }
    // Against the average draw (a tile's own value is a projected score difference, which
    // says little alone).
    const gain = Math.round(d.points);
    const best = Math.round(d.bestValue - d.mean);
    caption.textContent = t('luck.draw', { who: who(d.player, human, players), turn: d.turn, effect: gain > 0 ? 'more' : gain < 0 ? 'less' : 'same', points: Math.abs(gain) })
      + (best > gain ? ` ${t('luck.best', { points: best })}` : '');
  };
  draw();
  let drawnAt = box.clientWidth;
  new ResizeObserver(() => { if (box.clientWidth && Math.abs(box.clientWidth - drawnAt) > 8) { drawnAt = box.clientWidth; draw(); } }).observe(box);
  return { el: h('div', { class: 'luck-strip-box' }, box, caption), select };
}

/** The profile's luck over its weighed games (Stats.luckGames, luckPoints). */
export function luckProfile(stats) {
  const n = stats?.luckGames ?? 0;
  if (!n) return h('p', { class: 'luck-profile' }, t('luck.profileNone'));
  const mean = (stats.luckPoints ?? 0) / n;
  const r = Math.round(mean * 10) / 10;
  return h('p', { class: 'luck-profile' }, t('luck.profile', { n, sign: r > 0 ? '+' : r < 0 ? '−' : '', points: Math.abs(r) }));
}
