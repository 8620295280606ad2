// Practise your mistakes (#/practice): the active profile's mistakes and blunders from its
// reviewed games (`training_list`), due now or coming back later (spaced repetition: after a
// failed retry 1, 3, 7 and 21 days), and one retried (#/practice/MATCH/INDEX, retry.js). Also
// the profile's and the Learn screen's card (practiceCard). Words from i18n/practice.js.
import { api } from './api.js';
import { h } from './dom.js';
import { t, fmtDate } from './i18n.js';
import { RetryPlayer, daysUntil } from './retry.js';
import { reviewDecisionTitle, reviewTag } from './text.js';
import { retryHref } from './review.js';


/** One mistake as a link to its retry. */
function drillItem(d) {
  const when = d.dueNow ? null : t('practice.dueIn', { days: daysUntil(d.due) });
  return h('li', {},
    h('a', { class: 'drill-item', href: retryHref(d.matchId, d.index), 'data-drill': `${d.matchId}/${d.index}` },
      h('span', { class: 'drill-name' }, h('strong', {}, reviewDecisionTitle(d)),
        h('small', {}, t('practice.fromGame', { date: fmtDate(d.matchDate) }))),
      h('span', { class: `rv-tag ${d.class}` }, reviewTag(d.class)),
      h('span', { class: 'drill-meta' }, when ?? t('practice.dueNow'))));
}

/** The list: what is due, what comes back later, how many were learnt. */
function renderList(box, list) {
  const first = list.due[0];
  box.replaceChildren(...[
    h('h2', { id: 'practice-title', class: 'screen-title' }, t('practice.listTitle')),
    h('p', { class: 'subtitle' }, t('practice.subtitle')),
    h('div', { class: 'card practice-summary' },
      h('div', { class: 'row spread' },
        h('strong', {}, t('practice.summary', { due: list.due.length, later: list.later.length, learnt: list.learnt })),
        first ? h('a', { class: 'btn primary', href: retryHref(first.matchId, first.index) }, t('practice.start')) : null)),
    list.due.length ? h('section', { class: 'card', 'aria-labelledby': 'practice-due' },
      h('h3', { id: 'practice-due' }, t('practice.dueTitle')),
      h('ol', { class: 'drill-list' }, list.due.map(drillItem))) : h('p', { class: 'card practice-none' }, t('practice.none')),
    list.later.length ? h('section', { class: 'card', 'aria-labelledby': 'practice-later' },
      h('h3', { id: 'practice-later' }, t('practice.laterTitle')),
      h('ol', { class: 'drill-list' }, list.later.map(drillItem))) : null,
    h('div', { class: 'row' }, h('a', { class: 'btn', href: '#/history' }, t('practice.toHistory')))].filter(Boolean));
}

/**
 * The practice screen: the list, or with `arg` ("MATCH/INDEX", "/match" when it comes from the
 * replay) that mistake retried. `app`: the app's state (main.js).
 */
export async function renderPractice(root, app, arg = null) {
  let list = root.querySelector(':scope > .practice-list');
  let play = root.querySelector(':scope > .retry-game');
  if (!list) {
    list = h('div', { class: 'practice-list' });
    play = h('div', { class: 'screen-game lesson-game retry-game', role: 'region', 'aria-label': t('practice.region'), hidden: true });
    root.replaceChildren(list, play);
  }
  const m = arg?.match(/^([^/]+)\/(\d+)(?:\/(match))?$/);
  root.classList.toggle('learn-playing', !!m);
  list.hidden = !!m;
  play.hidden = !m;
  if (m) {
    await player(app, play).open(decodeURIComponent(m[1]), Number(m[2]), m[3] ? 'match' : 'list');
    return;
  }
  player.current?.stop();
  renderList(list, await api.trainingList());
}

/** The next mistake due after the one on screen, or null. */
async function nextDue() {
  const { due } = await api.trainingList();
  const st = player.current?.st;
  return due.find((d) => !(st && d.matchId === st.matchId && d.index === st.index)) ?? null;
}

/** The one retry player, made on first use. */
function player(app, host) {
  player.current ??= new RetryPlayer(app, host, { next: nextDue });
  return player.current;
}

window.addEventListener('hashchange', () => {
  if (!/^#\/practice\/./.test(location.hash)) player.current?.stop();
});

/** The retry's game screen, or null (for tests). */
export const retryScreen = () => (player.current && !player.current.host.hidden ? player.current.screen : null);

/**
 * The card of the profile and the Learn screen: "Mistakes to practise: 12" with a button to the
 * first, or null when there is nothing at all. `list`: `training_list`'s answer.
 */
export function practiceCard(list) {
  if (!list || (!list.due.length && !list.later.length && !list.learnt)) return null;
  const first = list.due[0];
  return h('section', { class: 'card practice-card', 'aria-labelledby': 'practice-card-title' },
    h('h3', { id: 'practice-card-title' }, t('practice.cardTitle', { n: list.due.length })),
    h('p', {}, list.due.length ? t('practice.cardText', { worst: worstCount(list.due) }) : t('practice.cardNone', { later: list.later.length, learnt: list.learnt })),
    h('div', { class: 'row' },
      first ? h('a', { class: 'btn primary', href: retryHref(first.matchId, first.index) }, t('practice.start')) : null,
      h('a', { class: `btn${first ? ' ghost' : ''}`, href: '#/practice' }, t('practice.all'))));
}

/** How many of `due` are blunders, as the card says it. */
function worstCount(due) {
  const blunders = due.filter((d) => d.class === 'blunder').length;
  return { blunders, mistakes: due.length - blunders };
}
