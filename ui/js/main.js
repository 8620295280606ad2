// Boot and navigation: loads the tile set once, then shows one screen at a time, chosen by
// the address hash (#/start, #/game, #/history, #/match/ID, #/profile, #/help, #/settings,
// #/learn, #/practice, #/puzzles).
import { api } from './api.js';
import { showError, showProblem } from './dom.js';
import { GameScreen } from './game.js';
import { renderStart } from './start.js';
import { renderHistory } from './history.js';
import { renderMatch, leaveMatch } from './match.js';
import { renderProfile } from './profile.js';
import { renderHelp } from './help.js';
import { renderSettings } from './settings.js';
import { renderLearn } from './learn.js';
import { renderPractice } from './practice.js';
import { renderPuzzles } from './puzzles.js';
import { applyTheme, nextTheme } from './theme.js';
import { setMotionSpeed } from './motion.js';
import { setSounds } from './sound.js';
import { t, has, setLanguage, resolveLanguage, onLanguage, systemLanguage } from './i18n.js';

/** What the whole app shares with its screens: the tile set, `app_info`, the settings and how
 * to save them, the one game screen, and starting or resuming a game on it. Each screen keeps
 * its own state (the start screen's set-up, the history's filters…) in its module. */
const app = { tileset: null, info: null, game: null, settings: { boardAids: true, lastSetup: null, theme: 'system', language: 'system', aiPace: 'normal', animations: 'normal', sounds: true } };

/** The page's fixed words (index.html's `data-i18n` elements, by key; `data-i18n-label` for an aria-label), in the language in use. */
function translateStatic() {
  for (const e of document.querySelectorAll('[data-i18n]')) if (has(e.dataset.i18n)) e.textContent = t(e.dataset.i18n);
  for (const e of document.querySelectorAll('[data-i18n-label]')) if (has(e.dataset.i18nLabel)) e.setAttribute('aria-label', t(e.dataset.i18nLabel));
  document.title = t('common.app');
}

/** Applies the settings that act on the whole window: the language, the theme, the animations, the sounds. */
function applySettings(s) {
  setLanguage(resolveLanguage(s.language));
  applyTheme(s.theme);
  setMotionSpeed(s.animations);
  setSounds(s.sounds);
}
const screens = ['loading', 'start', 'game', 'history', 'match', 'profile', 'help', 'settings', 'learn', 'practice', 'puzzles'];

function showScreen(name) {
  for (const s of screens) document.getElementById(`screen-${s}`).hidden = s !== name;
  document.body.dataset.screen = name;
  for (const a of document.querySelectorAll('[data-nav]')) {
    if (a.dataset.nav === name) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
}

// One drawing of a screen at a time. A screen's drawing waits for the app's answers, and a
// second request (a hash change, a change of language) may come meanwhile: drawn side by side,
// the one answered last would be shown, even if it was not the one asked for last, and two
// drawings of the same screen would interleave their cards. So requests queue; while one
// drawing runs, any number of requests make one more drawing after it, of the address then.
let routing = Promise.resolve();
let routeQueued = false;

function route() {
  if (routeQueued) return routing;
  routeQueued = true;
  routing = routing.then(() => { routeQueued = false; return drawRoute(); }).catch((e) => showError(e));
  return routing;
}

async function drawRoute() {
  const hash = location.hash || '#/start';
  const [, name, arg] = hash.match(/^#\/([a-z]+)(?:\/(.+))?$/) ?? [null, 'start'];
  try {
    if (name === 'game') {
      if (!app.game?.state.view) {
        // Coming back to #/game without a game on screen: resume the saved one if there is one.
        const info = await api.appInfo();
        if (!info.resumable) { location.hash = '#/start'; return; }
        await app.resume();
        return;
      }
      showScreen('game');
      app.game.refresh();
      return;
    }
    if (name !== 'match') leaveMatch();
    const root = document.getElementById(`screen-${name}`);
    if (name === 'history') await renderHistory(root, app);
    else if (name === 'match' && arg) await renderMatch(root, app, decodeURIComponent(arg));
    else if (name === 'profile') await renderProfile(root, app);
    else if (name === 'help') renderHelp(root, app);
    else if (name === 'learn') await renderLearn(root, app, arg ? decodeURIComponent(arg) : null);
    else if (name === 'practice') await renderPractice(root, app, arg ?? null);
    else if (name === 'puzzles') await renderPuzzles(root, app, arg ?? null);
    else if (name === 'settings') renderSettings(root, app);
    else { await renderStart(document.getElementById('screen-start'), app); showScreen('start'); return; }
    showScreen(name);
  } catch (e) {
    showError(e);
    if (name !== 'start') showScreen(name);
  }
}

/** Saves a change of the settings (`settings_set`); the app's answer is kept as they are. */
app.saveSettings = async (patch) => {
  app.settings = { ...app.settings, ...patch };
  applySettings(app.settings);
  app.settings = await api.settingsSet(app.settings);
  return app.settings;
};

/** A finished match's deal played again, seats swapped (`game_replay_deal`): the game screen. */
app.replayDeal = async (id) => {
  showScreen('game');
  try {
    const view = await app.game.gameNewWithProgress(() => api.gameReplayDeal(id));
    location.hash = '#/game';
    return view;
  } catch (e) {
    location.hash = `#/match/${encodeURIComponent(id)}`;
    throw e;
  }
};

/** A practice game from a replay's position (`game_play_from`; `opponents` null for the
 * match's): the game screen. */
app.playFrom = async (id, turn, reshuffle, opponents = null) => {
  showScreen('game');
  try {
    const view = await app.game.gameNewWithProgress(() => api.gamePlayFrom(id, turn, reshuffle, opponents));
    location.hash = '#/game';
    return view;
  } catch (e) {
    location.hash = `#/match/${encodeURIComponent(id)}`;
    throw e;
  }
};

app.newGame = async (config) => {
  showScreen('game');
  try {
    // Who pressed Start holds the device: no hand-over screen before the host's first move.
    const view = await app.game.gameNewWithProgress(() => api.gameNew(config), { ready: config.seat ?? 0 });
    // The app remembers the set-up (game_new saves it in the settings); so does the window.
    app.settings = { ...app.settings, lastSetup: { opponents: config.opponents, abbeyMayor: config.abbeyMayor } };
    location.hash = '#/game';
    return view;
  } catch (e) {
    showScreen('start');
    throw e;
  }
};

app.resume = async () => {
  showScreen('game');
  try {
    await app.game.gameNewWithProgress(() => api.gameResume());
    if (location.hash !== '#/game') location.hash = '#/game';
  } catch (e) {
    showError(e, t('screens.resumeFailed'));
    location.hash = '#/start';
  }
};

// A change of language redraws the page's fixed words, the theme switch and the screen on
// show (the game screen redraws itself: game.js listens too).
onLanguage(() => {
  translateStatic();
  applyTheme(app.settings.theme);
  const screen = document.body.dataset.screen;
  if (screen && screen !== 'game' && screen !== 'loading') route();
});

async function boot() {
  // The system's language until the settings say otherwise.
  setLanguage(systemLanguage());
  translateStatic();
  try {
    const [tileset, info] = await Promise.all([api.tiles(), api.appInfo()]);
    app.tileset = tileset;
    app.info = info;
    try { app.settings = await api.settingsGet(); } catch (e) { showError(e, t('screens.settingsFailed')); }
    applySettings(app.settings);
    document.getElementById('theme-switch')?.addEventListener('click', () => {
      app.saveSettings({ theme: nextTheme(app.settings.theme) })
        .then(() => { if (document.body.dataset.screen === 'settings') route(); })
        .catch((e) => showError(e, t('screens.saveFailed')));
    });
    for (const p of info.problems ?? []) showProblem(p);
    app.game = new GameScreen(document.getElementById('screen-game'), tileset, {
      onLeave: () => { location.hash = '#/start'; },
      settings: () => app.settings,
      saveSettings: (patch) => app.saveSettings(patch),
    });
    window.addEventListener('hashchange', route);
    await route();
    // The first screen is drawn from the app's answers: the app benchmark reads this mark.
    performance.mark('app-interactive');
  } catch (e) {
    showError(e, t('screens.bootFailed'));
    const loading = document.getElementById('screen-loading');
    loading.querySelector('.loading').textContent = t('screens.bootFailedLong');
    loading.removeAttribute('aria-busy');
  }
}

boot();
