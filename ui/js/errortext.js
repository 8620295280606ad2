// An error in the player's language. An error the UI made itself carries its sentence, already
// worded from the catalogue, as `text`. The app sends `{code, key, params, message}`
// (src-tauri/API.md, "Errors"): the message id `key` with its `params` is worded from the
// catalogue (`errors.<key>`, ui/js/i18n/errors.js); an unknown key falls back to a sentence for
// the code (`errors.code.<area>.<name>` for `<area>/<name>`), and an unknown code to the app's
// English `message`.
import { has, t } from './i18n.js';

/** The sentence for an error (an AppError, an error object of the app, or anything thrown). */
export function errorText(e) {
  if (e === null || e === undefined) return '';
  if (typeof e !== 'object') return String(e);
  if (typeof e.text === 'string') return e.text;
  if (typeof e.key === 'string' && has(`errors.${e.key}`)) {
    const params = e.params && typeof e.params === 'object' ? e.params : {};
    return t(`errors.${e.key}`, params);
  }
  if (typeof e.code === 'string') {
    const byCode = `errors.code.${e.code.replace('/', '.')}`;
    if (has(byCode)) return t(byCode);
  }
  return typeof e.message === 'string' && e.message ? e.message : String(e.code ?? e);
}
