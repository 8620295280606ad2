// The message catalogues (ui/js/i18n/*.js) against each other, the UI's source and the app:
// no key missing in a language, no empty message, no key nobody uses, no key used that no
// catalogue has, every function entry gives a sentence, and every message id the app's errors
// can carry (tests/fixtures/error-keys.json, written by src-tauri/tests/error_keys.rs) has its
// `errors.<key>` message, which takes the app's parameters. No browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const UI = path.join(ROOT, 'ui');
const I18N_DIR = path.join(UI, 'js', 'i18n');

const i18n = await import(pathToFileURL(path.join(UI, 'js', 'i18n.js')));
const { CATALOGS, setLanguage, t } = i18n;
const { errorText } = await import(pathToFileURL(path.join(UI, 'js', 'errortext.js')));

/** Every catalogue file: its area (the file name) and module. */
const AREAS = await Promise.all(fs.readdirSync(I18N_DIR).filter((f) => f.endsWith('.js')).sort()
  .map(async (f) => ({ area: f.replace(/\.js$/, ''), file: `ui/js/i18n/${f}`, mod: await import(pathToFileURL(path.join(I18N_DIR, f))) })));
const LANGS = Object.keys(CATALOGS);
const ERRORS = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'fixtures', 'error-keys.json'), 'utf8'));

/** The UI's source files: every .js under ui/js (catalogues apart) and ui/index.html. */
function sources() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) out.push(p);
    }
  };
  walk(path.join(UI, 'js'));
  out.push(path.join(UI, 'index.html'));
  return out.map((p) => ({ file: path.relative(ROOT, p), text: fs.readFileSync(p, 'utf8'), catalogue: p.startsWith(I18N_DIR + path.sep) }));
}
const SOURCES = sources();

/** Keys written literally: `t('k'…)` (also a catalogue function's `t('k')`), `data-i18n…="k"`, and in other source any string literal shaped like a key. */
const KEY = String.raw`[a-z][\w-]*(?:\.[\w-]+)+`;
const T_CALL = new RegExp(String.raw`\bt\(\s*(['"\x60])(${KEY})\1`, 'g');
const ATTR = new RegExp(String.raw`data-i18n(?:-[\w-]+)?=(['"])(${KEY})\1`, 'g');
const LITERAL = new RegExp(String.raw`(['"\x60])(${KEY})\1`, 'g');
const matches = (re, text) => [...text.matchAll(re)].map((m) => m[2]);

/** Keys the app's errors can carry, worded by errortext.js as `errors.<key>`. */
const APP_ERROR_KEYS = Object.keys(ERRORS.keys).map((k) => `errors.${k}`);

/** The run-time key patterns of every catalogue ('game.kind.*'), as tests. */
const DYNAMIC = AREAS.flatMap(({ mod }) => mod.DYNAMIC ?? []).map((p) =>
  new RegExp(`^${p.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`));

/** Whether a rendered message is a whole sentence: no leftover `{name}`, no undefined or NaN. */
function assertRendered(text, what) {
  assert.equal(typeof text, 'string', `${what}: not a string`);
  assert.ok(text.trim().length > 0, `${what}: empty`);
  assert.doesNotMatch(text, /\{\w+\}|undefined|NaN|\[object /, `${what}: "${text}"`);
}

/** Parameters for a function entry with no sample: numbers for counts, a name for names. */
const GENERIC = new Proxy({}, {
  get: (_, k) => (typeof k !== 'string' ? undefined : /name|player|who|file|id|tile|on|kind|level/i.test(k) ? 'Berta' : 2),
  has: () => true,
});

test('every catalogue has the same keys in every language, under its area, none empty', () => {
  assert.deepEqual(LANGS.sort(), ['en', 'hu']);
  for (const { area, file, mod } of AREAS) {
    for (const lang of LANGS) assert.ok(mod[lang] && typeof mod[lang] === 'object', `${file} exports no ${lang}`);
    const en = Object.keys(mod.en).sort();
    for (const lang of LANGS) {
      const keys = Object.keys(mod[lang]).sort();
      assert.deepEqual(keys.filter((k) => !en.includes(k)), [], `${file}: ${lang} has keys English has not`);
      assert.deepEqual(en.filter((k) => !keys.includes(k)), [], `${file}: keys missing in ${lang}`);
      for (const [k, v] of Object.entries(mod[lang])) {
        assert.ok(k.startsWith(`${area}.`), `${file}: "${k}" is not under "${area}."`);
        assert.ok(typeof v === 'function' || (typeof v === 'string' && v.trim() !== ''), `${file}: ${lang} "${k}" is empty`);
        // The catalogue in use is the file's: no other area defines the key.
        assert.equal(CATALOGS[lang][k], v, `${file}: "${k}" (${lang}) is not in i18n.js's CATALOGS`);
      }
    }
    for (const p of mod.DYNAMIC ?? []) assert.ok(p.startsWith(`${area}.`), `${file}: DYNAMIC "${p}" is not under "${area}."`);
  }
});

test('every function entry gives a sentence for sample parameters, in every language', () => {
  const samples = Object.fromEntries(Object.entries(ERRORS.keys).map(([k, e]) => [`errors.${k}`, e.params]));
  try {
    for (const lang of LANGS) {
      setLanguage(lang);
      for (const { area, mod } of AREAS) {
        for (const [k, v] of Object.entries(mod[lang])) {
          if (typeof v !== 'function') continue;
          for (const params of samples[k] ?? [mod.SAMPLES?.[k] ?? GENERIC]) {
            let text;
            assert.doesNotThrow(() => { text = t(k, params); }, `${area}: ${lang} "${k}" throws`);
            assert.equal(typeof text, 'string', `${lang} "${k}" gives no string`);
            assert.ok(text.trim().length > 0, `${lang} "${k}" gives an empty string`);
          }
        }
      }
    }
  } finally {
    setLanguage('en');
  }
});

test('every key is used: in source (t(\'key\'), data-i18n="key"), by a DYNAMIC pattern, or sent by the app (errors.<key>)', () => {
  const used = new Set(APP_ERROR_KEYS);
  for (const s of SOURCES) {
    const found = s.catalogue ? matches(T_CALL, s.text) : [...matches(LITERAL, s.text), ...matches(ATTR, s.text)];
    for (const k of found) used.add(k);
  }
  const unused = Object.keys(CATALOGS.en).filter((k) => !used.has(k) && !DYNAMIC.some((re) => re.test(k)));
  assert.deepEqual(unused, [], 'catalogue keys nobody uses');
});

test('every key the source asks for is in a catalogue', () => {
  const unknown = [];
  for (const s of SOURCES) {
    for (const k of [...matches(T_CALL, s.text), ...matches(ATTR, s.text)]) {
      if (!(k in CATALOGS.en)) unknown.push(`${s.file}: ${k}`);
    }
  }
  assert.deepEqual(unknown, [], 't() or data-i18n with keys no catalogue has');
});

test('the key scan finds what it must (the test can fail)', () => {
  assert.deepEqual(matches(T_CALL, "x = t('game.turn', { n }) + t(\"a.b\") + t(`c.d`) + t(`e.${f}`)"), ['game.turn', 'a.b', 'c.d']);
  assert.deepEqual(matches(ATTR, '<b data-i18n="screens.title"></b><i data-i18n-title="common.close"></i>'), ['screens.title', 'common.close']);
  assert.deepEqual(matches(LITERAL, "const k = 'game.kind.city'; const s = 'not a key'; f('x')"), ['game.kind.city']);
  assert.ok(DYNAMIC.some((re) => re.test('errors.code.game.none')));
  assert.ok(!DYNAMIC.some((re) => re.test('errors.game.none')));
});

test('every message id the app can send has its errors.<key> message, taking the app\'s parameters, in every language', () => {
  const missing = APP_ERROR_KEYS.filter((k) => !(k in CATALOGS.en));
  assert.deepEqual(missing, [], 'error keys the app sends (tests/fixtures/error-keys.json) without an errors.* message');
  try {
    for (const lang of LANGS) {
      setLanguage(lang);
      for (const [key, e] of Object.entries(ERRORS.keys)) {
        for (const params of e.params) {
          for (const code of e.codes) {
            assertRendered(errorText({ code, key, params, message: e.message }), `${lang} ${key} ${JSON.stringify(params)}`);
          }
        }
      }
    }
  } finally {
    setLanguage('en');
  }
});

test('every code the app sends has a sentence of its own for an unknown key', () => {
  const missing = ERRORS.codes.filter((c) => !(`errors.code.${c.replace('/', '.')}` in CATALOGS.en));
  assert.deepEqual(missing, [], 'codes without an errors.code.* sentence');
});

test('errorText words the key, else the code, else shows the message', () => {
  const e = { code: 'move/illegal', key: 'play.placement.edges_mismatch', params: { tile: 'U', x: 2, y: -1, rotation: 90 }, message: 'illegal placement: …' };
  try {
    setLanguage('en');
    assert.equal(errorText(e), 'Illegal placement: tile U at (2, -1) rotation 90: its edges do not match the neighbours.');
    assert.equal(errorText({ ...e, key: 'play.nothing_like_this' }), 'The rules do not allow this move.');
    assert.equal(errorText({ code: 'fixture/unexpected', key: 'fixture.unexpected', params: {}, message: 'The transcript has no answer.' }), 'The transcript has no answer.');
    assert.equal(errorText({ code: 'app/unavailable', message: 'x' }), t('errors.code.app.unavailable'));
    assert.equal(errorText(new Error('plain')), 'plain');
    assert.equal(errorText('text'), 'text');
    setLanguage('hu');
    assert.equal(errorText(e), 'Szabálytalan lerakás (U lapka, (2, -1) mező, 90°): a lapka szélei nem illeszkednek a szomszédokhoz.');
    assert.equal(errorText({ code: 'move/illegal', key: 'play.wrong_decision', params: { expected: 'place_tile', got: 'pass' }, message: '' }),
      'Passzolni most nem lehet: a játék lapka lerakására vár.');
    assert.equal(errorText({ code: 'move/illegal', key: 'play.figure.not_in_supply', params: { figure: 'mayor' }, message: '' }),
      'Szabálytalan figura: a polgármester nincs a készletedben.');
    setLanguage(i18n.PSEUDO);
    assert.match(errorText(e), /^⟦Illegal placement: .*⟧$/);
    assert.equal(errorText({ code: 'fixture/unexpected', message: 'raw' }), 'raw', 'an untranslated message stays unmarked');
  } finally {
    setLanguage('en');
  }
});
