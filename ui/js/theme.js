// The colour theme: system (follows prefers-color-scheme), light or dark. styles.css holds
// both palettes; this module only sets `data-theme` on <html> (`applyTheme`), offers the
// switch in the app bar, and keeps the choice in the app's settings (`settings_get` /
// `settings_set`, field `theme`). Every settings_set the UI sends carries the current theme,
// so saving another setting never drops it.
import { api } from './api.js';

/** The choices, in the switch's cycling order. */
export const THEMES = ['system', 'light', 'dark'];
const LABEL = { system: 'System', light: 'Light', dark: 'Dark' };
const ICON = { system: '◐', light: '☀', dark: '☾' };

let current = 'system';

/** The theme chosen now: system, light or dark. */
export function currentTheme() {
  return current;
}

/**
 * Applies a theme choice to the document: `system` follows the device, `light` and `dark`
 * override it. Anything else counts as `system`. Returns the choice applied.
 */
export function applyTheme(choice, doc = document) {
  current = THEMES.includes(choice) ? choice : 'system';
  const root = doc.documentElement;
  root.dataset.theme = current;
  const meta = doc.querySelector('meta[name="color-scheme"]');
  if (meta) meta.content = current === 'system' ? 'light dark' : current;
  const button = doc.getElementById('theme-switch');
  if (button) {
    const next = THEMES[(THEMES.indexOf(current) + 1) % THEMES.length];
    button.textContent = ICON[current];
    button.setAttribute('aria-label', `Colour theme: ${LABEL[current]}. Switch to ${LABEL[next]}`);
    button.title = `Colour theme: ${LABEL[current]}`;
    button.dataset.theme = current;
  }
  return current;
}

/** Applies a choice and saves it in the settings (read first, so other fields are kept). */
export async function saveTheme(choice) {
  applyTheme(choice);
  const settings = await api.settingsGet();
  await api.settingsSet(settings);
}

/** Reads the saved choice, applies it and wires the switch; called once at start. */
export async function initTheme(doc = document) {
  applyTheme(current, doc);
  const plainSet = api.settingsSet;
  api.settingsSet = (settings) => plainSet({ ...settings, theme: current });
  doc.getElementById('theme-switch')?.addEventListener('click', () => {
    saveTheme(THEMES[(THEMES.indexOf(current) + 1) % THEMES.length]).catch(() => {});
  });
  try {
    const settings = await api.settingsGet();
    if (settings?.theme) applyTheme(settings.theme, doc);
  } catch {
    // Without settings (e.g. outside the app) the system theme stays; main.js reports errors.
  }
}

if (typeof document !== 'undefined') initTheme();
