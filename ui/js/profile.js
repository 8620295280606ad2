// The profile page: the active profile's statistics, results by opponent, accuracy and
// rating charts, and every profile (use, rename, delete).
import { api } from './api.js';
import { h, showError, confirmDialog } from './dom.js';
import { accuracyText } from './text.js';
import { t, fmtNumber, fmtDate } from './i18n.js';
import { seriesSvg } from './chart.js';
import { isSpec, levelName } from './strength.js';
import { luckProfile } from './luck.js';
import { practiceCard } from './practice.js';
import { puzzleCard } from './puzzles.js';

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
    // The mistakes to practise are no reason to fail the page (a training file that cannot
    // be read is reported by the app).
    const [list, training, puzzles] = await Promise.all([api.historyList(active.id), api.trainingList().catch(() => null), api.puzzleList().catch(() => null)]);
    root.append(...[practiceCard(training)].filter(Boolean), accuracyCard(list), ratingCard(list), ...[puzzleCard(puzzles, { chart: true })].filter(Boolean),
      h('div', { class: 'card luck-card' }, h('h3', {}, t('luck.profileTitle')), luckProfile(st)));
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
