// The deal's fingerprint (src-tauri/API.md, "Deal"): fixed before the first tile, shown in the
// tiles-left dialog while the game goes on; once the game has ended the end dialog and the
// replay reveal the seed and salt behind it, with the command that checks every draw.
import { h } from './dom.js';
import { t } from './i18n.js';

/** A fingerprint or salt in groups of four hex digits (the gaps are the layout's, so a copy
 * of the element is the digits alone). */
function hex(text, cls) {
  return h('code', { class: `deal-hex ${cls}`, 'aria-label': text }, (text.match(/.{1,4}/g) ?? []).map((g) => h('span', {}, g)));
}

/**
 * While the game goes on (`deal.salt` null): the fingerprint and what it is for. After the
 * end: a closed "Check the deal" part with the fingerprint, the deal number, the salt and the
 * command that checks them. Null without a deal (older games, imported records).
 */
export function dealBox(deal, seed) {
  if (!deal?.fingerprint) return null;
  if (deal.salt == null) {
    return h('section', { class: 'deal', 'aria-labelledby': 'deal-title' },
      h('h3', { id: 'deal-title' }, t('game.deal.title')),
      h('p', { class: 'deal-what' }, t('game.deal.sealed')), hex(deal.fingerprint, 'fingerprint'),
      h('p', { class: 'deal-help' }, t('game.deal.later')));
  }
  const command = `carcassonne deal verify FILE --salt ${deal.salt} --fingerprint ${deal.fingerprint}`;
  return h('details', { class: 'deal' },
    h('summary', {}, t('game.deal.check')),
    h('dl', {},
      h('dt', {}, t('game.deal.fingerprint')), h('dd', {}, hex(deal.fingerprint, 'fingerprint')),
      h('dt', {}, t('game.deal.seed')), h('dd', {}, h('code', { class: 'deal-seed' }, String(seed))),
      h('dt', {}, t('game.deal.salt')), h('dd', {}, hex(deal.salt, 'salt'))),
    h('p', { class: 'deal-help' }, t('game.deal.how')),
    // Each word whole on its line ("--fingerprint" never split at its hyphens); the hex may
    // break anywhere.
    h('code', { class: 'deal-command' }, command.split(' ').flatMap((w, i) => [i ? ' ' : null, h('span', { class: /^[0-9a-f]{16,}$/.test(w) ? 'hexword' : null }, w)])));
}
