// Every sentence the game screen shows, built here from the app's structured data
// (src-tauri/API.md): the log, the AI's moves, hints, prompts and announcements. Small
// functions from data to strings, no DOM, so that a message catalogue can replace them.
import { markName } from './players.js';

/** A seat's name in a list of players ({name}); "Player N" if the list lacks it. */
export const playerName = (players, seat) => players?.[seat]?.name ?? `Player ${seat + 1}`;
/** "nobody", "Ada", "Ada and Bot Berta", "Ada, Bot Berta and Bot Conrad". */
export function namesList(players, seats) {
  const n = seats.map((s) => playerName(players, s));
  return n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n.at(-1)}` : (n[0] ?? 'nobody');
}
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const at = (x, y) => `(${x}, ${y})`;

/** Names of figure kinds and of locations (RULES.md §1), for the panel's buttons. */
export const KIND_LABEL = { follower: 'Follower', mayor: 'Mayor', wagon: 'Wagon', barn: 'Barn' };
const PLACE_WORDS = {
  N: 'north', E: 'east', S: 'south', W: 'west', Nw: 'north-west', Ne: 'north-east', En: 'east-north',
  Es: 'east-south', Se: 'south-east', Sw: 'south-west', Ws: 'west-south', Wn: 'west-north',
  NW: 'north-west corner', NE: 'north-east corner', SE: 'south-east corner', SW: 'south-west corner',
  monastery: 'monastery', inner: 'inner field', inner2: 'second inner field',
};
export const placeWords = (on) => PLACE_WORDS[on] ?? on;

const CAUSE = { completed: '', barn_placed: ' (barn placed)', barn_joined: ' (joined to a barn)', final: ' (final scoring)' };

/** What a scoring was for (ScoreEvent.scored): "City of 4 tiles + 1 pennant". */
export function scoredWhat(s) {
  const tiles = plural(s.tiles, 'tile', 'tiles');
  if (s.feature === 'road') return `Road of ${tiles}`;
  if (s.feature === 'city') return s.pennants > 0 ? `City of ${tiles} + ${plural(s.pennants, 'pennant', 'pennants')}` : `City of ${tiles}`;
  if (s.feature === 'monastery') return `Monastery with ${tiles}`;
  return `${s.category === 'barn' ? 'Barn' : 'Field'} next to ${plural(s.cities, 'completed city', 'completed cities')}`;
}

/** One ScoreEvent as the log's sentence; `players` are the game's (GameView or MatchSummary). */
export function eventText(ev, players) {
  const who = ev.player == null ? '' : playerName(players, ev.player);
  const where = at(ev.x, ev.y);
  const s = ev.scored;
  switch (ev.type) {
    case 'tile_placed': return `${who} placed ${ev.tile} at ${where}, ${ev.rotation}°`;
    case 'tile_discarded': return `${who} drew ${ev.tile}, which fits nowhere: discarded`;
    case 'abbey_placed': return `${who} placed the abbey at ${where}`;
    case 'figure_placed': return `${who} placed a ${ev.figure} on ${ev.on} at ${where}`;
    case 'scored': return `${scoredWhat(s)}${CAUSE[s.cause] ?? ''}: ${s.points} to ${namesList(players, s.players)}${s.players.length > 1 ? ' (tied)' : ''}`;
    case 'figure_returned': return `${who}'s ${ev.figure} came back from ${where}`;
    case 'wagon_moved': return `${who}'s wagon moved from ${where} to ${ev.to.on} at ${at(ev.to.x, ev.to.y)}`;
    case 'passed': return `${who} kept the abbey`;
    case 'game_ended': return 'The game ended: final scoring';
    default: return '';
  }
}

/** A MoveInput in words, "placed V at (1, 0), 90°"; `tile`: the placed tile's id. */
export function moveText(m, tile) {
  switch (m.type) {
    case 'draw': return 'drew a tile';
    case 'place': return tile ? `placed ${tile} at ${at(m.x, m.y)}, ${m.rotation}°` : `placed a tile at ${at(m.x, m.y)}`;
    case 'abbey': return `placed the abbey at ${at(m.x, m.y)}`;
    case 'figure': return `placed the ${m.kind} on ${m.on}`;
    case 'no_figure': return 'placed no figure';
    case 'wagon': return m.to ? `moved the wagon to ${m.to.on} at ${at(m.to.x, m.to.y)}` : 'took the wagon home';
    case 'pass': return 'kept the abbey';
    default: return '';
  }
}

/** An `ai-progress` event's line, "Bot Berta placed V at (1, 0), 90°"; '' while thinking. */
export function aiMoveText({ player, move, view }) {
  if (!move || !view) return '';
  const tile = move.type === 'place' ? view.tiles.find((t) => t.x === move.x && t.y === move.y)?.id : null;
  return `${playerName(view.players, player)} ${moveText(move, tile)}`;
}

const TURNS = ['as drawn', 'turned once', 'turned twice', 'turned three times'];
const SIDE_OF = { '0,-1': 'north of', '1,0': 'east of', '0,1': 'south of', '-1,0': 'west of' };

/**
 * Where the square (x, y) is, in players' words, from a tile next to it: "north of the
 * monastery", "east of the tile just placed", "south of the start tile"; '' if none is next
 * to it. `view`: the GameView; `type(id)`: a tile description (for monasteries).
 */
export function besideWords(view, type, x, y) {
  const near = view.tiles.filter((t) => Math.abs(t.x - x) + Math.abs(t.y - y) === 1);
  if (!near.length) return '';
  // The best-known neighbour names the square: a building, the last tile, the start tile,
  // else what the tile shows (a city, a road, a field).
  const kinds = (t) => new Set((type?.(t.id)?.segments ?? []).map((g) => g.kind));
  const names = [
    (t) => (t.id === 'abbey' ? 'the abbey' : type?.(t.id)?.monastery ? 'the monastery' : null),
    (t) => (view.lastPlaced && t.x === view.lastPlaced.x && t.y === view.lastPlaced.y ? 'the last tile placed' : null),
    (t) => (t.order === 0 ? 'the start tile' : null),
    (t) => (kinds(t).has('city') ? 'the city tile' : null),
    (t) => (kinds(t).has('road') ? 'the road tile' : null),
    () => 'the field tile',
  ];
  for (const name of names) {
    const t = near.find(name);
    if (t) return `${SIDE_OF[`${x - t.x},${y - t.y}`]} ${name(t)}`;
  }
  return '';
}

/**
 * The hint (Hint.move) as an instruction in players' words, for the decision it answers:
 * "Hint: Place the tile north of the monastery, turned once. …" No coordinates, no tile letters:
 * the board shows the hinted square, hole, spot or target selected.
 */
export function hintText(move, view, type) {
  const beside = (x, y) => { const w = besideWords(view, type, x, y); return w ? ` ${w}` : ''; };
  const feature = (on) => view.decision?.spots?.find((s) => s.on === on)?.feature;
  let text;
  switch (move.type) {
    case 'draw': text = 'draw a tile and keep your abbey for later'; break;
    case 'place': text = `place the tile${beside(move.x, move.y)}, ${TURNS[(move.rotation / 90) % 4] ?? 'as shown'}`; break;
    case 'abbey': text = `place your abbey in the hole${beside(move.x, move.y)}`; break;
    case 'figure': text = move.kind === 'barn'
      ? `put your barn on the ${placeWords(move.on)} of the new tile`
      : `put your ${move.kind} on the ${feature(move.on) ?? 'spot'} (${placeWords(move.on)}) of the new tile`; break;
    case 'no_figure': text = 'place no figure this turn'; break;
    case 'wagon': text = move.to ? `move your wagon to the highlighted ${view.decision?.targets?.find((t) => t.x === move.to.x && t.y === move.to.y && t.on === move.to.on)?.feature ?? 'feature'}` : 'take your wagon home'; break;
    case 'pass': text = 'keep your abbey'; break;
    default: text = '';
  }
  return `Hint: ${capital(text)}. It is selected on the board: Confirm plays it.`;
}

/**
 * A figure spot's chip on the panel: "City, north"; for a mayor on a city without pennants,
 * a warning that it is worth nothing now (its strength is the city's pennants).
 */
export function spotLabel(kind, on, spot) {
  if (kind === 'barn') return capital(placeWords(on));
  const base = capital(`${spot?.feature ?? ''}, ${placeWords(on)}`);
  return kind === 'mayor' && spot?.pennants === 0 ? `${base}: no pennants, worth nothing now` : base;
}

/** The game bar's turn (API.md, "Turns"): "Turn 40" while playing, "85 turns" when over. */
export const turnLabel = (view) => (view.over ? plural(view.turn, 'turn', 'turns') : `Turn ${view.turn + 1}`);
/** The resume card's turn: the one in progress, as the game bar will show it. */
export const resumeTurn = (info) => `turn ${info.turn + 1}`;
/** The replay's position `pos` (turns completed) of a match of `turns` turns, then its final scoring. */
export function replayLabel(pos, turns) {
  if (pos <= 0) return `Start, before turn 1 of ${turns}`;
  if (pos > turns) return `Final scoring, after turn ${turns} of ${turns}`;
  return `Turn ${pos} of ${turns}`;
}

/** The action panel's prompt for the human's decision `d` (with what is selected). */
export function prompt(d, { selected = false, ways = 0, kinds = 0 } = {}) {
  switch (d.kind) {
    case 'draw_or_abbey': return 'Draw a tile, or place your abbey in a highlighted hole instead.';
    case 'final_abbey': return 'The pile is empty: place your abbey in a highlighted hole now, or keep it for good.';
    case 'place_tile':
      if (!selected) return `Place tile ${d.tile}: tap a highlighted square (${d.cells.length} fit).`;
      return ways > 1 ? `Tap the tile again or press R to turn it (${ways} ways fit), then confirm.` : 'This is the only way it fits here. Confirm, or tap another square.';
    case 'place_figure': return kinds ? 'Place a figure on the new tile (tap a circle), or none.' : 'No figure can go on this tile.';
    case 'move_wagon': return 'Your wagon comes back: move it to a highlighted feature nearby, or take it home.';
    default: return 'Waiting…';
  }
}
export const LAST_CHANCE = 'Last chance! ';
export const OVER = 'The game is over.';
/** While another player decides (`who`: its PlayerView, if any). */
export const waiting = (who) => (who?.kind === 'ai' ? `${who.name} is thinking…` : 'Waiting…');

/** What screen readers hear when the human's decision comes back to them. */
export function turnAnnouncement(view) {
  const d = view.decision;
  if (view.over) return OVER;
  switch (d.kind) {
    case 'place_tile': return `Your turn: place tile ${d.tile}. ${d.cells.length} squares fit.`;
    case 'place_figure': return 'Place a figure or none.';
    case 'draw_or_abbey': return 'Your turn: draw a tile or place your abbey.';
    case 'final_abbey': return 'Last chance to place your abbey.';
    case 'move_wagon': return 'Move your wagon or take it home.';
    default: return '';
  }
}

/** A scoreboard row for screen readers: score, projection, supply, state. */
export function playerSummary(p, abbeyMayor, { current = false, thinking = false } = {}) {
  const s = p.supply;
  const has = (k) => `${k} ${s[k] ? 'in hand' : 'used'}`;
  const supply = `${s.followers} followers${abbeyMayor ? `, ${['mayor', 'wagon', 'barn', 'abbey'].map(has).join(', ')}` : ''}`;
  return `${p.name}${p.level ? ` (${p.level})` : ''}, ${markName(p.seat)}: ${p.score} points, ${p.projected} if the game ended now; ${supply}${current ? '; to move' : ''}${thinking ? '; thinking' : ''}`;
}

/** The scoreboard's legend for the projected scores ("→15"), and one projection in words. */
export const PROJECTED_LEGEND = '→ points if the game ended now';
export const projectedLabel = (n) => `${n} if the game ended now`;

/** The end-of-game dialog's title. */
export function endHeadline(view) {
  const winners = view.result?.winners ?? [];
  if (view.result?.resigned) return 'You resigned.';
  if (winners.includes(view.human)) return winners.length > 1 ? 'A shared victory!' : 'You won!';
  return `${winners.map((w) => view.players[w].name).join(' and ')} won.`;
}

// --- Board-reading aids (GameView.aids, `game_odds`).
const FEATURE_WORD = { road: 'road', city: 'city', monastery: 'monastery', field: 'field' };
/** A chance (0 to 1) as a whole percentage, "<1%" for a small non-zero one. */
export const percent = (p) => (p > 0 && p < 0.005 ? '<1%' : `${Math.round(p * 100)}%`);
/** The tiles drawer's line for one unseen type: "×3 · 6% next". */
export const chanceText = (c) => `${percent(c.chance)} next`;
/** The popover's title for `game_odds`' answer: "Road", "City"… */
export const oddsTitle = (o) => capital(FEATURE_WORD[o.kind] ?? o.kind);
/** The popover's sentence for `game_odds`' answer (Odds, src-tauri/API.md). */
export function oddsText(o) {
  switch (o.completion) {
    case 'complete': return `This ${FEATURE_WORD[o.kind] ?? 'feature'} is complete.`;
    case 'never': return 'A field is never completed: it scores at the end of the game.';
    case 'several_tiles': return 'It needs more than one tile to be completed.';
    case 'one_tile': {
      const hand = o.inHand ? ' The tile in hand can complete it too.' : '';
      if (!o.count) return o.inHand ? 'Only the tile in hand can complete it: no unseen tile can.' : 'It can never be completed: no tile still to come fits its last gap.';
      return `${o.count === 1 ? '1 unseen tile can' : `${o.count} unseen tiles can`} complete it (${percent(o.chance)} next draw).${hand}`;
    }
    default: return '';
  }
}
/** A dead square, for screen readers: "Dead square at (3, -1): no tile left fits; 2 features can never be completed". */
export function deadSquareLabel(d) {
  const n = d.features.length;
  const doom = n ? `; ${plural(n, 'feature', 'features')} next to it can no longer be completed${d.abbeyMayFill ? ' by a land tile' : ''}` : '';
  return `Dead square at ${at(d.x, d.y)}: no tile still to come fits${d.abbeyMayFill && d.hole ? ' (an abbey still could)' : ''}${doom}`;
}
export const AIDS_LABEL = 'Board aids';
export const AIDS_HELP = 'mark dead squares and doomed features, tap a tile for the odds, show each tile\'s chance';

// --- The post-game review (src-tauri/API.md, "Review"): verdicts, moves, the reason why the
// best move is better (`why {id, params}`), progress and accuracy.
/** A verdict's name and its chess-like mark (none for a fine move). */
export const REVIEW_CLASS = { best: 'Best', good: 'Good', inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };
export const REVIEW_MARK = { inaccuracy: '?!', mistake: '?', blunder: '??' };
/** A game's or a move's accuracy (0–100): "87%". */
export const accuracyText = (a) => `${Math.round(a)}%`;
/** A reviewed move (a MoveName) as a short noun phrase: "V at (1, 0), 90°", "follower on the city (north)". */
export function reviewMoveText(m, tile, feature = null) {
  switch (m?.type) {
    case 'draw': return 'draw a tile, keep the abbey';
    case 'place': return `${tile ? `${tile} ` : 'the tile '}at ${at(m.x, m.y)}, ${m.rotation}°`;
    case 'abbey': return `the abbey at ${at(m.x, m.y)}`;
    case 'figure': return m.kind === 'barn' ? `barn on the ${placeWords(m.on)}`
      : `${m.kind} on the ${feature && feature !== placeWords(m.on) ? `${feature} (${placeWords(m.on)})` : placeWords(m.on)}`;
    case 'no_figure': return 'no figure';
    case 'wagon': return m.to ? `wagon to ${placeWords(m.to.on)} at ${at(m.to.x, m.to.y)}` : 'wagon home';
    case 'pass': return 'keep the abbey';
    default: return '';
  }
}
/** What a reviewed decision was about: "Turn 12, tile V". */
export function reviewDecisionTitle(d) {
  const what = { draw_or_abbey: 'draw or abbey', place_tile: d.tile ? `tile ${d.tile}` : 'tile', place_figure: 'figure', move_wagon: 'wagon', final_abbey: 'last abbey' }[d.decision] ?? d.decision;
  return `Turn ${d.turn}, ${what}`;
}
const FEATURE_NOUN = { road: 'road', city: 'city', monastery: 'monastery', abbey: 'abbey', field: 'field' };
const noun = (f) => FEATURE_NOUN[f] ?? f ?? 'feature';
/** One sentence per `why` id (the review's reason, src-tauri/API.md): `p` its params, `players` name the seats. */
const WHY = {
  closes_feature: (p) => `It closes your ${noun(p.feature)} now: +${p.points}.`,
  weak_mayor: (p) => (p.strength ? `Your mayor would have been worth only ${p.strength} there: its strength is the city's pennants.` : 'Your mayor would have been worth 0 there: the city has no pennants.'),
  shares_feature: (p, players) => `Your move shares your ${noun(p.feature)} with ${playerName(players, p.with)}: its points would go to you both.`,
  shares_field: (p, players) => `Your move shares ${playerName(players, p.with)}'s field: its points would go to you both.`,
  loses_feature: (p, players) => `Your move joins your ${noun(p.feature)} to ${playerName(players, p.to)}'s, who holds it more strongly: you would get nothing from it.`,
  more_points: (p) => `It scores ${plural(p.points, 'point', 'points')} more now.`,
  gives_points: (p, players) => `Your move gives ${playerName(players, p.to)} ${plural(p.points, 'point', 'points')} more now.`,
  keeps_follower: (p) => `It keeps your ${p.figure ?? 'follower'} in hand for a better chance later.`,
  places_figure: (p) => `It puts your ${p.figure ?? 'follower'} on the ${noun(p.feature)}.`,
  better_chances: (p) => `Its chances are better: +${percent(p.win ?? 0)} to win${p.points >= 0.5 ? `, ${plural(Math.round(p.points), 'point', 'points')} more expected` : ''}.`,
};
/**
 * The one sentence on why the best move is better, in this game's terms, from the review's
 * `why {id, params}`; `players` name the seats. An unknown id gets a general sentence.
 */
export function whyText(why, players) {
  const f = WHY[why?.id];
  return f ? f(why.params ?? {}, players) : 'The search rates it better for your chance to win.';
}
/** A reviewed move's verdict name with its mark: "Mistake ?". */
export const reviewTag = (c) => `${REVIEW_CLASS[c] ?? c}${REVIEW_MARK[c] ? ` ${REVIEW_MARK[c]}` : ''}`;
/** What was played and what was best: "You played V at (0, 2), 0°; best was V at (1, 2), 90°." */
export function reviewVerdict(d, { playedFeature = null, bestFeature = null } = {}) {
  const played = reviewMoveText(d.played, d.tile, playedFeature);
  if (d.class === 'best') return `You played ${played}: the best move.`;
  return `You played ${played}; best was ${reviewMoveText(d.best, d.tile, bestFeature)}.`;
}
/** The win chances of a reviewed move: "Win chance 41% (best 58%)". */
export const reviewWinText = (d) => (d.class === 'best' ? `Win chance ${percent(d.playedWin)}` : `Win chance ${percent(d.playedWin)} (best ${percent(d.bestWin)})`);
/** A review's progress (`review-progress` / ReviewStatus) in words. */
export function reviewProgressText(s) {
  switch (s?.state) {
    case 'running': return s.total ? `Reviewing your moves: ${s.done} of ${s.total} decisions` : 'Reviewing your moves…';
    case 'done': return 'Review done.';
    case 'cancelled': return 'Review cancelled.';
    case 'failed': return `The review failed: ${s.error?.message ?? 'unknown error'}`;
    default: return '';
  }
}
/** The review's summary: "Accuracy 87% · 2 mistakes, 1 blunder". */
export function reviewSummary(r) {
  const c = r.counts ?? {};
  const bad = [['inaccuracy', 'inaccuracy', 'inaccuracies'], ['mistake', 'mistake', 'mistakes'], ['blunder', 'blunder', 'blunders']]
    .filter(([k]) => c[k]).map(([k, one, many]) => plural(c[k], one, many));
  return `Accuracy ${accuracyText(r.accuracy)} · ${bad.length ? bad.join(', ') : 'no inaccuracies, mistakes or blunders'}`;
}
/** The win-chance graph, for screen readers. */
export function winGraphLabel(r) {
  const worst = r.decisions.filter((d) => d.class === 'mistake' || d.class === 'blunder').map((d) => `${REVIEW_CLASS[d.class].toLowerCase()} at turn ${d.turn}`);
  return `Your win chance over the turns; ${worst.length ? worst.join(', ') : 'no mistakes or blunders'}`;
}
export const REVIEW_NONE = 'This game has not been reviewed yet. The review replays each of your decisions with the hard AI\'s search and takes a while; the window stays usable.';
