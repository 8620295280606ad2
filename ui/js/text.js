// Every sentence the game screen shows, built here from the app's structured data
// (src-tauri/API.md): the log, the AI's moves, hints, prompts and announcements. Small
// functions from data to strings, no DOM. The words come from the message catalogues
// (i18n/game.js, i18n/common.js): this file finds the facts (who, what, where) and each
// language's catalogue entry composes its sentence from them. The exported constants are
// live bindings, rewritten when the language changes (onLanguage).
import { markName } from './players.js';
import { opponentLabel } from './strength.js';
import { t, has, onLanguage, fmtNumber, fmtPercent, fmtList } from './i18n.js';
import { errorText } from './errortext.js';
import { placeOf } from './tiledraw.js';
import { cellToward } from './geometry.js';

/** A seat's name in a list of players ({name}); "Player N" if the list lacks it. */
export const playerName = (players, seat) => players?.[seat]?.name ?? t('game.playerN', { n: seat + 1 });
/** "nobody", "Ada", "Ada and Bot Berta", "Ada, Bot Berta and Bot Conrad". */
export function namesList(players, seats) {
  const n = seats.map((s) => playerName(players, s));
  return n.length ? fmtList(n) : t('game.nobody');
}
/** "1 tile", "2 tiles" (English words given by the caller). */
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A feature's or figure's name in the language in use ("city", "város"). */
const figureWord = (f) => (has(`common.figure.${f}`) ? t(`common.figure.${f}`) : f);

/** Names of figure kinds, for the panel's buttons ({follower: "Follower", …}). */
export let KIND_LABEL = {};

// --- Spots by the names players give them: "the north field", "the road", "the monastery",
// "the north-east corner" (a barn's). The facts come from the tile's geometry in board
// orientation (tiledraw.js `placeOf`); each language words them (i18n `game.place`).
/** A spot's name, without its article ("north field", "északi mező"). */
export const placeName = (place) => t('game.place', place);
/**
 * What a player calls location `on` of the tile at (x, y) of `view` (a GameView, or any
 * `{tiles}`); `type(id)`: a tile description. A barn's corner needs no tile; null if unknown.
 */
export function placeAt(view, type, x, y, on) {
  const tile = view?.tiles?.find((tl) => tl.x === x && tl.y === y);
  return placeOf(tile ? type?.(tile.id) : null, tile?.rotation ?? 0, on);
}

// --- The game log, in players' words: no coordinates, no tile letters (the entry shows the
// tile's drawing, and tapping it shows the place on the board). From ScoreEvent's facts
// (src-tauri/API.md): `builds`, `feature`, `scored`, `to`.
/** The seats played by people ('human' kind), in seat order. */
const peopleOf = (players) => (players ?? []).filter((p) => p?.kind === 'human');
/** Whether `players` (a GameView's or a MatchSummary's) seat several people at one device
 * ("pass and play"): then every seat is named, none is "you", since the device changes hands. */
export const isTablePlayers = (players) => peopleOf(players).length > 1;
/** Whether the view is a game of several people at one device (GameView.humans). */
export const isTable = (view) => (view?.humans?.length ?? peopleOf(view?.players).length) > 1;
/** "You": the one person of a solo game; in a game of several people nobody (names only). */
const isYou = (players, seat) => players?.[seat]?.kind === 'human' && !isTablePlayers(players);
/** A seat as a sentence's subject: {name, you}. */
const subject = (players, seat) => ({ name: playerName(players, seat), you: isYou(players, seat) });
/** A seat as the log names it: "You" for the human of a solo game, else the player's name. */
export const whoName = (players, seat) => (isYou(players, seat) ? t('game.you') : playerName(players, seat));
/** Owners as subjects, the human first. */
const ownersOf = (players, seats) => [...seats].sort((a, b) => Number(isYou(players, b)) - Number(isYou(players, a)) || a - b).map((s) => subject(players, s));

/** What a figure is called where it stands: a follower is a thief, knight, monk or farmer. */
const ROLE = { road: 'thief', city: 'knight', monastery: 'monk', field: 'farmer' };
export const figureRole = (figure, feature) => (figure === 'follower' ? (ROLE[feature] ? t(`common.role.${ROLE[feature]}`) : figureWord('follower')) : figureWord(figure));

/** The clauses of a placement (ScoreEvent.builds), as facts: {type, kind, dirs, kinds, ons, action}. */
function buildClauses(builds) {
  const order = { closes: 0, joins: 1, extends: 2, starts: 3 };
  const out = [];
  const list = [...(builds ?? [])].sort((a, c) => (order[a.action] ?? 9) - (order[c.action] ?? 9));
  const add = (clause, b) => {
    const key = `${clause.type}|${clause.kind ?? ''}|${(clause.dirs ?? []).join()}`;
    const same = out.find((c) => c.key === key);
    if (same) same.ons.push(b.on);
    else out.push({ ...clause, key, ons: [b.on], action: b.action, kinds: clause.kinds ?? [b.kind] });
  };
  // New roads and cities make one clause: "starts a city and a road".
  const starts = [...new Set(list.filter((b) => b.action === 'starts' && b.kind !== 'monastery').map((b) => b.kind))];
  for (const b of list) {
    // Several roads (or cities) carried on from one tile: "extends the roads west and north".
    const alike = list.filter((c) => c.action === 'extends' && c.kind === b.kind);
    if (b.kind === 'monastery') add({ type: 'monastery' }, b);
    else if (b.action === 'closes') add({ type: 'closes', kind: b.kind }, b);
    else if (b.action === 'joins') add({ type: 'joins', kind: b.kind }, b);
    else if (b.action === 'extends' && alike.length > 1) add({ type: 'extendsMany', kind: b.kind, dirs: [...new Set(alike.map((c) => c.toward[0]))] }, b);
    else if (b.action === 'extends') add({ type: 'extends', kind: b.kind, dirs: [b.toward?.[0]] }, b);
    else add({ type: 'starts', kinds: starts }, b);
  }
  return out.slice(0, 3);
}

/**
 * A placement in words: "Bot Berta extends the road south and puts a thief on it". `figure`:
 * the figure_placed event of the same turn, if any, told in the same sentence.
 */
export function placementText(ev, players, figure = null) {
  const clauses = buildClauses(ev.builds);
  if (!clauses.length) clauses.push({ type: 'field', ons: [], kinds: [] });
  let fig = null;
  if (figure) {
    const mine = figure.figure === 'barn' ? null : clauses.find((c) => c.ons.includes(figure.on));
    const where = mine && mine === clauses.at(-1) && mine.kinds.length === 1 ? 'it' : mine ? 'mine' : 'free';
    fig = { figure: figure.figure, feature: figure.feature, where, action: mine?.action };
  }
  return t('game.log.placement', { ...subject(players, ev.player), clauses: clauses.map(({ type, kind, dirs, kinds }) => ({ type, kind, dirs: dirs ?? [], kinds })), figure: fig });
}

/** A scoring in words: "Your city (5 tiles, 1 pennant) is finished: +12". */
export function scoredText(s, players) {
  const { points, cause, category, feature, tiles, pennants, cities } = s;
  return t('game.log.scored', { owners: ownersOf(players, s.players), points, cause, category, feature, tiles, pennants, cities });
}

/** One ScoreEvent as the log's sentence; `players` are the game's (GameView or MatchSummary). */
export function eventText(ev, players, { figure = null } = {}) {
  const who = ev.player == null ? { name: '', you: false } : subject(players, ev.player);
  switch (ev.type) {
    case 'tile_placed': return placementText(ev, players, figure);
    case 'tile_discarded': return t('game.log.discarded', who);
    case 'abbey_placed': return t('game.log.abbey', who);
    case 'figure_placed': return t('game.log.figure', { ...who, figure: ev.figure, feature: ev.feature });
    case 'scored': return scoredText(ev.scored, players);
    case 'figure_returned': return t('game.log.returned', { ...who, figure: ev.figure });
    // Where it went from where it stood, as the app says it (null on the same tile).
    case 'wagon_moved': return t('game.log.wagonMoved', { ...who, feature: ev.feature, dir: ev.toward ?? null });
    case 'passed': return t('game.log.passed', who);
    case 'game_ended': return t('game.log.ended');
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
/** "the road west of here (2 tiles)"; `place`: the segment's name on its tile, to tell it
 * from another target that reads the same ("the south road west of here"). */
function targetWords(tg, players, place = null) {
  return t('game.wagon.target', { owners: ownersOf(players, tg.owners ?? []), finished: !!tg.finished, feature: tg.feature, dir: tg.toward ?? null, place, tiles: tg.tiles });
}
/** "The road west of here (2 tiles)"; `place`: as for targetWords. */
export function wagonTargetLabel(tg, players, { place = null } = {}) {
  return capital(targetWords(tg, players, place));
}
/** The labels of all targets, told apart by their names on their tiles where two would read
 * the same (`placeOf(tg)`: what a player calls the target's segment, e.g. from placeAt);
 * `inSentence`: not capitalised ("the road west of here (2 tiles)"), for a sentence. */
export function wagonTargetLabels(targets, players, { inSentence = false, placeOf: where = () => null } = {}) {
  const plain = targets.map((tg) => targetWords(tg, players));
  const labels = targets.map((tg, i) => (plain.filter((x) => x === plain[i]).length > 1 ? targetWords(tg, players, where(tg)) : plain[i]));
  return inSentence ? labels : labels.map(capital);
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
  const who = subject(players, player);
  const lastIndex = (ok) => { for (let i = events.length - 1; i >= 0; i--) if (ok(events[i])) return i; return -1; };
  const mine = (type) => (e) => e.type === type && e.player === player;
  // The scorings (and figures back) that close the turn of the event at `i`.
  const after = (i) => (i < 0 ? [] : events.slice(i + 1).filter((e) => e.turn === events[i].turn && e.type === 'scored').map((e) => scoredText(e.scored, players)));
  const sentences = (first, i) => [first, ...after(i)].join('. ');
  switch (move.type) {
    case 'place': {
      const i = lastIndex((e) => mine('tile_placed')(e) && e.x === move.x && e.y === move.y);
      return i < 0 ? t('game.ai.placesTile', who) : eventText(events[i], players);
    }
    case 'abbey': {
      const i = lastIndex(mine('abbey_placed'));
      return i < 0 ? t('game.log.abbey', who) : eventText(events[i], players);
    }
    case 'figure': {
      const i = lastIndex(mine('figure_placed'));
      return i < 0 ? t('game.ai.figure', { ...who, figure: move.kind }) : sentences(eventText(events[i], players), i);
    }
    case 'no_figure': return sentences(t('game.ai.noFigure', who), lastIndex(mine('tile_placed')));
    case 'wagon': {
      if (!move.to) return t('game.ai.wagonHome', who);
      const i = lastIndex(mine('wagon_moved'));
      return i < 0 ? t('game.ai.wagonOn', who) : eventText(events[i], players);
    }
    case 'draw': return t('game.ai.draw', who);
    case 'pass': return t('game.log.passed', who);
    default: return '';
  }
}

/**
 * Where the square (x, y) is, in players' words, from a tile next to it: "north of the
 * monastery", "east of the tile just placed", "south of the start tile"; '' if none is next
 * to it. `view`: the GameView; `type(id)`: a tile description (for monasteries).
 */
export function besideWords(view, type, x, y) {
  const near = view.tiles.filter((tl) => Math.abs(tl.x - x) + Math.abs(tl.y - y) === 1);
  if (!near.length) return '';
  // The best-known neighbour names the square: a building, the last tile, the start tile,
  // else what the tile shows (a city, a road, a field).
  const kinds = (tl) => new Set((type?.(tl.id)?.segments ?? []).map((g) => g.kind));
  const names = [
    (tl) => (tl.id === 'abbey' ? 'abbey' : type?.(tl.id)?.monastery ? 'monastery' : null),
    (tl) => (view.lastPlaced && tl.x === view.lastPlaced.x && tl.y === view.lastPlaced.y ? 'last' : null),
    (tl) => (tl.order === 0 ? 'start' : null),
    (tl) => (kinds(tl).has('city') ? 'city' : null),
    (tl) => (kinds(tl).has('road') ? 'road' : null),
    () => 'field',
  ];
  for (const name of names) {
    const tl = near.find(name);
    if (tl) return t('game.beside', { side: cellToward(tl, { x, y }), what: name(tl) });
  }
  return '';
}

/**
 * The hint (Hint.move) as an instruction in players' words, for the decision it answers:
 * "Hint: Place the tile north of the monastery, turned once. …" No coordinates, no tile letters:
 * the board shows the hinted square, hole, spot or target selected.
 */
export function hintText(move, view, type) {
  const d = view.decision;
  const place = (on) => placeAt(view, type, d?.x, d?.y, on) ?? (d?.spots?.find((s) => s.on === on)?.feature ? { kind: d.spots.find((s) => s.on === on).feature } : null);
  let text;
  switch (move.type) {
    case 'draw': text = t('game.hint.draw'); break;
    case 'place': {
      const turns = (move.rotation / 90) % 4;
      text = t('game.hint.place', { beside: besideWords(view, type, move.x, move.y), turns: t(`game.turns.${[0, 1, 2, 3].includes(turns) ? turns : 0}`) });
      break;
    }
    case 'abbey': text = t('game.hint.abbey', { beside: besideWords(view, type, move.x, move.y) }); break;
    case 'figure': text = move.kind === 'barn'
      ? t('game.hint.barn', { place: placeOf(null, 0, move.on) })
      : t('game.hint.figure', { kind: move.kind, place: place(move.on) }); break;
    case 'no_figure': text = t('game.hint.noFigure'); break;
    case 'wagon': {
      const targets = view.decision?.targets ?? [];
      const i = move.to ? targets.findIndex((tg) => tg.x === move.to.x && tg.y === move.to.y && tg.on === move.to.on) : -1;
      text = !move.to ? t('game.hint.wagonHome')
        : i < 0 ? t('game.hint.wagonAny')
          : t('game.hint.wagonTo', { target: wagonTargetLabels(targets, view.players, { inSentence: true, placeOf: (tg) => placeAt(view, type, tg.x, tg.y, tg.on) })[i] });
      break;
    }
    case 'pass': text = t('game.hint.pass'); break;
    default: text = '';
  }
  return t('game.hint', { text });
}

/**
 * A figure spot's chip on the panel, by its name on the tile (`place`, from placeAt): "North
 * field", "Road", "North-west corner"; for a mayor on a city without pennants, a warning that
 * it is worth nothing now (its strength is the city's pennants). `spot`: the SpotOption.
 */
export function spotLabel(kind, place, spot) {
  const base = t('game.spot', { place: place ?? { kind: spot?.feature ?? null } });
  return kind === 'mayor' && spot?.pennants === 0 ? t('game.spot.noPennants', { base }) : base;
}

// --- Turns, one definition everywhere (API.md, "Turns"): "Turn N" is the N-th turn of the
// game (its N-th record entry). While a game is played, the turn shown is the one in
// progress; the log, the review and its move list name the turn an event or a move belongs
// to; a replay position names the turn whose move it shows (the board after `pos` turns
// shows turn `pos`; a reviewed move of turn N is shown as ghosts on the board before it,
// still as "Turn N": review.js, positionFor). The app's `turn` counts turns completed.
/** The turn in progress, from the app's turns completed (GameView.turn, Resumable.turn). */
export const turnInProgress = (completed) => completed + 1;
/** The game bar's turn: "Turn 40" while playing, "85 turns" when over. */
export const turnLabel = (view) => (view.over ? t('game.turn.played', { n: view.turn }) : t('game.turn.current', { n: turnInProgress(view.turn) }));
/** The resume card's turn: the one in progress, as the game bar will show it. */
export const resumeTurn = (info) => t('game.turn.resume', { n: turnInProgress(info.turn) });
/** The replay's position `pos` (turns completed: "Turn pos", the turn whose move it shows)
 * of a match of `turns` turns; 0 is the start, `turns + 1` the final scoring. */
export function replayLabel(pos, turns) {
  if (pos <= 0) return t('game.replay.start', { turns });
  if (pos > turns) return t('game.replay.final', { turns });
  return t('game.replay.turn', { pos, turns });
}

/** The action panel's prompt for the human's decision `d` (with what is selected). */
export function prompt(d, { selected = false, ways = 0, kinds = 0 } = {}) {
  switch (d.kind) {
    case 'draw_or_abbey': return t('game.prompt.drawOrAbbey');
    case 'final_abbey': return t('game.prompt.finalAbbey');
    case 'place_tile':
      if (!selected) return t('game.prompt.placeTile', { n: d.cells.length });
      return ways > 1 ? t('game.prompt.rotate', { ways }) : t('game.prompt.onlyWay');
    case 'place_figure': return kinds ? t('game.prompt.figure') : t('game.prompt.noFigure');
    case 'move_wagon': return t('game.prompt.wagon');
    default: return t('game.prompt.waiting');
  }
}
export let LAST_CHANCE = '';
export let OVER = '';
/** While another player decides (`who`: its PlayerView, if any). */
export const waiting = (who) => (who?.kind === 'ai' ? t('game.thinking', { name: who.name }) : t('game.prompt.waiting'));

/**
 * What a tile shows, for those who cannot see its drawing: "a city and a road", "a
 * monastery and a road", "fields only". `type`: the tile's description (TileType).
 */
export function tileWords(type) {
  if (!type) return '';
  const count = (kind) => (type?.segments ?? []).filter((g) => g.kind === kind).length;
  return t('game.tile.words', { monastery: count('monastery'), cities: count('city'), roads: count('road') });
}
/** The drawn tile's button on the panel. */
export const drawnTileLabel = (type) => t('game.tile.drawn', { what: type ? tileWords(type) : '' });

/** What screen readers hear when the human's decision comes back to them; `type(id)`: a tile's description. */
export function turnAnnouncement(view, type = () => null) {
  const d = view.decision;
  if (view.over) return OVER;
  switch (d.kind) {
    case 'place_tile': return t('game.announce.placeTile', { what: tileWords(type(d.tile)), n: d.cells.length });
    case 'place_figure': return t('game.announce.figure');
    case 'draw_or_abbey': return t('game.announce.drawOrAbbey');
    case 'final_abbey': return t('game.announce.finalAbbey');
    case 'move_wagon': return t('game.announce.wagon');
    default: return '';
  }
}

/** A scoreboard row for screen readers: score, projection, supply, state; `person`: a
 * person's seat in a game of several people (said so, as the AIs' levels are). */
export function playerSummary(p, abbeyMayor, { current = false, thinking = false, person = false } = {}) {
  return t('game.summary', { name: p.name, level: p.level ? opponentLabel(p.level, p.rating, { lower: true }) : person ? t('game.person') : null, mark: markName(p.seat), score: p.score, projected: p.projected, supply: p.supply, abbeyMayor, current, thinking });
}

/** The scoreboard's legend for the projected scores ("→15"), and one projection in words. */
export let PROJECTED_LEGEND = '';
export const projectedLabel = (n) => t('game.projected', { n });

/** The end-of-game dialog's title: to the one person of a solo game ("You won!"), to the
 * whole table in a game of several people ("Berta won!", "Bob resigned: the game is over."). */
export function endHeadline(view) {
  const winners = view.result?.winners ?? [];
  if (isTable(view)) {
    const resigned = view.result?.resignedSeat;
    if (view.result?.resigned) return t('game.end.tableResigned', { name: resigned == null ? null : playerName(view.players, resigned), names: winners.map((w) => playerName(view.players, w)) });
    return t('game.end.table', { names: winners.map((w) => playerName(view.players, w)) });
  }
  if (view.result?.resigned) return t('game.end.resigned');
  if (winners.includes(view.human)) return winners.length > 1 ? t('game.end.shared') : t('game.end.won');
  return t('game.end.others', { names: winners.map((w) => view.players[w].name) });
}

// --- Board-reading aids (GameView.aids, `game_odds`).
const FEATURES = new Set(['road', 'city', 'monastery', 'field']);
/** A chance (0 to 1) as a whole percentage, "<1%" for a small non-zero one. */
export const percent = (p) => fmtPercent(p);
/** The tiles drawer's line for one unseen type: "×3 · 6% next". */
export const chanceText = (c) => t('game.chance', { pct: percent(c.chance) });
/** The popover's title for `game_odds`' answer: "Road", "City"… */
export const oddsTitle = (o) => t('game.odds.title', { kind: o.kind });
/** The popover's sentence for `game_odds`' answer (Odds, src-tauri/API.md). */
export function oddsText(o) {
  if (o.doomed && o.dead?.length) return o.abbeyMayFill ? t('game.odds.doomedAbbey', { n: o.dead.length }) : t('game.odds.doomed', { n: o.dead.length });
  switch (o.completion) {
    case 'complete': return t('game.odds.complete', { kind: FEATURES.has(o.kind) ? o.kind : null });
    case 'never': return t('game.odds.never');
    case 'several_tiles': return t('game.odds.several');
    case 'one_tile':
      if (!o.count) return o.inHand ? t('game.odds.inHandOnly') : t('game.odds.none');
      return t('game.odds.count', { count: o.count, chance: o.chance, inHand: !!o.inHand });
    default: return '';
  }
}
/** A dead square, for screen readers: "Dead square at (3, -1): no tile left fits; 2 features can never be completed". */
export function deadSquareLabel(d) {
  return t('game.deadSquare', { x: d.x, y: d.y, n: d.features.length, abbey: !!d.abbeyMayFill, hole: !!d.hole });
}
/** The settings screen's words. */

// --- The post-game review (src-tauri/API.md, "Review"): verdicts, moves, the reason why the
// best move is better (`why {id, params}`), progress and accuracy.
/** A verdict's name and its chess-like mark (none for a fine move). */
export let REVIEW_CLASS = {};
export const REVIEW_MARK = { inaccuracy: '?!', mistake: '?', blunder: '??' };
/** A game's or a move's accuracy (0–100): "87%". */
export const accuracyText = (a) => `${fmtNumber(Math.round(a))}%`;
/**
 * A reviewed move (a MoveName) as a short noun phrase: "the tile on the green square",
 * "follower in the north field". `where`: what a player calls the spot of a figure or wagon
 * move (placeOf's facts, e.g. from review.js `figureFeature`), or just its feature ("city").
 */
export function reviewMoveText(m, tile, where = null, ghost = null) {
  const place = typeof where === 'string' ? { kind: where } : where;
  // No coordinates or tile letters: on the board the played move is the dashed ghost and the
  // best one the green ghost (`ghost`); in the move list (no ghost) only what was done.
  const square = ghost === 'best' ? t('game.review.square.best') : ghost ? t('game.review.square.played') : '';
  switch (m?.type) {
    case 'draw': return t('game.review.move.draw');
    case 'place': return t('game.review.move.place', { ghost: !!ghost, square });
    case 'abbey': return t('game.review.move.abbey', { square });
    case 'figure': return m.kind === 'barn' ? t('game.review.move.barn', { place: placeOf(null, 0, m.on) ?? { kind: 'corner' } })
      : t('game.review.move.figure', { kind: m.kind, place });
    case 'no_figure': return t('game.review.move.noFigure');
    case 'wagon': return m.to ? t('game.review.move.wagon', { place, square }) : t('game.review.move.wagonHome');
    case 'pass': return t('game.review.move.pass');
    default: return '';
  }
}
const DECISIONS = new Set(['draw_or_abbey', 'place_tile', 'place_figure', 'move_wagon', 'final_abbey']);
/** What a reviewed decision was about: "Turn 12, tile" (its turn, 1-based, as everywhere). */
export function reviewDecisionTitle(d) {
  return t('game.review.decision', { turn: d.turn, what: DECISIONS.has(d.decision) ? t(`game.review.what.${d.decision}`) : d.decision });
}
// The reasons that count points, scored now or at the end as the board stands.
const COUNTED = new Set(['closes_feature', 'more_points', 'gives_points', 'worth_more', 'feeds_feature']);
const WHY = new Set(['closes_feature', 'weak_mayor', 'shares_feature', 'shares_field', 'loses_feature', 'more_points', 'gives_points', 'keeps_follower', 'worth_more', 'feeds_feature', 'places_figure', 'better_chances']);
/**
 * The one sentence on why the best move is better, in this game's terms, from the review's
 * `why {id, params}`; `players` name the seats; `d`, the reviewed decision, tells what the move
 * costs in the end. An unknown id gets a general sentence.
 */
export function whyText(why, players, d = null) {
  if (!WHY.has(why?.id)) return t('game.why.default');
  const p = why.params ?? {};
  const seat = p.with ?? p.to;
  const text = t(`game.why.${why.id}`, { ...p, name: seat == null ? '' : playerName(players, seat) });
  // Points as the board stands that mostly come back later (a unit, 3 points, more than the
  // expected loss of decision `d`): the sentence says what the move costs in the end, so a
  // small loss never reads as a big one.
  const lost = Math.round(d?.pointLoss ?? 0);
  return d && COUNTED.has(why.id) && p.points >= lost + 3 ? `${text} ${t('game.why.later', { points: lost })}` : text;
}
/** A reviewed move's verdict name with its mark: "Mistake ?". */
export const reviewTag = (c) => `${REVIEW_CLASS[c] ?? c}${REVIEW_MARK[c] ? ` ${REVIEW_MARK[c]}` : ''}`;
/** What was played and what was best, in the board's terms: "You played the tile on the
 * dashed square; best was the tile on the green square." */
export function reviewVerdict(d, { playedFeature = null, bestFeature = null } = {}) {
  const { played: p, best: b } = d;
  if (d.class === 'best') return t('game.review.verdict.best', { move: reviewMoveText(p, d.tile, playedFeature) });
  if (p?.type === 'place' && b?.type === 'place' && p.x === b.x && p.y === b.y) return t('game.review.verdict.turned');
  return t('game.review.verdict.other', { played: reviewMoveText(p, d.tile, playedFeature, 'played'), best: reviewMoveText(b, d.tile, bestFeature, 'best') });
}
/** The win chances of a reviewed move and, when it is not the best, the points it loses by the
 * end: "Win chance 41% (best 58%) · 4 points less expected at the end". */
export const reviewWinText = (d) => (d.class === 'best' ? t('game.review.win', { pct: percent(d.playedWin) })
  : `${t('game.review.winBest', { pct: percent(d.playedWin), best: percent(d.bestWin) })} · ${t('game.review.pointsLost', { points: Math.round(d.pointLoss ?? 0) })}`);
/** A review's progress (`review-progress` / ReviewStatus) in words. */
export function reviewProgressText(s) {
  switch (s?.state) {
    case 'running': return t('game.review.running', { done: s.done, total: s.total });
    case 'done': return t('game.review.done');
    case 'cancelled': return t('game.review.cancelled');
    case 'failed': return t('game.review.failed', { message: s.error ? errorText(s.error) : t('game.review.unknownError') });
    default: return '';
  }
}
/** The review's summary: "Accuracy 87% · 2 mistakes, 1 blunder". */
export function reviewSummary(r) {
  return t('game.review.summary', { accuracy: accuracyText(r.accuracy), counts: r.counts ?? {} });
}
/** The win-chance graph, for screen readers. */
export function winGraphLabel(r) {
  const worst = r.decisions.filter((d) => d.class === 'mistake' || d.class === 'blunder').map((d) => ({ class: REVIEW_CLASS[d.class].toLowerCase(), turn: d.turn }));
  return t('game.review.graph', { worst });
}
export let REVIEW_NONE = '';
// --- The phone's compact bar (game.js): whose turn, the scores in one line, and the sheet
// with the whole scoreboard and the log.
function turnWords(view, inner) {
  if (view.over) return t('game.whoseTurn', { over: true, inner });
  const seat = view.current ?? view.decision?.player;
  return seat == null ? '' : t('game.whoseTurn', { ...subject(view.players, seat), over: false, inner });
}
/** "Your turn", "Bot Berta's turn", "Game over" (in a game of several people, every turn by
 * its name: "Bob's turn"). */
export const whoseTurn = (view) => turnWords(view, false);
/** The compact bar's button, for screen readers: "Your turn 12 8. Scores: Ada 12, Bot Berta 8. Scoreboard and log".
 * It starts with what the button shows (whose turn, the scores), so that its name holds its
 * visible words in order: a voice user says what they see (WCAG 2.5.3). */
export function sheetToggleLabel(view) {
  const scores = view.players.map((p) => `${p.name} ${fmtNumber(p.score)}`).join(', ');
  const shown = [whoseTurn(view), ...view.players.map((p) => fmtNumber(p.score))].join(' ');
  return t('game.sheetToggle', { shown, scores });
}
export let SHEET_LABEL = '';

/** Rewrites the exported constants in the language in use. */
function words() {
  KIND_LABEL = Object.fromEntries(['follower', 'mayor', 'wagon', 'barn'].map((k) => [k, capital(figureWord(k))]));
  LAST_CHANCE = t('game.lastChance');
  OVER = t('game.over');
  PROJECTED_LEGEND = t('game.projected.legend');
  REVIEW_CLASS = Object.fromEntries(['best', 'good', 'inaccuracy', 'mistake', 'blunder'].map((k) => [k, t(`game.review.class.${k}`)]));
  REVIEW_NONE = t('game.review.none');
  SHEET_LABEL = t('game.sheet');
}
words();
onLanguage(words);
