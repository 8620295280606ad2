// The fixtures written by the app's own commands (src-tauri/tests/fixtures.rs): the tile
// set, one sample view per kind of decision, and recorded games ("transcripts": every
// command the UI makes, its exact result and the ai-progress events it emitted).
import { readFileSync } from 'node:fs';

const DIR = new URL('../../fixtures/', import.meta.url);
const read = (name) => readFileSync(new URL(name, DIR), 'utf8');

/** The `tiles` command's result. */
export const TILES = JSON.parse(read('tiles.json'));

/** One view per decision kind: draw_or_abbey, place_tile, place_figure, move_wagon,
 * final_abbey, ai_turn, game_over. */
export const VIEWS = JSON.parse(read('views.json'));

const cache = new Map();
/** A transcript's steps: `{cmd, args, ok | err, events?, log? | logLen?}`. The game's views
 * are stored as deltas of the previous view (`"$delta": 1`); double.js makes them whole. */
export function transcript(name) {
  if (!cache.has(name)) cache.set(name, read(`transcripts/${name}.jsonl`).split('\n').filter(Boolean).map((l) => JSON.parse(l)));
  return cache.get(name);
}
