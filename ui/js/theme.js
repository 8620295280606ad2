// The colour theme: system (follows prefers-color-scheme), light or dark. styles.css holds
// the light palette and one dark one, chosen by `data-theme` (light or dark) on <html>: this
// module resolves the choice into it (system: the device's theme, followed while it changes),
// sets the colour-scheme meta tag, and labels the app bar's switch. Before the first paint,
// theme-boot.js has set the device's. The choice is a setting (`theme`, settings.json), saved
// by main.js like every other setting.
import { t } from './i18n.js';

/** The choices, in the switch's cycling order. */
export const THEMES = ['system', 'light', 'dark'];
const label = (theme) => ({ system: t('screens.theme.system'), light: t('screens.theme.light'), dark: t('screens.theme.dark') }[theme]);
const ICON = { system: '◐', light: '☀', dark: '☾' };
/** The device's preference (theme-boot.js asks the same before the first paint). */
const DARK = '(prefers-color-scheme: dark)';
/** The choice applied last, and the documents whose device's changes are followed. */
let chosen = 'system';
const following = new WeakSet();

/** The theme a choice shows: `light` or `dark`; `system` is the device's (`win`'s). */
export function resolveTheme(choice, win = globalThis) {
  if (choice === 'light' || choice === 'dark') return choice;
  return win.matchMedia?.(DARK).matches ? 'dark' : 'light';
}

/** While the choice is `system`, a change of the device's theme is shown at once. */
function followDevice(doc) {
  const win = doc.defaultView;
  if (!win?.matchMedia || following.has(doc)) return;
  following.add(doc);
  win.matchMedia(DARK).addEventListener('change', () => {
    if (chosen === 'system') doc.documentElement.dataset.theme = resolveTheme('system', win);
  });
}

/** The choice after `choice` in the app bar switch's cycle. */
export function nextTheme(choice) {
  return THEMES[(THEMES.indexOf(choice) + 1) % THEMES.length];
}

/**
 * Applies a theme choice to the document: `system` follows the device, `light` and `dark`
 * override it. Anything else counts as `system`. Returns the choice applied.
 */
export function applyTheme(choice, doc = document) {
  const current = THEMES.includes(choice) ? choice : 'system';
  const root = doc.documentElement;
  chosen = current;
  root.dataset.theme = resolveTheme(current, doc.defaultView);
  followDevice(doc);
  const meta = doc.querySelector('meta[name="color-scheme"]');
  if (meta) meta.content = current === 'system' ? 'light dark' : current;
  const button = doc.getElementById('theme-switch');
  if (button) {
    const next = nextTheme(current);
    button.textContent = ICON[current];
    button.setAttribute('aria-label', t('screens.theme.switch', { current: label(current), next: label(next) }));
    button.title = t('screens.theme.title', { current: label(current) });
    button.dataset.theme = current;
  }
  return current;
}
