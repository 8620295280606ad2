// A test double of the app's commands (src-tauri/API.md), installed as window.__TAURI__
// before the UI loads. It knows no rules: every game answer comes from a transcript recorded
// from the real commands (tests/fixtures/, written by src-tauri/tests/fixtures.rs). The game
// commands must come in the recorded order with the recorded arguments; anything else is
// rejected with `fixture/unexpected`, naming what the recording expects, so a test fails
// loudly. Profiles are a small in-memory store (bookkeeping); the history holds the matches
// the transcript finished or imported, with their recorded details.
import { TILES, transcript } from './fixtures.js';

/**
 * The init script for `context.addInitScript`. `config`:
 * - `game`: the transcript to serve (`base`, `abbey-mayor`, `hint-undo`, `resigned`, `setup`);
 * - `profiles`: names of the profiles that exist at start (the first is active);
 * - `aiDelay`: ms between an AI's `thinking` event and its move (default 15);
 * - `refuseMoves`: every `game_play` fails with `move/illegal`;
 * - `failCommands`: `{cmd: error}` to reject a command with;
 * - `saveError`: shown in every view, as when the autosave fails;
 * - `problems`: the storage problems `app_info` reports;
 * - `lateEvents`: the first AI move of an answer is delivered again after the answer;
 * - `resume`: the app starts with the transcript's game saved, to be resumed (`game_resume`);
 * - `played`: the transcript's finished match is in the history from the start (as if
 *   played before), with the first profile's statistics after it;
 * - `settings`: the settings at start (default `{boardAids: true, lastSetup: null, theme:
 *   'system', language: 'system', aiPace: 'normal', animations: 'normal', sounds: true}`), kept
 *   in memory as the app keeps settings.json; `game_new` saves its set-up there as the app
 *   does. `game_odds` answers what the transcript recorded at the same position.
 * - `reviewed`: ids of matches whose review is stored from the start (`true`: every match
 *   the transcript reviewed);
 * - `reviewPace`: ms between the recorded `review-progress` events after `review_start`
 *   (default 5), or `'manual'`: each waits for `window.__DOUBLE__.reviewStep()`.
 * - `judgeDelay`: ms a `retry_play` takes to answer (default 40), as the search judging it.
 * - `commandDelays`: `{cmd: ms}`, how long those commands take to answer (default 1 ms each),
 *   as a busy machine's slow answer.
 *
 * - `match_level` ("Match my level") answers what the transcript recorded for that chance,
 *   the last recorded before the next game command it expects (so before the game the
 *   answer for the rating before it, after the game the one after); a chance it never
 *   recorded is `fixture/unexpected`. `app_info` (with its `strength`) is the recorded one.
 *
 * - `lesson`: the lesson commands are served from tests/fixtures/transcripts/lesson.jsonl
 *   (see "Lessons" below); `lesson_list` (a query of every start screen) is served in every
 *   mode.
 * - `puzzles`: the puzzle commands are served from tests/fixtures/transcripts/puzzles.jsonl
 *   (see "Puzzles" below); `puzzle_list` is served in every mode.
 *
 * The review: `review_start` answers what the transcript recorded for that match and then
 * delivers the recorded `review-progress` events; once the `done` one is delivered the
 * match counts as reviewed (`history_get` serves the recorded answer with the review,
 * `history_list` its accuracy; before, the answer without). A match the transcript never
 * reviewed starts a review that never progresses. `review_cancel` stops the delivery and
 * sends `cancelled`, as the app does.
 */
export function doubleScript(config = {}) {
  const steps = transcript(config.game ?? 'base');
  // The lesson list is a query every start screen makes: it is served in every mode.
  const lessonSteps = transcript('lesson');
  // So is the puzzle list (the Learn screen's and the profile's card).
  const puzzleSteps = transcript('puzzles');
  return `window.__FIXTURES__ = ${JSON.stringify({ tiles: TILES, steps, lessonSteps, puzzleSteps })};\n(${installDouble.toString()})(${JSON.stringify(config)});`;
}

function installDouble(config) {
  const { tiles, steps, lessonSteps, puzzleSteps } = window.__FIXTURES__;
  delete window.__FIXTURES__;
  const name = config.game ?? 'base';
  const GAME = new Set(['game_new', 'game_replay_deal', 'game_play_from', 'game_resume', 'game_play', 'game_undo', 'game_hint', 'game_resign']);
  const aiDelay = config.aiDelay ?? 15;
  const listeners = [];
  const calls = [];
  // The failures answered so far (app_debug's recentErrors).
  const failures = [];
  // Commands not answered yet, and events still to be delivered after an answer (lateEvents).
  let busy = 0;
  // The double's own errors have the app's shape; their keys are in no catalogue, so the UI
  // shows the English message.
  const err = (code, message, params = {}) => ({ code, message, key: code.replace('/', '.'), params });
  const clone = (o) => (o === undefined ? undefined : JSON.parse(JSON.stringify(o)));
  const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
  const canon = (v) => (Array.isArray(v) ? v.map(canon)
    : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v);
  const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));

  // Views are stored as deltas of the previous one (`"$delta": 1`, see fixtures.rs): whole again.
  let previous = null;
  const whole = (v) => {
    if (v.$delta) { const { $delta, ...changed } = v; v = { ...previous, ...changed }; }
    previous = v;
    return v;
  };
  for (const s of steps) {
    if (!s.cmd.startsWith('game_')) continue;
    for (const e of s.events ?? []) if (e.view) e.view = whole(e.view);
    if (s.ok && typeof s.ok === 'object' && ('decision' in s.ok || s.ok.$delta)) s.ok = whole(s.ok);
  }

  // What the recording says around the game.
  const newAt = steps.findIndex((s) => s.cmd === 'game_new');
  // A deal played again starts a game too, wherever the app is.
  const replayAt = steps.findIndex((s) => s.cmd === 'game_replay_deal');
  // So does a game played on from a replay's position.
  const fromAt = steps.findIndex((s) => s.cmd === 'game_play_from');
  const info = steps.find((s) => s.cmd === 'app_info').ok;
  const template = steps.find((s) => s.cmd === 'profile_create').ok;
  const lastLog = steps.filter((s) => Array.isArray(s.log)).at(-1)?.log ?? [];
  const logOf = (s) => (Array.isArray(s.log) ? s.log : lastLog.slice(0, s.logLen ?? 0));
  const resumable = steps.filter((s) => s.cmd === 'app_info' && s.ok.resumable).at(-1)?.ok.resumable ?? null;
  const statsAfter = steps.filter((s) => s.cmd === 'profiles_list').at(-1)?.ok.profiles[0]?.stats ?? null;
  const matchAfter = steps.find((s) => s.cmd === 'history_list' && s.ok.matches.length)?.ok.matches[0] ?? null;
  const recorded = (cmd, args) => steps.find((s) => s.cmd === cmd && same(s.args, args));
  /** The index of the last game command before step `i` (the position a query was made at). */
  const positionOf = (i) => { for (let j = i - 1; j >= 0; j--) if (GAME.has(steps[j].cmd)) return j; return -1; };

  // --- Profiles (bookkeeping).
  const store = { profiles: (config.profiles ?? []).map((n) => newProfile(n)), active: null, matches: [], exports: {},
    settings: { boardAids: true, lastSetup: null, theme: 'system', language: 'system', aiPace: 'normal', animations: 'normal', sounds: true, ...(config.settings ?? {}) } };
  store.active = store.profiles[0]?.id ?? null;
  function newProfile(n) {
    return { ...clone(template), id: `p-${n.toLowerCase().replace(/[^a-z0-9]/g, '')}`, name: n };
  }
  function checkName(n0, except) {
    const n = String(n0 ?? '').trim();
    // eslint-disable-next-line no-control-regex -- as the app, a name with a control character is refused
    if (!n || n.length > 40 || /[\u0000-\u001f]/.test(n)) throw err('profile/invalid_name', 'A name needs 1 to 40 characters and no control characters.');
    if (store.profiles.some((p) => p.id !== except && p.name.toLowerCase() === n.toLowerCase())) throw err('profile/duplicate_name', `There is already a profile called ${n}.`);
    return n;
  }
  const profileById = (id) => {
    const p = store.profiles.find((q) => q.id === id);
    if (!p) throw err('profile/not_found', 'That profile does not exist.');
    return p;
  };

  // --- The game: a cursor in the transcript.
  const game = { cursor: -1, view: null, log: [], generation: 0, ended: false };
  /** The index of the next game command the recording expects. */
  function nextAt() {
    for (let i = game.cursor + 1; i < steps.length; i++) if (GAME.has(steps[i].cmd)) return i;
    return -1;
  }
  const patch = (v) => (v && typeof v === 'object' && 'saveError' in v && config.saveError ? { ...v, saveError: config.saveError } : v);
  function emit(payload, event = 'ai-progress') {
    const p = clone(payload);
    if (p.view) p.view = patch(p.view);
    for (const l of listeners.slice()) if (l.event === event) l.handler({ event, id: 1, payload: p });
  }
  function ended() {
    if (game.ended) return;
    game.ended = true;
    if (matchAfter && !store.matches.some((m) => m.id === matchAfter.id)) store.matches.unshift(clone(matchAfter));
    const me = store.profiles.find((p) => p.id === store.active);
    if (me && statsAfter) me.stats = clone(statsAfter);
  }

  if (config.played) { ended(); game.ended = false; }
  const resumeAt = steps.findIndex((s) => s.cmd === 'game_resume');
  if (config.resume) game.cursor = resumeAt - 1;

  async function serve(cmd, args) {
    const starts = cmd === 'game_new' || cmd === 'game_replay_deal' || cmd === 'game_play_from';
    const i = cmd === 'game_new' ? newAt : cmd === 'game_replay_deal' ? replayAt : cmd === 'game_play_from' ? fromAt : nextAt();
    if (!starts && game.cursor < 0) throw err('game/none', 'No game is in progress.');
    const s = steps[i];
    const strip = (a) => (cmd === 'game_new' ? { ...a, config: { ...a.config, profileId: null } } : a);
    if (!s || s.cmd !== cmd || !same(strip(args), strip(s.args))) {
      const want = s ? `${s.cmd} ${JSON.stringify(s.args)}` : 'no further game command';
      throw err('fixture/unexpected', `The transcript "${name}" expects ${want} here, not ${cmd} ${JSON.stringify(args)}.`, { command: cmd });
    }
    if (starts) { game.generation++; game.ended = false; }
    const generation = game.generation;
    game.cursor = i;
    let firstMoved = null;
    for (const e of s.events ?? []) {
      if (generation !== game.generation) break;
      emit(e);
      if (e.stage === 'thinking') await sleep(aiDelay);
      else firstMoved ??= e;
    }
    // A game replaced while its AI played: its pending command is refused, as by the app.
    if (generation !== game.generation) throw err('game/none', 'The game was replaced by a new one.');
    game.log = logOf(s);
    if (s.err) throw clone(s.err);
    if (s.ok && typeof s.ok === 'object' && 'decision' in s.ok) game.view = s.ok;
    if (game.view?.over) ended();
    // Like a real event channel, an event may be delivered after the command's answer.
    if (config.lateEvents && firstMoved) { busy++; setTimeout(() => { busy--; emit(firstMoved); }, 5); }
    return patch(s.ok);
  }

  // --- The review: recorded answers and events, delivered after the answer.
  const isProgress = (e) => e && typeof e === 'object' && 'done' in e && 'state' in e && !('stage' in e);
  const reviewStarts = steps.filter((s) => s.cmd === 'review_start' && s.ok);
  /** The recorded progress of the review of `id`: the events of its start, then those of the
   * steps up to its `done` (however the recording attached them). */
  const progressOf = (id) => {
    const i = steps.findIndex((s) => s.cmd === 'review_start' && s.args?.id === id && s.ok);
    if (i < 0) return [];
    const out = [];
    for (let j = i; j < steps.length && !out.some((e) => e.state === 'done'); j++) {
      if (j > i && steps[j].cmd === 'review_start') break;
      for (const e of steps[j].events ?? []) {
        const p = e?.event === 'review-progress' ? e.payload : e;
        if (isProgress(p) && p.id === id) out.push(p);
      }
    }
    return out;
  };
  const reviewedAtStart = config.reviewed === true ? reviewStarts.map((s) => s.args.id) : (config.reviewed ?? []);
  const rv = { reviewed: new Set(reviewedAtStart), running: null, queue: [], timer: 0 };
  const reviewPace = config.reviewPace ?? 5;
  function reviewDeliver() {
    const e = rv.queue.shift();
    if (!e || !rv.running) return false;
    rv.running = { ...rv.running, done: e.done, total: e.total };
    if (e.state !== 'running') { if (e.state === 'done') rv.reviewed.add(e.id); rv.running = null; rv.queue = []; }
    emit(e, 'review-progress');
    return true;
  }
  function reviewPump() {
    clearTimeout(rv.timer);
    if (reviewPace === 'manual' || !rv.queue.length) return;
    rv.timer = setTimeout(() => { reviewDeliver(); reviewPump(); }, reviewPace);
  }
  function reviewCancel() {
    clearTimeout(rv.timer);
    if (!rv.running) return;
    const r = rv.running;
    rv.running = null; rv.queue = [];
    emit({ id: r.id, done: r.done, total: r.total, state: 'cancelled' }, 'review-progress');
  }
  /** The review's accuracy of a reviewed match, from the recorded answers. */
  const accuracyOf = (id) => steps.find((s) => s.cmd === 'history_get' && s.args?.id === id && s.ok?.review)?.ok.review.accuracy
    ?? steps.find((s) => s.cmd === 'history_list' && s.ok?.matches?.some((m) => m.id === id && m.accuracy != null))?.ok.matches.find((m) => m.id === id).accuracy ?? null;
  const withAccuracy = (m) => ({ ...m, accuracy: rv.reviewed.has(m.id) ? accuracyOf(m.id) : null });

  const history = (cmd, args) => {
    if (cmd === 'history_get') {
      // The recorded answer with the review once reviewed, else one without.
      const all = steps.filter((s) => s.cmd === cmd && same(s.args, args) && s.ok);
      const done = rv.reviewed.has(args.id);
      const r = all.find((s) => !!s.ok.review === done) ?? all[0];
      if (r) return done || !r.ok.review ? r.ok : { ...r.ok, review: null };
    }
    const r = recorded(cmd, args);
    if (r) { if (r.err) throw clone(r.err); return r.ok; }
    if (!store.matches.some((m) => m.id === args.id)) throw err('match/not_found', 'That match is not in the history.', { id: args.id });
    throw err('fixture/unexpected', `The transcript "${name}" has no answer to ${cmd} ${JSON.stringify(args)}.`, { command: cmd });
  };

  // --- Lessons (`config.lesson`): like the game, the lesson commands must come in the recorded
  // order with the recorded arguments (else `fixture/unexpected`). The queries, which change
  // nothing, answer from the recording wherever they come: `lesson_list` the last list
  // recorded before the next lesson command expected, with every lesson passed so far marked
  // done (bookkeeping, as the app keeps the profile's lessons done), `lesson_solution` the
  // one recorded in the lesson being played.
  const LESSON = new Set(['lesson_start', 'lesson_play', 'lesson_undo', 'lesson_retry']);
  // `passed`: the ids of the lessons whose served `lesson_play` answer had `outcome.passed`.
  const lesson = { cursor: -1, passed: new Set() };
  let lessonPrevious = null;
  for (const s of lessonSteps) {
    const v = s.ok?.view;
    if (v && typeof v === 'object') {
      if (v.$delta) { const { $delta, ...changed } = v; s.ok.view = { ...lessonPrevious, ...changed }; }
      lessonPrevious = s.ok.view;
    }
  }
  function lessonNextAt() {
    for (let i = lesson.cursor + 1; i < lessonSteps.length; i++) if (LESSON.has(lessonSteps[i].cmd)) return i;
    return -1;
  }
  function serveLesson(cmd, args) {
    const i = lessonNextAt();
    const s = lessonSteps[i];
    if (!s || s.cmd !== cmd || !same(args, s.args ?? {})) {
      const want = s ? `${s.cmd} ${JSON.stringify(s.args)}` : 'no further lesson command';
      throw err('fixture/unexpected', `The transcript "lesson" expects ${want} here, not ${cmd} ${JSON.stringify(args)}.`);
    }
    lesson.cursor = i;
    if (s.err) throw clone(s.err);
    if (cmd === 'lesson_play' && s.ok?.outcome?.passed) lesson.passed.add(s.ok.id);
    return s.ok;
  }
  const lessonCommands = {
    lesson_list: () => {
      const next = lessonNextAt();
      const limit = next < 0 ? lessonSteps.length : next;
      const s = lessonSteps.slice(0, limit).filter((x) => x.cmd === 'lesson_list').at(-1);
      if (!s) throw err('fixture/unexpected', 'The transcript "lesson" records no lesson_list before this point.');
      // The recorded list, with the lessons passed since marked done too.
      return { ...s.ok, lessons: s.ok.lessons.map((l) => ({ ...l, done: l.done || lesson.passed.has(l.id) })) };
    },
    lesson_solution: () => {
      const started = lessonSteps.slice(0, lesson.cursor + 1).filter((x) => x.cmd === 'lesson_start').at(-1);
      if (!started) throw err('lesson/none', 'no lesson is being played');
      const at = lessonSteps.indexOf(started);
      const s = lessonSteps.find((x, j) => j > at && x.cmd === 'lesson_solution' && x.ok
        && lessonSteps.slice(at + 1, j).every((y) => y.cmd !== 'lesson_start'));
      if (!s) throw err('fixture/unexpected', `The transcript "lesson" records no solution of ${started.args.id}.`);
      return s.ok;
    },
    ...Object.fromEntries([...LESSON].map((cmd) => [cmd, (args) => serveLesson(cmd, args)])),
  };

  // --- Retrying mistakes (the `retry` transcript): like the game, the retry commands must come
  // in the recorded order with the recorded arguments (else `fixture/unexpected`);
  // `training_list` answers the last list recorded before the next retry command expected.
  // Other transcripts record no training: their list is empty.
  const RETRY = new Set(['retry_start', 'retry_play', 'retry_again']);
  const retry = { cursor: -1 };
  function retryNextAt() {
    for (let i = retry.cursor + 1; i < steps.length; i++) if (RETRY.has(steps[i].cmd)) return i;
    return -1;
  }
  const retryCommands = {
    training_list: () => {
      const next = retryNextAt();
      const limit = next < 0 ? steps.length : next;
      const s = steps.slice(0, limit).filter((x) => x.cmd === 'training_list').at(-1);
      return s ? s.ok : { due: [], later: [], learnt: 0, saveError: null };
    },
    ...Object.fromEntries([...RETRY].map((cmd) => [cmd, async (args) => {
      const i = retryNextAt();
      const st = steps[i];
      if (!st || st.cmd !== cmd || !same(args, st.args ?? {})) {
        const want = st ? `${st.cmd} ${JSON.stringify(st.args)}` : 'no further retry command';
        throw err('fixture/unexpected', `The transcript "${name}" expects ${want} here, not ${cmd} ${JSON.stringify(args)}.`);
      }
      retry.cursor = i;
      // A try is judged by the search: the answer takes a moment.
      if (cmd === 'retry_play') await sleep(config.judgeDelay ?? 40);
      if (st.err) throw clone(st.err);
      return st.ok;
    }])),
  };

  // --- Puzzles (`config.puzzles`): the puzzle commands must come in the recorded order with the
  // recorded arguments (else `fixture/unexpected`); `puzzle_list` answers the last list
  // recorded before the next puzzle command expected (in other modes the first one: no puzzle
  // tried yet).
  const PUZZLE = new Set(['puzzle_start', 'puzzle_play', 'puzzle_again']);
  const puzzle = { cursor: -1 };
  function puzzleNextAt() {
    if (!config.puzzles) return -1;
    for (let i = puzzle.cursor + 1; i < puzzleSteps.length; i++) if (PUZZLE.has(puzzleSteps[i].cmd)) return i;
    return -1;
  }
  const puzzleCommands = {
    puzzle_list: () => {
      const next = puzzleNextAt();
      const limit = !config.puzzles ? 0 : next < 0 ? puzzleSteps.length : next;
      const lists = puzzleSteps.filter((x) => x.cmd === 'puzzle_list');
      const s = puzzleSteps.slice(0, limit).filter((x) => x.cmd === 'puzzle_list').at(-1) ?? lists[0];
      if (!s) throw err('fixture/unexpected', 'The transcript "puzzles" records no puzzle_list.');
      return s.ok;
    },
    ...Object.fromEntries([...PUZZLE].map((cmd) => [cmd, async (args) => {
      const i = puzzleNextAt();
      const st = puzzleSteps[i];
      if (!st || st.cmd !== cmd || !same(args, st.args ?? {})) {
        const want = st ? `${st.cmd} ${JSON.stringify(st.args)}` : 'no further puzzle command';
        throw err('fixture/unexpected', `The transcript "puzzles" expects ${want} here, not ${cmd} ${JSON.stringify(args)}.`);
      }
      puzzle.cursor = i;
      // A wrong try is judged by the search: the answer takes a moment.
      if (cmd === 'puzzle_play') await sleep(config.judgeDelay ?? 40);
      if (st.err) throw clone(st.err);
      return st.ok;
    }])),
  };

  const commands = {
    ...(config.lesson ? lessonCommands : { lesson_list: lessonCommands.lesson_list }),
    ...retryCommands,
    ...(config.puzzles ? puzzleCommands : { puzzle_list: puzzleCommands.puzzle_list }),
    app_info: () => ({ ...info, problems: config.problems ?? info.problems,
      resumable: (game.view && !game.view.over) || (config.resume && game.cursor < resumeAt) ? resumable : null }),
    tiles: () => tiles,
    // For a bug report: fixed facts and the double's own failures so far.
    app_debug: () => ({ version: info.version, os: 'linux x86_64', webView: 'WebKitGTK (webkit2gtk-4.1)', dataDir: info.dataDir, logDir: `${info.dataDir}/logs`,
      recentErrors: failures.slice(-20) }),
    app_open_logs: () => null,
    match_level: (args) => {
      if (!store.active) throw err('profile/none_active', 'Choose or create a profile first.');
      const next = nextAt();
      const limit = next < 0 ? steps.length : next;
      const s = steps.slice(0, limit).filter((x) => x.cmd === 'match_level' && same(x.args, args)).at(-1);
      if (!s) throw err('fixture/unexpected', `The transcript "${name}" records no match_level ${JSON.stringify(args)} before this point.`, { command: 'match_level' });
      if (s.err) throw clone(s.err);
      return s.ok;
    },
    profiles_list: () => ({ profiles: store.profiles, active: store.active }),
    profile_create: ({ name: n }) => {
      const p = newProfile(checkName(n));
      store.profiles.push(p); store.active = p.id; return p;
    },
    profile_rename: ({ id, name: n }) => { const p = profileById(id); p.name = checkName(n, id); return p; },
    profile_delete: ({ id }) => {
      profileById(id);
      store.profiles = store.profiles.filter((p) => p.id !== id);
      if (store.active === id) store.active = null;
      return { profiles: store.profiles, active: store.active };
    },
    profile_select: ({ id }) => { const p = profileById(id); store.active = id; return p; },
    game_new: async (args) => {
      if (!store.active && !args.config?.profileId) throw err('profile/none_active', 'Choose or create a profile first.');
      const view = await serve('game_new', args);
      store.settings.lastSetup = { opponents: clone(args.config.opponents), abbeyMayor: args.config.abbeyMayor };
      return view;
    },
    game_odds: (args) => {
      if (!game.view) throw err('game/none', 'No game is in progress.');
      const i = steps.findIndex((s, j) => s.cmd === 'game_odds' && same(s.args, args) && positionOf(j) === game.cursor);
      if (i < 0) throw err('fixture/unexpected', `The transcript "${name}" has no game_odds ${JSON.stringify(args)} at this position.`, { command: 'game_odds' });
      if (steps[i].err) throw clone(steps[i].err);
      return steps[i].ok;
    },
    settings_get: () => store.settings,
    settings_set: ({ settings }) => {
      if (!settings || typeof settings !== 'object') throw err('args/invalid', 'settings_set: the argument "settings" is missing or not valid');
      const pick = (v, allowed, dflt) => {
        if (v === undefined) return dflt;
        if (!allowed.includes(v)) throw err('args/invalid', `settings_set: unknown value ${JSON.stringify(v)}`);
        return v;
      };
      store.settings = { boardAids: settings.boardAids !== false, lastSetup: settings.lastSetup ?? null,
        theme: pick(settings.theme, ['system', 'light', 'dark'], 'system'),
        language: pick(settings.language, ['system', 'en', 'hu'], 'system'),
        aiPace: pick(settings.aiPace, ['slow', 'normal', 'fast', 'instant'], 'normal'),
        animations: pick(settings.animations, ['normal', 'fast', 'off'], 'normal'),
        sounds: pick(settings.sounds, [true, false], true) };
      return store.settings;
    },
    game_resume: (args) => serve('game_resume', args),
    game_play: (args) => {
      // Refused as the app refuses a placement whose edges do not match (its key and params).
      if (config.refuseMoves) {
        const m = args.move ?? {};
        throw { ...err('move/illegal', 'The test refuses every move.', { tile: game.view?.decision?.tile ?? '?', x: m.x, y: m.y, rotation: m.rotation }), key: 'play.placement.edges_mismatch' };
      }
      return serve('game_play', args);
    },
    game_undo: (args) => serve('game_undo', args),
    game_hint: (args) => serve('game_hint', args),
    game_resign: (args) => serve('game_resign', args),
    game_replay_deal: (args) => serve('game_replay_deal', args),
    game_play_from: (args) => serve('game_play_from', args),
    game_view: () => {
      if (!game.view) throw err('game/none', 'No game is in progress.');
      return patch(game.view);
    },
    game_log: () => {
      if (!game.view) throw err('game/none', 'No game is in progress.');
      return game.log;
    },
    history_list: ({ profileId }) => ({ matches: store.matches.filter((m) => !profileId || m.profileId === profileId).map(withAccuracy), problems: [] }),
    history_get: (args) => history('history_get', args),
    history_position: (args) => history('history_position', args),
    history_delete: ({ id }) => { store.matches = store.matches.filter((m) => m.id !== id); return null; },
    // Each export of a match gets the next recorded answer (a new file name each time).
    history_export: ({ id }) => {
      const all = steps.filter((s) => s.cmd === 'history_export' && s.args.id === id);
      const n = (store.exports[id] = (store.exports[id] ?? 0) + 1);
      if (!all.length) return history('history_export', { id });
      if (n > all.length) throw err('fixture/unexpected', `The transcript "${name}" records ${all.length} exports of ${id}.`, { command: 'history_export' });
      return all[n - 1].ok;
    },
    review_start: ({ id }) => {
      if (!store.matches.some((m) => m.id === id)) throw err('review/not_found', 'That match is not in the history.');
      const rec = reviewStarts.find((s) => s.args.id === id);
      const total = progressOf(id).at(-1)?.total ?? 0;
      if (rv.reviewed.has(id)) return { id, state: 'done', done: total, total };
      reviewCancel();
      rv.running = { id, done: 0, total };
      rv.queue = progressOf(id).map(clone);
      reviewPump();
      return rec ? rec.ok : { id, state: 'running', done: 0, total };
    },
    review_cancel: () => { reviewCancel(); return null; },
    review_status: () => (rv.running ? { ...rv.running, state: 'running' } : null),
    history_import: (args) => {
      if (typeof args.json !== 'string') throw err('args/invalid', 'history_import: the argument "json" is missing or not valid');
      const r = recorded('history_import', args);
      if (!r) throw err('fixture/unexpected', `The transcript "${name}" has no import of this text: ${args.json.slice(0, 80)}`, { command: 'history_import' });
      if (r.err) throw clone(r.err);
      if (!store.matches.some((m) => m.id === r.ok.id)) store.matches.unshift(clone(r.ok));
      return r.ok;
    },
  };

  window.__DOUBLE__ = {
    calls,
    /** How many commands are still unanswered and late events still to come (0: idle). */
    busy: () => busy,
    config,
    /** The next game command the transcript expects, `{cmd, args}`, or null. */
    expected: () => { const i = nextAt(); return i < 0 ? null : { cmd: steps[i].cmd, args: clone(steps[i].args) }; },
    /** The last view a game command answered. */
    view: () => clone(game.view),
    /** The settings as the app would have saved them. */
    settings: () => clone(store.settings),
    /** Delivers the next `n` held `review-progress` events (`reviewPace: 'manual'`). */
    reviewStep: (n = 1) => { let k = 0; while (k < n && reviewDeliver()) k++; return k; },
    /** The review events still held. */
    reviewPending: () => rv.queue.length,
    /** The next lesson command the lesson transcript expects, `{cmd, args}`, or null. */
    lessonExpected: () => { const i = lessonNextAt(); return i < 0 ? null : { cmd: lessonSteps[i].cmd, args: clone(lessonSteps[i].args) }; },
    /** The recorded answer to the next lesson command expected (LessonState), or null. */
    lessonAnswer: () => { const i = lessonNextAt(); return i < 0 ? null : clone(lessonSteps[i].ok ?? null); },
    /** The next retry command the transcript expects, `{cmd, args}`, or null. */
    retryExpected: () => { const i = retryNextAt(); return i < 0 ? null : { cmd: steps[i].cmd, args: clone(steps[i].args) }; },
    /** The next puzzle command the transcript expects, `{cmd, args}`, or null. */
    puzzleExpected: () => { const i = puzzleNextAt(); return i < 0 ? null : { cmd: puzzleSteps[i].cmd, args: clone(puzzleSteps[i].args) }; },
    /** The last PuzzleState a puzzle command answered, or null. */
    puzzleState: () => (puzzle.cursor < 0 ? null : clone(puzzleSteps[puzzle.cursor].ok ?? null)),
    /** The last RetryState a retry command answered, or null. */
    retryState: () => (retry.cursor < 0 ? null : clone(steps[retry.cursor].ok ?? null)),
    /** The last LessonState a lesson command answered. */
    lessonState: () => { for (let i = lesson.cursor; i >= 0; i--) if (lessonSteps[i].ok?.view) return clone(lessonSteps[i].ok); return null; },
  };

  window.__TAURI__ = {
    core: {
      invoke: async (cmd, args = {}) => {
        calls.push({ cmd, args: clone(args ?? {}) });
        busy++;
        try {
          await sleep(config.commandDelays?.[cmd] ?? 1);
          const f = commands[cmd];
          if (!f) throw err('app/unknown', `Unknown command ${cmd}`, { command: cmd });
          if (config.failCommands?.[cmd]) throw { key: null, params: {}, ...config.failCommands[cmd] };
          const out = await f(args ?? {});
          return out === undefined ? null : clone(out);
        } catch (e) {
          // As the app keeps its last failures for the debug info (code and message id).
          failures.push({ at: '2026-11-29T21:45:00Z', code: e?.code ?? 'app/unknown', key: e?.key ?? '' });
          throw e;
        } finally {
          busy--;
        }
      },
    },
    event: {
      listen: async (event, handler) => {
        const l = { event, handler };
        listeners.push(l);
        return () => { const i = listeners.indexOf(l); if (i >= 0) listeners.splice(i, 1); };
      },
    },
  };
}
