// The settings screen: the language, the colour theme, the pace of the AI's moves, the
// animations, the sounds and the board-reading aids, each saved at once in the app's
// settings (settings.json, `settings_set`).
import { h, showError } from './dom.js';
import { t, LANGUAGES } from './i18n.js';
import { THEMES } from './theme.js';

/** The language choices (Settings.language): the system's, then each language in its own words. */
export const LANGUAGE_CHOICES = ['system', ...LANGUAGES.map((l) => l.code)];

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
      showError(err, t('screens.saveFailed'));
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
  const words = {
    language: { system: t('screens.settings.language.system'), en: t('screens.settings.language.en'), hu: t('screens.settings.language.hu') },
    theme: { system: t('screens.settings.theme.system'), light: t('screens.settings.theme.light'), dark: t('screens.settings.theme.dark') },
    pace: { slow: t('screens.settings.pace.slow'), normal: t('screens.settings.pace.normal'), fast: t('screens.settings.pace.fast'), instant: t('screens.settings.pace.instant') },
    animations: { normal: t('screens.settings.animations.normal'), fast: t('screens.settings.animations.fast'), off: t('screens.settings.animations.off') },
  };
  const aids = h('input', { id: 'settings-aids', type: 'checkbox', class: 'switch', checked: s.boardAids !== false,
    onchange: (e) => save({ boardAids: e.target.checked }) });
  const sounds = h('input', { id: 'settings-sounds', type: 'checkbox', class: 'switch', checked: s.sounds !== false,
    onchange: (e) => save({ sounds: e.target.checked }) });
  root.replaceChildren(
    h('h2', { id: 'settings-title', class: 'screen-title' }, t('screens.settings.title')),
    h('div', { class: 'card settings' },
      choice('settings-language', t('screens.settings.language'), LANGUAGE_CHOICES, LANGUAGE_CHOICES.includes(s.language) ? s.language : 'system', words.language, (language) => save({ language })),
      h('p', { class: 'hint' }, t('screens.settings.languageHelp')),
      choice('settings-theme', t('screens.settings.theme'), THEMES, s.theme ?? 'system', words.theme, (theme) => save({ theme })),
      h('p', { class: 'hint' }, t('screens.settings.themeHelp')),
      choice('settings-pace', t('screens.settings.pace'), AI_PACES, s.aiPace ?? 'normal', words.pace, (aiPace) => save({ aiPace })),
      h('p', { class: 'hint' }, t('screens.settings.paceHelp')),
      choice('settings-animations', t('screens.settings.animations'), ANIMATIONS, s.animations ?? 'normal', words.animations, (animations) => save({ animations })),
      h('p', { class: 'hint' }, t('screens.settings.animationsHelp')),
      h('div', { class: 'row switch-row' }, sounds, h('label', { for: 'settings-sounds' }, h('strong', {}, t('screens.settings.sounds')), ' ', h('small', {}, t('screens.settings.soundsHelp')))),
      h('div', { class: 'row switch-row' }, aids, h('label', { for: 'settings-aids' }, h('strong', {}, t('common.aids.label')), ' ', h('small', {}, t('common.aids.help'))))));
}
