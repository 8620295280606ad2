// The game screen's one request state. The commands that may run AI turns (game_new,
// game_resume, game_play) are followed one at a time in `request`, which `run` moves
// through these states:
//   idle;
//   pending {id, gameId, thinking}: the command runs; its `ai-progress` events for `gameId`
//     (null for a new or resumed game: any game) are queued and shown one move at a time;
//   settling {id, thinking}: it answered (or failed); the queued events are still shown, new
//     ones are dropped (the answer is newer); then idle, and its answer is shown.
// A new request replaces any other (a new game takes over from a game_play whose AI still
// plays): the old one's answer and queued events, known by their id, are then ignored.
// While a request is not idle, moves, undo and hint are refused and their buttons disabled.
import { showError } from './dom.js';

const IDLE = { kind: 'idle' };

export class Requests {
  /** `refresh()`: the game screen shows the request's state again. */
  constructor(refresh) {
    this.request = IDLE;
    this.requests = 0;
    this.queue = Promise.resolve();
    this.refresh = refresh;
  }

  get busy() {
    return this.request.kind !== 'idle';
  }

  /** The seat of the AI thinking now, if any (the view on screen may be the position before it). */
  get thinking() {
    return this.request.thinking;
  }

  /**
   * Runs a command that may play AI turns as the request (see above), for the game `gameId`
   * (null: a new or resumed one). Resolves to its answer, or null if a newer request took
   * over; rejects with its error.
   */
  async run(command, gameId) {
    const id = ++this.requests;
    this.request = { kind: 'pending', id, gameId, thinking: null };
    this.refresh();
    let answer = null;
    let error = null;
    try { answer = await command(); } catch (e) { error = e; }
    if (this.request.id !== id) return null;
    this.request = { ...this.request, kind: 'settling' };
    await this.queue;
    if (this.request.id !== id) return null;
    this.request = IDLE;
    if (error) { this.refresh(); throw error; }
    return answer;
  }

  /**
   * One `ai-progress` event `p`: if it belongs to the pending request, `show(p)` is queued
   * after the events before it (the seat thinking set first), unless a newer request has
   * taken over by then.
   */
  follow(p, show) {
    const r = this.request;
    if (r.kind !== 'pending' || (r.gameId != null && p.gameId !== r.gameId)) return;
    this.queue = this.queue.then(async () => {
      if (this.request.id !== r.id) return;
      this.request.thinking = p.stage === 'thinking' ? p.player : null;
      await show(p);
    }).catch((e) => showError(e));
  }
}
