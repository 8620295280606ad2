// The Help screen: the rules in short sections, each with pictures of real tiles drawn by the
// board's own code (helpart.js); About, with the log folder and the debug info for a bug report.
import { api } from './api.js';
import { h, showError, showNote, openModal } from './dom.js';
import { COLOUR_NAMES, SHAPE_NAMES } from './players.js';
import { capital } from './text.js';
import { t } from './i18n.js';
import { sceneSvg, figuresSvg, badgesHtml } from './helpart.js';

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
    helpSection(t('screens.help.colours.title'), [t('screens.help.colours.text')], [{ html: badgesHtml(badges), caption: t('screens.help.colours.caption') }]),
    helpSection(t('screens.help.table.title'), [t('screens.help.table.text'), t('screens.help.table.turns')]),
    aboutSection(app?.info));
}

/** About: the app's name and version, what it is, where it keeps its data (app_info); for a
 * bug report, the log folder and the debug info. */
function aboutSection(info) {
  return h('section', { class: 'card help about', 'aria-labelledby': 'about-title' },
    h('div', { class: 'help-text' },
      h('h3', { id: 'about-title' }, t('screens.help.about.title')),
      h('p', { class: 'about-version' }, t('screens.help.about.version', { version: info?.version ?? '?' })),
      h('p', {}, t('screens.help.about.text')),
      info?.dataDir ? h('p', { class: 'about-data' }, t('screens.help.about.data'), ' ', h('code', {}, info.dataDir)) : null,
      h('p', {}, t('screens.help.about.report')),
      h('div', { class: 'row' },
        h('button', { class: 'btn small about-copy', type: 'button', onclick: () => copyDebugInfo() }, t('screens.help.about.copy')),
        h('button', { class: 'btn small about-logs', type: 'button', onclick: () => api.appOpenLogs().catch((e) => showError(e, t('screens.help.about.logsFailed'))) }, t('screens.help.about.logs')))));
}

/** The debug info as a bug report takes it: plain English lines, no profile and no game. */
export function debugText(d, userAgent = navigator.userAgent) {
  const errors = d.recentErrors.length ? d.recentErrors.map((e) => `  ${e.at} ${e.code} (${e.key})`) : ['  none'];
  return [`Carcassonne ${d.version}`, `System: ${d.os}`, `Web view: ${d.webView}; ${userAgent}`,
    `Data folder: ${d.dataDir}`, `Log folder: ${d.logDir}`, 'Recent errors:', ...errors].join('\n');
}

/** "Copy debug info": to the clipboard, or, where the clipboard refuses, shown to copy by hand. */
async function copyDebugInfo() {
  let text;
  try { text = debugText(await api.appDebug()); } catch (e) { showError(e, t('screens.help.about.copyFailed')); return; }
  try {
    await navigator.clipboard.writeText(text);
    showNote(t('screens.help.about.copied'));
  } catch {
    const area = h('textarea', { class: 'debug-text', readonly: true, rows: '9', 'aria-label': t('screens.help.about.copy') }, text);
    const dlg = h('dialog', { class: 'dialog', 'aria-labelledby': 'dlg-title' },
      h('h2', { id: 'dlg-title' }, t('screens.help.about.copy')), h('p', {}, t('screens.help.about.byHand')), area,
      h('div', { class: 'row end' }, h('button', { class: 'btn primary', type: 'button', onclick: () => dlg.close() }, t('common.ok'))));
    openModal(dlg);
    area.select();
  }
}
