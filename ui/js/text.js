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

// --- The game log, in players' words: no coordinates, no tile letters (the entry shows the
// tile's drawing, and tapping it shows the place on the board). From ScoreEvent's facts
// (src-tauri/API.md): `builds`, `feature`, `scored`, `to`.
const SIDE_WORD = { N: 'north', E: 'east', S: 'south', W: 'west', NE: 'north-east', SE: 'south-east', SW: 'south-west', NW: 'north-west' };
const isYou = (players, seat) => players?.[seat]?.kind === 'human';
/** A seat as the log names it: "You" for the human, else the player's name. */
export const whoName = (players, seat) => (isYou(players, seat) ? 'You' : playerName(players, seat));
/** "Your", "Bot Berta's"; `lower`: "your" inside a sentence. */
const whose = (players, seat, lower = false) => (isYou(players, seat) ? (lower ? 'your' : 'Your') : `${playerName(players, seat)}'s`);
/** "Your", "Bot Berta's", "Your and Bot Berta's" (the human first). */
function owners(players, seats) {
  const sorted = [...seats].sort((a, b) => Number(isYou(players, b)) - Number(isYou(players, a)) || a - b);
  const n = sorted.map((seat, i) => whose(players, seat, i > 0));
  return n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n.at(-1)}` : (n[0] ?? 'Nobody\'s');
}
/** A verb for a seat: "extend" for "You", "extends" for a name. */
const VERBS = { takes: 'take', extends: 'extend', starts: 'start', finishes: 'finish', 'links up': 'link up', builds: 'build', places: 'place', puts: 'put', keeps: 'keep', draws: 'draw', lays: 'lay' };
const verb = (players, seat, third) => (isYou(players, seat) ? (VERBS[third] ?? third) : third);
const andList = (items) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));

/** What a figure is called where it stands: a follower is a thief, knight, monk or farmer. */
const ROLE = { road: 'thief', city: 'knight', monastery: 'monk', field: 'farmer' };
export const figureRole = (figure, feature) => (figure === 'follower' ? (ROLE[feature] ?? 'follower') : figure);
const figureWithArticle = (figure, feature) => (figure === 'follower' ? `a ${figureRole(figure, feature)}` : `the ${figure}`);
const IN_FEATURE = { road: 'on the road', city: 'in the city', monastery: 'in the monastery', field: 'in the field' };

/** The clauses of a placement (ScoreEvent.builds): "extends the road south", "finishes the city". */
function buildClauses(builds, players, seat) {
  const order = { closes: 0, joins: 1, extends: 2, starts: 3 };
  const out = [];
  const list = [...(builds ?? [])].sort((a, c) => (order[a.action] ?? 9) - (order[c.action] ?? 9));
  const add = (text, b) => {
    const same = out.find((c) => c.text === text);
    if (same) same.ons.push(b.on);
    else out.push({ text, ons: [b.on], action: b.action, kinds: [b.kind] });
  };
  // New roads and cities make one clause: "starts a city and a road".
  const starts = [...new Set(list.filter((b) => b.action === 'starts' && b.kind !== 'monastery').map((b) => b.kind))];
  for (const b of list) {
    // Several roads (or cities) carried on from one tile: "extends the roads west and north".
    const alike = list.filter((c) => c.action === 'extends' && c.kind === b.kind);
    if (b.kind === 'monastery') add(`${verb(players, seat, 'builds')} a monastery`, b);
    else if (b.action === 'closes') add(`${verb(players, seat, 'finishes')} the ${b.kind}`, b);
    else if (b.action === 'joins') add(`${verb(players, seat, 'links up')} the ${b.kind}`, b);
    else if (b.action === 'extends' && alike.length > 1) add(`${verb(players, seat, 'extends')} the ${b.kind === 'city' ? 'cities' : `${b.kind}s`} ${andList([...new Set(alike.map((c) => SIDE_WORD[c.toward[0]]))])}`, b);
    else if (b.action === 'extends') add(`${verb(players, seat, 'extends')} the ${b.kind} ${SIDE_WORD[b.toward[0]] ?? ''}`.trim(), b);
    else {
      add(`${verb(players, seat, 'starts')} ${andList(starts.map((k) => `a ${k}`))}`, b);
      out.at(-1).kinds = starts;
    }
  }
  return out.slice(0, 3);
}

const ADJECTIVE = { closes: 'finished ', starts: 'new ', extends: '', joins: '' };
const PREP = { road: 'on', city: 'in', monastery: 'in', field: 'in' };

/**
 * A placement in words: "Bot Berta extends the road south and puts a thief on it". `figure`:
 * the figure_placed event of the same turn, if any, told in the same sentence.
 */
export function placementText(ev, players, figure = null) {
  const seat = ev.player;
  const who = whoName(players, seat);
  const clauses = buildClauses(ev.builds, players, seat);
  if (!clauses.length) clauses.push({ text: `${verb(players, seat, 'lays')} a field tile`, ons: [], kinds: [] });
  const parts = clauses.map((c) => c.text);
  if (figure) {
    const what = figureWithArticle(figure.figure, figure.feature);
    const mine = figure.figure === 'barn' ? null : clauses.find((c) => c.ons.includes(figure.on));
    let where;
    if (mine && mine === clauses.at(-1) && mine.kinds.length === 1) where = `${PREP[figure.feature] ?? 'on'} it`;
    else if (mine) where = `${PREP[figure.feature] ?? 'on'} the ${ADJECTIVE[mine.action] ?? ''}${figure.feature}`;
    else where = IN_FEATURE[figure.feature] ?? 'on the tile';
    parts.push(`${verb(players, seat, 'puts')} ${what} ${where}`);
  }
  return `${who} ${andList(parts)}`;
}

/** "(5 tiles, 1 pennant)". */
function sizeWords(s) {
  const bits = [plural(s.tiles, 'tile', 'tiles')];
  if (s.pennants > 0) bits.push(plural(s.pennants, 'pennant', 'pennants'));
  return `(${bits.join(', ')})`;
}

/** A scoring in words: "Your city (5 tiles, 1 pennant) is finished: +12". */
export function scoredText(s, players) {
  const own = owners(players, s.players);
  const pts = `+${s.points}${s.players.length > 1 ? ' each' : ''}`;
  const end = s.cause === 'final' ? ' at the end' : '';
  const cities = plural(s.cities, 'finished city', 'finished cities');
  if (s.category === 'barn' || s.cause === 'barn_placed' || s.cause === 'barn_joined') {
    if (s.cause === 'barn_placed') return `${own} barn joins farmers next to ${cities}: ${pts}`;
    if (s.cause === 'barn_joined') return `${own} barn gains a field next to ${cities}: ${pts}`;
    return `${own} barn, in a field next to ${cities}: ${pts}${end}`;
  }
  if (s.feature === 'field') return `${own} field next to ${cities}: ${pts}${end}`;
  if (s.cause === 'final') return `${own} unfinished ${s.feature} ${sizeWords(s)}: ${pts}${end}`;
  return `${own} ${s.feature} ${sizeWords(s)} is finished: ${pts}`;
}

/** Where a wagon went, from where it stood: "to the north-east", "on the same tile". */
const wagonWhere = (from, to) => {
  const key = `${to.y < from.y ? 'N' : to.y > from.y ? 'S' : ''}${to.x > from.x ? 'E' : to.x < from.x ? 'W' : ''}`;
  return key ? `to the ${SIDE_WORD[key]}` : 'on the same tile';
};

/** One ScoreEvent as the log's sentence; `players` are the game's (GameView or MatchSummary). */
export function eventText(ev, players, { figure = null } = {}) {
  const seat = ev.player;
  const who = seat == null ? '' : whoName(players, seat);
  switch (ev.type) {
    case 'tile_placed': return placementText(ev, players, figure);
    case 'tile_discarded': return `${who} ${verb(players, seat, 'draws')} a tile that fits nowhere: it leaves the game`;
    case 'abbey_placed': return `${who} ${verb(players, seat, 'places')} the abbey in a hole`;
    case 'figure_placed': return `${who} ${verb(players, seat, 'puts')} ${figureWithArticle(ev.figure, ev.feature)} ${ev.figure === 'barn' ? 'in the field' : IN_FEATURE[ev.feature] ?? 'on the new tile'}`;
    case 'scored': return scoredText(ev.scored, players);
    case 'figure_returned': return `${whose(players, seat)} ${ev.figure} comes back`;
    case 'wagon_moved': return `${whose(players, seat)} wagon moves on to a ${ev.feature ?? 'feature'} ${wagonWhere(ev, ev.to)}`;
    case 'passed': return `${who} ${verb(players, seat, 'keeps')} the abbey`;
    case 'game_ended': return 'The game is over: final scoring';
    default: return '';
  }
}

/** What to show on the board for a log entry: [{x, y, on?}] (a feature's segments, a figure's spot, a tile). */
export function eventPlaces(ev) {
  if (ev.type === 'scored' && ev.segments?.length) return ev.segments;
  if (ev.type === 'wagon_moved' && ev.to) return [ev.to];
  if (ev.x == null) return [];
  if (ev.type === 'figure_placed') return [{ x: ev.x, y: ev.y }, { x: ev.x, y: ev.y, on: ev.on }];
  return [{ x: ev.x, y: ev.y }];
}

// --- The wagon's targets (DecisionView move_wagon, TargetOption).
/** "the road west of here (2 tiles)"; `same`: another target has the same name. */
function targetWords(t, players, same) {
  const own = t.owners?.length ? `${owners(players, t.owners)} ` : 'the ';
  const state = t.finished ? 'finished ' : '';
  const where = t.toward ? `${SIDE_WORD[t.toward]} of here` : 'here';
  const size = t.feature === 'monastery' ? '' : ` (${plural(t.tiles, 'tile', 'tiles')})`;
  const part = same ? `, ${placeWords(t.on)} side` : '';
  // In a sentence "your" is lower-case; a player's name keeps its capital.
  return `${own.replace(/^Your\b/, 'your')}${state}${t.feature} ${where}${part}${size}`;
}
/** "The road west of here (2 tiles)"; `same`: another target has the same name. */
export function wagonTargetLabel(t, players, { same = false } = {}) {
  return capital(targetWords(t, players, same));
}
/** The labels of all targets, told apart where two would read the same; `inSentence`: not
 * capitalised ("the road west of here (2 tiles)"), for a sentence that names one. */
export function wagonTargetLabels(targets, players, { inSentence = false } = {}) {
  const plain = targets.map((t) => targetWords(t, players, false));
  const words = targets.map((t, i) => (plain.filter((x) => x === plain[i]).length > 1 ? targetWords(t, players, true) : plain[i]));
  return inSentence ? words : words.map(capital);
}

/**
 * An `ai-progress` event's line for screen readers, in the log's words (no coordinates, no
 * tile letters): "Bot Berta extends the road east", "Bot Berta puts a knight in the city.
 * Bot Berta's city (2 tiles) is finished: +4"; '' while thinking. The move's own events are
 * the last ones of `view.recent` that match it.
 */
export function aiMoveText({ player, move, view }) {
  if (!move || !view) return '';
  const players = view.players;
  const events = view.recent ?? [];
  const who = whoName(players, player);
  const lastIndex = (ok) => { for (let i = events.length - 1; i >= 0; i--) if (ok(events[i])) return i; return -1; };
  const mine = (type) => (e) => e.type === type && e.player === player;
  // The scorings (and figures back) that close the turn of the event at `i`.
  const after = (i) => (i < 0 ? [] : events.slice(i + 1).filter((e) => e.turn === events[i].turn && e.type === 'scored').map((e) => scoredText(e.scored, players)));
  const sentences = (first, i) => [first, ...after(i)].join('. ');
  switch (move.type) {
    case 'place': {
      const i = lastIndex((e) => mine('tile_placed')(e) && e.x === move.x && e.y === move.y);
      return i < 0 ? `${who} ${verb(players, player, 'places')} a tile` : eventText(events[i], players);
    }
    case 'abbey': {
      const i = lastIndex(mine('abbey_placed'));
      return i < 0 ? `${who} ${verb(players, player, 'places')} the abbey in a hole` : eventText(events[i], players);
    }
    case 'figure': {
      const i = lastIndex(mine('figure_placed'));
      return i < 0 ? `${who} ${verb(players, player, 'puts')} ${figureWithArticle(move.kind, null)} on the new tile` : sentences(eventText(events[i], players), i);
    }
    case 'no_figure': return sentences(`${who} ${verb(players, player, 'puts')} no figure on the new tile`, lastIndex(mine('tile_placed')));
    case 'wagon': {
      if (!move.to) return `${who} ${verb(players, player, 'takes')} the wagon home`;
      const i = lastIndex(mine('wagon_moved'));
      return i < 0 ? `${whose(players, player)} wagon moves on` : eventText(events[i], players);
    }
    case 'draw': return `${who} ${verb(players, player, 'draws')} a tile and keeps the abbey for later`;
    case 'pass': return `${who} ${verb(players, player, 'keeps')} the abbey`;
    default: return '';
  }
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
    case 'wagon': {
      const targets = view.decision?.targets ?? [];
      const i = move.to ? targets.findIndex((t) => t.x === move.to.x && t.y === move.to.y && t.on === move.to.on) : -1;
      text = !move.to ? 'take your wagon home'
        : i < 0 ? 'move your wagon on to the highlighted feature'
          : `move your wagon on to ${wagonTargetLabels(targets, view.players, { inSentence: true })[i]}`;
      break;
    }
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
      if (!selected) return `Place your tile: tap a highlighted square (${plural(d.cells.length, 'fits', 'fit')}).`;
      return ways > 1 ? `Tap the tile again or press R to turn it (${ways} ways fit), then confirm.` : 'This is the only way it fits here. Confirm, or tap another square.';
    case 'place_figure': return kinds ? 'Place a figure on the new tile (tap a circle), or none.' : 'No figure can go on this tile.';
    case 'move_wagon': return 'Your wagon comes back: move it on to a feature next to where it stood ("here"), highlighted on the board, or take it home.';
    default: return 'Waiting…';
  }
}
export const LAST_CHANCE = 'Last chance! ';
export const OVER = 'The game is over.';
/** While another player decides (`who`: its PlayerView, if any). */
export const waiting = (who) => (who?.kind === 'ai' ? `${who.name} is thinking…` : 'Waiting…');

/**
 * What a tile shows, for those who cannot see its drawing: "a city and a road", "a
 * monastery and a road", "fields only". `type`: the tile's description (TileType).
 */
export function tileWords(type) {
  if (!type) return '';
  const count = (kind) => (type?.segments ?? []).filter((g) => g.kind === kind).length;
  const n = (k, one, many) => (k === 1 ? `a ${one}` : `${NUMBER[k] ?? k} ${many}`);
  const parts = [];
  if (count('monastery')) parts.push('a monastery');
  if (count('city')) parts.push(n(count('city'), 'city', 'cities'));
  if (count('road')) parts.push(n(count('road'), 'road', 'roads'));
  return parts.length ? andList(parts) : 'fields only';
}
const NUMBER = { 2: 'two', 3: 'three', 4: 'four' };
/** The drawn tile's button on the panel. */
export const drawnTileLabel = (type) => `Your tile${type ? `, ${tileWords(type)}` : ''}: rotate it (R)`;

/** What screen readers hear when the human's decision comes back to them; `type(id)`: a tile's description. */
export function turnAnnouncement(view, type = () => null) {
  const d = view.decision;
  if (view.over) return OVER;
  switch (d.kind) {
    case 'place_tile': {
      const what = tileWords(type(d.tile));
      return `Your turn: place your tile${what ? `, ${what}` : ''}. ${plural(d.cells.length, 'square fits', 'squares fit')}.`;
    }
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
  if (o.doomed && o.dead?.length) return doomedText(o);
  switch (o.completion) {
    case 'complete': return `This ${FEATURE_WORD[o.kind] ?? 'feature'} is complete.`;
    case 'never': return 'A field is never completed: it scores at the end of the game.';
    case 'several_tiles': return 'It needs more than one tile to be completed.';
    case 'one_tile': {
      const hand = o.inHand ? ' The tile in hand can complete it too.' : '';
      if (!o.count) return o.inHand ? 'Only the tile in hand can complete it: no unseen tile can.' : 'No unseen tile completes it in one placement: it will need more tiles.';
      return `${o.count === 1 ? '1 unseen tile can' : `${o.count} unseen tiles can`} complete it (${percent(o.chance)} next draw).${hand}`;
    }
    default: return '';
  }
}
/** The dead squares a doomed feature needs, as the board marks them (✕ while the aids are on):
 * "the square marked ✕", "the 3 squares marked ✕". */
const markedSquares = (cells) => (cells.length === 1 ? 'the square marked ✕' : `the ${cells.length} squares marked ✕`);
/** A doomed feature (`game_odds` with `doomed`): a square it needs can no longer take a tile. */
function doomedText(o) {
  const squares = markedSquares(o.dead);
  if (o.abbeyMayFill) return `No tile still to come fits ${squares}: only an abbey filling ${o.dead.length === 1 ? 'it' : 'them'} could complete it.`;
  return `It can no longer be completed: no tile still to come fits ${squares}.`;
}
/** A dead square, for screen readers: "Dead square at (3, -1): no tile left fits; 2 features can never be completed". */
export function deadSquareLabel(d) {
  const n = d.features.length;
  const doom = n ? `; ${plural(n, 'feature', 'features')} next to it can no longer be completed${d.abbeyMayFill ? ' by a land tile' : ''}` : '';
  return `Dead square at ${at(d.x, d.y)}: no tile still to come fits${d.abbeyMayFill && d.hole ? ' (an abbey still could)' : ''}${doom}`;
}
/** The settings screen's words. */
export const SETTINGS_TEXT = {
  theme: { system: 'Like the system', light: 'Light', dark: 'Dark' },
  themeHelp: 'The board and the screens in light or dark colours; "Like the system" follows your device.',
  pace: { slow: 'Slow', normal: 'Normal', fast: 'Fast', instant: 'Instant' },
  paceHelp: 'How long each AI move stays on screen before the next one; Instant shows only the result.',
  animations: { normal: 'Normal', fast: 'Fast', off: 'Off' },
  animationsHelp: 'Tiles sliding in, figures dropping, points flying to the scoreboard. Your system\'s "reduce motion" turns them off too.',
  sounds: 'Sounds',
  soundsHelp: 'a soft knock when a tile is placed, a chime for points, a bell when it is your turn',
};
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
export function reviewMoveText(m, tile, feature = null, ghost = null) {
  // No coordinates or tile letters: on the board the played move is the dashed ghost and the
  // best one the green ghost (`ghost`); in the move list (no ghost) only what was done.
  const square = ghost === 'best' ? ' on the green square' : ghost === 'played' ? ' on the dashed square' : '';
  switch (m?.type) {
    case 'draw': return 'draw a tile, keep the abbey';
    case 'place': return ghost ? `the tile${square}` : 'tile placed';
    case 'abbey': return `the abbey${square}`;
    case 'figure': return m.kind === 'barn' ? `barn on the ${placeWords(m.on)}`
      : `${m.kind} on the ${feature && feature !== placeWords(m.on) ? `${feature} (${placeWords(m.on)})` : placeWords(m.on)}`;
    case 'no_figure': return 'no figure';
    case 'wagon': return m.to ? `wagon to the ${placeWords(m.to.on)}${square}` : 'wagon home';
    case 'pass': return 'keep the abbey';
    default: return '';
  }
}
/** What a reviewed decision was about: "Turn 12, tile". */
export function reviewDecisionTitle(d) {
  const what = { draw_or_abbey: 'draw or abbey', place_tile: 'tile', place_figure: 'figure', move_wagon: 'wagon', final_abbey: 'last abbey' }[d.decision] ?? d.decision;
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
/** What was played and what was best, in the board's terms: "You played the tile on the
 * dashed square; best was the tile on the green square." */
export function reviewVerdict(d, { playedFeature = null, bestFeature = null } = {}) {
  const { played: p, best: b } = d;
  if (d.class === 'best') return `You played ${reviewMoveText(p, d.tile, playedFeature)}: the best move.`;
  if (p?.type === 'place' && b?.type === 'place' && p.x === b.x && p.y === b.y) {
    return 'You placed the tile on the best square but turned another way: the best way is shown in green.';
  }
  return `You played ${reviewMoveText(p, d.tile, playedFeature, 'played')}; best was ${reviewMoveText(b, d.tile, bestFeature, 'best')}.`;
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
// --- The phone's compact bar (game.js): whose turn, the scores in one line, and the sheet
// with the whole scoreboard and the log.
/** "Your turn", "Bot Berta's turn", "Game over". */
export function whoseTurn(view) {
  if (view.over) return 'Game over';
  const seat = view.current ?? view.decision?.player;
  return seat == null ? '' : `${whose(view.players, seat)} turn`;
}
/** The compact bar's button, for screen readers: "Scores: Ada 12, Bot Berta 8; your turn. Scoreboard and log". */
export function sheetToggleLabel(view) {
  const scores = view.players.map((p) => `${p.name} ${p.score}`).join(', ');
  return `Scores: ${scores}; ${whoseTurn(view).replace(/^(Your|Game)\b/, (w) => w.toLowerCase())}. Scoreboard and log`;
}
export const SHEET_LABEL = 'Scoreboard and log';
