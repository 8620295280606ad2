// The sentences of ui/js/text.js, pinned: the log and the wagon's targets in players' words
// (from the facts the app sends), prompts, hints and the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventText, wagonTargetLabels, aiMoveText, hintText, namesList, prompt, turnAnnouncement, playerSummary, endHeadline, spotLabel, placeAt, reviewMoveText, turnLabel, resumeTurn, replayLabel, projectedLabel } from '../../ui/js/text.js';
import { placeOf } from '../../ui/js/tiledraw.js';
import { TILES } from './support/fixtures.js';

/** The app's tile descriptions by id (the spots' names come from their geometry). */
const TYPES = new Map(TILES.types.map((type) => [type.id, type]));
const tileType = (id) => TYPES.get(id);

const PLAYERS = [{ name: 'Ada' }, { name: 'Bot Berta' }, { name: 'Bot Conrad' }];
const YOU = [{ name: 'Ada', kind: 'human' }, { name: 'Bot Berta', kind: 'ai' }, { name: 'Bot Conrad', kind: 'ai' }];
const ev = (type, fields) => ({ turn: 3, type, player: 0, tile: null, x: 1, y: -2, rotation: null, figure: null, on: null, to: null, scored: null, ...fields });
const scored = (s) => ev('scored', { player: null, scored: { feature: 'city', category: 'city', cause: 'completed', players: [0], points: 4, tiles: 2, pennants: 0, cities: 0, ...s } });

test('every event type has its sentence, in players\' words: "You" for the human, no coordinates, no tile letters', () => {
  const cases = [
    [ev('tile_placed', { tile: 'V', rotation: 90, builds: [{ kind: 'road', action: 'extends', toward: ['S'], on: 'N' }] }), 'Ada extends the road south'],
    [ev('tile_placed', { player: 1, tile: 'J', rotation: 0, builds: [{ kind: 'city', action: 'closes', toward: ['N'], on: 'N' }, { kind: 'road', action: 'starts', toward: [], on: 'E' }] }), 'Bot Berta finishes the city and starts a road'],
    [ev('tile_placed', { player: 1, tile: 'A', rotation: 0, builds: [{ kind: 'monastery', action: 'starts', toward: [], on: 'monastery' }, { kind: 'road', action: 'joins', toward: ['N', 'S'], on: 'S' }] }), 'Bot Berta links up the road and builds a monastery'],
    [ev('tile_placed', { tile: 'B', rotation: 0, builds: [] }), 'Ada lays a field tile'],
    [ev('tile_placed', { tile: 'X', rotation: 0, builds: ['S', 'E', 'N'].map((d, i) => ({ kind: 'road', action: 'extends', toward: [d], on: 'WNE'[i] })).concat({ kind: 'road', action: 'starts', toward: [], on: 'S' }) }), 'Ada extends the roads south, east and north and starts a road'],
    [ev('tile_discarded', { tile: 'L', x: null, y: null }), 'Ada draws a tile that fits nowhere: it leaves the game'],
    [ev('abbey_placed', { player: 1, tile: 'abbey' }), 'Bot Berta places the abbey in a hole'],
    [ev('figure_placed', { figure: 'mayor', on: 'N', feature: 'city' }), 'Ada puts the mayor in the city'],
    [ev('figure_placed', { figure: 'follower', on: 'Nw', feature: 'field' }), 'Ada puts a farmer in the field'],
    [ev('figure_returned', { player: 2, figure: 'follower' }), "Bot Conrad's follower comes back"],
    // The direction is the app's (`toward`: where `to` lies from the wagon's tile; none on the same tile).
    [ev('wagon_moved', { figure: 'wagon', feature: 'road', to: { x: 2, y: -3, on: 'E' }, toward: 'NE' }), "Ada's wagon moves on to a road to the north-east"],
    [ev('wagon_moved', { figure: 'wagon', feature: 'road', to: { x: 1, y: -2, on: 'E' } }), "Ada's wagon moves on to a road on the same tile"],
    [ev('passed', { player: 1 }), 'Bot Berta keeps the abbey'],
    [ev('game_ended', { player: null }), 'The game is over: final scoring'],
    [ev('passed', { player: 4 }), 'Player 5 keeps the abbey'],
  ];
  for (const [e, text] of cases) assert.equal(eventText(e, PLAYERS), text);
  // The human is "You", with the verb to match; a figure joins its tile's sentence.
  const placed = ev('tile_placed', { tile: 'V', rotation: 90, builds: [{ kind: 'road', action: 'extends', toward: ['S'], on: 'N' }] });
  assert.equal(eventText(placed, YOU), 'You extend the road south');
  assert.equal(eventText(placed, PLAYERS, { figure: ev('figure_placed', { figure: 'follower', on: 'N', feature: 'road' }) }), 'Ada extends the road south and puts a thief on it');
  assert.equal(eventText(placed, YOU, { figure: ev('figure_placed', { figure: 'follower', on: 'Se', feature: 'field' }) }), 'You extend the road south and put a farmer in the field');
  const crossing = ev('tile_placed', { player: 1, tile: 'W', rotation: 0, builds: [{ kind: 'road', action: 'closes', toward: ['E'], on: 'W' }, { kind: 'road', action: 'starts', toward: [], on: 'S' }, { kind: 'city', action: 'starts', toward: [], on: 'N' }] });
  assert.equal(eventText(crossing, YOU, { figure: ev('figure_placed', { player: 1, figure: 'follower', on: 'W', feature: 'road' }) }), 'Bot Berta finishes the road, starts a road and a city and puts a thief on the finished road');
  assert.equal(eventText(crossing, YOU, { figure: ev('figure_placed', { player: 1, figure: 'follower', on: 'N', feature: 'city' }) }), 'Bot Berta finishes the road, starts a road and a city and puts a knight in the new city');
  assert.equal(eventText(ev('passed', {}), YOU), 'You keep the abbey');
  assert.equal(eventText(ev('figure_returned', { figure: 'wagon' }), YOU), 'Your wagon comes back');
});

test('scorings: whose feature, its size, finished or at the end, ties', () => {
  const cases = [
    [{ pennants: 1, tiles: 4, points: 10, players: [0, 1] }, "Ada's and Bot Berta's city (4 tiles, 1 pennant) is finished: +10 each"],
    [{ pennants: 2, tiles: 1 }, "Ada's city (1 tile, 2 pennants) is finished: +4"],
    [{ cause: 'final', points: 2 }, "Ada's unfinished city (2 tiles): +2 at the end"],
    [{ feature: 'road', category: 'road', tiles: 1, points: 1, players: [2] }, "Bot Conrad's road (1 tile) is finished: +1"],
    [{ feature: 'monastery', category: 'monastery', tiles: 9, points: 9, players: [0, 1, 2] }, "Ada's, Bot Berta's and Bot Conrad's monastery (9 tiles) is finished: +9 each"],
    [{ feature: 'field', category: 'field', cause: 'final', cities: 1, points: 3 }, "Ada's field next to 1 finished city: +3 at the end"],
    [{ feature: 'field', category: 'barn', cause: 'barn_placed', cities: 2, points: 8 }, "Ada's barn joins farmers next to 2 finished cities: +8"],
    [{ feature: 'field', category: 'barn', cause: 'barn_joined', cities: 0, points: 0 }, "Ada's barn gains a field next to 0 finished cities: +0"],
    [{ feature: 'field', category: 'barn', cause: 'final', cities: 2, points: 8 }, "Ada's barn, in a field next to 2 finished cities: +8 at the end"],
  ];
  for (const [s, text] of cases) assert.equal(eventText(scored(s), PLAYERS), text);
  assert.equal(eventText(scored({ tiles: 5, pennants: 1, points: 12 }), YOU), 'Your city (5 tiles, 1 pennant) is finished: +12');
  assert.equal(eventText(scored({ players: [1, 0], points: 4 }), YOU), "Your and Bot Berta's city (2 tiles) is finished: +4 each");
  assert.equal(namesList(PLAYERS, []), 'nobody');
});

test('wagon targets by name: kind, where from the wagon, size; told apart when alike', () => {
  const t = (fields) => ({ x: 1, y: 0, on: 'E', feature: 'road', toward: 'W', tiles: 2, owners: [], finished: false, segments: [], ...fields });
  assert.deepEqual(wagonTargetLabels([t({}), t({ feature: 'city', toward: null, tiles: 1 }), t({ feature: 'monastery', toward: 'NE', tiles: 5 })], YOU),
    ['The road west of here (2 tiles)', 'The city here (1 tile)', 'The monastery north-east of here']);
  // Two roads of one tile (a T junction, W) read alike: each is told by its name on the tile.
  const junction = { tiles: [{ id: 'W', x: 1, y: 0, rotation: 0 }] };
  const named = (tg) => placeAt(junction, tileType, tg.x, tg.y, tg.on);
  assert.deepEqual(wagonTargetLabels([t({ on: 'E' }), t({ on: 'S' })], YOU, { placeOf: named }), ['The east road west of here (2 tiles)', 'The south road west of here (2 tiles)']);
  assert.deepEqual(wagonTargetLabels([t({ on: 'N' }), t({ on: 'W' })], YOU, { placeOf: (tg) => placeAt({ tiles: [{ id: 'W', x: 1, y: 0, rotation: 90 }] }, tileType, tg.x, tg.y, tg.on) }),
    ['The north road west of here (2 tiles)', 'The west road west of here (2 tiles)'], 'turned, the roads lead elsewhere');
  assert.equal(wagonTargetLabels([t({ owners: [1] })], YOU)[0], "Bot Berta's road west of here (2 tiles)");
});

test('AI moves, for screen readers, in the log\'s words: no coordinates, no tile letters', () => {
  // The view after each move: its events are the last of `recent`.
  const placed = ev('tile_placed', { player: 1, turn: 4, tile: 'V', x: 1, y: 0, rotation: 90, builds: [{ kind: 'road', action: 'extends', toward: ['E'], on: 'W' }] });
  const figure = ev('figure_placed', { player: 1, turn: 4, x: 1, y: 0, figure: 'follower', on: 'W', feature: 'road' });
  const closed = { ...scored({ feature: 'road', category: 'road', players: [1], points: 3, tiles: 3 }), turn: 4 };
  const view = (recent) => ({ players: YOU, tiles: [{ id: 'D', x: 0, y: 0 }, { id: 'V', x: 1, y: 0 }], recent: [ev('tile_placed', { turn: 3, builds: [] }), ...recent] });
  const ai = (move, recent) => aiMoveText({ player: 1, level: 'hard', stage: 'moved', move, view: view(recent) });
  assert.equal(ai({ type: 'place', x: 1, y: 0, rotation: 90 }, [placed]), 'Bot Berta extends the road east');
  assert.equal(ai({ type: 'figure', kind: 'follower', on: 'W' }, [placed, figure]), 'Bot Berta puts a thief on the road');
  assert.equal(ai({ type: 'figure', kind: 'follower', on: 'W' }, [placed, figure, closed]), "Bot Berta puts a thief on the road. Bot Berta's road (3 tiles) is finished: +3");
  assert.equal(ai({ type: 'no_figure' }, [placed]), 'Bot Berta puts no figure on the new tile');
  assert.equal(ai({ type: 'no_figure' }, [placed, closed]), "Bot Berta puts no figure on the new tile. Bot Berta's road (3 tiles) is finished: +3");
  assert.equal(ai({ type: 'abbey', x: 1, y: -1 }, [ev('abbey_placed', { player: 1, tile: 'abbey' })]), 'Bot Berta places the abbey in a hole');
  assert.equal(ai({ type: 'wagon', to: { x: 2, y: 0, on: 'E' } }, [ev('wagon_moved', { player: 1, x: 1, y: 0, figure: 'wagon', feature: 'road', to: { x: 2, y: 0, on: 'E' }, toward: 'E' })]), "Bot Berta's wagon moves on to a road to the east");
  assert.equal(ai({ type: 'wagon', to: null }, []), 'Bot Berta takes the wagon home');
  assert.equal(ai({ type: 'draw' }, []), 'Bot Berta draws a tile and keeps the abbey for later');
  assert.equal(ai({ type: 'pass' }, [ev('passed', { player: 1 })]), 'Bot Berta keeps the abbey');
  for (const m of [{ type: 'place', x: 1, y: 0, rotation: 90 }, { type: 'figure', kind: 'follower', on: 'W' }, { type: 'wagon', to: { x: 2, y: 0, on: 'E' } }]) {
    assert.doesNotMatch(ai(m, [placed, figure]), /\(|\b[B-Z]\b|°/, 'no coordinates, tile letters or degrees');
  }
  assert.equal(aiMoveText({ player: 1, stage: 'thinking', move: null, view: null }), '');
});

test('hints are instructions in players\' words, without coordinates or tile letters', () => {
  const type = tileType;
  const view = { players: PLAYERS, lastPlaced: { x: 1, y: 0 }, tiles: [{ id: 'D', x: 0, y: 0, order: 0 }, { id: 'V', x: 1, y: 0, rotation: 0, order: 1 }, { id: 'A', x: 0, y: 1, order: 2 }],
    decision: { kind: 'place_figure', x: 1, y: 0, spots: [{ on: 'S', feature: 'road' }, { on: 'Nw', feature: 'field' }, { on: 'Sw', feature: 'field' }] } };
  const hint = (move) => hintText(move, view, type);
  const tail = ' It is selected on the board: Confirm plays it.';
  assert.equal(hint({ type: 'place', x: 1, y: 1, rotation: 90 }), `Hint: Place the tile east of the monastery, turned once.${tail}`);
  assert.equal(hint({ type: 'place', x: 2, y: 0, rotation: 0 }), `Hint: Place the tile east of the last tile placed, as drawn.${tail}`);
  assert.equal(hint({ type: 'place', x: 0, y: -1, rotation: 270 }), `Hint: Place the tile north of the start tile, turned three times.${tail}`);
  assert.equal(hint({ type: 'abbey', x: -1, y: 1 }), `Hint: Place your abbey in the hole west of the monastery.${tail}`);
  // A spot by its name on the new tile (V: a curve from the south to the west).
  assert.equal(hint({ type: 'figure', kind: 'follower', on: 'Sw' }), `Hint: Put your follower in the south-west field of the new tile.${tail}`);
  assert.equal(hint({ type: 'figure', kind: 'follower', on: 'Nw' }), `Hint: Put your follower in the north-east field of the new tile.${tail}`);
  assert.equal(hint({ type: 'figure', kind: 'wagon', on: 'S' }), `Hint: Put your wagon on the road of the new tile.${tail}`);
  assert.equal(hint({ type: 'figure', kind: 'barn', on: 'NE' }), `Hint: Put your barn on the north-east corner of the new tile.${tail}`);
  assert.equal(hint({ type: 'no_figure' }), `Hint: Place no figure this turn.${tail}`);
  assert.equal(hint({ type: 'draw' }), `Hint: Draw a tile and keep your abbey for later.${tail}`);
  // The wagon's target by the name its button has.
  const t = (fields) => ({ x: 1, y: 0, on: 'E', feature: 'road', toward: 'E', tiles: 1, owners: [], finished: false, segments: [], ...fields });
  const wagon = { ...view, players: YOU, tiles: [...view.tiles, { id: 'W', x: 1, y: 0, rotation: 0 }].filter((tl) => tl.id !== 'V'),
    decision: { kind: 'move_wagon', from: { x: 0, y: 0 }, targets: [t({}), t({ on: 'S' }), t({ x: 0, y: 1, on: 'monastery', feature: 'monastery', toward: 'S', tiles: 3 }), t({ x: -1, owners: [0], toward: 'W', feature: 'city', tiles: 2 })] } };
  const wagonHint = (to) => hintText({ type: 'wagon', to }, wagon, type);
  assert.equal(wagonHint({ x: 1, y: 0, on: 'S' }), `Hint: Move your wagon on to the south road east of here (1 tile).${tail}`);
  assert.equal(wagonHint({ x: 0, y: 1, on: 'monastery' }), `Hint: Move your wagon on to the monastery south of here.${tail}`);
  assert.equal(wagonHint({ x: -1, y: 0, on: 'E' }), `Hint: Move your wagon on to your city west of here (2 tiles).${tail}`);
  assert.equal(wagonHint(null), `Hint: Take your wagon home.${tail}`);
});

test('the mayor on a city without pennants is said to be worth nothing', () => {
  const h = placeOf(tileType('H'), 0, 'N');
  assert.equal(spotLabel('mayor', h, { on: 'N', feature: 'city', pennants: 0 }), 'North city: no pennants, worth nothing now');
  assert.equal(spotLabel('mayor', h, { on: 'N', feature: 'city', pennants: 2 }), 'North city');
  assert.equal(spotLabel('follower', h, { on: 'N', feature: 'city', pennants: 0 }), 'North city');
  assert.equal(spotLabel('barn', placeOf(null, 0, 'NW'), null), 'North-west corner');
});

test('spots by the names players give them, in board orientation, on the chips, in hints and in the review', () => {
  const label = (id, rotation, on) => spotLabel('follower', placeOf(tileType(id), rotation, on), null);
  // The crossing with a city of issue 24: what was "City, east" and "Field, north-east".
  assert.deepEqual(['E', 'Ne', 'S', 'W', 'N', 'Sw', 'Nw'].map((on) => label('L', 90, on)),
    ['City', 'East field', 'South road', 'West road', 'North road', 'South-west field', 'North-west field']);
  // Once "Field, east-south", "Field, north-west", "Monastery, monastery".
  assert.deepEqual(['En', 'Es'].map((on) => label('D', 0, on)), ['North field', 'South field']);
  assert.deepEqual(['En', 'Es'].map((on) => label('D', 180, on)), ['North field', 'South field'], 'a name follows the turned tile');
  assert.equal(label('A', 0, 'monastery'), 'Monastery');
  assert.equal(label('A', 0, 'Nw'), 'Field');
  assert.deepEqual(['N', 'E', 'inner', 'inner2'].map((on) => label('AM2', 0, on)), ['North–south city', 'East–west city', 'North-west inner field', 'South-east inner field']);
  assert.deepEqual(['En', 'Es'].map((on) => label('O', 0, on)), ['Field by the city', 'South-east field']);
  // The review names the spot as the board shows it: the tile placed that turn, its rotation.
  const where = placeOf(tileType('V'), 90, 'Se');
  assert.equal(reviewMoveText({ type: 'figure', kind: 'follower', on: 'Se' }, null, where), 'follower in the south-east field');
  assert.equal(reviewMoveText({ type: 'figure', kind: 'mayor', on: 'N' }, null, 'city'), 'mayor in the city', 'a feature alone still reads');
  assert.equal(reviewMoveText({ type: 'figure', kind: 'barn', on: 'SE' }), 'barn on the south-east corner');
  assert.equal(reviewMoveText({ type: 'wagon', to: { x: 1, y: 0, on: 'S' } }, null, placeOf(tileType('W'), 0, 'S'), 'best'), 'wagon to the south road on the green square');
});

test('one turn numbering: the turn in progress while playing, turns played when over', () => {
  assert.equal(turnLabel({ over: false, turn: 39 }), 'Turn 40');
  assert.equal(resumeTurn({ turn: 39 }), 'turn 40');
  assert.equal(turnLabel({ over: true, turn: 85 }), '85 turns');
  assert.equal(replayLabel(0, 85), 'Start, before turn 1 of 85');
  assert.equal(replayLabel(40, 85), 'Turn 40 of 85');
  assert.equal(replayLabel(85, 85), 'Turn 85 of 85');
  assert.equal(replayLabel(86, 85), 'Final scoring, after turn 85 of 85');
  assert.equal(projectedLabel(15), '15 if the game ended now');
});

test('the review\'s reasons in the board\'s terms, and what a move costs by the end', async () => {
  const T = await import('../../ui/js/text.js');
  const players = [{ name: 'Ada', kind: 'human' }, { name: 'Berta', kind: 'ai', level: 'hard' }];
  assert.equal(T.whyText({ id: 'worth_more', params: { feature: 'city', points: 6 } }, players), 'It makes your city worth 6 points more to you at the end of the game.');
  assert.equal(T.whyText({ id: 'feeds_feature', params: { feature: 'field', to: 1, points: 4 } }, players, { pointLoss: 3.6 }), 'Your move makes Berta\'s field worth 4 points more to them at the end of the game.');
  assert.equal(T.whyText({ id: 'gives_points', params: { to: 1, points: 9 } }, players, { pointLoss: 0.4 }), 'Your move gives Berta 9 points more now. In the end it costs hardly anything: it comes back later.');
  assert.equal(T.whyText({ id: 'better_chances', params: { win: 0.02, points: 1 } }, players), 'Nothing on the board tells the two moves apart this turn: over the rest of the game, the search finds its chances better.');
  assert.equal(T.reviewWinText({ class: 'mistake', playedWin: 0.41, bestWin: 0.58, pointLoss: 4.2 }), 'Win chance 41% (best 58%) · 4 points less expected at the end');
  assert.equal(T.reviewWinText({ class: 'best', playedWin: 0.41, bestWin: 0.41, pointLoss: 0 }), 'Win chance 41%');
});

test('prompts, announcements, the scoreboard and the end', () => {
  const tile = { kind: 'place_tile', tile: 'V', cells: [{}, {}, {}] };
  assert.equal(prompt(tile), 'Place your tile: tap a highlighted square (3 fit).');
  assert.equal(prompt({ ...tile, cells: [{}] }), 'Place your tile: tap a highlighted square (1 fits).');
  assert.equal(prompt(tile, { selected: true, ways: 2 }), 'Tap the tile again or press R to turn it (2 ways fit), then confirm.');
  assert.equal(prompt(tile, { selected: true, ways: 1 }), 'This is the only way it fits here. Confirm, or tap another square.');
  assert.equal(prompt({ kind: 'place_figure' }), 'No figure can go on this tile.');
  const types = { V: { segments: [{ kind: 'road' }, { kind: 'field' }] }, L: { segments: [{ kind: 'city' }, { kind: 'road' }, { kind: 'road' }, { kind: 'road' }] }, A: { segments: [{ kind: 'monastery' }, { kind: 'road' }] } };
  assert.equal(turnAnnouncement({ over: false, decision: tile }, (id) => types[id]), 'Your turn: place your tile, a road. 3 squares fit.');
  assert.equal(turnAnnouncement({ over: false, decision: { ...tile, tile: 'L', cells: [{}] } }, (id) => types[id]), 'Your turn: place your tile, a city and three roads. 1 square fits.');
  assert.equal(turnAnnouncement({ over: false, decision: { ...tile, tile: 'A' } }, (id) => types[id]), 'Your turn: place your tile, a monastery and a road. 3 squares fit.');
  assert.equal(turnAnnouncement({ over: false, decision: tile }), 'Your turn: place your tile. 3 squares fit.', 'no tile letter, even without the tile description');
  const p = { seat: 1, name: 'Bot Berta', level: 'hard', score: 23, projected: 41, supply: { followers: 5, mayor: true, wagon: false, barn: true, abbey: false } };
  assert.equal(playerSummary(p, true, { current: true }), 'Bot Berta (hard), orange square: 23 points, 41 if the game ended now; 5 followers, mayor in hand, wagon used, barn in hand, abbey used; to move');
  assert.equal(playerSummary(p, false, { thinking: true }), 'Bot Berta (hard), orange square: 23 points, 41 if the game ended now; 5 followers; thinking');
  const end = (result) => endHeadline({ human: 0, players: PLAYERS, result });
  assert.equal(end({ winners: [1, 2], resigned: false }), 'Bot Berta and Bot Conrad won.');
  assert.equal(end({ winners: [0, 1], resigned: false }), 'A shared victory!');
  assert.equal(end({ winners: [1], resigned: true }), 'You resigned.');
});

test('the odds popover and the drawer word the aids', async () => {
  const { oddsText, oddsTitle, percent, chanceText } = await import('../../ui/js/text.js');
  const o = (fields) => ({ kind: 'road', completion: 'one_tile', count: 0, unseen: 10, chance: 0, inHand: false, tiles: [], cell: null, ...fields });
  assert.equal(oddsText(o({ count: 3, chance: 0.3 })), '3 unseen tiles can complete it (30% next draw).');
  assert.equal(oddsText(o({ count: 1, chance: 0.1, inHand: true })), '1 unseen tile can complete it (10% next draw). The tile in hand can complete it too.');
  assert.equal(oddsText(o({})), 'No unseen tile completes it in one placement: it will need more tiles.');
  assert.equal(oddsText(o({ inHand: true })), 'Only the tile in hand can complete it: no unseen tile can.');
  assert.equal(oddsText(o({ completion: 'several_tiles' })), 'It needs more than one tile to be completed.');
  assert.equal(oddsText(o({ completion: 'complete', kind: 'city' })), 'This city is complete.');
  assert.equal(oddsText(o({ completion: 'never', kind: 'field' })), 'A field is never completed: it scores at the end of the game.');
  assert.equal(oddsTitle(o({ kind: 'monastery' })), 'Monastery');
  assert.deepEqual([percent(0), percent(0.004), percent(0.125)], ['0%', '<1%', '13%']);
  assert.equal(chanceText({ chance: 0.06 }), '6% next');
});

// --- Hungarian: each sentence composed in Hungarian (word order, conjugation for "te",
// possessives, cases), numbers after which the noun stays singular.
test('Hungarian: the log, scorings, the wagon, hints, prompts, the end and the review', async () => {
  const { setLanguage } = await import('../../ui/js/i18n.js');
  const T = await import('../../ui/js/text.js');
  setLanguage('hu');
  try {
    const HU = [{ name: 'Ada', kind: 'human' }, { name: 'Berta', kind: 'ai' }, { name: 'Conrad', kind: 'ai' }];
    const placed = (player) => ev('tile_placed', { player, tile: 'V', rotation: 90, builds: [{ kind: 'road', action: 'extends', toward: ['S'], on: 'N' }] });
    const fig = (player, figure, on, feature) => ev('figure_placed', { player, figure, on, feature });
    // Placement: another player (3rd person) and the human (2nd person, no pronoun).
    assert.equal(T.eventText(placed(1), HU, { figure: fig(1, 'follower', 'N', 'road') }), 'Berta meghosszabbítja az utat dél felé, és útonállót tesz rá');
    assert.equal(T.eventText(placed(0), HU), 'Meghosszabbítod az utat dél felé');
    assert.equal(T.eventText(placed(0), HU, { figure: fig(0, 'follower', 'Se', 'field') }), 'Meghosszabbítod az utat dél felé, és parasztot teszel a mezőre');
    const crossing = ev('tile_placed', { player: 1, tile: 'W', rotation: 0, builds: [{ kind: 'road', action: 'closes', toward: ['E'], on: 'W' }, { kind: 'road', action: 'starts', toward: [], on: 'S' }, { kind: 'city', action: 'starts', toward: [], on: 'N' }] });
    assert.equal(T.eventText(crossing, HU, { figure: fig(1, 'follower', 'N', 'city') }), 'Berta befejezi az utat, új utat és várost kezd, és lovagot tesz az új városba');
    assert.equal(T.eventText(ev('tile_placed', { player: 1, tile: 'A', builds: [{ kind: 'monastery', action: 'starts', toward: [], on: 'monastery' }] }), HU, { figure: fig(1, 'follower', 'monastery', 'monastery') }), 'Berta kolostort épít, és szerzetest tesz bele');
    assert.equal(T.eventText(ev('figure_placed', { figure: 'mayor', on: 'N', feature: 'city' }), HU), 'A polgármestert teszed a városba');
    assert.equal(T.eventText(ev('figure_returned', { player: 2, figure: 'follower' }), HU), 'Conrad alattvalója visszatér');
    assert.equal(T.eventText(ev('figure_returned', { figure: 'wagon' }), HU), 'A szekered visszatér');
    assert.equal(T.eventText(ev('passed', {}), HU), 'Megtartod az apátságot');
    assert.equal(T.eventText(ev('passed', { player: 1 }), HU), 'Berta megtartja az apátságot');
    assert.equal(T.eventText(ev('wagon_moved', { player: 1, figure: 'wagon', feature: 'road', to: { x: 2, y: -3, on: 'E' }, toward: 'NE' }), HU), 'Berta szekere továbbmegy egy útra északkelet felé');
    // Scorings: whose (yours, another's, shared), sizes with a singular noun after the number.
    assert.equal(T.eventText(scored({ tiles: 5, pennants: 1, points: 12 }), HU), 'A városod (5 lapka, 1 címer) elkészült: +12');
    assert.equal(T.eventText(scored({ feature: 'road', category: 'road', tiles: 3, points: 3, players: [1] }), HU), 'Berta útja (3 lapka) elkészült: +3');
    assert.equal(T.eventText(scored({ tiles: 4, pennants: 1, points: 10, players: [1, 0] }), HU), 'A te és Berta közös városa (4 lapka, 1 címer) elkészült: fejenként +10');
    assert.equal(T.eventText(scored({ cause: 'final', points: 2 }), HU), 'A befejezetlen városod (2 lapka): +2 a játék végén');
    assert.equal(T.eventText(scored({ feature: 'field', category: 'field', cause: 'final', cities: 2, points: 6, players: [2] }), HU), 'Conrad mezője, 2 kész város mellett: +6 a játék végén');
    // The wagon's targets and the hint that names one.
    const tg = (f) => ({ x: 1, y: 0, on: 'E', feature: 'road', toward: 'W', tiles: 2, owners: [], finished: false, segments: [], ...f });
    assert.deepEqual(T.wagonTargetLabels([tg({}), tg({ feature: 'city', toward: null, tiles: 1, owners: [0] }), tg({ feature: 'monastery', toward: 'NE', owners: [1] })], HU),
      ['Az út innen nyugatra (2 lapka)', 'A városod itt (1 lapka)', 'Berta kolostora innen északkeletre']);
    const junction = { tiles: [{ id: 'W', x: 1, y: 0, rotation: 0 }] };
    assert.deepEqual(T.wagonTargetLabels([tg({ on: 'E' }), tg({ on: 'S' })], HU, { placeOf: (x) => T.placeAt(junction, tileType, x.x, x.y, x.on) }), ['A keleti út innen nyugatra (2 lapka)', 'A déli út innen nyugatra (2 lapka)']);
    // Spots: the chips, a hint, the review.
    assert.deepEqual(['E', 'Ne', 'S', 'W', 'Nw'].map((on) => T.spotLabel('follower', placeOf(tileType('L'), 90, on), null)), ['Város', 'Keleti mező', 'Déli út', 'Nyugati út', 'Északnyugati mező']);
    assert.equal(T.spotLabel('mayor', placeOf(tileType('H'), 0, 'S'), { pennants: 0 }), 'Déli város: nincs címer, most semmit sem ér');
    assert.equal(T.spotLabel('barn', placeOf(null, 0, 'SW'), null), 'Délnyugati sarok');
    assert.equal(T.spotLabel('follower', placeOf(tileType('O'), 0, 'En'), null), 'Város melletti mező');
    const figureView = { players: HU, tiles: [{ id: 'V', x: 1, y: 0, rotation: 0 }], decision: { kind: 'place_figure', x: 1, y: 0, spots: [] } };
    assert.equal(T.hintText({ type: 'figure', kind: 'follower', on: 'Sw' }, figureView, tileType), `Tipp: Tedd az alattvalódat az új lapka délnyugati mezőjére.${' Ki van jelölve a táblán: a Mehet gombbal lépsz.'}`);
    assert.equal(T.hintText({ type: 'figure', kind: 'barn', on: 'NE' }, figureView, tileType), `Tipp: Tedd a pajtádat az új lapka északkeleti sarkára.${' Ki van jelölve a táblán: a Mehet gombbal lépsz.'}`);
    assert.equal(T.reviewMoveText({ type: 'figure', kind: 'follower', on: 'N' }, null, placeOf(tileType('AM2'), 0, 'N')), 'alattvaló: észak–déli város');
    const types = { A: { monastery: true, segments: [{ kind: 'monastery' }] }, D: { segments: [{ kind: 'city' }, { kind: 'road' }] }, L: { segments: [{ kind: 'city' }, { kind: 'road' }, { kind: 'road' }, { kind: 'road' }] } };
    const type = (id) => types[id];
    const view = { players: HU, lastPlaced: null, tiles: [{ id: 'D', x: 0, y: 0, order: 0 }, { id: 'A', x: 0, y: 1, order: 2 }], decision: { kind: 'move_wagon', targets: [tg({ x: -1, owners: [0], feature: 'city' })] } };
    const tail = ' Ki van jelölve a táblán: a Mehet gombbal lépsz.';
    assert.equal(T.hintText({ type: 'place', x: 1, y: 1, rotation: 90 }, view, type), `Tipp: Tedd a lapkát a kolostortól keletre, egyszer elforgatva.${tail}`);
    assert.equal(T.hintText({ type: 'abbey', x: -1, y: 1 }, view, type), `Tipp: Tedd az apátságodat a kolostortól nyugatra lévő lyukba.${tail}`);
    assert.equal(T.hintText({ type: 'wagon', to: { x: -1, y: 0, on: 'E' } }, view, type), `Tipp: Vidd tovább a szekeredet ide: a városod innen nyugatra (2 lapka).${tail}`);
    // The AI's moves, prompts, turns, the bar, the scoreboard.
    assert.equal(T.aiMoveText({ player: 1, move: { type: 'draw' }, view: { players: HU } }), 'Berta húz egy lapkát, és későbbre tartogatja az apátságot');
    assert.equal(T.waiting({ kind: 'ai', name: 'Berta' }), 'Berta gondolkodik…');
    assert.equal(T.prompt({ kind: 'place_tile', cells: [{}, {}, {}] }), 'Tedd le a lapkádat: koppints egy kiemelt helyre (3 helyre illik).');
    assert.equal(T.turnAnnouncement({ over: false, decision: { kind: 'place_tile', tile: 'L', cells: [{}] } }, type), 'Te következel: tedd le a lapkádat (egy város és három út). 1 helyre illik.');
    assert.equal(T.turnLabel({ over: false, turn: 39 }), '40. kör');
    assert.equal(T.turnLabel({ over: true, turn: 85 }), '85 kör');
    assert.equal(T.whoseTurn({ players: HU, current: 0 }), 'Te következel');
    assert.equal(T.whoseTurn({ players: HU, current: 1 }), 'Berta következik');
    assert.equal(T.sheetToggleLabel({ players: [{ ...HU[0], score: 12 }, { ...HU[1], score: 8 }], current: 0 }), 'Te következel 12 8. Pontok: Ada 12, Berta 8. Eredménytábla és napló');
    const p = { seat: 1, name: 'Berta', level: 'hard', score: 23, projected: 41, supply: { followers: 5, mayor: true, wagon: false, barn: true, abbey: false } };
    assert.equal(T.playerSummary(p, true, { current: true }), 'Berta (nehéz), narancssárga négyzet: 23 pont, 41, ha most érne véget a játék; 5 alattvaló, polgármester kézben, szekér felhasználva, pajta kézben, apátság felhasználva; soron van');
    assert.deepEqual(T.KIND_LABEL, { follower: 'Alattvaló', mayor: 'Polgármester', wagon: 'Szekér', barn: 'Pajta' }, 'the exported labels follow the language');
    // The end, the odds, the review.
    const end = (result) => T.endHeadline({ human: 0, players: HU, result });
    assert.equal(end({ winners: [0] }), 'Nyertél!');
    assert.equal(end({ winners: [1, 2] }), 'Berta és Conrad nyertek.');
    assert.equal(end({ winners: [0], resigned: true }), 'Feladtad a játékot.');
    assert.equal(T.oddsText({ kind: 'road', completion: 'one_tile', count: 3, chance: 0.3, inHand: false }), '3 még nem látott lapka befejezheti (30% a következő húzásnál).');
    assert.equal(T.oddsText({ kind: 'road', completion: 'complete' }), 'Ez az út elkészült.');
    assert.equal(T.whyText({ id: 'gives_points', params: { to: 1, points: 4 } }, HU), 'Ezzel a lépéssel Berta most 4 ponttal többet kap.');
    assert.equal(T.whyText({ id: 'shares_feature', params: { feature: 'road', with: 2 } }, HU), 'Ezzel a lépéssel közös lenne az utad Conraddal: a pontjait mindketten megkapnátok.');
    // Points now that mostly come back later: the sentence says what the move costs in the end.
    const gives = { id: 'gives_points', params: { to: 1, points: 9 } };
    assert.equal(T.whyText(gives, HU, { pointLoss: 1.2 }), 'Ezzel a lépéssel Berta most 9 ponttal többet kap. A játék végére ez csak körülbelül 1 pont: a többi később visszajön.');
    assert.equal(T.whyText(gives, HU, { pointLoss: 7 }), 'Ezzel a lépéssel Berta most 9 ponttal többet kap.', 'no note where the points now are most of the loss');
    assert.equal(T.whyText({ id: 'worth_more', params: { feature: 'city', points: 6 } }, HU, { pointLoss: 5 }), 'A játék végén a városod 6 ponttal többet érne neked.');
    assert.equal(T.whyText({ id: 'feeds_feature', params: { feature: 'field', to: 1, points: 4 } }, HU), 'Ezzel a lépéssel a játék végén Berta mezője 4 ponttal többet érne neki.');
    assert.equal(T.reviewWinText({ class: 'blunder', playedWin: 0, bestWin: 0.004, pointLoss: 24.3 }), 'Nyerési esély: 0% (a legjobb lépéssel <1%) · várhatóan 24 ponttal kevesebb a végén');
    assert.equal(T.reviewSummary({ accuracy: 87.4, counts: { mistake: 2, blunder: 1 } }), 'Pontosság: 87% · 2 hiba, 1 durva hiba');
    assert.equal(T.reviewDecisionTitle({ turn: 12, decision: 'place_tile' }), '12. kör, lapka');
    assert.equal(T.winGraphLabel({ decisions: [{ class: 'blunder', turn: 5 }, { class: 'mistake', turn: 12 }] }), 'A nyerési esélyed körről körre; durva hiba az 5. körben, hiba a 12. körben');
    assert.equal(T.reviewProgressText({ state: 'running', done: 3, total: 10 }), 'A lépéseid elemzése: 3/10 döntés');
    // Numbers as Hungarian writes them: a (no-break) space between thousands from 10 000 up.
    assert.equal(T.eventText(scored({ tiles: 1200, points: 12345 }), HU), 'A városod (1200 lapka) elkészült: +12\u00a0345');
  } finally {
    setLanguage('en');
  }
  // Back in English, the exported words are English again.
  assert.equal(T.KIND_LABEL.follower, 'Follower');
  assert.equal(T.OVER, 'The game is over.');
});
