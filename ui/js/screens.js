// The screens around the game: start (profile, opponents, expansion, resume), history
// (filters, export, import), the match replay, the profile page and help.
import { api, IMPORT_LIMIT } from './api.js';
import { h, showError, showProblem, showNote, confirmDialog, formatDate, formatDuration, breakdownTable } from './dom.js';
import { badgeSvg, COLOUR_NAMES, SHAPE_NAMES } from './players.js';
import { capital, eventText, replayLabel, turnInProgress, reviewSummary, reviewVerdict, reviewWinText, reviewDecisionTitle, whyText, reviewTag } from './text.js';
import { t, fmtNumber, fmtDate, fmtList, fmtPercent } from './i18n.js';
import { sceneSvg, figuresSvg, badgesHtml } from './helpart.js';
import { Board } from './board.js';
import { lessonSuggestion } from './learn.js';
import { chartSvg, seriesSvg } from './chart.js';
import { reviews, reviewStarter, reviewable, notReviewable, winGraph, moveList, decisionAt, positionFor, ghostsFor, figureFeature } from './review.js';
import { CHALLENGES, isSpec, opponentOf, opponentLabel, ratingText, byStrength } from './strength.js';

/** An AI level's name ("Easy", "Könnyű"); a strength between the levels ("hard@1732") by the
 * level it derives from, with its rating when known ("Hard ≈ 1350"); an unknown one as it is. */
export const levelName = (level, rating = null) => opponentLabel(level, rating);
/** A level as the start screen offers it: its name, its measured rating said as a rating
 * ("Easy · rating 571"), and what the two odd ones do. */
const levelChoice = (level, info) => {
  const rating = opponentOf(level, null, { info, withLevelRating: true }).rating;
  const note = level === 'random' ? t('screens.start.level.random') : level === 'greedy' ? t('screens.start.level.greedy') : null;
  return t('screens.start.levelOption', { name: levelName(level), rating: rating == null ? null : ratingText(rating), note });
};
/** The levels of a match's opponents, as a list ("Easy and Hard", "Könnyű és Nehéz"). */
const levelList = (opponents) => fmtList(opponents.map((o) => levelName(o.level, o.rating)));
/** A match's result for the human ("Won"), or "Imported" for a record without one. */
const resultName = (result) => ({ won: t('screens.result.won'), lost: t('screens.result.lost'), drawn: t('screens.result.drawn'), resigned: t('screens.result.resigned') }[result] ?? t('screens.result.imported'));
/** A review's accuracy (0–100) as a percentage. */
const accuracyText = (a) => `${fmtNumber(Math.round(a))}%`;

// --- Start.
export async function renderStart(root, app) {
  const [profiles, info, lessons] = await Promise.all([api.profilesList(), api.appInfo(),
    // The start screen works without the lessons: a failure is shown, the suggestion left out.
    api.lessonList().catch((e) => { showError(e); return null; })]);
  app.info = info;
  // The levels from the weakest to the strongest.
  const levels = byStrength(info.levels, info);
  const active = profiles.profiles.find((p) => p.id === profiles.active) ?? null;
  const setup = app.setup ?? (app.setup = lastSetup(app.settings?.lastSetup, levels, active?.stats.rating.elo) ?? { opponents: ['easy'], abbeyMayor: true });
  root.replaceChildren();
  root.append(h('h2', { id: 'start-title', class: 'screen-title' }, t('screens.start.title')));
  // A new player (no games, no lessons) is offered the first lessons.
  const tip = lessons ? lessonSuggestion(active, lessons.lessons) : null;
  if (tip) root.append(tip);

  if (info.resumable) {
    const r = info.resumable;
    root.append(h('div', { class: 'card resume' },
      h('div', {}, h('h3', {}, t('screens.start.resume.title')),
        h('p', {}, t('screens.start.resume.line', { name: r.profileName, opponents: levelList(r.opponents), turn: turnInProgress(r.turn), scores: r.scores.join(' : '), date: formatDate(r.startedAt) }))),
      h('button', { class: 'btn primary', type: 'button', onclick: () => app.resume() }, t('screens.start.resume.button'))));
  }

  // Profile.
  const nameInput = h('input', { id: 'new-profile', type: 'text', maxlength: '40', autocomplete: 'off', placeholder: t('screens.start.name') });
  const create = async (e) => {
    e.preventDefault();
    try {
      await api.profileCreate(nameInput.value);
      await renderStart(root, app);
    } catch (err) { showError(err, t('screens.start.createFailed')); }
  };
  const profileList = h('div', { class: 'choices', role: 'radiogroup', 'aria-label': t('screens.start.profileGroup') },
    profiles.profiles.map((p) => h('button', { class: `choice${p.id === profiles.active ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(p.id === profiles.active),
      onclick: async () => { try { await api.profileSelect(p.id); await renderStart(root, app); } catch (err) { showError(err, t('screens.start.selectFailed')); } } },
    h('strong', {}, p.name), h('small', {}, t('screens.start.profileLine', { games: p.stats.games, elo: Math.round(p.stats.rating.elo) })))));
  root.append(h('div', { class: 'card' }, h('h3', {}, t('screens.start.who')),
    profiles.profiles.length ? profileList : h('p', {}, t('screens.start.noProfiles')),
    h('form', { class: 'row', onsubmit: create }, h('label', { for: 'new-profile', class: 'sr-only' }, t('screens.start.newName')), nameInput,
      h('button', { class: 'btn', type: 'submit' }, t('screens.start.create')))));

  // Opponents: a level each, or "Match my level" with a challenge (the player's chance
  // against it), whose opponent rating the app picks for the active profile (match_level,
  // asked each time the screen is drawn, so it follows the rating after every game).
  const oppBox = h('div', { class: 'opponents' });
  const matched = new Map();
  const matchOf = (chance) => {
    if (!matched.has(chance)) {
      matched.set(chance, active ? api.matchLevel(chance).catch((e) => { matched.delete(chance); throw e; }) : Promise.resolve(null));
    }
    return matched.get(chance);
  };
  const drawOpponents = () => {
    oppBox.replaceChildren(
      h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': t('screens.start.count') },
        [1, 2, 3, 4, 5].map((n) => h('button', { class: `seg${setup.opponents.length === n ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(setup.opponents.length === n),
          onclick: () => { while (setup.opponents.length < n) { const last = setup.opponents.at(-1) ?? 'easy'; setup.opponents.push(typeof last === 'object' ? { ...last } : last); } setup.opponents.length = n; drawOpponents(); } }, String(n)))),
      h('ol', { class: 'opp-list' }, setup.opponents.map((o, i) => {
        const match = typeof o === 'object';
        return h('li', { class: match ? 'matched' : '' },
          h('span', { html: badgeSvg(i + 1, 22) }),
          h('label', { for: `opp-${i}` }, t('screens.start.opponent', { n: i + 1 })),
          h('select', { id: `opp-${i}`, onchange: (e) => { setup.opponents[i] = e.target.value === 'match' ? { match: 0.5 } : e.target.value; drawOpponents(); } },
            // Each level with its measured rating (app_info.strength), to compare with the player's.
            levels.map((l) => h('option', { value: l, selected: !match && l === o }, levelChoice(l, info))),
            h('option', { value: 'match', selected: match }, t('screens.start.match.option'))),
          match ? matchEditor(o, i) : null);
      })));
  };
  /** The challenge of a matched opponent, and what it means: the ratings and the chance. */
  const matchEditor = (o, i) => {
    const line = h('p', { class: 'match-line', 'aria-live': 'polite' }, active ? t('screens.start.match.asking') : t('screens.start.match.noProfile'));
    matchOf(o.match).then((m) => {
      if (m) line.textContent = t('screens.start.match.line', { player: ratingText(m.playerRating), opponent: ratingText(m.opponentRating), chance: fmtPercent(m.chance) });
    }).catch((e) => { line.textContent = ''; showError(e, t('screens.start.match.failed')); });
    const words = { harder: t('screens.start.match.harder'), even: t('screens.start.match.even'), easier: t('screens.start.match.easier') };
    return h('div', { class: 'match-box' },
      h('div', { class: 'segmented challenge', role: 'radiogroup', 'aria-label': t('screens.start.match.challenge', { n: i + 1 }) },
        CHALLENGES.map((c) => h('button', { class: `seg${o.match === c.chance ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(o.match === c.chance), 'data-chance': String(c.chance),
          onclick: () => { setup.opponents[i] = { match: c.chance }; drawOpponents(); } },
        words[c.id], ' ', h('small', {}, fmtPercent(c.chance))))),
      line, h('p', { class: 'match-help' }, h('small', {}, t('screens.start.match.help'))));
  };
  drawOpponents();
  const am = h('input', { id: 'abbey-mayor', type: 'checkbox', class: 'switch', checked: setup.abbeyMayor, onchange: (e) => { setup.abbeyMayor = e.target.checked; } });
  // A deal number replays the same shuffled pile, e.g. to retry a game or to compare with a friend.
  const seedInput = h('input', { id: 'seed', type: 'text', inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', value: setup.seed ?? '', placeholder: t('screens.start.seedRandom'),
    oninput: (e) => { setup.seed = e.target.value.trim(); } });
  const aids = h('input', { id: 'board-aids', type: 'checkbox', class: 'switch', checked: app.settings?.boardAids !== false,
    onchange: async (e) => { try { await app.saveSettings({ boardAids: e.target.checked }); } catch (err) { showError(err, t('screens.saveFailed')); } } });
  root.append(h('div', { class: 'card' }, h('h3', {}, t('screens.start.opponents')), oppBox,
    h('div', { class: 'row switch-row' }, am, h('label', { for: 'abbey-mayor' }, h('strong', {}, t('common.expansion')), ' ', h('small', {}, t('screens.start.expansionHelp')))),
    h('div', { class: 'row switch-row' }, aids, h('label', { for: 'board-aids' }, h('strong', {}, t('common.aids.label')), ' ', h('small', {}, t('common.aids.help')))),
    h('details', { class: 'more' }, h('summary', {}, t('screens.start.more')),
      h('div', { class: 'row' }, h('label', { for: 'seed' }, t('screens.start.seed')), seedInput, h('small', {}, t('screens.start.seedHelp'))))));

  const startBtn = h('button', { class: 'btn primary big', type: 'button', disabled: !active, onclick: async () => {
    startBtn.disabled = true;
    // Deal numbers are 0 to 2^53 - 1 (API.md, "Seeds"): every one is exact as a number here.
    const seed = setup.seed ? Number(setup.seed) : null;
    if (seed !== null && !(/^[0-9]+$/.test(setup.seed) && Number.isSafeInteger(seed))) {
      showError({ code: 'game/bad_setup', text: t('screens.start.badSeed', { max: Number.MAX_SAFE_INTEGER }) });
      startBtn.disabled = false;
      return;
    }
    try {
      // A matched opponent is asked for by its rating, as match_level answered it now.
      const opponents = await Promise.all(setup.opponents.map(async (o) => (typeof o === 'object' ? { rating: (await matchOf(o.match)).opponentRating } : { level: o })));
      await app.newGame({ profileId: active.id, opponents, abbeyMayor: setup.abbeyMayor, seed });
      // The app remembers a matched opponent by its spec; the start screen wants it by its
      // rating (settings_set takes {rating}), to offer "Match my level" again next time.
      if (opponents.some((o) => o.rating != null)) {
        await app.saveSettings({ lastSetup: { opponents, abbeyMayor: setup.abbeyMayor } }).catch((err) => showError(err, t('screens.saveFailed')));
      }
    } catch (err) { showError(err, t('screens.start.startFailed')); } finally { startBtn.disabled = false; }
  } }, active ? t('screens.start.startAs', { name: active.name }) : t('screens.start.needProfile'));
  // Start stays in view at the bottom of the window, whatever the set-up above it takes.
  root.append(h('div', { class: 'row end start-go' }, startBtn));
}

/** The start screen's set-up from the settings' `lastSetup` (levels this app knows only),
 * or null. A `{rating}` opponent was matched to the player's level: it comes back as "Match
 * my level" with the challenge nearest to the chance the player (rated `elo`) had against it;
 * a spec (`{level: "easy~0.73"}`, as game_new saves a matched opponent) as "Match my level",
 * Even. */
function lastSetup(last, levels, elo = 1200) {
  const chanceAgainst = (r) => 1 / (1 + 10 ** ((r - elo) / 400));
  const nearest = (p) => CHALLENGES.reduce((a, c) => (Math.abs(c.chance - p) < Math.abs(a.chance - p) ? c : a)).chance;
  const opponents = (last?.opponents ?? []).map((o) => (typeof o?.rating === 'number' ? { match: nearest(chanceAgainst(o.rating)) }
    : isSpec(o?.level) ? { match: 0.5 } : o?.level))
    .filter((o) => typeof o === 'object' || levels.includes(o));
  return opponents.length ? { opponents: opponents.slice(0, 5), abbeyMayor: last.abbeyMayor !== false } : null;
}

// --- History.
export async function renderHistory(root, app) {
  const filters = app.historyFilters ?? (app.historyFilters = { level: '', result: '', all: false });
  const profiles = await api.profilesList();
  const list = await api.historyList(filters.all ? null : profiles.active);
  await reviews.refresh().catch((e) => showError(e, t('screens.reviewFailed')));
  for (const p of list.problems ?? []) showProblem(p);
  const levels = byStrength(app.info?.levels ?? ['random', 'easy', 'greedy', 'medium', 'hard', 'expert'], app.info);
  // "Matched": an opponent matched to the player's level (a strength between the levels).
  const fits = (o) => (filters.level === 'matched' ? isSpec(o.level) : o.level === filters.level);
  const matches = list.matches.filter((m) => (!filters.level || m.opponents.some(fits))
    && (!filters.result || m.result === filters.result));
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', id: 'import-file', class: 'sr-only', onchange: async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    e.target.value = '';
    // Too large a file is refused before it is read (the app refuses it too).
    if (file.size > IMPORT_LIMIT) {
      showError({ code: 'record/too_large', text: t('screens.history.tooLarge', { file: file.name, size: file.size, limit: IMPORT_LIMIT / (1024 * 1024) }) }, t('screens.history.importFailed'));
      return;
    }
    try {
      const s = await api.historyImport(await file.text());
      showNote(t('screens.history.imported', { date: formatDate(s.date) }));
      // Imported records belong to no profile: show every profile's matches so it is seen.
      filters.all = true;
      await renderHistory(root, app);
    } catch (err) { showError(err, t('screens.history.importFailed')); }
  } });
  root.replaceChildren(
    h('h2', { id: 'history-title', class: 'screen-title' }, t('screens.history.title')),
    h('div', { class: 'card filters' },
      h('label', { for: 'f-level' }, t('screens.history.level')),
      h('select', { id: 'f-level', onchange: (e) => { filters.level = e.target.value; renderHistory(root, app).catch((err) => showError(err)); } },
        h('option', { value: '' }, t('screens.history.any')), levels.map((l) => h('option', { value: l, selected: filters.level === l }, levelName(l))),
        h('option', { value: 'matched', selected: filters.level === 'matched' }, t('screens.matched'))),
      h('label', { for: 'f-result' }, t('screens.history.result')),
      h('select', { id: 'f-result', onchange: (e) => { filters.result = e.target.value; renderHistory(root, app).catch((err) => showError(err)); } },
        [['', t('screens.history.any')], ...['won', 'lost', 'drawn', 'resigned'].map((r) => [r, resultName(r)])].map(([v, w]) => h('option', { value: v, selected: filters.result === v }, w))),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: filters.all, onchange: (e) => { filters.all = e.target.checked; renderHistory(root, app).catch((err) => showError(err)); } }), ' ', t('screens.history.all')),
      fileInput, h('label', { for: 'import-file', class: 'btn', role: 'button', tabindex: '0', onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); fileInput.click(); } } }, t('screens.history.import'))),
    matches.length ? h('ul', { class: 'match-list' }, matches.map((m) => matchCard(m, root, app)))
      : h('p', { class: 'empty' }, list.matches.length ? t('screens.history.noneFit') : t('screens.history.empty')));
}

function matchCard(m, root, app) {
  const resultText = resultName(m.result);
  return h('li', { class: `card match ${m.result ?? 'none'}` },
    h('a', { class: 'match-link', href: `#/match/${encodeURIComponent(m.id)}` },
      h('span', { class: `result-tag ${m.result ?? ''}` }, resultText),
      h('span', { class: 'match-main' },
        h('strong', {}, m.players.flatMap((p, i) => [i ? ' · ' : null, h('span', {}, p.name), ` ${fmtNumber(p.score)}`])),
        h('small', {}, t('screens.history.line', { date: formatDate(m.date), opponents: levelList(m.opponents), turns: m.turns, duration: formatDuration(m.durationSecs), expansion: m.abbeyMayor }))),
      m.accuracy != null ? h('span', { class: 'accuracy-tag', title: t('screens.history.accuracyTitle') }, h('small', {}, t('screens.history.accuracy')), accuracyText(m.accuracy)) : null),
    // A match without a review: Review, then its progress; the list again once it is done. A
    // resigned game is not reviewed: said so instead.
    !reviewable(m) ? notReviewable()
      : m.accuracy == null ? reviewStarter(m.id, { label: t('screens.history.review'), onDone: (slot) => { if (slot.isConnected) renderHistory(root, app).catch((e) => showError(e)); } }) : null,
    h('div', { class: 'row' },
      h('button', { class: 'btn small', type: 'button', onclick: async () => {
        try { const r = await api.historyExport(m.id); showNote(t('screens.history.saved', { path: r.path })); } catch (err) { showError(err, t('screens.history.exportFailed')); }
      } }, t('screens.history.export')),
      h('button', { class: 'btn small danger-ghost', type: 'button', onclick: async () => {
        if (!(await confirmDialog(t('screens.history.deleteTitle'), t('screens.history.deleteText'), { confirm: t('common.delete'), danger: true }))) return;
        try { await api.historyDelete(m.id); await renderHistory(root, app); } catch (err) { showError(err, t('screens.deleteFailed')); }
      } }, t('common.delete'))));
}

// --- Match replay.
export async function renderMatch(root, app, id) {
  const detail = await api.historyGet(id);
  const s = detail.summary;
  const last = detail.timeline.length - 1;
  const review = detail.review ?? null;
  let turn = last;
  let sel = null;
  if (!review) await reviews.refresh().catch((e) => showError(e, t('screens.reviewFailed')));
  root.replaceChildren();
  const title = h('h2', { id: 'match-title', class: 'screen-title' }, t('screens.match.title', { names: s.players.map((p) => p.name) }));
  const boardHost = h('div', { class: 'board-host' });
  const slider = h('input', { type: 'range', min: '0', max: String(last), value: String(turn), id: 'replay-slider', 'aria-label': t('screens.match.turn') });
  const label = h('output', { for: 'replay-slider', class: 'turn-label' });
  const eventsBox = h('ol', { class: 'log replay-log', 'aria-label': t('screens.match.events') });
  const chartBox = h('div', { class: 'chart-box' });
  const scores = h('ol', { class: 'scoreboard compact' });
  const breakdown = breakdownTable(s.players, (seat) => detail.breakdown[seat], s.winners);
  const types = new Map(app.tileset.types.map((type) => [type.id, type]));
  // The review: the win-chance graph and the move list pick a decision (the board shows it).
  const boardWrap = h('div', { class: 'board-wrap replay-board' }, boardHost);
  const pick = (i) => {
    go(review.decisions[i].turn, i);
    // The board shows the pick: bring it into view if the page is scrolled past it.
    // (The screen scrolls, not the page: scrollIntoView would scroll the body too.)
    const main = boardWrap.closest('main');
    const r = boardWrap.getBoundingClientRect();
    const top = main?.getBoundingClientRect().top ?? 0;
    if (main && (r.top < top || r.bottom > window.innerHeight)) main.scrollTop += r.top - top - 8;
  };
  const graph = review ? winGraph(review, s.turns, pick) : null;
  const moves = review ? moveList(review, pick, { events: detail.events, types }) : null;
  const verdict = h('div', { class: 'rv-verdict', 'aria-live': 'polite', hidden: !review });
  const reviewCard = review
    ? h('div', { class: 'card review-card' }, h('h3', {}, t('screens.match.review')), h('p', { class: 'rv-summary' }, reviewSummary(review)),
      h('p', { class: 'rv-help' }, t('screens.match.reviewHelp')), moves.el)
    : !reviewable(s) ? h('div', { class: 'card review-card' }, h('h3', {}, t('screens.match.review')), notReviewable())
      : h('div', { class: 'card review-card' }, h('h3', {}, t('screens.match.review')), h('p', {}, t('screens.match.notReviewed')),
        reviewStarter(id, { label: t('screens.match.reviewThis'), primary: true, onDone: (slot) => {
          if (slot.isConnected && location.hash === `#/match/${encodeURIComponent(id)}`) renderMatch(root, app, id).catch((e) => showError(e));
        } }));
  const step = (d) => go(turn + d);
  const icon = (d) => `<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true"><path d="${d}" fill="currentColor"/></svg>`;
  const btn = (d, aria, fn) => h('button', { class: 'btn', type: 'button', 'aria-label': aria, onclick: fn, html: icon(d) });
  root.append(title,
    h('p', { class: 'subtitle' }, t('screens.match.subtitle', { date: formatDate(s.date), turns: s.turns, expansion: s.abbeyMayor, seed: s.seed ?? null })),
    // With a review, the verdict and the win-chance graph sit by the board (grid areas).
    h('div', { class: `match-layout${review ? ' reviewed' : ''}` },
      boardWrap,
      h('div', { class: 'match-side' }, scores,
        h('div', { class: 'replay-ctl' },
          btn('M4,4h2.5v12H4ZM16,4v12L7.5,10Z', t('screens.match.first'), () => go(0)), btn('M14,4v12L5,10Z', t('screens.match.previous'), () => step(-1)), slider,
          btn('M6,4v12l9,-6Z', t('screens.match.next'), () => step(1)), btn('M13.5,4H16v12h-2.5ZM4,4v12l8.5,-6Z', t('screens.match.last'), () => go(last))), label,
        review ? null : eventsBox),
      review ? [verdict, h('div', { class: 'rv-graph' }, h('h3', { class: 'rv-graph-title' }, t('screens.match.winChance')), graph.el), eventsBox] : null),
    reviewCard,
    h('div', { class: 'card' }, h('h3', {}, t('screens.match.scores')), chartBox),
    h('div', { class: 'card' }, h('h3', {}, t('screens.match.final')), h('div', { class: 'table-scroll' }, breakdown)),
    h('div', { class: 'row' }, h('a', { class: 'btn', href: '#/history' }, t('screens.match.back'))));
  app.replayBoard?.destroy();
  const board = app.replayBoard = new Board(boardHost, types, { label: t('screens.match.board'), onTap: () => {} });
  slider.addEventListener('input', () => go(+slider.value));
  let pending = 0;
  async function go(to, picked = null) {
    turn = Math.max(0, Math.min(last, to));
    sel = review ? (picked ?? decisionAt(review, turn)) : null;
    const d = sel != null ? review.decisions[sel] : null;
    if (review) { graph.select(sel); moves.select(sel); showVerdict(d); }
    slider.value = String(turn);
    label.textContent = replayLabel(turn, s.turns);
    slider.setAttribute('aria-valuetext', label.textContent);
    chartBox.innerHTML = chartSvg(detail.timeline, s.players, { marker: turn });
    const row = detail.timeline[turn] ?? [];
    scores.replaceChildren(...s.players.map((p, i) => h('li', { class: 'player' }, h('span', { class: 'who', html: badgeSvg(i, 20) }),
      h('span', { class: 'name' }, p.name, p.level ? h('small', {}, ` ${opponentLabel(p.level, s.opponents?.find((o) => o.seat === i)?.rating ?? p.rating ?? null, { lower: true })}`) : null), h('span', { class: 'score' }, String(row[i] ?? 0)))));
    // Final scoring (and the end) belong to the last position, after the last turn.
    const final = (e) => e.type === 'game_ended' || e.scored?.cause === 'final';
    const shown = turn > s.turns ? detail.events.filter(final) : detail.events.filter((e) => e.turn === turn && !final(e));
    eventsBox.replaceChildren(...shown.map((e) => h('li', { class: `log-item ${e.type}` }, eventText(e, s.players))));
    const ticket = ++pending;
    try {
      const view = await api.historyPosition(id, positionFor(turn, d));
      if (ticket !== pending) return;
      board.setView(view);
      // A reviewed decision of this turn: the board before it, its played and best move as
      // ghosts (the last tile before it is not marked: the ghosts are this turn's move).
      board.setMarks(view.lastPlaced && !d ? [{ ...view.lastPlaced, kind: 'last' }] : []);
      board.setPreview(d ? ghostsFor(d, detail.events, types, review.player) : null);
      if (!board.userMoved) board.fit(false);
    } catch (err) { showError(err, t('screens.match.turnFailed')); }
  }
  function showVerdict(d) {
    // Before the first turn and at the final scoring there is no move to review.
    verdict.hidden = !d && (turn < 1 || turn > s.turns);
    if (!d) { verdict.replaceChildren(h('p', { class: 'rv-none' }, t('screens.match.noMove', { turn }))); return; }
    const feature = (m) => figureFeature(m, d, detail.events, types);
    verdict.replaceChildren(
      h('div', { class: 'rv-head' }, h('strong', {}, reviewDecisionTitle(d)), h('span', { class: `rv-tag ${d.class}` }, reviewTag(d.class))),
      h('p', { class: 'rv-line' }, reviewVerdict(d, { playedFeature: feature(d.played), bestFeature: feature(d.best) })),
      d.why && d.class !== 'best' ? h('p', { class: 'rv-why' }, whyText(d.why, s.players)) : null,
      h('p', { class: 'rv-win' }, reviewWinText(d)),
      d.class !== 'best' ? h('p', { class: 'rv-legend' }, h('span', { class: 'key played' }), t('screens.match.played'), ' ', h('span', { class: 'key best' }), t('screens.match.best')) : null);
  }
  await go(turn);
}

// --- Profile.
export async function renderProfile(root, app) {
  const profiles = await api.profilesList();
  const active = profiles.profiles.find((p) => p.id === profiles.active);
  root.replaceChildren(h('h2', { id: 'profile-title', class: 'screen-title' }, active ? active.name : t('screens.profile.profiles')));
  if (active) {
    const st = active.stats;
    const stat = (label, value) => h('div', { class: 'stat' }, h('span', { class: 'stat-value' }, value), h('span', { class: 'stat-label' }, label));
    const n = (v) => fmtNumber(v);
    root.append(h('div', { class: 'card' }, h('h3', {}, t('screens.profile.stats')),
      h('div', { class: 'stats' },
        stat(t('screens.profile.rating'), fmtNumber(Math.round(st.rating.elo), { useGrouping: false })), stat(t('screens.profile.games'), n(st.games)), stat(t('screens.profile.wins'), n(st.wins)),
        stat(t('screens.profile.losses'), n(st.losses)), stat(t('screens.profile.draws'), n(st.draws)), stat(t('screens.profile.resigned'), n(st.resigned)),
        stat(t('screens.profile.average'), fmtNumber(st.averageScore, { minimumFractionDigits: 1, maximumFractionDigits: 1 })), stat(t('screens.profile.best'), n(st.bestScore))),
      Object.keys(st.byLevel).length ? h('div', { class: 'table-scroll' }, h('table', { class: 'breakdown' },
        h('thead', {}, h('tr', {}, [t('screens.profile.opponent'), t('screens.profile.colGames'), t('screens.profile.colWins'), t('screens.profile.colLosses'), t('screens.profile.colDraws')].map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, byLevelRows(st.byLevel).map(([name, r]) => h('tr', {}, h('th', { scope: 'row' }, name), [r.games, r.wins, r.losses, r.draws].map((v) => h('td', {}, n(v))))))))
        : h('p', {}, t('screens.profile.noGames'))));
    const list = await api.historyList(active.id);
    root.append(accuracyCard(list), ratingCard(list));
  }
  if (!profiles.profiles.length) root.append(h('p', { class: 'empty' }, t('screens.profile.none'), ' ', h('a', { href: '#/start' }, t('screens.profile.noneLink'))));
  root.append(h('div', { class: 'card' }, h('h3', {}, t('screens.profile.all')),
    h('ul', { class: 'profile-list' }, profiles.profiles.map((p) => {
      const input = h('input', { type: 'text', value: p.name, maxlength: '40', 'aria-label': t('screens.profile.newName', { name: p.name }) });
      return h('li', { class: 'row' },
        h('strong', { class: 'grow' }, p.name, p.id === profiles.active ? [' ', h('small', {}, t('screens.profile.active'))] : null),
        p.id !== profiles.active ? h('button', { class: 'btn small', type: 'button', onclick: async () => { try { await api.profileSelect(p.id); await renderProfile(root, app); } catch (e) { showError(e); } } }, t('screens.profile.use')) : null,
        h('form', { class: 'row', onsubmit: async (e) => { e.preventDefault(); try { await api.profileRename(p.id, input.value); await renderProfile(root, app); } catch (err) { showError(err, t('screens.profile.renameFailed')); } } },
          input, h('button', { class: 'btn small', type: 'submit' }, t('screens.profile.rename'))),
        h('button', { class: 'btn small danger-ghost', type: 'button', onclick: async () => {
          if (!(await confirmDialog(t('screens.profile.deleteTitle', { name: p.name }), t('screens.profile.deleteText'), { confirm: t('common.delete'), danger: true }))) return;
          try { await api.profileDelete(p.id); await renderProfile(root, app); } catch (err) { showError(err, t('screens.deleteFailed')); }
        } }, t('common.delete')));
    }))));
}

/** The profile's results by opponent: a row per level, and one for every opponent matched to
 * the player's level (their strengths between the levels, "easy~0.73", added up). */
function byLevelRows(byLevel) {
  const rows = [];
  const matched = { games: 0, wins: 0, losses: 0, draws: 0 };
  for (const [lvl, r] of Object.entries(byLevel)) {
    if (!isSpec(lvl)) { rows.push([levelName(lvl), r]); continue; }
    for (const k of Object.keys(matched)) matched[k] += r[k] ?? 0;
  }
  if (matched.games) rows.push([t('screens.matched'), matched]);
  return rows;
}

const day = (iso) => (Number.isNaN(new Date(iso).getTime()) ? '' : fmtDate(iso, { month: 'short', day: 'numeric' }));
/** A chart's width: about one unit a pixel, so that the labels stay legible on a phone. */
const chartWidth = () => Math.max(320, Math.min(640, window.innerWidth - 64));

/** The profile's rating after each of its games (`ratingAfter`, kept from this version on), oldest first. */
function ratingCard(list) {
  const games = list.matches.filter((m) => m.ratingAfter != null).sort((a, b) => String(a.date).localeCompare(String(b.date)));
  const card = h('div', { class: 'card rating-card' }, h('h3', {}, t('screens.profile.ratingTitle')));
  if (!games.length) {
    card.append(h('p', {}, t('screens.profile.ratingNone')));
    return card;
  }
  const values = [1200, ...games.map((m) => m.ratingAfter)];
  const lo = Math.floor((Math.min(...values) - 50) / 100) * 100;
  const hi = Math.ceil((Math.max(...values) + 50) / 100) * 100;
  const last = Math.round(games.at(-1).ratingAfter);
  card.append(h('p', {}, t('screens.profile.ratingLine', { elo: last, n: games.length })),
    h('div', { class: 'chart-box', html: seriesSvg(games.map((m) => ({ value: m.ratingAfter, label: day(m.date) })), { label: t('screens.profile.ratingChart', { values: games.map((m) => fmtNumber(Math.round(m.ratingAfter), { useGrouping: false })).join('; ') }), min: lo, max: hi, width: chartWidth() }) }));
  return card;
}

/** The profile's accuracy over its reviewed games, oldest first, as a chart. */
function accuracyCard(list) {
  const games = list.matches.filter((m) => m.accuracy != null).sort((a, b) => String(a.date).localeCompare(String(b.date)));
  const card = h('div', { class: 'card accuracy-card' }, h('h3', {}, t('screens.profile.accuracyTitle')));
  if (!games.length) {
    card.append(h('p', {}, t('screens.profile.accuracyNone')));
    return card;
  }
  const mean = games.reduce((a, m) => a + m.accuracy, 0) / games.length;
  card.append(h('p', {}, t('screens.profile.accuracyLine', { n: games.length, mean: accuracyText(mean), last: accuracyText(games.at(-1).accuracy) })),
    h('div', { class: 'chart-box', html: seriesSvg(games.map((m) => ({ value: m.accuracy, label: day(m.date) })), { label: t('screens.profile.accuracyChart', { values: games.map((m) => accuracyText(m.accuracy)).join('; ') }), unit: '%',
      width: chartWidth() }) }));
  return card;
}

// --- Help.
/**
 * The help's pictures: small scenes of real tiles (the tile set's ids, `r` the rotation),
 * figures by seat on their features, highlighted squares and arrows (helpart.js).
 */
const SCENES = {
  turn: { tiles: [{ id: 'D', x: 0, y: 0 }, { id: 'U', x: 1, y: 0 }], figures: [{ seat: 0, kind: 'follower', x: 1, y: 0, feature: 'road' }],
    spots: [{ x: 2, y: 0 }, { x: -1, y: 0 }, { x: 0, y: 1 }, { x: 1, y: 1 }] },
  city: { tiles: [{ id: 'M', x: 1, y: 1 }, { id: 'E', x: 1, y: 0, r: 180 }, { id: 'E', x: 0, y: 1, r: 90 }], figures: [{ seat: 0, kind: 'follower', x: 1, y: 1, feature: 'city' }] },
  monastery: { tiles: [{ id: 'B', x: 1, y: 1 }, { id: 'E', x: 0, y: 0 }, { id: 'E', x: 1, y: 0 }, { id: 'E', x: 2, y: 0 }, { id: 'E', x: 0, y: 1, r: 270 },
    { id: 'E', x: 2, y: 1, r: 90 }, { id: 'E', x: 0, y: 2, r: 180 }, { id: 'E', x: 1, y: 2, r: 180 }, { id: 'E', x: 2, y: 2, r: 180 }],
  figures: [{ seat: 1, kind: 'follower', x: 1, y: 1, feature: 'monastery' }] },
  farms: { tiles: [{ id: 'E', x: 0, y: 0, r: 90 }, { id: 'H', x: 1, y: 0, r: 90 }, { id: 'E', x: 2, y: 0, r: 270 }],
    figures: [{ seat: 1, kind: 'follower', x: 1, y: 0, feature: 'field', farmer: true }] },
  barn: { tiles: [{ id: 'E', x: 0, y: 0 }, { id: 'E', x: 1, y: 0 }, { id: 'U', x: 0, y: 1 }, { id: 'U', x: 1, y: 1 }],
    figures: [{ seat: 0, kind: 'barn', x: 1, y: 1, corner: 'NW' }] },
  mayor: { tiles: [{ id: 'F', x: 0, y: 0 }, { id: 'M', x: 1, y: 0 }],
    figures: [{ seat: 1, kind: 'follower', x: 0, y: 0, feature: 'city' }, { seat: 0, kind: 'mayor', x: 1, y: 0, feature: 'city' }] },
  wagon: { tiles: [{ id: 'A', x: 0, y: 0, r: 270 }, { id: 'U', x: 1, y: 0 }, { id: 'A', x: 2, y: 0, r: 90 }],
    figures: [{ seat: 0, kind: 'wagon', x: 1, y: 0, feature: 'road' }],
    arrows: [{ from: { x: 1, y: 0, feature: 'road' }, to: { x: 2, y: 0, feature: 'monastery' } }] },
  abbey: { tiles: [{ id: 'abbey', x: 1, y: 1 }, { id: 'E', x: 1, y: 0, r: 180 }, { id: 'U', x: 0, y: 1 }, { id: 'E', x: 2, y: 1, r: 270 }, { id: 'V', x: 1, y: 2, r: 180 }],
    spots: [{ x: 1, y: 1 }] },
  // A square no land tile fits: no tile has the edges field, city, road, city in turn.
  aids: { tiles: [{ id: 'E', x: 1, y: 0 }, { id: 'E', x: 0, y: 1, r: 90 }, { id: 'E', x: 2, y: 1, r: 270 }, { id: 'A', x: 1, y: 2, r: 180 }], dead: [{ x: 1, y: 1 }],
    doomed: [{ x: 0, y: 1, feature: 'city' }, { x: 2, y: 1, feature: 'city' }, { x: 1, y: 2, feature: 'road' }] },
  controls: { tiles: [{ id: 'D', x: 0, y: 0 }, { id: 'D', x: 1.3, y: 0, r: 90 }, { id: 'D', x: 2.6, y: 0, r: 180 }, { id: 'D', x: 3.9, y: 0, r: 270 }] },
};

/** A help section: a heading, its paragraphs and its pictures, each with a caption. */
function helpSection(title, paras, figures = []) {
  return h('section', { class: 'card help' },
    h('div', { class: 'help-text' }, h('h3', {}, title), paras.map((p) => h('p', {}, p))),
    figures.filter((f) => f.html).length ? h('div', { class: 'help-figures' }, figures.filter((f) => f.html).map((f) => h('figure', { class: 'help-figure' },
      h('div', { class: 'help-pic', html: f.html }), h('figcaption', {}, f.caption)))) : null);
}

export function renderHelp(root, app) {
  const types = new Map((app?.tileset?.types ?? []).map((type) => [type.id, type]));
  const pic = (scene, caption) => ({ html: types.size ? sceneSvg(types, SCENES[scene], caption) : null, caption });
  const figures = [['follower', capital(t('common.figure.follower'))], ['mayor', capital(t('common.figure.mayor'))], ['wagon', capital(t('common.figure.wagon'))], ['barn', capital(t('common.figure.barn'))]]
    .map(([kind, name]) => ({ seat: 0, kind, name }));
  // A follower is named by where it stands.
  const roles = [['thief', capital(t('common.role.thief'))], ['knight', capital(t('common.role.knight'))], ['monk', capital(t('common.role.monk'))], ['farmer', capital(t('common.role.farmer'))]]
    .map(([role, name]) => ({ seat: 1, kind: 'follower', farmer: role === 'farmer', name }));
  const abbey = types.get(app?.tileset?.abbey ?? 'abbey');
  if (abbey) figures.push({ kind: 'abbey', name: capital(t('common.figure.abbey')), type: abbey });
  const badges = [0, 1, 2, 3, 4, 5].map((seat) => t('screens.help.badge', { colour: t(`common.colour.${COLOUR_NAMES[seat]}`), shape: t(`common.shape.${SHAPE_NAMES[seat]}`) }));
  root.replaceChildren(h('h2', { id: 'help-title', class: 'screen-title' }, t('screens.help.title')),
    helpSection(t('screens.help.turn.title'), [t('screens.help.turn.text'), t('screens.help.turn.figure')], [pic('turn', t('screens.help.turn.caption')),
      { html: figuresSvg(roles, t('screens.help.turn.roles')), caption: t('screens.help.turn.roles') }]),
    helpSection(t('screens.help.scoring.title'), [t('screens.help.scoring.text'), t('screens.help.scoring.end')],
      [pic('city', t('screens.help.scoring.city')), pic('monastery', t('screens.help.scoring.monastery'))]),
    helpSection(t('screens.help.farms.title'), [t('screens.help.farms.text')], [pic('farms', t('screens.help.farms.caption'))]),
    helpSection(t('screens.help.barn.title'), [t('screens.help.barn.text'), t('screens.help.barn.later')], [pic('barn', t('screens.help.barn.caption'))]),
    helpSection(t('screens.help.mayor.title'), [t('screens.help.mayor.text')], [pic('mayor', t('screens.help.mayor.caption'))]),
    helpSection(t('screens.help.wagon.title'), [t('screens.help.wagon.text')], [pic('wagon', t('screens.help.wagon.caption'))]),
    helpSection(t('screens.help.abbey.title'), [t('screens.help.abbey.text'), t('screens.help.abbey.last')], [pic('abbey', t('screens.help.abbey.caption'))]),
    helpSection(t('screens.help.aids.title'), [t('screens.help.aids.text'), t('screens.help.aids.odds')], [pic('aids', t('screens.help.aids.caption'))]),
    helpSection(t('screens.help.controls.title'), [t('screens.help.controls.text'), t('screens.help.controls.keys')], [pic('controls', t('screens.help.controls.caption'))]),
    helpSection(t('screens.help.scoreboard.title'), [t('screens.help.scoreboard.text')],
      [{ html: figuresSvg(figures, t('screens.help.scoreboard.caption')), caption: t('screens.help.scoreboard.caption') }]),
    helpSection(t('screens.help.colours.title'), [t('screens.help.colours.text')], [{ html: badgesHtml(badges), caption: t('screens.help.colours.caption') }]));
}
