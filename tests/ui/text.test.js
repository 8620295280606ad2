// The sentences of ui/js/text.js, pinned (the wording the app's Rust side used to send).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventText, aiMoveText, hintText, namesList, prompt, turnAnnouncement, playerSummary, endHeadline, spotLabel, turnLabel, resumeTurn, replayLabel, projectedLabel } from '../../ui/js/text.js';

const PLAYERS = [{ name: 'Ada' }, { name: 'Bot Berta' }, { name: 'Bot Conrad' }];
const ev = (type, fields) => ({ turn: 3, type, player: 0, tile: null, x: 1, y: -2, rotation: null, figure: null, on: null, to: null, scored: null, ...fields });
const scored = (s) => ev('scored', { player: null, scored: { feature: 'city', category: 'city', cause: 'completed', players: [0], points: 4, tiles: 2, pennants: 0, cities: 0, ...s } });

test('every event type has its sentence', () => {
  const cases = [
    [ev('tile_placed', { tile: 'V', rotation: 90 }), 'Ada placed V at (1, -2), 90°'],
    [ev('tile_discarded', { tile: 'L', x: null, y: null }), 'Ada drew L, which fits nowhere: discarded'],
    [ev('abbey_placed', { player: 1, tile: 'abbey' }), 'Bot Berta placed the abbey at (1, -2)'],
    [ev('figure_placed', { figure: 'mayor', on: 'N' }), 'Ada placed a mayor on N at (1, -2)'],
    [ev('figure_returned', { player: 2, figure: 'follower' }), "Bot Conrad's follower came back from (1, -2)"],
    [ev('wagon_moved', { figure: 'wagon', to: { x: 2, y: 0, on: 'E' } }), "Ada's wagon moved from (1, -2) to E at (2, 0)"],
    [ev('passed', { player: 1 }), 'Bot Berta kept the abbey'],
    [ev('game_ended', { player: null }), 'The game ended: final scoring'],
    [ev('passed', { player: 4 }), 'Player 5 kept the abbey'],
  ];
  for (const [e, text] of cases) assert.equal(eventText(e, PLAYERS), text);
});

test('scorings: feature, plurals, pennants, cause and ties', () => {
  const cases = [
    [{ pennants: 1, tiles: 4, points: 10, players: [0, 1] }, 'City of 4 tiles + 1 pennant: 10 to Ada and Bot Berta (tied)'],
    [{ pennants: 2, tiles: 1 }, 'City of 1 tile + 2 pennants: 4 to Ada'],
    [{ cause: 'final', points: 2 }, 'City of 2 tiles (final scoring): 2 to Ada'],
    [{ feature: 'road', category: 'road', tiles: 1, points: 1, players: [2] }, 'Road of 1 tile: 1 to Bot Conrad'],
    [{ feature: 'monastery', category: 'monastery', tiles: 9, points: 9, players: [0, 1, 2] }, 'Monastery with 9 tiles: 9 to Ada, Bot Berta and Bot Conrad (tied)'],
    [{ feature: 'field', category: 'field', cause: 'final', cities: 1, points: 3 }, 'Field next to 1 completed city (final scoring): 3 to Ada'],
    [{ feature: 'field', category: 'barn', cause: 'barn_placed', cities: 2, points: 8 }, 'Barn next to 2 completed cities (barn placed): 8 to Ada'],
    [{ feature: 'field', category: 'barn', cause: 'barn_joined', cities: 0, points: 0 }, 'Barn next to 0 completed cities (joined to a barn): 0 to Ada'],
  ];
  for (const [s, text] of cases) assert.equal(eventText(scored(s), PLAYERS), text);
  assert.equal(namesList(PLAYERS, []), 'nobody');
});

test('AI moves and hints in words', () => {
  const view = { players: PLAYERS, tiles: [{ id: 'D', x: 0, y: 0 }, { id: 'V', x: 1, y: 0 }] };
  const ai = (move) => aiMoveText({ player: 1, level: 'hard', stage: 'moved', move, view });
  assert.equal(ai({ type: 'place', x: 1, y: 0, rotation: 90 }), 'Bot Berta placed V at (1, 0), 90°');
  assert.equal(ai({ type: 'draw' }), 'Bot Berta drew a tile');
  assert.equal(ai({ type: 'abbey', x: 1, y: -1 }), 'Bot Berta placed the abbey at (1, -1)');
  assert.equal(ai({ type: 'figure', kind: 'follower', on: 'Nw' }), 'Bot Berta placed the follower on Nw');
  assert.equal(ai({ type: 'no_figure' }), 'Bot Berta placed no figure');
  assert.equal(ai({ type: 'wagon', to: { x: 2, y: 0, on: 'E' } }), 'Bot Berta moved the wagon to E at (2, 0)');
  assert.equal(ai({ type: 'wagon', to: null }), 'Bot Berta took the wagon home');
  assert.equal(ai({ type: 'pass' }), 'Bot Berta kept the abbey');
  assert.equal(aiMoveText({ player: 1, stage: 'thinking', move: null, view: null }), '');
});

test('hints are instructions in players\' words, without coordinates or tile letters', () => {
  const types = { A: { monastery: true, segments: [{ kind: 'monastery' }] }, D: { segments: [{ kind: 'city' }, { kind: 'road' }] }, V: { segments: [{ kind: 'road' }] } };
  const type = (id) => types[id];
  const view = { players: PLAYERS, lastPlaced: { x: 1, y: 0 }, tiles: [{ id: 'D', x: 0, y: 0, order: 0 }, { id: 'V', x: 1, y: 0, order: 1 }, { id: 'A', x: 0, y: 1, order: 2 }],
    decision: { kind: 'place_figure', spots: [{ on: 'N', feature: 'city' }] } };
  const hint = (move) => hintText(move, view, type);
  const tail = ' It is selected on the board: Confirm plays it.';
  assert.equal(hint({ type: 'place', x: 1, y: 1, rotation: 90 }), `Hint: Place the tile east of the monastery, turned once.${tail}`);
  assert.equal(hint({ type: 'place', x: 2, y: 0, rotation: 0 }), `Hint: Place the tile east of the last tile placed, as drawn.${tail}`);
  assert.equal(hint({ type: 'place', x: 0, y: -1, rotation: 270 }), `Hint: Place the tile north of the start tile, turned three times.${tail}`);
  assert.equal(hint({ type: 'abbey', x: -1, y: 1 }), `Hint: Place your abbey in the hole west of the monastery.${tail}`);
  assert.equal(hint({ type: 'figure', kind: 'follower', on: 'N' }), `Hint: Put your follower on the city (north) of the new tile.${tail}`);
  assert.equal(hint({ type: 'no_figure' }), `Hint: Place no figure this turn.${tail}`);
  assert.equal(hint({ type: 'draw' }), `Hint: Draw a tile and keep your abbey for later.${tail}`);
});

test('the mayor on a city without pennants is said to be worth nothing', () => {
  assert.equal(spotLabel('mayor', 'N', { on: 'N', feature: 'city', pennants: 0 }), 'City, north: no pennants, worth nothing now');
  assert.equal(spotLabel('mayor', 'N', { on: 'N', feature: 'city', pennants: 2 }), 'City, north');
  assert.equal(spotLabel('follower', 'N', { on: 'N', feature: 'city', pennants: 0 }), 'City, north');
  assert.equal(spotLabel('barn', 'NW', null), 'North-west corner');
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

test('prompts, announcements, the scoreboard and the end', () => {
  const tile = { kind: 'place_tile', tile: 'V', cells: [{}, {}, {}] };
  assert.equal(prompt(tile), 'Place tile V: tap a highlighted square (3 fit).');
  assert.equal(prompt(tile, { selected: true, ways: 2 }), 'Tap the tile again or press R to turn it (2 ways fit), then confirm.');
  assert.equal(prompt(tile, { selected: true, ways: 1 }), 'This is the only way it fits here. Confirm, or tap another square.');
  assert.equal(prompt({ kind: 'place_figure' }), 'No figure can go on this tile.');
  assert.equal(turnAnnouncement({ over: false, decision: tile }), 'Your turn: place tile V. 3 squares fit.');
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
  assert.equal(oddsText(o({})), 'It can never be completed: no tile still to come fits its last gap.');
  assert.equal(oddsText(o({ inHand: true })), 'Only the tile in hand can complete it: no unseen tile can.');
  assert.equal(oddsText(o({ completion: 'several_tiles' })), 'It needs more than one tile to be completed.');
  assert.equal(oddsText(o({ completion: 'complete', kind: 'city' })), 'This city is complete.');
  assert.equal(oddsText(o({ completion: 'never', kind: 'field' })), 'A field is never completed: it scores at the end of the game.');
  assert.equal(oddsTitle(o({ kind: 'monastery' })), 'Monastery');
  assert.deepEqual([percent(0), percent(0.004), percent(0.125)], ['0%', '<1%', '13%']);
  assert.equal(chanceText({ chance: 0.06 }), '6% next');
});
