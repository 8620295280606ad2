// The Learn section (issue 14): short lessons that teach the rules by playing them. The list
// (#/learn) shows the lessons in order, base game then Abbey & Mayor, with the learner's
// progress; a lesson (#/learn/ID) is played on the game screen itself by the lesson player
// (lesson.js). Also the start screen's suggestion for a new player (lessonSuggestion). Every
// word comes from i18n/learn.js or, for the lessons' own texts, from the lesson data (pick).
import { api } from './api.js';
import { h } from './dom.js';
import { t, pick } from './i18n.js';
import { LessonPlayer } from './lesson.js';
import { practiceCard } from './practice.js';
import { puzzleCard } from './puzzles.js';

/** The expansion id of Abbey & Mayor in a lesson's `expansions`. */
const ABBEY_MAYOR = 'abbey-mayor';
const byOrder = (a, b) => a.order - b.order;
/** The lesson list last read (`lesson_list`), for the player's "Next lesson". */
let known = null;

// --- The list.
/** One lesson as a link: its number, title, what it teaches, minutes and whether it is done. */
function lessonItem(l, { intro = true } = {}) {
  return h('li', {},
    h('a', { class: `lesson-item${l.done ? ' done' : ''}`, href: `#/learn/${encodeURIComponent(l.id)}`, 'data-lesson': l.id },
      h('span', { class: 'lesson-no', 'aria-hidden': 'true' }, l.done ? '✓' : String(l.order)),
      h('span', { class: 'lesson-name' }, h('strong', {}, pick(l.title)), intro ? h('small', {}, pick(l.intro)) : null),
      h('span', { class: 'lesson-meta' }, t('learn.minutes', { n: l.minutes }),
        l.done ? h('span', { class: 'lesson-done' }, t('learn.done')) : null)));
}

/** The lessons of the base game and of Abbey & Mayor, each group in order. */
function groups(lessons) {
  const all = [...lessons].sort(byOrder);
  return [['base', all.filter((l) => !l.expansions?.includes(ABBEY_MAYOR))], ['abbeyMayor', all.filter((l) => l.expansions?.includes(ABBEY_MAYOR))]]
    .filter(([, list]) => list.length);
}

/** The Learn screen's list, from `lesson_list`. */
function renderList(box, lessons) {
  const done = lessons.filter((l) => l.done).length;
  const next = [...lessons].sort(byOrder).find((l) => !l.done);
  box.replaceChildren(
    h('h2', { id: 'learn-title', class: 'screen-title' }, t('learn.title')),
    h('p', { class: 'subtitle' }, t('learn.subtitle')),
    h('div', { class: 'card learn-progress' },
      h('div', { class: 'row spread' },
        h('strong', { id: 'learn-progress-label' }, t('learn.progress', { done, total: lessons.length })),
        next ? h('a', { class: 'btn primary', href: `#/learn/${encodeURIComponent(next.id)}` }, done ? t('learn.continue', { title: pick(next.title) }) : t('learn.begin')) : null),
      h('progress', { max: String(lessons.length || 1), value: String(done), 'aria-labelledby': 'learn-progress-label' })),
    ...groups(lessons).map(([group, list]) => h('section', { class: 'card learn-group', 'aria-labelledby': `learn-group-${group}` },
      h('h3', { id: `learn-group-${group}` }, group === 'base' ? t('learn.group.base') : t('learn.group.abbeyMayor')),
      h('ol', { class: 'lesson-list' }, list.map((l) => lessonItem(l))))));
}

/**
 * The Learn screen: the list, or with `id` that lesson played (lesson.js). `app`: the app's
 * state (main.js: tileset, settings, saveSettings).
 */
export async function renderLearn(root, app, id = null) {
  let list = root.querySelector(':scope > .learn-list');
  let play = root.querySelector(':scope > .lesson-game');
  if (!list) {
    list = h('div', { class: 'learn-list' });
    play = h('div', { class: 'screen-game lesson-game', role: 'region', 'aria-label': t('learn.lessonRegion'), hidden: true });
    root.replaceChildren(list, play);
  }
  const playing = id != null;
  root.classList.toggle('learn-playing', playing);
  list.hidden = playing;
  play.hidden = !playing;
  if (playing) {
    await player(app, play).open(id);
    return;
  }
  player.current?.stop();
  const [{ lessons }, training, puzzles] = await Promise.all([api.lessonList(), api.trainingList().catch(() => null), api.puzzleList().catch(() => null)]);
  renderList(list, lessons);
  // Below the progress: the mistakes of the player's own games to practise, if any, and the
  // puzzles.
  const cards = [practiceCard(training), puzzleCard(puzzles)].filter(Boolean);
  list.querySelector('.learn-progress')?.after(...cards);
  known = lessons;
  if (player.current) player.current.lessons = lessons;
}

/** The one lesson player, made on first use. */
function player(app, host) {
  player.current ??= new LessonPlayer(app, host, known);
  return player.current;
}

// A lesson's game screen is hidden with its list when another screen shows (the game screen's
// keys act only while its root is shown).
window.addEventListener('hashchange', () => {
  if (!/^#\/learn\/./.test(location.hash)) player.current?.stop();
});

/** The game screen of the lesson being played, or null (tests drive it with moves its panel
 * never offers, e.g. one the rules refuse). */
export const lessonScreen = () => (player.current && !player.current.host.hidden ? player.current.screen : null);

// --- The start screen's suggestion.
/**
 * For a new player (no game played, no lesson done): a card suggesting the first lessons,
 * or null. `profile`: the active Profile; `lessons`: `lesson_list`'s lessons.
 */
export function lessonSuggestion(profile, lessons) {
  if (!profile || (profile.stats?.games ?? 0) > 0 || profile.lessonsDone?.length || !lessons?.length) return null;
  const first = [...lessons].sort(byOrder).filter((l) => !l.done).slice(0, 3);
  if (!first.length) return null;
  return h('section', { class: 'card learn-suggest', 'aria-labelledby': 'learn-suggest-title' },
    h('h3', { id: 'learn-suggest-title' }, t('learn.suggest.title')),
    h('p', {}, t('learn.suggest.text')),
    h('ol', { class: 'lesson-list' }, first.map((l) => lessonItem(l, { intro: false }))),
    h('div', { class: 'row' }, h('a', { class: 'btn', href: '#/learn' }, t('learn.suggest.all', { n: lessons.length }))));
}
