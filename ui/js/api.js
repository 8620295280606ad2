// Every call to the app goes through this module: one place that knows the command names
// and argument shapes of src-tauri/API.md, and turns failures into AppError values.
import { t } from './i18n.js';

/**
 * A failed command: the app's stable `code`, its message id `key` with `params` (worded by
 * errortext.js) and its English `message`.
 */
export class AppError extends Error {
  constructor(code, message, key = null, params = {}) {
    super(message);
    this.code = code;
    this.key = key;
    this.params = params;
  }
}

function tauri() {
  const bridge = window.__TAURI__;
  if (!bridge?.core?.invoke) {
    throw new AppError('app/unavailable', t('screens.api.unavailable'));
  }
  return bridge;
}

async function call(cmd, args) {
  try {
    return await tauri().core.invoke(cmd, args);
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e && typeof e === 'object' && typeof e.code === 'string') throw new AppError(e.code, e.message ?? String(e.code), e.key ?? null, e.params ?? {});
    throw new AppError('app/failed', typeof e === 'string' ? e : (e?.message ?? t('screens.api.failed', { cmd })));
  }
}

export const api = {
  appInfo: () => call('app_info'),
  tiles: () => call('tiles'),
  profilesList: () => call('profiles_list'),
  profileCreate: (name) => call('profile_create', { name }),
  profileRename: (id, name) => call('profile_rename', { id, name }),
  profileDelete: (id) => call('profile_delete', { id }),
  profileSelect: (id) => call('profile_select', { id }),
  /** "Match my level": the opponent rating at which the active profile wins with `chance`. */
  matchLevel: (chance) => call('match_level', { chance }),
  gameNew: (config) => call('game_new', { config }),
  gameReplayDeal: (id) => call('game_replay_deal', { id }),
  gameResume: () => call('game_resume'),
  gameView: () => call('game_view'),
  gamePlay: (move) => call('game_play', { move }),
  gameUndo: () => call('game_undo'),
  gameHint: () => call('game_hint'),
  gameResign: () => call('game_resign'),
  gameLog: () => call('game_log'),
  gameOdds: (x, y, on) => call('game_odds', { x, y, on }),
  settingsGet: () => call('settings_get'),
  settingsSet: (settings) => call('settings_set', { settings }),
  historyList: (profileId = null) => call('history_list', { profileId }),
  historyGet: (id) => call('history_get', { id }),
  historyPosition: (id, turn) => call('history_position', { id, turn }),
  /** A practice game from the position after `turn` entries of match `id` ("Play from here"). */
  gamePlayFrom: (id, turn, reshuffle, opponents = null) => call('game_play_from', opponents ? { id, turn, reshuffle, opponents } : { id, turn, reshuffle }),
  historyDelete: (id) => call('history_delete', { id }),
  // The app writes the export to a new file in the Downloads folder and says where.
  historyExport: (id) => call('history_export', { id }),
  historyImport: (json) => call('history_import', { json }),
  /** Starts reviewing the finished match `id` (the app's default budget). */
  reviewStart: (id) => call('review_start', { id }),
  reviewCancel: () => call('review_cancel', {}),
  reviewStatus: () => call('review_status', {}),
  // The lessons (learn.js, lesson.js): a prepared position played like a game, judged by its goal.
  lessonList: () => call('lesson_list'),
  lessonStart: (id) => call('lesson_start', { id }),
  lessonPlay: (move) => call('lesson_play', { move }),
  lessonUndo: () => call('lesson_undo'),
  lessonRetry: () => call('lesson_retry'),
  lessonSolution: () => call('lesson_solution'),
  // Retry your mistakes (practice.js, retry.js): a reviewed decision played again, judged by
  // the search as the review judged the move played.
  trainingList: () => call('training_list'),
  // For a bug report (Help → About): the app's facts and last failures, and the log folder.
  appDebug: () => call('app_debug'),
  appOpenLogs: () => call('app_open_logs'),
  retryStart: (matchId, index) => call('retry_start', { matchId, index }),
  retryPlay: (move) => call('retry_play', { move }),
  retryAgain: () => call('retry_again'),
  // Puzzles (puzzles.js): positions of real games with one clearly best move, and the player's
  // puzzle rating.
  puzzleList: () => call('puzzle_list'),
  puzzleStart: ({ theme = null, id = null } = {}) => call('puzzle_start', { theme, id }),
  puzzlePlay: (move) => call('puzzle_play', { move }),
  puzzleAgain: () => call('puzzle_again'),
};

/** The largest record the app imports, in bytes (src-tauri/API.md, `history_import`). */
export const IMPORT_LIMIT = 1024 * 1024;

/** Subscribes to the app's `review-progress` events; resolves to an unsubscribe function. */
export async function onReviewProgress(handler) {
  const listen = window.__TAURI__?.event?.listen;
  if (!listen) return () => {};
  return listen('review-progress', (event) => handler(event.payload));
}

/** Subscribes to the app's `ai-progress` events; resolves to an unsubscribe function. */
export async function onAiProgress(handler) {
  const listen = window.__TAURI__?.event?.listen;
  if (!listen) return () => {};
  return listen('ai-progress', (event) => handler(event.payload));
}
