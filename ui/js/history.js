// The history: the finished matches (filters by level, result and profile), each with its
// review or a way to start one, export and delete; importing a record.
import { api, IMPORT_LIMIT } from './api.js';
import { h, showError, showProblem, showNote, confirmDialog, formatDate, formatDuration } from './dom.js';
import { accuracyText } from './text.js';
import { t, fmtNumber } from './i18n.js';
import { reviews, reviewStarter, reviewable, notReviewable, retryHref } from './review.js';
import { isSpec, byStrength, levelName, levelList } from './strength.js';

/** The filters on screen, kept while the app runs. */
const filters = { level: '', result: '', all: false };

/** A match's result for the human ("Won"), or "Imported" for a record without one. */
const resultName = (result) => ({ won: t('screens.result.won'), lost: t('screens.result.lost'), drawn: t('screens.result.drawn'), resigned: t('screens.result.resigned') }[result] ?? t('screens.result.imported'));

export async function renderHistory(root, app) {
  const profiles = await api.profilesList();
  const [list, training] = await Promise.all([api.historyList(filters.all ? null : profiles.active), api.trainingList().catch(() => null)]);
  // Each match's mistakes still to practise (due now or later), the soonest first.
  const drills = new Map();
  for (const d of [...(training?.due ?? []), ...(training?.later ?? [])]) {
    if (!drills.has(d.matchId)) drills.set(d.matchId, []);
    drills.get(d.matchId).push(d);
  }
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
    matches.length ? h('ul', { class: 'match-list' }, matches.map((m) => matchCard(m, root, app, drills.get(m.id) ?? [])))
      : h('p', { class: 'empty' }, list.matches.length ? t('screens.history.noneFit') : t('screens.history.empty')));
}

function matchCard(m, root, app, drills) {
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
      drills.length ? h('a', { class: 'btn small retry-game', href: retryHref(m.id, drills[0].index) }, t('practice.retryGame', { n: drills.length })) : null,
      h('button', { class: 'btn small', type: 'button', onclick: async () => {
        try { const r = await api.historyExport(m.id); showNote(t('screens.history.saved', { path: r.path })); } catch (err) { showError(err, t('screens.history.exportFailed')); }
      } }, t('screens.history.export')),
      h('button', { class: 'btn small danger-ghost', type: 'button', onclick: async () => {
        if (!(await confirmDialog(t('screens.history.deleteTitle'), t('screens.history.deleteText'), { confirm: t('common.delete'), danger: true }))) return;
        try { await api.historyDelete(m.id); await renderHistory(root, app); } catch (err) { showError(err, t('screens.deleteFailed')); }
      } }, t('common.delete'))));
}
