// The UI's own error paths, outside the app and with the app's failures: each gives the
// player a sentence, never a TypeError or a ReferenceError of the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, AppError } from '../../ui/js/api.js';
import { reviewProgressText } from '../../ui/js/text.js';
import { setLanguage } from '../../ui/js/i18n.js';

test('outside the app (no window.__TAURI__) a command fails with app/unavailable and its sentence', async () => {
  globalThis.window ??= {};
  delete globalThis.window.__TAURI__;
  await assert.rejects(api.appInfo(), (e) => {
    assert.ok(e instanceof AppError, `an AppError, not ${e?.constructor?.name}: ${e?.message}`);
    assert.equal(e.code, 'app/unavailable');
    assert.ok(e.message.length > 10 && !/undefined|is not a function/.test(e.message), e.message);
    return true;
  });
});

test('a failed review is told with the failure in words (errorText), in both languages', async () => {
  setLanguage('en');
  const failed = { state: 'failed', done: 0, total: 0, error: { code: 'review/not_finished', key: 'review.not_finished', params: {}, message: 'the game is not finished' } };
  const en = reviewProgressText(failed);
  assert.ok(en.length > 20 && !/undefined/.test(en), en);
  setLanguage('hu');
  const hu = reviewProgressText(failed);
  assert.notEqual(hu, en);
  assert.ok(!/undefined/.test(hu), hu);
  setLanguage('en');
  assert.equal(reviewProgressText({ state: 'failed', done: 0, total: 0 }).length > 0, true);
});
