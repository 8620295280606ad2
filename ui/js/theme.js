// The colour theme: system (follows prefers-color-scheme), light or dark. styles.css holds
// both palettes; this module only sets `data-theme` on <html> and the colour-scheme meta tag,
// and labels the app bar's switch. The choice is a setting (`theme`, settings.json), saved by
// main.js like every other setting.
import { t } from './i18n.js';

/** The choices, in the switch's cycling order. */
export const THEMES = ['system', 'light', 'dark'];
const label = (theme) => ({ system: t('screens.theme.system'), light: t('screens.theme.light'), dark: t('screens.theme.dark') }[theme]);
const ICON = { system: '◐', light: '☀', dark: '☾' };

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
  root.dataset.theme = current;
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
