// Small DOM helpers shared by the screens: element building without HTML strings for user
// text, error display (errors are shown in words, never swallowed), announcements for
// screen readers, dialogs and the score table.
import { badgeSvg } from './players.js';
import { t, fmtDate } from './i18n.js';
import { errorText } from './errortext.js';

/** Creates an element: h('button', {class: 'x', onclick: fn}, 'text', child). */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'html') e.innerHTML = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** Escapes text for the few places that build SVG markup strings. */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

/** Shows an app error ({code, message}) or any other failure as a dismissable message. */
export function showError(err, context = '') {
  const box = document.getElementById('toasts');
  const code = err?.code ?? 'error';
  const message = errorText(err);
  const toast = h('div', { class: 'toast error', 'data-code': code },
    h('div', { class: 'toast-text' },
      h('strong', {}, context ? `${context}: ` : ''), message,
      h('span', { class: 'toast-code' }, ` (${code})`)),
    h('button', { class: 'btn small ghost', type: 'button', onclick: () => toast.remove(), 'aria-label': t('common.dismiss') }, '×'));
  box.append(toast);
  setTimeout(() => toast.classList.add('old'), 12000);
  console.warn(`[${code}] ${message}`);
  return toast;
}

/**
 * Shows a data file the app could not use (a StorageProblem of src-tauri/API.md): set aside
 * under another name, or left in place (`movedTo` null, e.g. written by a newer version).
 */
export function showProblem(p) {
  if (p.movedTo) {
    return showError({ code: 'storage/corrupt', text: t('screens.problem.corrupt', { file: p.file, reason: p.reason, movedTo: p.movedTo }) }, t('screens.problem.title'));
  }
  return showError({ code: 'storage/problem', text: t('screens.problem.left', { file: p.file, reason: p.reason }) }, t('screens.problem.title'));
}

/** A passing note, e.g. "Record exported to …". */
export function showNote(text) {
  const box = document.getElementById('toasts');
  const toast = h('div', { class: 'toast note' }, h('div', { class: 'toast-text' }, text),
    h('button', { class: 'btn small ghost', type: 'button', onclick: () => toast.remove(), 'aria-label': t('common.dismiss') }, '×'));
  box.append(toast);
  setTimeout(() => toast.remove(), 6000);
}

/** Says something to screen-reader users without moving the focus. */
export function announce(text) {
  const a = document.getElementById('announcer');
  a.textContent = '';
  requestAnimationFrame(() => { a.textContent = text; });
}

/**
 * Opens a modal dialog, removed from the page once closed. The first focus is a safe one: an
 * element marked `autofocus`, else the dialog's heading (Enter then does nothing, Tab goes on
 * to the first control), never whichever button comes first ("Cancel review", "Cancel").
 */
export function openModal(dlg) {
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  const first = dlg.querySelector('[autofocus]') ?? dlg.querySelector('h1, h2, h3');
  if (!first) return;
  if (!first.hasAttribute('autofocus') && !first.hasAttribute('tabindex')) first.setAttribute('tabindex', '-1');
  first.focus();
}

/** Asks a yes/no question in a modal dialog; resolves to true on confirm. */
export function confirmDialog(title, text, { confirm = t('common.ok'), cancel = t('common.cancel'), danger = false } = {}) {
  return new Promise((resolve) => {
    const dlg = h('dialog', { class: 'dialog', 'aria-labelledby': 'dlg-title' },
      h('h2', { id: 'dlg-title' }, title), h('p', {}, text),
      h('div', { class: 'row end' },
        h('button', { class: 'btn ghost', type: 'button', value: 'no', onclick: () => dlg.close('no') }, cancel),
        h('button', { class: `btn ${danger ? 'danger' : 'primary'}`, type: 'button', onclick: () => dlg.close('yes') }, confirm)));
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'yes'));
    openModal(dlg);
  });
}

/** A date and time (ISO) as the language writes it ("1 Dec 2026, 10:30", "2026. dec. 1. 10:30"). */
export function formatDate(iso) {
  if (!iso) return '';
  return fmtDate(iso);
}

/** A length of time in whole minutes ("12 min", "1 h 5 min"; "12 perc", "1 óra 5 perc"). */
export function formatDuration(secs) {
  if (secs == null) return '';
  const m = Math.round(secs / 60);
  return m < 60 ? t('screens.duration.minutes', { m }) : t('screens.duration.hours', { h: Math.floor(m / 60), m: m % 60 });
}

const CATEGORIES = ['road', 'city', 'monastery', 'field', 'barn'];
/** A category's column heading, and its short form for narrow screens. */
const LONG = () => ({ road: cap(t('common.feature.road')), city: cap(t('common.feature.city')), monastery: cap(t('common.feature.monastery')), field: cap(t('common.feature.field')), barn: cap(t('common.figure.barn')) });
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const SHORT = () => ({ road: t('screens.breakdown.road'), city: t('screens.breakdown.city'), monastery: t('screens.breakdown.monastery'), field: t('screens.breakdown.field'), barn: t('screens.breakdown.barn') });

/** The final scoring by category: players ({name, score}) by seat, `points(seat)` by category. */
export function breakdownTable(players, points, winners) {
  // Column headings shorten on narrow screens.
  const [long, short] = [LONG(), SHORT()];
  const head = (c) => h('th', { scope: 'col', title: long[c] }, h('span', { class: 'long' }, long[c]), h('span', { class: 'short', 'aria-hidden': 'true' }, short[c]));
  return h('table', { class: 'breakdown' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('screens.breakdown.player')), CATEGORIES.map(head),
      h('th', { scope: 'col', title: t('screens.breakdown.total') }, h('span', { class: 'long' }, t('screens.breakdown.total')), h('span', { class: 'short', 'aria-hidden': 'true' }, t('screens.breakdown.totalShort'))))),
    h('tbody', {}, players.map((p, i) => h('tr', { class: winners.includes(i) ? 'winner' : '' },
      h('th', { scope: 'row' }, h('span', { html: badgeSvg(i, 16) }), ` ${p.name}`),
      CATEGORIES.map((c) => h('td', {}, String(points(i)?.[c] ?? 0))), h('td', { class: 'total' }, String(p.score))))));
}
