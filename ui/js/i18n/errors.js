// Messages of the app's errors area (see ../i18n.js): the same keys in `en` and `hu`.
//
// `errors.<key>` words an error the app sends (src-tauri/API.md, "Errors": `{code, key, params,
// message}`; every key with sample parameters is in tests/fixtures/error-keys.json), and
// `errors.code.<area>.<name>` the code `<area>/<name>` when the key is unknown. Both are built at
// run time by ../errortext.js. The English matches the app's own `message`.

/** Keys built at run time (see errortext.js); `errors.<key>` of the app's keys are listed by error-keys.json. */
export const DYNAMIC = ['errors.code.*'];

// Words that go into sentences, by the names the app sends as parameters.
const DECISION_EN = {
  draw_or_abbey: 'a draw or an abbey',
  place_tile: 'a tile placement',
  place_figure: 'a figure or no figure',
  move_wagon: 'a wagon decision',
  final_abbey: 'an abbey or a pass',
};
const MOVE_EN = {
  draw: 'drawing',
  place: 'a tile placement',
  abbey: 'an abbey',
  figure: 'a figure',
  wagon: 'a wagon move',
  pass: 'a pass',
};
// What the game waits for ("a játék … vár": with -ra/-re).
const DECISION_HU = {
  draw_or_abbey: 'húzásra vagy apátság lerakására',
  place_tile: 'lapka lerakására',
  place_figure: 'figura lerakására vagy annak kihagyására',
  move_wagon: 'a szekérről szóló döntésre',
  final_abbey: 'apátság lerakására vagy passzra',
};
const MOVE_HU = {
  draw: 'Húzni',
  place: 'Lapkát lerakni',
  abbey: 'Apátságot lerakni',
  figure: 'Figurát lerakni',
  wagon: 'A szekeret mozgatni',
  pass: 'Passzolni',
};
// A figure with the definite article, as a sentence's subject.
const FIGURE_HU = { follower: 'az alattvaló', mayor: 'a polgármester', wagon: 'a szekér', barn: 'a pajta' };

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const placementEn = (reason) => (p) =>
  `Illegal placement: tile ${p.tile} at (${p.x}, ${p.y}) rotation ${p.rotation}: ${reason}.`;
const placementHu = (reason) => (p) =>
  `Szabálytalan lerakás (${p.tile} lapka, (${p.x}, ${p.y}) mező, ${p.rotation}°): ${reason}.`;

export const en = {
  'errors.game.none': 'No game is in progress.',
  'errors.game.replaced': 'The game was replaced by a new one.',
  'errors.game.nothing_to_resume': 'There is no unfinished game to resume.',
  'errors.game.over': 'The game is over.',
  'errors.hint.game_over': 'The game is over: there is no move to suggest.',
  'errors.game.busy': 'The AI is thinking.',
  'errors.game.not_your_turn': 'The pending decision is not yours.',
  'errors.game.undo_unavailable': 'There is nothing to undo: a tile was drawn since, or you have not moved.',
  'errors.setup.malformed': 'The game settings could not be read.',
  'errors.setup.opponents': 'A game has 1 to 5 AI opponents, not {count}.',
  'errors.setup.unknown_level': 'Unknown AI level “{level}”; the levels are {levels}.',
  'errors.setup.seed_too_large': 'A deal number is at most {max}, not {seed}.',
  'errors.setup.player_count': 'Setup: {count} players; a game has 1 to 6.',
  'errors.setup.tile': 'Tile {tile} cannot be in the pile of the set in play.',
  'errors.settings.opponents': 'A set-up has 1 to 5 AI opponents, not {count}.',
  'errors.settings.unknown_level': 'Unknown AI level “{level}”; the levels are {levels}.',
  'errors.profile.none_active': 'Choose or create a profile first.',
  'errors.profile.not_found': 'There is no profile “{id}”.',
  'errors.profile.invalid_name': 'A profile name needs 1 to 40 characters and no control characters.',
  'errors.profile.duplicate_name': 'A profile named “{name}” already exists.',
  'errors.match.not_found': 'There is no match “{id}”.',
  'errors.move.malformed': 'The move could not be read.',
  'errors.name.far_off': 'Position ({x}, {y}) is far off the board.',
  'errors.name.bad_rotation': 'Rotation {rotation} is not 0, 90, 180 or 270.',
  'errors.name.unknown_figure': 'Unknown figure kind “{figure}”.',
  'errors.name.not_corner': 'A barn stands on a corner (NW, NE, SE, SW), not “{on}”.',
  'errors.name.no_feature': 'The tile at ({x}, {y}) has no feature “{on}”.',
  'errors.name.no_tile': 'There is no tile at ({x}, {y}).',
  'errors.name.no_figure_now': 'No figure can be placed now.',
  'errors.play.game_over': 'The game is over.',
  'errors.play.wrong_decision': (p) =>
    `${cap(MOVE_EN[p.got] ?? String(p.got))} is not possible now: the game waits for ${DECISION_EN[p.expected] ?? String(p.expected)}.`,
  'errors.play.placement.cell_taken': placementEn('the cell is taken'),
  'errors.play.placement.not_adjacent': placementEn('the cell touches no tile'),
  'errors.play.placement.bad_rotation': placementEn('the rotation must be 0, 90, 180 or 270'),
  'errors.play.placement.edges_mismatch': placementEn('its edges do not match the neighbours'),
  'errors.play.placement.redundant_rotation': placementEn('this rotation gives the same tile as a smaller one'),
  'errors.play.abbey.none_left': 'Illegal abbey: the player has no abbey left.',
  'errors.play.abbey.not_a_hole': 'Illegal abbey: ({x}, {y}) is not a hole (an empty cell with four neighbours).',
  'errors.play.figure.not_in_supply': (p) =>
    (p.figure === 'follower' ? 'Illegal figure: no follower left.' : `Illegal figure: the ${p.figure} is not in the supply.`),
  'errors.play.figure.cannot_stand':
    'Illegal figure: a {figure} cannot stand there (occupied feature, wrong kind of feature, or a field with a barn).',
  'errors.play.figure.no_barn_corner':
    'Illegal figure: a barn needs a corner where four tiles meet with field, in a field without a barn.',
  'errors.play.wagon.bad_target':
    'Illegal wagon move: the target at ({x}, {y}) must be a road, city or monastery, not completed, unoccupied, on the wagon’s tile or one of the eight around it.',
  'errors.args.invalid': '{command}: the argument “{argument}” is missing or not valid.',
  'errors.ai.worker_stopped': 'The AI worker stopped.',
  'errors.ai.illegal_move': 'The AI chose a move the rules do not allow.',
  'errors.record.invalid': (p) =>
    (p.turn ? `The record is not valid: turn ${p.turn}.` : 'The record is not valid.'),
  'errors.record.not_finished': 'The record is not valid: the game is not finished.',
  'errors.record.too_large': (p, { fmtNumber }) =>
    `The record has ${fmtNumber(p.bytes)} bytes; a record has at most ${fmtNumber(p.max)} bytes.`,
  'errors.storage.corrupt.moved': '{file} could not be read; it was moved to {movedTo}.',
  'errors.storage.corrupt.kept': '{file} could not be read; it was left in place.',
  'errors.storage.current.players': '{file}: the players do not match the game.',
  'errors.storage.current.level': '{file}: unknown AI level “{level}”.',
  'errors.storage.match_replay': 'The stored match does not replay (turn {turn}).',
  'errors.storage.newer_version':
    '{file} was written by a newer version of the app (schema {schema}); it is kept as it is and this version does not change it.',
  'errors.storage.locked': 'The data folder {folder} is in use by another running copy of the app; close it and try again.',
  'errors.storage.read_only': 'The data folder was opened read-only, so nothing in it can be changed.',
  'errors.storage.io': '{file}: reading or writing failed.',
  'errors.storage.exports_full': (p, { fmtNumber }) =>
    `${p.folder}: ${fmtNumber(p.count)} exports of this match are there already.`,
  'errors.review.bad_iterations': 'A review uses 1 to {max} iterations, not {iterations}.',
  'errors.review.not_found': 'There is no match “{id}”.',
  'errors.review.not_finished': 'Only a finished match can be reviewed, not a resigned one.',
  'errors.review.could_not_start': 'The review could not start.',
  'errors.review.record': 'Turn {turn} of the record does not replay.',
  'errors.review.log': 'Turn {turn}: the game’s log does not replay.',
  'errors.review.player': 'Player {player} is not in the game (seats 0 to {last}).',
  'errors.review.stopped': 'The review was stopped.',

  // By code, when the key is unknown.
  'errors.code.game.none': 'No game is in progress.',
  'errors.code.game.over': 'The game is over.',
  'errors.code.game.busy': 'The AI is thinking.',
  'errors.code.game.not_your_turn': 'The pending decision is not yours.',
  'errors.code.game.undo_unavailable': 'There is nothing to undo.',
  'errors.code.game.bad_setup': 'The game settings are not valid.',
  'errors.code.move.invalid': 'The move is not valid.',
  'errors.code.move.illegal': 'The rules do not allow this move.',
  'errors.code.odds.no_tile': 'There is no tile there.',
  'errors.code.odds.no_feature': 'That tile has no such feature.',
  'errors.code.settings.invalid': 'The settings are not valid.',
  'errors.code.profile.not_found': 'There is no such profile.',
  'errors.code.profile.invalid_name': 'A profile name needs 1 to 40 characters and no control characters.',
  'errors.code.profile.duplicate_name': 'Another profile has that name.',
  'errors.code.profile.none_active': 'Choose or create a profile first.',
  'errors.code.match.not_found': 'There is no such match.',
  'errors.code.record.invalid': 'The record is not valid.',
  'errors.code.record.too_large': 'The record is too large.',
  'errors.code.args.invalid': 'A command was called with an argument that is missing or not valid.',
  'errors.code.storage.corrupt': 'A data file could not be read; it was set aside.',
  'errors.code.storage.io': 'Reading or writing the data folder failed.',
  'errors.code.storage.newer_version': 'A file was written by a newer version of the app; it is kept as it is.',
  'errors.code.storage.locked': 'The data folder is in use by another running copy of the app.',
  'errors.code.storage.read_only': 'The data folder was opened read-only.',
  'errors.code.ai.failed': 'The AI could not choose a move.',
  'errors.code.review.not_found': 'There is no such match to review.',
  'errors.code.review.not_finished': 'Only a finished match can be reviewed.',
  'errors.code.review.bad_iterations': 'A review uses 1 to 100,000 iterations.',
  'errors.code.review.failed': 'The review failed.',
  'errors.code.app.unavailable': 'The game engine is not available: this page must run inside the Carcassonne app.',
};

export const hu = {
  'errors.game.none': 'Nincs folyamatban játszma.',
  'errors.game.replaced': 'A játszmát egy új játszma váltotta fel.',
  'errors.game.nothing_to_resume': 'Nincs befejezetlen játszma, amelyet folytatni lehetne.',
  'errors.game.over': 'A játszma véget ért.',
  'errors.hint.game_over': 'A játszma véget ért: nincs mit javasolni.',
  'errors.game.busy': 'A gép gondolkodik.',
  'errors.game.not_your_turn': 'Most nem te következel.',
  'errors.game.undo_unavailable': 'Nincs mit visszavonni: azóta új lapkát húztak, vagy még nem léptél.',
  'errors.setup.malformed': 'A játszma beállításai nem olvashatók.',
  'errors.setup.opponents': 'Egy játszmában 1–5 gépi ellenfél lehet, nem {count}.',
  'errors.setup.unknown_level': 'Ismeretlen gépi szint: „{level}”. A szintek: {levels}.',
  'errors.setup.seed_too_large': 'A leosztás száma legfeljebb {max} lehet, nem {seed}.',
  'errors.setup.player_count': 'Egy játszmában 1–6 játékos lehet, nem {count}.',
  'errors.setup.tile': 'Ez a lapka nem lehet a játékban lévő készlet húzópaklijában: {tile}.',
  'errors.settings.opponents': 'Egy összeállításban 1–5 gépi ellenfél lehet, nem {count}.',
  'errors.settings.unknown_level': 'Ismeretlen gépi szint: „{level}”. A szintek: {levels}.',
  'errors.profile.none_active': 'Előbb válassz ki vagy hozz létre egy profilt.',
  'errors.profile.not_found': 'Nincs ilyen profil: „{id}”.',
  'errors.profile.invalid_name': 'A profil neve 1–40 karakterből álljon, vezérlőkarakterek nélkül.',
  'errors.profile.duplicate_name': 'Már van „{name}” nevű profil.',
  'errors.match.not_found': 'Nincs ilyen játszma: „{id}”.',
  'errors.move.malformed': 'A lépés nem olvasható.',
  'errors.name.far_off': 'A ({x}, {y}) mező túl messze van a táblától.',
  'errors.name.bad_rotation': 'Az elforgatás csak 0, 90, 180 vagy 270 fok lehet, nem {rotation}.',
  'errors.name.unknown_figure': 'Ismeretlen figurafajta: „{figure}”.',
  'errors.name.not_corner': 'A pajta sarokra kerül (NW, NE, SE, SW), nem ide: „{on}”.',
  'errors.name.no_feature': 'A ({x}, {y}) mezőn álló lapkának nincs „{on}” része.',
  'errors.name.no_tile': 'A ({x}, {y}) mezőn nincs lapka.',
  'errors.name.no_figure_now': 'Most nem lehet figurát lerakni.',
  'errors.play.game_over': 'A játszma véget ért.',
  'errors.play.wrong_decision': (p) =>
    `${MOVE_HU[p.got] ?? String(p.got)} most nem lehet: a játék ${DECISION_HU[p.expected] ?? String(p.expected)} vár.`,
  'errors.play.placement.cell_taken': placementHu('a mező már foglalt'),
  'errors.play.placement.not_adjacent': placementHu('a mező egyetlen lapkával sem érintkezik'),
  'errors.play.placement.bad_rotation': placementHu('az elforgatás csak 0, 90, 180 vagy 270 fok lehet'),
  'errors.play.placement.edges_mismatch': placementHu('a lapka szélei nem illeszkednek a szomszédokhoz'),
  'errors.play.placement.redundant_rotation': placementHu('ez az elforgatás ugyanazt a lapkát adja, mint egy kisebb'),
  'errors.play.abbey.none_left': 'Szabálytalan apátság: a játékosnak már nincs apátsága.',
  'errors.play.abbey.not_a_hole':
    'Szabálytalan apátság: a ({x}, {y}) mező nem lyuk (olyan üres mező, amelyet négy oldalról lapka vesz körül).',
  'errors.play.figure.not_in_supply': (p) =>
    (p.figure === 'follower'
      ? 'Szabálytalan figura: nincs több alattvalód.'
      : `Szabálytalan figura: ${FIGURE_HU[p.figure] ?? String(p.figure)} nincs a készletedben.`),
  'errors.play.figure.cannot_stand': (p) =>
    `Szabálytalan figura: ${FIGURE_HU[p.figure] ?? String(p.figure)} nem állhat oda (foglalt terület, nem megfelelő fajta terület vagy pajtás mező).`,
  'errors.play.figure.no_barn_corner':
    'Szabálytalan figura: a pajtának olyan sarok kell, ahol négy lapka mezője találkozik, és a mezőn még nincs pajta.',
  'errors.play.wagon.bad_target':
    'Szabálytalan szekérlépés: a cél a ({x}, {y}) mezőn csak befejezetlen, üres út, város vagy kolostor lehet, a szekér lapkáján vagy a körülötte lévő nyolc lapka egyikén.',
  'errors.args.invalid': '{command}: hiányzó vagy érvénytelen paraméter: „{argument}”.',
  'errors.ai.worker_stopped': 'A gép gondolkodása megszakadt.',
  'errors.ai.illegal_move': 'A gép olyan lépést választott, amelyet a szabályok nem engednek.',
  'errors.record.invalid': (p) =>
    (p.turn ? `A játszmaleírás hibás (${p.turn}. bejegyzés).` : 'A játszmaleírás hibás.'),
  'errors.record.not_finished': 'A játszmaleírás hibás: a játszma nincs befejezve.',
  'errors.record.too_large': (p, { fmtNumber }) =>
    `A játszmaleírás ${fmtNumber(p.bytes)} bájtos; legfeljebb ${fmtNumber(p.max)} bájt lehet.`,
  'errors.storage.corrupt.moved': 'Nem sikerült beolvasni ezt a fájlt: {file}. Félretettük ide: {movedTo}.',
  'errors.storage.corrupt.kept': 'Nem sikerült beolvasni ezt a fájlt: {file}. A helyén maradt.',
  'errors.storage.current.players': '{file}: a játékosok nem illenek a játszmához.',
  'errors.storage.current.level': '{file}: ismeretlen gépi szint: „{level}”.',
  'errors.storage.match_replay': 'A tárolt játszma nem játszható vissza ({turn}. bejegyzés).',
  'errors.storage.newer_version':
    'Ezt a fájlt a program egy újabb változata írta: {file} ({schema}. séma). Változatlanul megmarad, ez a változat nem módosítja.',
  'errors.storage.locked': 'Az adatmappát ({folder}) a program egy másik futó példánya használja. Zárd be, és próbáld újra.',
  'errors.storage.read_only': 'Az adatmappa csak olvasásra van megnyitva, így semmi sem módosítható benne.',
  'errors.storage.io': 'Nem sikerült olvasni vagy írni: {file}.',
  'errors.storage.exports_full': (p, { fmtNumber }) =>
    `${p.folder}: ennek a játszmának már ${fmtNumber(p.count)} exportja van ott.`,
  'errors.review.bad_iterations': 'Az elemzés 1–{max} iterációt használhat, nem {iterations}.',
  'errors.review.not_found': 'Nincs ilyen játszma: „{id}”.',
  'errors.review.not_finished': 'Csak befejezett játszmát lehet elemezni, feladottat nem.',
  'errors.review.could_not_start': 'Az elemzés nem tudott elindulni.',
  'errors.review.record': 'A játszmaleírás {turn}. bejegyzése nem játszható vissza.',
  'errors.review.log': 'A játszma naplójának {turn}. bejegyzése nem játszható vissza.',
  'errors.review.player': 'Nincs {player}. helyen ülő játékos a játszmában (a helyek: 0–{last}).',
  'errors.review.stopped': 'Az elemzés leállt.',

  'errors.code.game.none': 'Nincs folyamatban játszma.',
  'errors.code.game.over': 'A játszma véget ért.',
  'errors.code.game.busy': 'A gép gondolkodik.',
  'errors.code.game.not_your_turn': 'Most nem te következel.',
  'errors.code.game.undo_unavailable': 'Nincs mit visszavonni.',
  'errors.code.game.bad_setup': 'A játszma beállításai érvénytelenek.',
  'errors.code.move.invalid': 'A lépés érvénytelen.',
  'errors.code.move.illegal': 'A szabályok nem engedik ezt a lépést.',
  'errors.code.odds.no_tile': 'Ott nincs lapka.',
  'errors.code.odds.no_feature': 'Annak a lapkának nincs ilyen része.',
  'errors.code.settings.invalid': 'A beállítások érvénytelenek.',
  'errors.code.profile.not_found': 'Nincs ilyen profil.',
  'errors.code.profile.invalid_name': 'A profil neve 1–40 karakterből álljon, vezérlőkarakterek nélkül.',
  'errors.code.profile.duplicate_name': 'Már van ilyen nevű profil.',
  'errors.code.profile.none_active': 'Előbb válassz ki vagy hozz létre egy profilt.',
  'errors.code.match.not_found': 'Nincs ilyen játszma.',
  'errors.code.record.invalid': 'A játszmaleírás hibás.',
  'errors.code.record.too_large': 'A játszmaleírás túl nagy.',
  'errors.code.args.invalid': 'Egy parancs hiányzó vagy érvénytelen paramétert kapott.',
  'errors.code.storage.corrupt': 'Egy adatfájlt nem sikerült beolvasni; félretettük.',
  'errors.code.storage.io': 'Nem sikerült olvasni vagy írni az adatmappát.',
  'errors.code.storage.newer_version': 'Egy fájlt a program újabb változata írt; változatlanul megmarad.',
  'errors.code.storage.locked': 'Az adatmappát a program egy másik futó példánya használja.',
  'errors.code.storage.read_only': 'Az adatmappa csak olvasásra van megnyitva.',
  'errors.code.ai.failed': 'A gép nem tudott lépést választani.',
  'errors.code.review.not_found': 'Nincs ilyen elemezhető játszma.',
  'errors.code.review.not_finished': 'Csak befejezett játszmát lehet elemezni.',
  'errors.code.review.bad_iterations': 'Az elemzés 1–100 000 iterációt használhat.',
  'errors.code.review.failed': 'Az elemzés nem sikerült.',
  'errors.code.app.unavailable': 'A játékmotor nem érhető el: ezt az oldalt a Carcassonne alkalmazásban kell megnyitni.',
};
