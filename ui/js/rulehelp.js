// The "?" of each decision panel (panel.js): a short explanation of the rule under the button,
// with the current position's options highlighted on the board (the holes, the wagon's
// targets, the spots), and a way to the matching lesson of the Learn section. Every word
// comes from i18n/learn.js (`learn.help.*`) or, for a lesson's title, from the lesson data.
import { api } from './api.js';
import { h, showError } from './dom.js';
import { t, pick } from './i18n.js';
import { highlightOnBoard } from './log.js';

/** The help topic of a decision (and, for a figure, the kind chosen), or null. */
function helpTopic(d, figure) {
  switch (d?.kind) {
    case 'draw_or_abbey': return 'abbey';
    case 'final_abbey': return 'finalAbbey';
    case 'move_wagon': return 'wagon';
    case 'place_figure': return { mayor: 'mayor', wagon: 'wagon', barn: 'barn' }[figure] ?? 'figure';
    default: return null;
  }
}
/** The lesson of each help topic (ids of lessons/NN-id.json). */
const TOPIC_LESSON = { figure: 'followers-majorities', mayor: 'mayor', wagon: 'wagon', barn: 'barn', abbey: 'abbey', finalAbbey: 'abbey-final-round' };

/** What the explanation shows on the board for a topic: [{x, y, on?}] of the current position. */
function helpPlaces(topic, d) {
  switch (topic) {
    case 'abbey': case 'finalAbbey': return (d.holes ?? []).map(({ x, y }) => ({ x, y }));
    case 'wagon':
      if (d.kind === 'move_wagon') return [{ ...d.from }, ...d.targets.flatMap((x) => (x.segments?.length ? x.segments : [{ x: x.x, y: x.y, on: x.on }]))];
      return (d.byKind?.wagon ?? []).map((on) => ({ x: d.x, y: d.y, on }));
    default: return (d.byKind?.[topic === 'figure' ? 'follower' : topic] ?? []).map((on) => ({ x: d.x, y: d.y, on }));
  }
}

/**
 * A "?" button for a decision (DecisionView; `figure`: the figure kind chosen on a
 * place_figure panel): it opens a short explanation of the rule under the button, with the
 * current position's options highlighted on the board (the holes, the wagon's targets, the
 * spots), and a way to the matching lesson. Null for a decision without help.
 */
export function helpButton(decision, { figure = null } = {}) {
  const topic = helpTopic(decision, figure);
  if (!topic) return null;
  const title = t(`learn.help.${topic}.title`);
  const btn = h('button', { class: 'btn help-q', type: 'button', 'aria-label': t('learn.help.label', { topic: title }), 'aria-expanded': 'false', title: t('learn.help.label', { topic: title }) }, '?');
  let pop = null;
  const close = () => {
    pop?.remove();
    pop = null;
    btn.setAttribute('aria-expanded', 'false');
    highlightOnBoard(btn, []);
  };
  btn.addEventListener('click', async () => {
    if (pop) { close(); return; }
    const places = helpPlaces(topic, decision);
    const lessonLink = h('span', {});
    pop = h('div', { class: 'help-pop', role: 'region', 'aria-label': title },
      h('p', {}, h('strong', {}, title)),
      h('p', {}, t(`learn.help.${topic}.text`)),
      places.length ? h('p', { class: 'help-shown' }, t(`learn.help.${topic}.shown`, { n: decision.kind === 'move_wagon' ? decision.targets.length : places.length })) : null,
      h('div', { class: 'row' }, lessonLink, h('button', { class: 'btn ghost', type: 'button', onclick: close }, t('learn.help.close'))));
    (btn.closest('.action-panel') ?? btn.parentElement).append(pop);
    btn.setAttribute('aria-expanded', 'true');
    highlightOnBoard(btn, places);
    try {
      const { lessons } = await api.lessonList();
      const l = lessons.find((x) => x.id === TOPIC_LESSON[topic]);
      if (l && pop) lessonLink.replaceWith(h('a', { class: 'btn', href: `#/learn/${encodeURIComponent(l.id)}` }, t('learn.help.lesson', { title: pick(l.title), n: l.minutes })));
    } catch (e) { showError(e); }
  });
  return btn;
}
