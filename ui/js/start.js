// The start screen: the active profile (choose or create one), the opponents (a level each,
// "Match my level", or another profile: a person at this device), the hand-over screen between
// people, the expansion, the board aids, a deal number, the game to resume, and Start; a new
// player is offered the first lessons.
import { api } from './api.js';
import { h, showError, formatDate } from './dom.js';
import { badgeSvg } from './players.js';
import { turnInProgress } from './text.js';
import { t, fmtPercent } from './i18n.js';
import { lessonSuggestion } from './learn.js';
import { CHALLENGES, isSpec, opponentOf, ratingText, byStrength, levelName, levelList } from './strength.js';

/** The set-up on screen (opponents, expansion, deal number, hand-over, and `host`: the
 * profile it was made for), kept while the app runs. An opponent is a level name, `{match}`
 * ("Match my level" with its chance) or `{profile}` (another profile: a person at this device). */
let kept = null;

const isPerson = (o) => typeof o?.profile === 'string';

/**
 * Keeps the people of `setup` to profiles that exist, each once and never the active one
 * (`activeId`): the active profile chosen as a person swaps seats with the host before it, if
 * that one still exists; the others are left out (one easy AI if nobody is left).
 */
function seatPeople(setup, profiles, activeId) {
  const known = new Set(profiles.map((p) => p.id));
  const seen = new Set();
  const swap = setup.host && setup.host !== activeId && known.has(setup.host) ? setup.host : null;
  setup.opponents = setup.opponents.map((o) => (isPerson(o) && o.profile === activeId && swap ? { profile: swap } : o))
    .filter((o) => {
      if (!isPerson(o)) return true;
      if (!known.has(o.profile) || o.profile === activeId || seen.has(o.profile)) return false;
      seen.add(o.profile);
      return true;
    });
  if (!setup.opponents.length) setup.opponents.push('easy');
  setup.host = activeId ?? null;
}

/** A level as the start screen offers it: its name, its measured rating said as a rating
 * ("Easy · rating 571"), and what the two odd ones do. */
const levelChoice = (level, info) => {
  const rating = opponentOf(level, null, { info, withLevelRating: true }).rating;
  const note = level === 'random' ? t('screens.start.level.random') : level === 'greedy' ? t('screens.start.level.greedy') : null;
  return t('screens.start.levelOption', { name: levelName(level), rating: rating == null ? null : ratingText(rating), note });
};

export async function renderStart(root, app) {
  const [profiles, info, lessons] = await Promise.all([api.profilesList(), api.appInfo(),
    // The start screen works without the lessons: a failure is shown, the suggestion left out.
    api.lessonList().catch((e) => { showError(e); return null; })]);
  app.info = info;
  // The levels from the weakest to the strongest.
  const levels = byStrength(info.levels, info);
  const active = profiles.profiles.find((p) => p.id === profiles.active) ?? null;
  const setup = kept ?? (kept = lastSetup(app.settings?.lastSetup, levels, active?.stats.rating.elo) ?? { opponents: ['easy'], abbeyMayor: true });
  // The other profiles may take seats as people at this device.
  const others = profiles.profiles.filter((p) => p.id !== active?.id);
  seatPeople(setup, profiles.profiles, active?.id);
  setup.handover ??= true;
  root.replaceChildren();
  root.append(h('h2', { id: 'start-title', class: 'screen-title' }, t('screens.start.title')));
  // A new player (no games, no lessons) is offered the first lessons.
  const tip = lessons ? lessonSuggestion(active, lessons.lessons) : null;
  if (tip) root.append(tip);

  if (info.resumable) {
    const r = info.resumable;
    root.append(h('div', { class: 'card resume' },
      h('div', {}, h('h3', {}, t('screens.start.resume.title')),
        h('p', {}, t('screens.start.resume.line', { name: r.profileName, people: r.people ?? [], opponents: r.opponents.length ? levelList(r.opponents) : '', turn: turnInProgress(r.turn), scores: r.scores.join(' : '), date: formatDate(r.startedAt) }))),
      h('button', { class: 'btn primary', type: 'button', onclick: () => app.resume() }, t('screens.start.resume.button'))));
  }

  // Profile.
  const nameInput = h('input', { id: 'new-profile', type: 'text', maxlength: '40', autocomplete: 'off', placeholder: t('screens.start.name') });
  const create = async (e) => {
    e.preventDefault();
    try {
      await api.profileCreate(nameInput.value);
      await renderStart(root, app);
    } catch (err) { showError(err, t('screens.start.createFailed')); }
  };
  const profileList = h('div', { class: 'choices', role: 'radiogroup', 'aria-label': t('screens.start.profileGroup') },
    profiles.profiles.map((p) => h('button', { class: `choice${p.id === profiles.active ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(p.id === profiles.active),
      onclick: async () => { try { await api.profileSelect(p.id); await renderStart(root, app); } catch (err) { showError(err, t('screens.start.selectFailed')); } } },
    h('strong', {}, p.name), h('small', {}, t('screens.start.profileLine', { games: p.stats.games, elo: Math.round(p.stats.rating.elo) })))));
  root.append(h('div', { class: 'card' }, h('h3', {}, t('screens.start.who')),
    profiles.profiles.length ? profileList : h('p', {}, t('screens.start.noProfiles')),
    h('form', { class: 'row', onsubmit: create }, h('label', { for: 'new-profile', class: 'sr-only' }, t('screens.start.newName')), nameInput,
      h('button', { class: 'btn', type: 'submit' }, t('screens.start.create')))));

  // Opponents: a level each, or "Match my level" with a challenge (the player's chance
  // against it), whose opponent rating the app picks for the active profile (match_level,
  // asked each time the screen is drawn, so it follows the rating after every game).
  const oppBox = h('div', { class: 'opponents' });
  const matched = new Map();
  const matchOf = (chance) => {
    if (!matched.has(chance)) {
      matched.set(chance, active ? api.matchLevel(chance).catch((e) => { matched.delete(chance); throw e; }) : Promise.resolve(null));
    }
    return matched.get(chance);
  };
  // The hand-over screen between people's turns: offered once a person takes a seat.
  const handover = h('input', { id: 'handover', type: 'checkbox', class: 'switch', checked: setup.handover, onchange: (e) => { setup.handover = e.target.checked; } });
  const handoverRow = h('div', { class: 'row switch-row handover-row' }, handover,
    h('label', { for: 'handover' }, h('strong', {}, t('screens.start.handover')), ' ', h('small', {}, t('screens.start.handoverHelp'))));
  const drawOpponents = () => {
    // A person is offered in one row only: chosen in another, it is greyed out here.
    const seated = (i) => new Set(setup.opponents.filter((o, j) => j !== i && isPerson(o)).map((o) => o.profile));
    handoverRow.hidden = !setup.opponents.some(isPerson);
    oppBox.replaceChildren(
      h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': t('screens.start.count') },
        [1, 2, 3, 4, 5].map((n) => h('button', { class: `seg${setup.opponents.length === n ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(setup.opponents.length === n),
          onclick: () => {
            // A new seat copies the last AI's (a person takes one seat only).
            while (setup.opponents.length < n) { const last = setup.opponents.findLast((o) => !isPerson(o)) ?? 'easy'; setup.opponents.push(typeof last === 'object' ? { ...last } : last); }
            setup.opponents.length = n;
            drawOpponents();
          } }, String(n)))),
      h('ol', { class: 'opp-list' }, setup.opponents.map((o, i) => {
        const person = isPerson(o);
        const match = !person && typeof o === 'object';
        const taken = seated(i);
        return h('li', { class: match ? 'matched' : person ? 'person' : '' },
          h('span', { html: badgeSvg(i + 1, 22) }),
          h('label', { for: `opp-${i}` }, t('screens.start.opponent', { n: i + 1 })),
          h('select', { id: `opp-${i}`, onchange: (e) => {
            const v = e.target.value;
            setup.opponents[i] = v === 'match' ? { match: 0.5 } : v.startsWith('person:') ? { profile: v.slice('person:'.length) } : v;
            drawOpponents();
          } },
          // Each level with its measured rating (app_info.strength), to compare with the player's.
          levels.map((l) => h('option', { value: l, selected: !match && !person && l === o }, levelChoice(l, info))),
          h('option', { value: 'match', selected: match }, t('screens.start.match.option')),
          // The other profiles, to play that seat at this device.
          others.length ? h('optgroup', { label: t('screens.start.people') },
            others.map((p) => h('option', { value: `person:${p.id}`, selected: person && o.profile === p.id, disabled: taken.has(p.id) }, p.name))) : null),
          match ? matchEditor(o, i) : null);
      })),
      // What a person's seat is (and, with no other profile yet, how to get one).
      h('p', { class: 'people-help' }, h('small', {}, t(others.length ? 'screens.start.peopleHelp' : 'screens.start.noPeople'))));
  };
  /** The challenge of a matched opponent, and what it means: the ratings and the chance. */
  const matchEditor = (o, i) => {
    const line = h('p', { class: 'match-line', 'aria-live': 'polite' }, active ? t('screens.start.match.asking') : t('screens.start.match.noProfile'));
    matchOf(o.match).then((m) => {
      if (m) line.textContent = t('screens.start.match.line', { player: ratingText(m.playerRating), opponent: ratingText(m.opponentRating), chance: fmtPercent(m.chance) });
    }).catch((e) => { line.textContent = ''; showError(e, t('screens.start.match.failed')); });
    const words = { harder: t('screens.start.match.harder'), even: t('screens.start.match.even'), easier: t('screens.start.match.easier') };
    return h('div', { class: 'match-box' },
      h('div', { class: 'segmented challenge', role: 'radiogroup', 'aria-label': t('screens.start.match.challenge', { n: i + 1 }) },
        CHALLENGES.map((c) => h('button', { class: `seg${o.match === c.chance ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(o.match === c.chance), 'data-chance': String(c.chance),
          onclick: () => { setup.opponents[i] = { match: c.chance }; drawOpponents(); } },
        words[c.id], ' ', h('small', {}, fmtPercent(c.chance))))),
      line, h('p', { class: 'match-help' }, h('small', {}, t('screens.start.match.help'))));
  };
  drawOpponents();
  const am = h('input', { id: 'abbey-mayor', type: 'checkbox', class: 'switch', checked: setup.abbeyMayor, onchange: (e) => { setup.abbeyMayor = e.target.checked; } });
  // A deal number replays the same shuffled pile, e.g. to retry a game or to compare with a friend.
  const seedInput = h('input', { id: 'seed', type: 'text', inputmode: 'numeric', pattern: '[0-9]*', autocomplete: 'off', value: setup.seed ?? '', placeholder: t('screens.start.seedRandom'),
    oninput: (e) => { setup.seed = e.target.value.trim(); } });
  const aids = h('input', { id: 'board-aids', type: 'checkbox', class: 'switch', checked: app.settings?.boardAids !== false,
    onchange: async (e) => { try { await app.saveSettings({ boardAids: e.target.checked }); } catch (err) { showError(err, t('screens.saveFailed')); } } });
  root.append(h('div', { class: 'card' }, h('h3', {}, t('screens.start.opponents')), oppBox, handoverRow,
    h('div', { class: 'row switch-row' }, am, h('label', { for: 'abbey-mayor' }, h('strong', {}, t('common.expansion')), ' ', h('small', {}, t('screens.start.expansionHelp')))),
    h('div', { class: 'row switch-row' }, aids, h('label', { for: 'board-aids' }, h('strong', {}, t('common.aids.label')), ' ', h('small', {}, t('common.aids.help')))),
    h('details', { class: 'more' }, h('summary', {}, t('screens.start.more')),
      h('div', { class: 'row' }, h('label', { for: 'seed' }, t('screens.start.seed')), seedInput, h('small', {}, t('screens.start.seedHelp'))))));

  const startBtn = h('button', { class: 'btn primary big', type: 'button', disabled: !active, onclick: async () => {
    startBtn.disabled = true;
    // Deal numbers are 0 to 2^53 - 1 (API.md, "Seeds"): every one is exact as a number here.
    const seed = setup.seed ? Number(setup.seed) : null;
    if (seed !== null && !(/^[0-9]+$/.test(setup.seed) && Number.isSafeInteger(seed))) {
      showError({ code: 'game/bad_setup', text: t('screens.start.badSeed', { max: Number.MAX_SAFE_INTEGER }) });
      startBtn.disabled = false;
      return;
    }
    try {
      // A matched opponent is asked for by its rating, as match_level answered it now.
      const opponents = await Promise.all(setup.opponents.map(async (o) => (isPerson(o) ? { profile: o.profile }
        : typeof o === 'object' ? { rating: (await matchOf(o.match)).opponentRating } : { level: o })));
      // With people at the table, whether a hand-over screen hides the board between them.
      const people = opponents.some((o) => o.profile);
      await app.newGame({ profileId: active.id, opponents, abbeyMayor: setup.abbeyMayor, seed, ...(people ? { handover: setup.handover } : {}) });
      // The app remembers a matched opponent by its spec; the start screen wants it by its
      // rating (settings_set takes {rating}), to offer "Match my level" again next time.
      if (opponents.some((o) => o.rating != null)) {
        await app.saveSettings({ lastSetup: { opponents, abbeyMayor: setup.abbeyMayor } }).catch((err) => showError(err, t('screens.saveFailed')));
      }
    } catch (err) { showError(err, t('screens.start.startFailed')); } finally { startBtn.disabled = false; }
  } }, active ? t('screens.start.startAs', { name: active.name }) : t('screens.start.needProfile'));
  // Start stays in view at the bottom of the window, whatever the set-up above it takes.
  root.append(h('div', { class: 'row end start-go' }, startBtn));
}

/** The start screen's set-up from the settings' `lastSetup` (levels this app knows only),
 * or null. A `{rating}` opponent was matched to the player's level: it comes back as "Match
 * my level" with the challenge nearest to the chance the player (rated `elo`) had against it;
 * a spec (`{level: "easy~0.73"}`, as game_new saves a matched opponent) as "Match my level",
 * Even; a person (`{profile}`) as that person, if the profile still exists (seatPeople). */
function lastSetup(last, levels, elo = 1200) {
  const chanceAgainst = (r) => 1 / (1 + 10 ** ((r - elo) / 400));
  const nearest = (p) => CHALLENGES.reduce((a, c) => (Math.abs(c.chance - p) < Math.abs(a.chance - p) ? c : a)).chance;
  const opponents = (last?.opponents ?? []).map((o) => (isPerson(o) ? { profile: o.profile } : typeof o?.rating === 'number' ? { match: nearest(chanceAgainst(o.rating)) }
    : isSpec(o?.level) ? { match: 0.5 } : o?.level))
    .filter((o) => typeof o === 'object' || levels.includes(o));
  return opponents.length ? { opponents: opponents.slice(0, 5), abbeyMayor: last.abbeyMayor !== false, handover: last.handover !== false } : null;
}
