// The screens around the game: start (profile, opponents, expansion, resume), history
// (filters, export, import), the match replay, the profile page and help.
import { api, IMPORT_LIMIT } from './api.js';
import { h, showError, showProblem, showNote, confirmDialog, formatDate, formatDuration, breakdownTable } from './dom.js';
import { badgeSvg } from './players.js';
import { eventText, AIDS_LABEL, AIDS_HELP, resumeTurn, replayLabel, accuracyText, reviewSummary, reviewVerdict, reviewWinText, reviewDecisionTitle, whyText, reviewTag, REVIEW_NONE } from './text.js';
import { Board } from './board.js';
import { chartSvg, seriesSvg } from './chart.js';
import { reviews, reviewStarter, winGraph, moveList, decisionAt, ghostsFor, figureFeature } from './review.js';

const LEVEL_TEXT = { random: 'Random (plays any legal move)', greedy: 'Greedy (best points now)', easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert' };

// --- Start.
export async function renderStart(root, app) {
  const [profiles, info] = await Promise.all([api.profilesList(), api.appInfo()]);
  app.info = info;
  const levels = info.levels;
  const setup = app.setup ?? (app.setup = lastSetup(app.settings?.lastSetup, levels) ?? { opponents: ['easy'], abbeyMayor: true });
  const active = profiles.profiles.find((p) => p.id === profiles.active) ?? null;
  root.replaceChildren();
  root.append(h('h2', { id: 'start-title', class: 'screen-title' }, 'New game'));

  if (info.resumable) {
    const r = info.resumable;
    root.append(h('div', { class: 'card resume' },
      h('div', {}, h('h3', {}, 'Unfinished game'),
        h('p', {}, `${r.profileName} against ${r.opponents.map((o) => o.level).join(', ')} · ${resumeTurn(r)} · ${r.scores.join(' : ')} · started ${formatDate(r.startedAt)}`)),
      h('button', { class: 'btn primary', type: 'button', onclick: () => app.resume() }, 'Resume')));
  }

  // Profile.
  const nameInput = h('input', { id: 'new-profile', type: 'text', maxlength: '40', autocomplete: 'off', placeholder: 'Your name' });
  const create = async (e) => {
    e.preventDefault();
    try {
      await api.profileCreate(nameInput.value);
      await renderStart(root, app);
    } catch (err) { showError(err, 'Could not create the profile'); }
  };
  const profileList = h('div', { class: 'choices', role: 'radiogroup', 'aria-label': 'Profile' },
    profiles.profiles.map((p) => h('button', { class: `choice${p.id === profiles.active ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(p.id === profiles.active),
      onclick: async () => { try { await api.profileSelect(p.id); await renderStart(root, app); } catch (err) { showError(err, 'Could not select the profile'); } } },
    h('strong', {}, p.name), h('small', {}, `${p.stats.games} ${p.stats.games === 1 ? 'game' : 'games'} · Elo ${Math.round(p.stats.rating.elo)}`))));
  root.append(h('div', { class: 'card' }, h('h3', {}, 'Who is playing?'),
    profiles.profiles.length ? profileList : h('p', {}, 'Create a profile to keep your statistics and history.'),
    h('form', { class: 'row', onsubmit: create }, h('label', { for: 'new-profile', class: 'sr-only' }, 'New profile name'), nameInput,
      h('button', { class: 'btn', type: 'submit' }, 'Create profile'))));

  // Opponents.
  const oppBox = h('div', { class: 'opponents' });
  const drawOpponents = () => {
    oppBox.replaceChildren(
      h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': 'Number of opponents' },
        [1, 2, 3, 4, 5].map((n) => h('button', { class: `seg${setup.opponents.length === n ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(setup.opponents.length === n),
          onclick: () => { while (setup.opponents.length < n) setup.opponents.push(setup.opponents.at(-1) ?? 'easy'); setup.opponents.length = n; drawOpponents(); } }, String(n)))),
      h('ol', { class: 'opp-list' }, setup.opponents.map((lvl, i) => h('li', {},
        h('span', { html: badgeSvg(i + 1, 22) }),
        h('label', { for: `opp-${i}` }, `Opponent ${i + 1}`),
        h('select', { id: `opp-${i}`, onchange: (e) => { setup.opponents[i] = e.target.value; } },
          levels.map((l) => h('option', { value: l, selected: l === lvl }, LEVEL_TEXT[l] ?? l)))))));
  };
  drawOpponents();
  const am = h('input', { id: 'abbey-mayor', type: 'checkbox', class: 'switch', checked: setup.abbeyMayor, onchange: (e) => { setup.abbeyMayor = e.target.checked; } });
  // A deal number replays the same shuffled pile, e.g. to retry a game or to compare with a friend.
  const seedInput = h('input', { id: 'seed', type: 'text', inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', value: setup.seed ?? '', placeholder: 'random',
    oninput: (e) => { setup.seed = e.target.value.trim(); } });
  const aids = h('input', { id: 'board-aids', type: 'checkbox', class: 'switch', checked: app.settings?.boardAids !== false,
    onchange: async (e) => { try { await app.saveSettings({ boardAids: e.target.checked }); } catch (err) { showError(err, 'Could not save the setting'); } } });
  root.append(h('div', { class: 'card' }, h('h3', {}, 'Opponents'), oppBox,
    h('div', { class: 'row switch-row' }, am, h('label', { for: 'abbey-mayor' }, h('strong', {}, 'Abbey & Mayor'), h('small', {}, ' abbey, mayor, wagon and barn, 12 more tiles'))),
    h('div', { class: 'row switch-row' }, aids, h('label', { for: 'board-aids' }, h('strong', {}, AIDS_LABEL), h('small', {}, ` ${AIDS_HELP}`))),
    h('details', { class: 'more' }, h('summary', {}, 'More options'),
      h('div', { class: 'row' }, h('label', { for: 'seed' }, 'Deal number'), seedInput, h('small', {}, 'the same number deals the same tiles')))));

  const startBtn = h('button', { class: 'btn primary big', type: 'button', disabled: !active, onclick: async () => {
    startBtn.disabled = true;
    // Deal numbers are 0 to 2^53 - 1 (API.md, "Seeds"): every one is exact as a number here.
    const seed = setup.seed ? Number(setup.seed) : null;
    if (seed !== null && !(/^[0-9]+$/.test(setup.seed) && Number.isSafeInteger(seed))) {
      showError({ code: 'game/bad_setup', message: `The deal number must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER} (or empty for a random deal).` });
      startBtn.disabled = false;
      return;
    }
    try {
      await app.newGame({ profileId: active.id, opponents: setup.opponents.map((level) => ({ level })), abbeyMayor: setup.abbeyMayor, seed });
    } catch (err) { showError(err, 'Could not start the game'); } finally { startBtn.disabled = false; }
  } }, active ? `Start as ${active.name}` : 'Create a profile first');
  root.append(h('div', { class: 'row end' }, startBtn));
}

/** The start screen's set-up from the settings' `lastSetup` (levels this app knows only),
 * or null. */
function lastSetup(last, levels) {
  const opponents = (last?.opponents ?? []).map((o) => o.level).filter((l) => levels.includes(l));
  return opponents.length ? { opponents: opponents.slice(0, 5), abbeyMayor: last.abbeyMayor !== false } : null;
}

// --- History.
export async function renderHistory(root, app) {
  const filters = app.historyFilters ?? (app.historyFilters = { level: '', result: '', all: false });
  const profiles = await api.profilesList();
  const list = await api.historyList(filters.all ? null : profiles.active);
  await reviews.refresh().catch((e) => showError(e, 'Could not ask for the review'));
  for (const p of list.problems ?? []) showProblem(p);
  const levels = app.info?.levels ?? ['random', 'greedy', 'easy', 'medium', 'hard', 'expert'];
  const matches = list.matches.filter((m) => (!filters.level || m.opponents.some((o) => o.level === filters.level))
    && (!filters.result || m.result === filters.result));
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', id: 'import-file', class: 'sr-only', onchange: async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    e.target.value = '';
    // Too large a file is refused before it is read (the app refuses it too).
    if (file.size > IMPORT_LIMIT) {
      showError({ code: 'record/too_large', message: `${file.name} has ${file.size} bytes; a record has at most ${IMPORT_LIMIT / (1024 * 1024)} MiB.` }, 'Import failed');
      return;
    }
    try {
      const s = await api.historyImport(await file.text());
      showNote(`Imported the match of ${formatDate(s.date)}.`);
      // Imported records belong to no profile: show every profile's matches so it is seen.
      filters.all = true;
      await renderHistory(root, app);
    } catch (err) { showError(err, 'Import failed'); }
  } });
  root.replaceChildren(
    h('h2', { id: 'history-title', class: 'screen-title' }, 'History'),
    h('div', { class: 'card filters' },
      h('label', { for: 'f-level' }, 'Opponent level'),
      h('select', { id: 'f-level', onchange: (e) => { filters.level = e.target.value; renderHistory(root, app).catch((err) => showError(err)); } },
        h('option', { value: '' }, 'Any'), levels.map((l) => h('option', { value: l, selected: filters.level === l }, l))),
      h('label', { for: 'f-result' }, 'Result'),
      h('select', { id: 'f-result', onchange: (e) => { filters.result = e.target.value; renderHistory(root, app).catch((err) => showError(err)); } },
        [['', 'Any'], ['won', 'Won'], ['lost', 'Lost'], ['drawn', 'Drawn'], ['resigned', 'Resigned']].map(([v, t]) => h('option', { value: v, selected: filters.result === v }, t))),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: filters.all, onchange: (e) => { filters.all = e.target.checked; renderHistory(root, app).catch((err) => showError(err)); } }), ' All profiles'),
      fileInput, h('label', { for: 'import-file', class: 'btn', role: 'button', tabindex: '0', onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); fileInput.click(); } } }, 'Import a record…')),
    matches.length ? h('ul', { class: 'match-list' }, matches.map((m) => matchCard(m, root, app)))
      : h('p', { class: 'empty' }, list.matches.length ? 'No match fits these filters.' : 'No finished games yet. Play one!'));
}

function matchCard(m, root, app) {
  const resultText = { won: 'Won', lost: 'Lost', drawn: 'Drawn', resigned: 'Resigned' }[m.result] ?? 'Imported';
  return h('li', { class: `card match ${m.result ?? 'none'}` },
    h('a', { class: 'match-link', href: `#/match/${encodeURIComponent(m.id)}` },
      h('span', { class: `result-tag ${m.result ?? ''}` }, resultText),
      h('span', { class: 'match-main' },
        h('strong', {}, m.players.map((p) => `${p.name} ${p.score}`).join(' · ')),
        h('small', {}, `${formatDate(m.date)} · vs ${m.opponents.map((o) => o.level).join(', ')} · ${m.turns} turns · ${formatDuration(m.durationSecs)}${m.abbeyMayor ? ' · Abbey & Mayor' : ''}`)),
      m.accuracy != null ? h('span', { class: 'accuracy-tag', title: 'The accuracy of your moves, from the review' }, h('small', {}, 'accuracy'), accuracyText(m.accuracy)) : null),
    // A match without a review: Review, then its progress; the list again once it is done.
    m.accuracy == null ? reviewStarter(m.id, { label: 'Review', onDone: (slot) => { if (slot.isConnected) renderHistory(root, app).catch((e) => showError(e)); } }) : null,
    h('div', { class: 'row' },
      h('button', { class: 'btn small', type: 'button', onclick: async () => {
        try { const r = await api.historyExport(m.id); showNote(`Saved to ${r.path}`); } catch (err) { showError(err, 'Export failed'); }
      } }, 'Export'),
      h('button', { class: 'btn small danger-ghost', type: 'button', onclick: async () => {
        if (!(await confirmDialog('Delete this match?', 'It disappears from the history for good.', { confirm: 'Delete', danger: true }))) return;
        try { await api.historyDelete(m.id); await renderHistory(root, app); } catch (err) { showError(err, 'Delete failed'); }
      } }, 'Delete')));
}

// --- Match replay.
export async function renderMatch(root, app, id) {
  const detail = await api.historyGet(id);
  const s = detail.summary;
  const last = detail.timeline.length - 1;
  const review = detail.review ?? null;
  let turn = last;
  let sel = null;
  if (!review) await reviews.refresh().catch((e) => showError(e, 'Could not ask for the review'));
  root.replaceChildren();
  const title = h('h2', { id: 'match-title', class: 'screen-title' }, `${s.players.map((p) => p.name).join(' vs ')}`);
  const boardHost = h('div', { class: 'board-host' });
  const slider = h('input', { type: 'range', min: '0', max: String(last), value: String(turn), id: 'replay-slider', 'aria-label': 'Turn' });
  const label = h('output', { for: 'replay-slider', class: 'turn-label' });
  const eventsBox = h('ol', { class: 'log replay-log', 'aria-label': 'Events of this turn' });
  const chartBox = h('div', { class: 'chart-box' });
  const scores = h('ol', { class: 'scoreboard compact' });
  const breakdown = breakdownTable(s.players, (seat) => detail.breakdown[seat], s.winners);
  const types = new Map(app.tileset.types.map((t) => [t.id, t]));
  // The review: the win-chance graph and the move list pick a decision (the board shows it).
  const boardWrap = h('div', { class: 'board-wrap replay-board' }, boardHost);
  const pick = (i) => {
    go(review.decisions[i].turn - 1, i);
    // The board shows the pick: bring it into view if the page is scrolled past it.
    // (The screen scrolls, not the page: scrollIntoView would scroll the body too.)
    const main = boardWrap.closest('main');
    const r = boardWrap.getBoundingClientRect();
    const top = main?.getBoundingClientRect().top ?? 0;
    if (main && (r.top < top || r.bottom > window.innerHeight)) main.scrollTop += r.top - top - 8;
  };
  const graph = review ? winGraph(review, s.turns, pick) : null;
  const moves = review ? moveList(review, pick) : null;
  const verdict = h('div', { class: 'rv-verdict', 'aria-live': 'polite', hidden: !review });
  const reviewCard = review
    ? h('div', { class: 'card review-card' }, h('h3', {}, 'Review of your moves'), h('p', { class: 'rv-summary' }, reviewSummary(review)),
      h('p', { class: 'rv-help' }, 'Tap a move (or a point of the win-chance graph) to see it on the board: the move played and the best one, as ghosts.'), moves.el)
    : h('div', { class: 'card review-card' }, h('h3', {}, 'Review of your moves'), h('p', {}, REVIEW_NONE),
      reviewStarter(id, { label: 'Review this game', primary: true, onDone: (slot) => {
        if (slot.isConnected && location.hash === `#/match/${encodeURIComponent(id)}`) renderMatch(root, app, id).catch((e) => showError(e));
      } }));
  const step = (d) => go(turn + d);
  const icon = (d) => `<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true"><path d="${d}" fill="currentColor"/></svg>`;
  const btn = (d, aria, fn) => h('button', { class: 'btn', type: 'button', 'aria-label': aria, onclick: fn, html: icon(d) });
  root.append(title,
    h('p', { class: 'subtitle' }, `${formatDate(s.date)} · ${s.turns} turns${s.abbeyMayor ? ' · Abbey & Mayor' : ''}${s.seed != null ? ` · seed ${s.seed}` : ''}`),
    // With a review, the verdict and the win-chance graph sit by the board (grid areas).
    h('div', { class: `match-layout${review ? ' reviewed' : ''}` },
      boardWrap,
      h('div', { class: 'match-side' }, scores,
        h('div', { class: 'replay-ctl' },
          btn('M4,4h2.5v12H4ZM16,4v12L7.5,10Z', 'First turn', () => go(0)), btn('M14,4v12L5,10Z', 'Previous turn', () => step(-1)), slider,
          btn('M6,4v12l9,-6Z', 'Next turn', () => step(1)), btn('M13.5,4H16v12h-2.5ZM4,4v12l8.5,-6Z', 'Last turn', () => go(last))), label,
        review ? null : eventsBox),
      review ? [verdict, h('div', { class: 'rv-graph' }, h('h3', { class: 'rv-graph-title' }, 'Your win chance'), graph.el), eventsBox] : null),
    reviewCard,
    h('div', { class: 'card' }, h('h3', {}, 'Score over the turns'), chartBox),
    h('div', { class: 'card' }, h('h3', {}, 'Final scoring'), h('div', { class: 'table-scroll' }, breakdown)),
    h('div', { class: 'row' }, h('a', { class: 'btn', href: '#/history' }, '‹ Back to the history')));
  app.replayBoard?.destroy();
  const board = app.replayBoard = new Board(boardHost, types, { label: 'Replay board', onTap: () => {} });
  slider.addEventListener('input', () => go(+slider.value));
  let pending = 0;
  async function go(t, picked = null) {
    turn = Math.max(0, Math.min(last, t));
    sel = review ? (picked ?? decisionAt(review, turn)) : null;
    const d = sel != null ? review.decisions[sel] : null;
    if (review) { graph.select(sel); moves.select(sel); showVerdict(d); }
    slider.value = String(turn);
    label.textContent = replayLabel(turn, s.turns);
    slider.setAttribute('aria-valuetext', label.textContent);
    chartBox.innerHTML = chartSvg(detail.timeline, s.players, { marker: turn });
    const row = detail.timeline[turn] ?? [];
    scores.replaceChildren(...s.players.map((p, i) => h('li', { class: 'player' }, h('span', { class: 'who', html: badgeSvg(i, 20) }), h('span', { class: 'name' }, p.name), h('span', { class: 'score' }, String(row[i] ?? 0)))));
    // Final scoring (and the end) belong to the last position, after the last turn.
    const final = (e) => e.type === 'game_ended' || e.scored?.cause === 'final';
    const shown = turn > s.turns ? detail.events.filter(final) : detail.events.filter((e) => e.turn === turn && !final(e));
    eventsBox.replaceChildren(...shown.map((e) => h('li', { class: `log-item ${e.type}` }, eventText(e, s.players))));
    const ticket = ++pending;
    try {
      const view = await api.historyPosition(id, turn);
      if (ticket !== pending) return;
      board.setView(view);
      board.setMarks(view.lastPlaced ? [{ ...view.lastPlaced, kind: 'last' }] : []);
      // A reviewed decision of the next turn: its played and best move as ghosts.
      board.setPreview(d ? ghostsFor(d, detail.events, types, review.player) : null);
      if (!board.userMoved) board.fit(false);
    } catch (err) { showError(err, 'Could not show that turn'); }
  }
  function showVerdict(d) {
    verdict.hidden = !d && turn >= s.turns;
    if (!d) { verdict.replaceChildren(h('p', { class: 'rv-none' }, `No move of yours to review in turn ${turn + 1}.`)); return; }
    const feature = (m) => figureFeature(m, d, detail.events, types);
    verdict.replaceChildren(
      h('div', { class: 'rv-head' }, h('strong', {}, reviewDecisionTitle(d)), h('span', { class: `rv-tag ${d.class}` }, reviewTag(d.class))),
      h('p', { class: 'rv-line' }, reviewVerdict(d, { playedFeature: feature(d.played), bestFeature: feature(d.best) })),
      d.why && d.class !== 'best' ? h('p', { class: 'rv-why' }, whyText(d.why, s.players)) : null,
      h('p', { class: 'rv-win' }, reviewWinText(d)),
      d.class !== 'best' ? h('p', { class: 'rv-legend' }, h('span', { class: 'key played' }), 'played ', h('span', { class: 'key best' }), 'best') : null);
  }
  await go(turn);
}

// --- Profile.
export async function renderProfile(root, app) {
  const profiles = await api.profilesList();
  const active = profiles.profiles.find((p) => p.id === profiles.active);
  root.replaceChildren(h('h2', { id: 'profile-title', class: 'screen-title' }, active ? active.name : 'Profiles'));
  if (active) {
    const st = active.stats;
    const stat = (label, value) => h('div', { class: 'stat' }, h('span', { class: 'stat-value' }, value), h('span', { class: 'stat-label' }, label));
    root.append(h('div', { class: 'card' }, h('h3', {}, 'Statistics'),
      h('div', { class: 'stats' },
        stat('rating (Elo)', String(Math.round(st.rating.elo))), stat('games', String(st.games)), stat('wins', String(st.wins)),
        stat('losses', String(st.losses)), stat('draws', String(st.draws)), stat('resigned', String(st.resigned)),
        stat('average score', st.averageScore.toFixed(1)), stat('best score', String(st.bestScore))),
      Object.keys(st.byLevel).length ? h('table', { class: 'breakdown' },
        h('thead', {}, h('tr', {}, ['Opponent', 'Games', 'Wins', 'Losses', 'Draws'].map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, Object.entries(st.byLevel).map(([lvl, r]) => h('tr', {}, h('th', { scope: 'row' }, lvl), [r.games, r.wins, r.losses, r.draws].map((n) => h('td', {}, String(n)))))))
        : h('p', {}, 'No games yet.')));
    const list = await api.historyList(active.id);
    root.append(accuracyCard(list), ratingCard(list));
  }
  if (!profiles.profiles.length) root.append(h('p', { class: 'empty' }, 'No profile yet: create one on the ', h('a', { href: '#/start' }, 'Play'), ' screen.'));
  root.append(h('div', { class: 'card' }, h('h3', {}, 'All profiles'),
    h('ul', { class: 'profile-list' }, profiles.profiles.map((p) => {
      const input = h('input', { type: 'text', value: p.name, maxlength: '40', 'aria-label': `New name for ${p.name}` });
      return h('li', { class: 'row' },
        h('strong', { class: 'grow' }, p.name, p.id === profiles.active ? h('small', {}, ' (active)') : null),
        p.id !== profiles.active ? h('button', { class: 'btn small', type: 'button', onclick: async () => { try { await api.profileSelect(p.id); await renderProfile(root, app); } catch (e) { showError(e); } } }, 'Use') : null,
        h('form', { class: 'row', onsubmit: async (e) => { e.preventDefault(); try { await api.profileRename(p.id, input.value); await renderProfile(root, app); } catch (err) { showError(err, 'Rename failed'); } } },
          input, h('button', { class: 'btn small', type: 'submit' }, 'Rename')),
        h('button', { class: 'btn small danger-ghost', type: 'button', onclick: async () => {
          if (!(await confirmDialog(`Delete ${p.name}?`, 'The profile and its statistics are deleted; its matches stay in the history.', { confirm: 'Delete', danger: true }))) return;
          try { await api.profileDelete(p.id); await renderProfile(root, app); } catch (err) { showError(err, 'Delete failed'); }
        } }, 'Delete'));
    }))));
}

const day = (iso) => { const t = new Date(iso); return Number.isNaN(t.getTime()) ? '' : t.toLocaleDateString(undefined, { month: 'short', day: 'numeric' }); };
/** A chart's width: about one unit a pixel, so that the labels stay legible on a phone. */
const chartWidth = () => Math.max(320, Math.min(640, window.innerWidth - 64));

/** The profile's rating after each of its games (`ratingAfter`, kept from this version on), oldest first. */
function ratingCard(list) {
  const games = list.matches.filter((m) => m.ratingAfter != null).sort((a, b) => String(a.date).localeCompare(String(b.date)));
  const card = h('div', { class: 'card rating-card' }, h('h3', {}, 'Rating over time'));
  if (!games.length) {
    card.append(h('p', {}, 'Finish a game to see how your rating moves.'));
    return card;
  }
  const values = [1200, ...games.map((m) => m.ratingAfter)];
  const lo = Math.floor((Math.min(...values) - 50) / 100) * 100;
  const hi = Math.ceil((Math.max(...values) + 50) / 100) * 100;
  const last = Math.round(games.at(-1).ratingAfter);
  card.append(h('p', {}, `${last} after your last game · ${games.length === 1 ? '1 game' : `${games.length} games`} shown`),
    h('div', { class: 'chart-box', html: seriesSvg(games.map((m) => ({ value: m.ratingAfter, label: day(m.date) })), { label: `Your rating after each game, oldest first: ${games.map((m) => Math.round(m.ratingAfter)).join(', ')}`, min: lo, max: hi, width: chartWidth() }) }));
  return card;
}

/** The profile's accuracy over its reviewed games, oldest first, as a chart. */
function accuracyCard(list) {
  const games = list.matches.filter((m) => m.accuracy != null).sort((a, b) => String(a.date).localeCompare(String(b.date)));
  const card = h('div', { class: 'card accuracy-card' }, h('h3', {}, 'Accuracy over time'));
  if (!games.length) {
    card.append(h('p', {}, 'No reviewed games yet: review a game from the history to see how accurately you play.'));
    return card;
  }
  const mean = games.reduce((a, m) => a + m.accuracy, 0) / games.length;
  card.append(h('p', {}, `${games.length === 1 ? '1 reviewed game' : `${games.length} reviewed games`} · average ${accuracyText(mean)} · last ${accuracyText(games.at(-1).accuracy)}`),
    h('div', { class: 'chart-box', html: seriesSvg(games.map((m) => ({ value: m.accuracy, label: day(m.date) })), { label: `Accuracy of your reviewed games, oldest first: ${games.map((m) => accuracyText(m.accuracy)).join(', ')}`, unit: '%',
      width: chartWidth() }) }));
  return card;
}

// --- Help.
export function renderHelp(root) {
  const sec = (title, ...paras) => h('section', { class: 'card help' }, h('h3', {}, title), paras.map((p) => h('p', {}, p)));
  root.replaceChildren(h('h2', { id: 'help-title', class: 'screen-title' }, 'How to play'),
    sec('Your turn', 'Draw a tile and place it next to the others so that every shared edge matches: city to city, road to road, field to field. Highlighted squares show where it fits. Tap a square, tap the tile (or press R) to turn it, then Confirm. Nothing happens until you confirm, and Undo takes your move back until the next tile is drawn.',
      'Then you may place one figure on the tile you just placed, on a road, a city, a monastery or a field, but only where that whole feature has no figure yet. Tap a circle, then Confirm, or choose No figure.'),
    sec('Scoring', 'A finished road scores 1 point per tile; a finished city 2 per tile and 2 per pennant (the blue shield); a monastery 9 when all eight squares around it are filled. Figures on a finished feature come back. The player with the most figures in a feature takes its points; tied players all take them. At the end, unfinished roads, cities and monasteries score less: 1 per tile (and 1 per pennant).'),
    sec('Farms (fields)', 'A follower placed on a field lies down: it is a farmer and stays there until the end of the game. At the end each field pays its majority 3 points for every finished city that touches it. Fields are divided by roads, cities and the edge of the board; switch on Owners to see who holds which field, road and city.'),
    sec('Barn', 'With Abbey & Mayor, the barn goes on a corner of the tile you just placed where four tiles meet and all four show field at that corner. If farmers stand in that field, they score right away (3 per finished city) and go home. Farmers can never be placed in a field with a barn. If a later tile joins a field with farmers to one with a barn, those farmers score 1 per finished city and go home. At the end, a barn pays its owner 4 per finished city of its field.'),
    sec('Mayor', 'The mayor goes only on a city. Its strength is the number of pennants in the whole city: with no pennants it has no strength. It does not change what the city is worth, only who gets it.'),
    sec('Wagon', 'The wagon is a follower for roads, cities, monasteries and the abbey (not fields). When its feature is scored, you may move it to an unfinished, empty feature on the same tile or one of the eight tiles around it, or take it home.'),
    sec('Abbey', 'Once per game, instead of drawing, you may place your abbey in a hole: an empty square with tiles on all four sides. It finishes every road and city edge it touches and scores like a monastery. When the last tile has been placed, everyone still holding an abbey gets one last chance to play it — the game warns you.'),
    sec('Board aids', 'With Aids on, a square that no tile still to come can fill is hatched red with a ✕, and the roads, cities and monasteries next to it get a red dashed outline: they can no longer be completed (only an abbey might still fill a hole). Tap a placed tile, or press O for the last one, to see how many unseen tiles could complete the feature there and the chance that the next tile drawn does; the tiles-left drawer shows each tile\'s chance to come next. Switch Aids off in the game bar or on the start screen to play without them.'),
    sec('Controls', 'Drag to move the board, pinch or use the mouse wheel to zoom, or use the +, − and ⤢ buttons. With a keyboard: Tab to the board, arrow keys pan, + and − zoom, 0 fits; N and P step through the squares where the tile fits, R turns it, Enter confirms and Escape cancels.'),
    sec('Scoreboard', 'Each player shows their score and, after the arrow, what they would have if the game ended now. Below: followers left, then the mayor, wagon, barn and abbey still in hand (faded once used). Tap the tile count to see the tiles left by type, and Owners to colour every road, city and field by who holds it.'),
    sec('Colours and shapes', 'Every player has a colour and a shape (circle, square, triangle, diamond, star, hexagon). The shape is drawn on each of their figures and next to their name, so players can be told apart without colour.'));
}
