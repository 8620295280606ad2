// The settings screen: the colour theme, the pace of the AI's moves, the animations, the
// sounds and the board-reading aids, each saved at once in the app's settings
// (settings.json, `settings_set`).
import { h, showError } from './dom.js';
import { AIDS_LABEL, AIDS_HELP, SETTINGS_TEXT } from './text.js';
import { THEMES } from './theme.js';

/** The animation speeds (Settings.animations). */
export const ANIMATIONS = ['normal', 'fast', 'off'];
/** The AI paces, slowest first (Settings.aiPace). */
export const AI_PACES = ['slow', 'normal', 'fast', 'instant'];

/** The pause (ms) after each AI move at a pace; `reduce`: the system asks for less motion. */
export function paceMs(pace, reduce = false) {
  const ms = { slow: 1400, normal: 650, fast: 250, instant: 0 }[pace] ?? 650;
  return reduce ? Math.min(ms, 120) : ms;
}

export function renderSettings(root, app) {
  const save = async (patch) => {
    try {
      await app.saveSettings(patch);
    } catch (err) {
      showError(err, 'Could not save the setting');
    }
    renderSettings(root, app);
  };
  /** One choice among `values`, as a row of radio buttons (like the start screen's). */
  const choice = (id, label, values, current, words, onPick) => h('div', { class: 'setting' },
    h('h3', { id }, label),
    h('div', { class: 'segmented', role: 'radiogroup', 'aria-labelledby': id },
      values.map((v) => h('button', { class: `seg${v === current ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(v === current),
        onclick: () => onPick(v) }, words[v]))));
  const s = app.settings ?? {};
  const aids = h('input', { id: 'settings-aids', type: 'checkbox', class: 'switch', checked: s.boardAids !== false,
    onchange: (e) => save({ boardAids: e.target.checked }) });
  const sounds = h('input', { id: 'settings-sounds', type: 'checkbox', class: 'switch', checked: s.sounds !== false,
    onchange: (e) => save({ sounds: e.target.checked }) });
  root.replaceChildren(
    h('h2', { id: 'settings-title', class: 'screen-title' }, 'Settings'),
    h('div', { class: 'card settings' },
      choice('settings-theme', 'Colour theme', THEMES, s.theme ?? 'system', SETTINGS_TEXT.theme, (theme) => save({ theme })),
      h('p', { class: 'hint' }, SETTINGS_TEXT.themeHelp),
      choice('settings-pace', 'AI moves', AI_PACES, s.aiPace ?? 'normal', SETTINGS_TEXT.pace, (aiPace) => save({ aiPace })),
      h('p', { class: 'hint' }, SETTINGS_TEXT.paceHelp),
      choice('settings-animations', 'Animations', ANIMATIONS, s.animations ?? 'normal', SETTINGS_TEXT.animations, (animations) => save({ animations })),
      h('p', { class: 'hint' }, SETTINGS_TEXT.animationsHelp),
      h('div', { class: 'row switch-row' }, sounds, h('label', { for: 'settings-sounds' }, h('strong', {}, SETTINGS_TEXT.sounds), h('small', {}, ` ${SETTINGS_TEXT.soundsHelp}`))),
      h('div', { class: 'row switch-row' }, aids, h('label', { for: 'settings-aids' }, h('strong', {}, AIDS_LABEL), h('small', {}, ` ${AIDS_HELP}`)))));
}
