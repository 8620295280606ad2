// The app's words in English and Hungarian: message catalogues, one per area of the app
// (ui/js/i18n/*.js, each exporting `en` and `hu` with the same keys), and the language in use.
// `t(key, params)` gives the sentence for a key; a catalogue entry is a template string with
// `{name}` placeholders or, where grammar needs it (plurals, agreement, suffixes), a function
// of the parameters. Numbers and dates are formatted with `Intl` for the language.
//
// The pseudo-locale `qps` (tests only) shows the English words wrapped in ⟦ ⟧, so a browser
// test can find text on screen that did not come from a catalogue.
import * as common from './i18n/common.js';
import * as game from './i18n/game.js';
import * as screens from './i18n/screens.js';
import * as errors from './i18n/errors.js';
import * as learn from './i18n/learn.js';
import * as luck from './i18n/luck.js';
import * as practice from './i18n/practice.js';
import * as puzzles from './i18n/puzzles.js';

const AREAS = { common, game, screens, errors, learn, luck, practice, puzzles };
/** The catalogues by language: every key of every area. */
export const CATALOGS = { en: {}, hu: {} };
for (const area of Object.values(AREAS)) {
  Object.assign(CATALOGS.en, area.en);
  Object.assign(CATALOGS.hu, area.hu);
}

/** The languages the app speaks, each named in its own words. */
export const LANGUAGES = [{ code: 'en', name: 'English' }, { code: 'hu', name: 'Magyar' }];
const LOCALES = { en: 'en-GB', hu: 'hu-HU', qps: 'en-GB' };
export const PSEUDO = 'qps';

let current = 'en';
const listeners = new Set();
let depth = 0;

/** The language the system asks for, if the app speaks it; English otherwise. */
export function systemLanguage(list = globalThis.navigator?.languages ?? []) {
  for (const l of list) {
    const code = String(l).toLowerCase().split('-')[0];
    if (CATALOGS[code]) return code;
  }
  return 'en';
}
/** The language of a setting: "system" (or nothing) follows the system. */
export const resolveLanguage = (setting) => (setting === PSEUDO || CATALOGS[setting] ? setting : systemLanguage());

/** The language in use ("en", "hu", or the pseudo-locale). */
export const lang = () => current;
/** The `Intl` locale of the language in use. */
export const locale = () => LOCALES[current] ?? 'en-GB';

/** Switches the language; the listeners (the screens) redraw their words at once. */
export function setLanguage(code) {
  const next = code === PSEUDO || CATALOGS[code] ? code : 'en';
  if (globalThis.document) document.documentElement.lang = next === PSEUDO ? 'en' : next;
  if (next === current) return;
  current = next;
  for (const fn of [...listeners]) fn(current);
}
/** Calls `fn(language)` after every change of language; returns the function that stops it. */
export function onLanguage(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const fill = (template, params) => template.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));

/** The sentence for `key` in the language in use, with `params` put in. */
export function t(key, params = {}) {
  const cat = CATALOGS[current] ?? CATALOGS.en;
  const entry = key in cat ? cat[key] : CATALOGS.en[key];
  if (entry === undefined) {
    console.error(`i18n: no message "${key}"`);
    return key;
  }
  depth += 1;
  let text;
  try {
    text = typeof entry === 'function' ? entry(params, helpers) : fill(entry, params);
  } finally {
    depth -= 1;
  }
  return current === PSEUDO && depth === 0 ? `⟦${text}⟧` : text;
}
/** Text from data that carries its own translations ({en, hu}, e.g. a lesson file). */
export function pick(texts) {
  const text = texts?.[current] ?? texts?.en ?? '';
  return current === PSEUDO && depth === 0 ? `⟦${text}⟧` : text;
}
/** Whether a key is in the catalogues. */
export const has = (key) => key in CATALOGS.en;

/** One of `forms` ({one, other, …}) for the count `n`, by the language's plural rules. */
export function plural(n, forms) {
  const rule = new Intl.PluralRules(locale()).select(n);
  return forms[rule] ?? forms.other;
}
/** A number as the language writes it (1,234 / 1 234). */
export const fmtNumber = (n, opts) => new Intl.NumberFormat(locale(), opts).format(n);
/** A share (0…1) as a percentage: "42%", "42%" (hu: "42%"); under half a percent "<1%". */
export const fmtPercent = (p) => (p > 0 && p < 0.005 ? `<${fmtNumber(1)}%` : `${fmtNumber(Math.round(p * 100))}%`);
/** A date (a Date, a time in ms or an ISO string) as the language writes it. */
export function fmtDate(d, opts = { dateStyle: 'medium', timeStyle: 'short' }) {
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? String(d) : new Intl.DateTimeFormat(locale(), opts).format(date);
}
/** A list as the language joins it: "A, B and C" / "A, B és C". */
export const fmtList = (items, type = 'conjunction') => new Intl.ListFormat(locale(), { type }).format(items);

// --- Hungarian grammar for the catalogues: vowel harmony picks a suffix's form from the last
// vowel of the word it joins ("Bertának", "Bélának", "Ödönnek"; "Bertához", "Endréhez", "Ödönhöz").
const BACK = 'aáoóuú';
const ROUNDED = 'öőüű';
/** "back", "front" or "rounded" (front rounded), by the word's last vowel. */
export function harmony(word) {
  const s = String(word).toLowerCase();
  for (let i = s.length - 1; i >= 0; i -= 1) {
    if (BACK.includes(s[i])) return 'back';
    if (ROUNDED.includes(s[i])) return 'rounded';
    if ('eéií'.includes(s[i])) return 'front';
  }
  return 'front';
}
/** A word before a suffix: a final a/e lengthens (Berta → Bertá-, Pete → Peté-). */
const stem = (word) => String(word).replace(/a$/, 'á').replace(/e$/, 'é');
/** Adds a two-form suffix (`back`/`front`, e.g. "nak"/"nek") or a three-form one (…/`rounded`). */
export function suffix(word, back, front, rounded = front) {
  const h = harmony(word);
  return `${stem(word)}${h === 'back' ? back : h === 'rounded' ? rounded : front}`;
}
/** Helpers handed to catalogue functions as their second argument. */
export const helpers = { plural, fmtNumber, fmtPercent, fmtDate, fmtList, suffix, harmony, t: (k, p) => t(k, p) };
