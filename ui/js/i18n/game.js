// Messages of the app's game area (see ../i18n.js): the same keys in `en` and `hu`.
// The game screen's words: the log, the AI's moves, hints, prompts, announcements, the
// scoreboard, the odds, the review. ui/js/text.js hands the facts (who, what, where) to these
// entries; each language composes its own sentence from them. A subject is `{name, you}`:
// `you` is the human, addressed as "you" / "te" (Hungarian drops the pronoun and conjugates).
export const DYNAMIC = ['game.dir.*', 'game.turns.*', 'game.review.class.*', 'game.review.what.*', 'game.why.*'];

/** Parameters of the entries that take structured ones, for the catalogue test (tests/ui/catalogs.test.js). */
export const SAMPLES = {
  'game.log.placement': { name: 'Berta', you: false, clauses: [{ type: 'extends', kind: 'road', dirs: ['S'], kinds: ['road'] }], figure: { figure: 'follower', feature: 'road', where: 'it', action: 'extends' } },
  'game.log.scored': { owners: [{ name: 'Berta', you: false }, { name: 'Ada', you: true }], points: 12, cause: 'closed', category: 'city', feature: 'city', tiles: 5, pennants: 1, cities: 0 },
  'game.hint': { text: 'place the tile north of the monastery' },
  'game.end.others': { names: ['Berta', 'Conrad'] },
  'game.end.table': { names: ['Berta', 'Bob'] },
  'game.end.outcome': { outcome: 'won' },
  'game.end.tableResigned': { name: 'Bob', names: ['Ada'] },
  'game.rating.against': { outcome: 'won', name: 'Conrad', rating: '1350', chance: '31%', points: '+12' },
  'game.wagon.target': { owners: [{ name: 'Berta', you: false }], dir: 'N', feature: 'road', tiles: 3, place: { kind: 'road', dir: 'E' }, finished: false },
  'game.place': { kind: 'field', dir: 'SE' },
  'game.spot': { place: { kind: 'field', by: 'city' } },
  'game.hint.figure': { kind: 'follower', place: { kind: 'city', dir: 'NS' } },
  'game.hint.barn': { place: { kind: 'corner', dir: 'NE' } },
  'game.review.move.figure': { kind: 'mayor', place: { kind: 'city', dir: 'W' } },
  'game.review.move.barn': { place: { kind: 'corner', dir: 'SW' } },
  'game.review.move.wagon': { place: { kind: 'field', inner: true }, square: '' },
};

// --- English grammar.
const EN_VERBS = { takes: 'take', extends: 'extend', starts: 'start', finishes: 'finish', 'links up': 'link up', builds: 'build', places: 'place', puts: 'put', keeps: 'keep', draws: 'draw', lays: 'lay' };
const enWho = (p) => (p.you ? 'You' : p.name);
const enVerb = (p, third) => (p.you ? (EN_VERBS[third] ?? third) : third);
/** "A, B and C" (no serial comma, as the app always wrote it). */
const enAnd = (items) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));
const enCount = (n, one, many, h) => `${h.fmtNumber(n)} ${n === 1 ? one : many}`;
const EN_SIDE = { N: 'north', E: 'east', S: 'south', W: 'west', NE: 'north-east', SE: 'south-east', SW: 'south-west', NW: 'north-west' };
const EN_ROLE = { road: 'thief', city: 'knight', monastery: 'monk', field: 'farmer' };
const enFigure = (figure, feature) => (figure === 'follower' ? `a ${EN_ROLE[feature] ?? 'follower'}` : `the ${figure}`);
const EN_IN = { road: 'on the road', city: 'in the city', monastery: 'in the monastery', field: 'in the field' };
const EN_PREP = { road: 'on', city: 'in', monastery: 'in', field: 'in' };
const EN_ADJ = { closes: 'finished ', starts: 'new ', extends: '', joins: '' };
/**
 * A spot's name without its article, from tiledraw.js `placeOf`'s facts: "road", "north
 * field", "north–south city", "field by the city", "north-west inner field", "south-east corner".
 */
function enPlace(p) {
  const mod = [{ NS: 'north–south', EW: 'east–west' }[p.dir] ?? EN_SIDE[p.dir], p.inner ? 'inner' : null].filter(Boolean);
  return `${mod.map((w) => `${w} `).join('')}${p.kind ?? 'spot'}${p.by === 'city' ? ' by the city' : ''}`;
}
/** Where a figure goes on a spot: "in the north field", "on the road". */
const enOnPlace = (p) => `${p.kind === 'corner' ? 'on' : EN_PREP[p.kind] ?? 'on'} the ${enPlace(p)}`;
/** "Your", "Bot Berta's", "Your and Bot Berta's" (owners: subjects, the human first). */
function enOwners(owners) {
  const n = owners.map((o, i) => (o.you ? (i > 0 ? 'your' : 'Your') : `${o.name}'s`));
  return n.length ? enAnd(n) : 'Nobody\'s';
}
const enWhose = (p, lower = false) => (p.you ? (lower ? 'your' : 'Your') : `${p.name}'s`);
const EN_NUMBER = { 2: 'two', 3: 'three', 4: 'four' };

function enClause(p, c) {
  const v = (x) => enVerb(p, x);
  switch (c.type) {
    case 'monastery': return `${v('builds')} a monastery`;
    case 'closes': return `${v('finishes')} the ${c.kind}`;
    case 'joins': return `${v('links up')} the ${c.kind}`;
    case 'extendsMany': return `${v('extends')} the ${c.kind === 'city' ? 'cities' : `${c.kind}s`} ${enAnd(c.dirs.map((d) => EN_SIDE[d]))}`;
    case 'extends': return `${v('extends')} the ${c.kind} ${EN_SIDE[c.dirs[0]] ?? ''}`.trim();
    case 'starts': return `${v('starts')} ${enAnd(c.kinds.map((k) => `a ${k}`))}`;
    default: return `${v('lays')} a field tile`;
  }
}

// --- Hungarian grammar.
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** The article before a word: "az" before a vowel (and a number read with one), else "a". */
const az = (word) => (/^[aáeéiíoóöőuúüű]/i.test(word) || /^(1|5\d*|1\d{3})(\D|$)/.test(word) ? 'az' : 'a');
const withArticle = (word) => `${az(word)} ${word}`;
/** A verb by person: [third, second] (the human is "te"). */
const huV = (p, forms) => (p.you ? forms[1] : forms[0]);
/** A subject and its predicate: "Berta meghosszabbítja…", "Meghosszabbítod…". */
const huSay = (p, predicate) => (p.you ? cap(predicate) : `${p.name} ${predicate}`);
/** Nouns in the forms the sentences need. */
const HU = {
  road: { nom: 'út', acc: 'utat', accs: 'utakat', onto: 'útra', poss3: 'útja', poss2: 'utad', acc2: 'utadat', on2: 'utadon', with3: 'útjával', into3: 'útjára', into: 'rá', tile: 'utas lapka' },
  city: { nom: 'város', acc: 'várost', accs: 'városokat', onto: 'városba', poss3: 'városa', poss2: 'városod', acc2: 'városodat', on2: 'városodon', with3: 'városával', into3: 'városára', into: 'bele', tile: 'városos lapka' },
  monastery: { nom: 'kolostor', acc: 'kolostort', accs: 'kolostorokat', onto: 'kolostorba', poss3: 'kolostora', poss2: 'kolostorod', acc2: 'kolostorodat', on2: 'kolostorodon', with3: 'kolostorával', into3: 'kolostorára', into: 'bele', tile: 'kolostoros lapka' },
  field: { nom: 'mező', acc: 'mezőt', accs: 'mezőket', onto: 'mezőre', poss3: 'mezője', poss2: 'meződ', acc2: 'meződet', on2: 'meződön', with3: 'mezőjével', into3: 'mezőjére', into: 'rá', tile: 'mezős lapka' },
  abbey: { nom: 'apátság', acc: 'apátságot', accs: 'apátságokat', onto: 'apátságba', poss3: 'apátsága', poss2: 'apátságod', acc2: 'apátságodat', on2: 'apátságodon', with3: 'apátságával', into3: 'apátságára', into: 'bele', tile: 'apátság' },
  barn: { nom: 'pajta', poss3: 'pajtája', poss2: 'pajtád', to3: 'pajtájához', to2: 'pajtádhoz' },
  corner: { nom: 'sarok', into3: 'sarkára' },
  feature: { nom: 'terület', acc: 'területet', accs: 'területeket', onto: 'területre', poss3: 'területe', poss2: 'területed', acc2: 'területedet', on2: 'területeden', with3: 'területével', into3: 'területére', into: 'rá', tile: 'lapka' },
};
const huNoun = (k) => HU[k] ?? HU.feature;
const FIG = {
  follower: { nom: 'alattvaló', acc: 'alattvalót', poss3: 'alattvalója', poss2: 'alattvalód', acc2: 'alattvalódat' },
  mayor: { nom: 'polgármester', acc: 'polgármestert', poss3: 'polgármestere', poss2: 'polgármestered', acc2: 'polgármesteredet' },
  wagon: { nom: 'szekér', acc: 'szekeret', poss3: 'szekere', poss2: 'szekered', acc2: 'szekeredet' },
  barn: { nom: 'pajta', acc: 'pajtát', poss3: 'pajtája', poss2: 'pajtád', acc2: 'pajtádat' },
};
const huFig = (k) => FIG[k] ?? FIG.follower;
const HU_ROLE = { road: ['útonálló', 'útonállót'], city: ['lovag', 'lovagot'], monastery: ['szerzetes', 'szerzetest'], field: ['paraszt', 'parasztot'] };
/** Directions: the name, "toward" (dél felé), "lying that way from here" (délre), the side's adjective. */
const HU_DIR = { N: 'észak', E: 'kelet', S: 'dél', W: 'nyugat', NE: 'északkelet', SE: 'délkelet', SW: 'délnyugat', NW: 'északnyugat' };
const HU_TO = { N: 'északra', E: 'keletre', S: 'délre', W: 'nyugatra', NE: 'északkeletre', SE: 'délkeletre', SW: 'délnyugatra', NW: 'északnyugatra' };
const HU_DIR_ADJ = { N: 'északi', NE: 'északkeleti', E: 'keleti', SE: 'délkeleti', S: 'déli', SW: 'délnyugati', W: 'nyugati', NW: 'északnyugati', NS: 'észak–déli', EW: 'kelet–nyugati' };
/** What comes before a spot's noun (tiledraw.js `placeOf`'s facts): "északi ", "város melletti ", "belső ". */
const huPlaceMod = (p) => [p.by === 'city' ? 'város melletti' : null, HU_DIR_ADJ[p.dir], p.inner ? 'belső' : null].filter(Boolean).map((w) => `${w} `).join('');
/** A spot's noun, in the forms the sentences need. */
const huPlaceNoun = (p) => (p.kind === 'corner' ? HU.corner : huNoun(p.kind));
/** A spot's name without its article: "út", "északi mező", "város melletti mező", "délkeleti sarok". */
const huPlace = (p) => `${huPlaceMod(p)}${huPlaceNoun(p).nom}`;
const HU_NUMBER = { 2: 'két', 3: 'három', 4: 'négy' };
/** A name with "-val/-vel" (with): "Bertával", "Conraddal", "Ödönnel". */
function huWith(name) {
  const s = String(name);
  const e = /[aáoóuú][^aáoóuúeéiíöőüű]*$/i.test(s) ? 'a' : 'e';
  if (/[aeiouáéíóöőúüű]$/i.test(s)) return `${s.replace(/a$/, 'á').replace(/e$/, 'é')}v${e}l`;
  const di = s.match(/(cs|dz|gy|ly|ny|sz|ty|zs)$/i);
  if (di) return `${s.slice(0, -2)}${di[1][0]}${di[1]}${e}l`;
  return `${s}${s.at(-1)}${e}l`;
}
/**
 * Whose feature: "a városod", "Berta városa", "Ada és Berta közös városa", "a te és Berta
 * közös városa". `owners`: subjects, the human first; `adj`: "befejezetlen " etc.; `form`:
 * the noun forms to use ({poss2, poss3}).
 */
function huOwn(owners, adj, forms) {
  if (owners.length === 1 && owners[0].you) return withArticle(`${adj}${forms.poss2}`);
  const shared = owners.length > 1 ? 'közös ' : '';
  const names = owners.filter((o) => !o.you).map((o) => o.name);
  const base = `${shared}${adj}${forms.poss3}`;
  if (owners.some((o) => o.you)) return `a ${new Intl.ListFormat('hu-HU', { type: 'conjunction' }).format(['te', ...names])} ${base}`;
  return names.length ? `${new Intl.ListFormat('hu-HU', { type: 'conjunction' }).format(names)} ${base}` : withArticle(base);
}
/** Clauses of one subject joined: "A, B, és C" (a comma before "és" joining clauses). */
const huClauses = (parts) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')}, és ${parts.at(-1)}` : (parts[0] ?? ''));

function huClause(p, c, h) {
  const n = huNoun(c.kind);
  switch (c.type) {
    case 'monastery': return `kolostort ${huV(p, ['épít', 'építesz'])}`;
    case 'closes': return `${huV(p, ['befejezi', 'befejezed'])} ${withArticle(n.acc)}`;
    case 'joins': return `${huV(p, ['összeköti', 'összekötöd'])} ${withArticle(n.accs)}`;
    case 'extendsMany': return `${c.kind === 'city' ? huV(p, ['bővíti', 'bővíted']) : huV(p, ['meghosszabbítja', 'meghosszabbítod'])} ${withArticle(n.accs)} ${h.fmtList(c.dirs.map((d) => HU_DIR[d]))} felé`;
    case 'extends': return `${c.kind === 'city' ? huV(p, ['bővíti', 'bővíted']) : huV(p, ['meghosszabbítja', 'meghosszabbítod'])} ${withArticle(n.acc)}${HU_DIR[c.dirs[0]] ? ` ${HU_DIR[c.dirs[0]]} felé` : ''}`;
    case 'starts': return `új ${h.fmtList(c.kinds.map((k) => huNoun(k).acc))} ${huV(p, ['kezd', 'kezdesz'])}`;
    default: return `mezőlapkát ${huV(p, ['tesz le', 'teszel le'])}`;
  }
}
/** Putting a figure: "útonállót tesz rá", "a polgármestert teszi a városba". */
function huPut(p, figure, feature, where) {
  const follower = figure === 'follower';
  const obj = follower ? (HU_ROLE[feature]?.[1] ?? 'alattvalót') : withArticle(huFig(figure).acc);
  const verb = follower ? huV(p, ['tesz', 'teszel']) : huV(p, ['teszi', 'teszed']);
  return `${obj} ${verb} ${where}`;
}
const HU_ADJ = { closes: 'befejezett ', starts: 'új ', extends: '', joins: '' };
/** A name in the accusative: "Bertát", "Dagmart", "Edwint", "Conradot". */
const huAcc = (name, h) => (/[aeiouáéíóöőúüű]$/i.test(name) ? h.suffix(name, 't', 't')
  : /(j|l|n|r|s|z|y)$/i.test(name) ? `${name}t` : h.suffix(name, 'ot', 'et', 'öt'));

// --- Settings words (the settings screen shows them).
const SETTINGS_EN = {
};
const SETTINGS_HU = {
};

export const en = {
  // Names and places.
  'game.you': 'You',
  'game.playerN': 'Player {n}',
  'game.nobody': 'nobody',
  'game.place': (p) => enPlace(p),
  // The log.
  'game.log.placement': (p) => {
    const parts = p.clauses.map((c) => enClause(p, c));
    const f = p.figure;
    if (f) {
      let where;
      if (f.where === 'it') where = `${EN_PREP[f.feature] ?? 'on'} it`;
      else if (f.where === 'mine') where = `${EN_PREP[f.feature] ?? 'on'} the ${EN_ADJ[f.action] ?? ''}${f.feature}`;
      else where = EN_IN[f.feature] ?? 'on the tile';
      parts.push(`${enVerb(p, 'puts')} ${enFigure(f.figure, f.feature)} ${where}`);
    }
    return `${enWho(p)} ${enAnd(parts)}`;
  },
  'game.log.discarded': (p) => `${enWho(p)} ${enVerb(p, 'draws')} a tile that fits nowhere: it leaves the game`,
  'game.log.abbey': (p) => `${enWho(p)} ${enVerb(p, 'places')} the abbey in a hole`,
  'game.log.figure': (p) => `${enWho(p)} ${enVerb(p, 'puts')} ${enFigure(p.figure, p.feature)} ${p.figure === 'barn' ? 'in the field' : EN_IN[p.feature] ?? 'on the new tile'}`,
  'game.log.returned': (p) => `${enWhose(p)} ${p.figure} comes back`,
  'game.log.wagonMoved': (p) => `${enWhose(p)} wagon moves on to a ${p.feature ?? 'feature'} ${p.dir ? `to the ${EN_SIDE[p.dir]}` : 'on the same tile'}`,
  'game.log.passed': (p) => `${enWho(p)} ${enVerb(p, 'keeps')} the abbey`,
  'game.log.ended': 'The game is over: final scoring',
  'game.log.scored': (s, h) => {
    const own = enOwners(s.owners);
    const pts = `+${h.fmtNumber(s.points)}${s.owners.length > 1 ? ' each' : ''}`;
    const end = s.cause === 'final' ? ' at the end' : '';
    const cities = enCount(s.cities, 'finished city', 'finished cities', h);
    const size = () => `(${[enCount(s.tiles, 'tile', 'tiles', h), ...(s.pennants > 0 ? [enCount(s.pennants, 'pennant', 'pennants', h)] : [])].join(', ')})`;
    if (s.category === 'barn' || s.cause === 'barn_placed' || s.cause === 'barn_joined') {
      if (s.cause === 'barn_placed') return `${own} barn joins farmers next to ${cities}: ${pts}`;
      if (s.cause === 'barn_joined') return `${own} barn gains a field next to ${cities}: ${pts}`;
      return `${own} barn, in a field next to ${cities}: ${pts}${end}`;
    }
    if (s.feature === 'field') return `${own} field next to ${cities}: ${pts}${end}`;
    if (s.cause === 'final') return `${own} unfinished ${s.feature} ${size()}: ${pts}${end}`;
    return `${own} ${s.feature} ${size()} is finished: ${pts}`;
  },
  'game.log.show': 'Show on the board',
  // The wagon's targets.
  'game.wagon.target': (p, h) => {
    const own = p.owners.length ? `${enOwners(p.owners)} `.replace(/^Your\b/, 'your') : 'the ';
    const where = p.dir ? `${EN_SIDE[p.dir]} of here` : 'here';
    const size = p.feature === 'monastery' ? '' : ` (${enCount(p.tiles, 'tile', 'tiles', h)})`;
    return `${own}${p.finished ? 'finished ' : ''}${p.place ? enPlace(p.place) : p.feature} ${where}${size}`;
  },
  // The AI's moves, for screen readers.
  'game.ai.placesTile': (p) => `${enWho(p)} ${enVerb(p, 'places')} a tile`,
  'game.ai.figure': (p) => `${enWho(p)} ${enVerb(p, 'puts')} ${enFigure(p.figure, null)} on the new tile`,
  'game.ai.noFigure': (p) => `${enWho(p)} ${enVerb(p, 'puts')} no figure on the new tile`,
  'game.ai.wagonHome': (p) => `${enWho(p)} ${enVerb(p, 'takes')} the wagon home`,
  'game.ai.wagonOn': (p) => `${enWhose(p)} wagon moves on`,
  'game.ai.draw': (p) => `${enWho(p)} ${enVerb(p, 'draws')} a tile and keeps the abbey for later`,
  // Where a square is, from a tile next to it.
  'game.beside': (p) => `${{ N: 'north of', E: 'east of', S: 'south of', W: 'west of' }[p.side]} ${{ abbey: 'the abbey', monastery: 'the monastery', last: 'the last tile placed', start: 'the start tile', city: 'the city tile', road: 'the road tile', field: 'the field tile' }[p.what]}`,
  'game.turns.0': 'as drawn', 'game.turns.1': 'turned once', 'game.turns.2': 'turned twice', 'game.turns.3': 'turned three times',
  // Hints.
  'game.hint': (p) => `Hint: ${cap(p.text)}. It is selected on the board: Confirm plays it.`,
  'game.hint.draw': 'draw a tile and keep your abbey for later',
  'game.hint.place': (p) => `place the tile${p.beside ? ` ${p.beside}` : ''}, ${p.turns}`,
  'game.hint.abbey': (p) => `place your abbey in the hole${p.beside ? ` ${p.beside}` : ''}`,
  'game.hint.barn': (p) => `put your barn ${enOnPlace(p.place)} of the new tile`,
  'game.hint.figure': (p) => `put your ${p.kind} ${p.place ? enOnPlace(p.place) : 'on the new tile'}${p.place ? ' of the new tile' : ''}`,
  'game.hint.noFigure': 'place no figure this turn',
  'game.hint.wagonHome': 'take your wagon home',
  'game.hint.wagonAny': 'move your wagon on to the highlighted feature',
  'game.hint.wagonTo': 'move your wagon on to {target}',
  'game.hint.pass': 'keep your abbey',
  // The panel.
  'game.spot': (p) => cap(enPlace(p.place)),
  'game.spot.noPennants': '{base}: no pennants, worth nothing now',
  'game.turn.current': 'Turn {n}',
  'game.turn.played': (p, h) => enCount(p.n, 'turn', 'turns', h),
  'game.turn.resume': 'turn {n}',
  'game.replay.start': 'Start, before turn 1 of {turns}',
  'game.replay.final': 'Final scoring, after turn {turns} of {turns}',
  'game.replay.turn': 'Turn {pos} of {turns}',
  'game.prompt.drawOrAbbey': 'Draw a tile, or place your abbey in a highlighted hole instead.',
  'game.prompt.finalAbbey': 'The pile is empty: place your abbey in a highlighted hole now, or keep it for good.',
  'game.prompt.placeTile': (p, h) => `Place your tile: tap a highlighted square (${h.fmtNumber(p.n)} ${p.n === 1 ? 'fits' : 'fit'}).`,
  'game.prompt.rotate': 'Tap the tile again or press R to turn it ({ways} ways fit), then confirm.',
  'game.prompt.onlyWay': 'This is the only way it fits here. Confirm, or tap another square.',
  'game.prompt.figure': 'Place a figure on the new tile (tap a circle), or none.',
  'game.prompt.noFigure': 'No figure can go on this tile.',
  'game.prompt.wagon': 'Your wagon comes back: move it on to a feature next to where it stood ("here"), highlighted on the board, or take it home.',
  'game.prompt.waiting': 'Waiting…',
  'game.lastChance': 'Last chance! ',
  'game.over': 'The game is over.',
  'game.thinking': '{name} is thinking…',
  'game.tile.words': (p) => {
    const n = (k, one, many) => (k === 1 ? `a ${one}` : `${EN_NUMBER[k] ?? k} ${many}`);
    const parts = [];
    if (p.monastery) parts.push('a monastery');
    if (p.cities) parts.push(n(p.cities, 'city', 'cities'));
    if (p.roads) parts.push(n(p.roads, 'road', 'roads'));
    return parts.length ? enAnd(parts) : 'fields only';
  },
  'game.tile.drawn': (p) => `Your tile${p.what ? `, ${p.what}` : ''}: rotate it (R)`,
  'game.tile.label': 'Tile {id}',
  'game.announce.placeTile': (p, h) => `Your turn: place your tile${p.what ? `, ${p.what}` : ''}. ${enCount(p.n, 'square fits', 'squares fit', h)}.`,
  'game.announce.figure': 'Place a figure or none.',
  'game.announce.drawOrAbbey': 'Your turn: draw a tile or place your abbey.',
  'game.announce.finalAbbey': 'Last chance to place your abbey.',
  'game.announce.wagon': 'Move your wagon or take it home.',
  'game.announce.undone': 'Undone.',
  // The scoreboard.
  'game.summary': (p, h) => {
    const has = (k) => `${k} ${p.supply[k] ? 'in hand' : 'used'}`;
    const supply = `${h.fmtNumber(p.supply.followers)} followers${p.abbeyMayor ? `, ${['mayor', 'wagon', 'barn', 'abbey'].map(has).join(', ')}` : ''}`;
    return `${p.name}${p.level ? ` (${p.level})` : ''}, ${p.mark}: ${h.fmtNumber(p.score)} points, ${h.fmtNumber(p.projected)} if the game ended now; ${supply}${p.current ? '; to move' : ''}${p.thinking ? '; thinking' : ''}`;
  },
  'game.mark': '{colour} {shape}',
  'game.projected.legend': '→ points if the game ended now',
  'game.projected': '{n} if the game ended now',
  'game.end.resigned': 'You resigned.',
  'game.end.shared': 'A shared victory!',
  'game.end.won': 'You won!',
  'game.end.others': (p) => `${p.names.join(' and ')} won.`,
  // A game of several people at one device ("pass and play"): the end addresses the table.
  'game.end.table': (p) => (p.names.length > 1 ? `${enAnd(p.names)} share the win!` : `${p.names[0] ?? 'Nobody'} won!`),
  'game.end.tableResigned': (p) => `${p.name ?? 'A player'} resigned${p.names?.length ? `: ${enAnd(p.names)} won` : ', and the game is over'}.`,
  'game.end.people': 'Each person\'s result',
  'game.end.outcome': (p) => ({ won: 'won', lost: 'lost', drawn: 'shared the win', resigned: 'resigned' }[p.outcome] ?? p.outcome),
  'game.end.rating': 'rating {before} → {after} ({change})',
  'game.end.unrated': 'rating unchanged',
  'game.end.reviewOf': '{name}\'s moves are reviewed here; everyone can review their own from their profile\'s history.',
  // The hand-over screen between two people's turns at one device.
  'game.handover.label': 'Hand-over',
  'game.handover.pass': 'Pass the device to {name}. The board stays hidden until {name} is ready.',
  'game.handover.ready': '{name}\'s turn — tap when ready',
  'game.person': 'person',
  // The end dialog: how the game moved the player's rating, and why.
  'game.rating.moved': 'Your rating: {before} → {after} ({change})',
  'game.rating.against': ({ outcome, name, rating, chance, points }) => `${{
    won: `You beat ${name}`, lost: `You lost to ${name}`, drawn: `You tied with ${name}`, resigned: `You resigned against ${name}`,
  }[outcome] ?? name} (≈\u00a0${rating}): by the ratings you had a ${chance} chance to win → ${points}`,
  'game.rating.help': 'Beating a stronger opponent gains more; losing to a weaker one costs more.',
  // Board-reading aids.
  'game.odds.title': (p) => cap(p.kind),
  'game.odds.complete': (p) => `This ${p.kind ?? 'feature'} is complete.`,
  'game.odds.never': 'A field is never completed: it scores at the end of the game.',
  'game.odds.several': 'It needs more than one tile to be completed.',
  'game.odds.count': (p, h) => `${p.count === 1 ? '1 unseen tile can' : `${h.fmtNumber(p.count)} unseen tiles can`} complete it (${h.fmtPercent(p.chance)} next draw).${p.inHand ? ' The tile in hand can complete it too.' : ''}`,
  'game.odds.inHandOnly': 'Only the tile in hand can complete it: no unseen tile can.',
  'game.odds.none': 'No unseen tile completes it in one placement: it will need more tiles.',
  'game.odds.doomedAbbey': (p) => `No tile still to come fits ${p.n === 1 ? 'the square marked ✕' : `the ${p.n} squares marked ✕`}: only an abbey filling ${p.n === 1 ? 'it' : 'them'} could complete it.`,
  'game.odds.doomed': (p) => `It can no longer be completed: no tile still to come fits ${p.n === 1 ? 'the square marked ✕' : `the ${p.n} squares marked ✕`}.`,
  'game.deadSquare': (p, h) => {
    const doom = p.n ? `; ${enCount(p.n, 'feature', 'features', h)} next to it can no longer be completed${p.abbey ? ' by a land tile' : ''}` : '';
    return `Dead square at (${p.x}, ${p.y}): no tile still to come fits${p.abbey && p.hole ? ' (an abbey still could)' : ''}${doom}`;
  },
  'game.chance': '{pct} next',
  ...SETTINGS_EN,
  // The review.
  'game.review.class.best': 'Best', 'game.review.class.good': 'Good', 'game.review.class.inaccuracy': 'Inaccuracy', 'game.review.class.mistake': 'Mistake', 'game.review.class.blunder': 'Blunder',
  'game.review.move.draw': 'draw a tile, keep the abbey',
  'game.review.move.place': (p) => (p.ghost ? `the tile${p.square}` : 'tile placed'),
  'game.review.move.abbey': 'the abbey{square}',
  'game.review.move.barn': (p) => `barn ${enOnPlace(p.place)}`,
  'game.review.move.figure': (p) => (p.place ? `${p.kind} ${enOnPlace(p.place)}` : `${p.kind} placed`),
  'game.review.move.noFigure': 'no figure',
  'game.review.move.wagon': (p) => (p.place ? `wagon to the ${enPlace(p.place)}${p.square}` : `wagon moved on${p.square}`),
  'game.review.move.wagonHome': 'wagon home',
  'game.review.move.pass': 'keep the abbey',
  'game.review.square.best': ' on the green square',
  'game.review.square.played': ' on the dashed square',
  'game.review.what.draw_or_abbey': 'draw or abbey', 'game.review.what.place_tile': 'tile', 'game.review.what.place_figure': 'figure', 'game.review.what.move_wagon': 'wagon', 'game.review.what.final_abbey': 'last abbey',
  'game.review.decision': 'Turn {turn}, {what}',
  'game.why.closes_feature': (p, h) => `It closes your ${p.feature ?? 'feature'} now: +${h.fmtNumber(p.points)}.`,
  'game.why.weak_mayor': (p) => (p.strength ? `Your mayor would have been worth only ${p.strength} there: its strength is the city's pennants.` : 'Your mayor would have been worth 0 there: the city has no pennants.'),
  'game.why.shares_feature': (p) => `Your move shares your ${p.feature ?? 'feature'} with ${p.name}: its points would go to you both.`,
  'game.why.shares_field': (p) => `Your move shares ${p.name}'s field: its points would go to you both.`,
  'game.why.loses_feature': (p) => `Your move joins your ${p.feature ?? 'feature'} to ${p.name}'s, who holds it more strongly: you would get nothing from it.`,
  'game.why.more_points': (p, h) => `It scores ${enCount(p.points, 'point', 'points', h)} more now.`,
  'game.why.gives_points': (p, h) => `Your move gives ${p.name} ${enCount(p.points, 'point', 'points', h)} more now.`,
  'game.why.keeps_follower': (p) => `It keeps your ${p.figure ?? 'follower'} in hand for a better chance later.`,
  'game.why.worth_more': (p, h) => `It makes your ${p.feature ?? 'feature'} worth ${enCount(p.points, 'point', 'points', h)} more to you at the end of the game.`,
  'game.why.feeds_feature': (p, h) => `Your move makes ${p.name}'s ${p.feature ?? 'feature'} worth ${enCount(p.points, 'point', 'points', h)} more to them at the end of the game.`,
  'game.why.places_figure': (p) => `It puts your ${p.figure ?? 'follower'} on the ${p.feature ?? 'feature'}.`,
  'game.why.better_chances': 'Nothing on the board tells the two moves apart this turn: over the rest of the game, the search finds its chances better.',
  'game.why.later': (p, h) => (p.points >= 1 ? `In the end it costs about ${enCount(p.points, 'point', 'points', h)}: the rest comes back later.` : 'In the end it costs hardly anything: it comes back later.'),
  'game.why.default': 'The search rates it better for your chance to win.',
  'game.review.verdict.best': 'You played {move}: the best move.',
  'game.review.verdict.turned': 'You placed the tile on the best square but turned another way: the best way is shown in green.',
  'game.review.verdict.other': 'You played {played}; best was {best}.',
  'game.review.win': 'Win chance {pct}',
  'game.review.winBest': 'Win chance {pct} (best {best})',
  'game.review.pointsLost': (p, h) => (p.points >= 1 ? `${enCount(p.points, 'point', 'points', h)} less expected at the end` : 'under a point less expected at the end'),
  'game.review.running': (p, h) => (p.total ? `Reviewing your moves: ${h.fmtNumber(p.done)} of ${h.fmtNumber(p.total)} decisions` : 'Reviewing your moves…'),
  'game.review.done': 'Review done.',
  'game.review.cancelled': 'Review cancelled.',
  'game.review.resigned': 'A resigned game is not reviewed: only games played to the end are.',
  'game.review.failed': 'The review failed: {message}',
  'game.review.unknownError': 'unknown error',
  'game.review.summary': (p, h) => {
    const words = { inaccuracy: ['inaccuracy', 'inaccuracies'], mistake: ['mistake', 'mistakes'], blunder: ['blunder', 'blunders'] };
    const bad = ['inaccuracy', 'mistake', 'blunder'].filter((k) => p.counts[k]).map((k) => enCount(p.counts[k], ...words[k], h));
    return `Accuracy ${p.accuracy} · ${bad.length ? bad.join(', ') : 'no inaccuracies, mistakes or blunders'}`;
  },
  'game.review.graph': (p) => `Your win chance over the turns; ${p.worst.length ? p.worst.map((w) => `${w.class} at turn ${w.turn}`).join(', ') : 'no mistakes or blunders'}`,
  'game.review.none': 'This game has not been reviewed yet. The review replays each of your decisions with the hard AI\'s search and takes a while; the window stays usable.',
  'game.review.ghost.best': 'best',
  'game.review.ghost.played': 'played',
  'game.review.progress': 'Review progress',
  'game.review.cancel': 'Cancel review',
  'game.review.couldNotCancel': 'Could not cancel the review',
  'game.review.couldNotStart': 'Could not review the match',
  'game.review.button': 'Review',
  'game.review.moves': 'Your moves, reviewed',
  // The phone's compact bar.
  'game.whoseTurn': (p) => (p.over ? (p.inner ? 'game over' : 'Game over') : p.you ? (p.inner ? 'your turn' : 'Your turn') : `${p.name}'s turn`),
  'game.sheetToggle': '{shown}. Scores: {scores}. Scoreboard and log',
  'game.sheet': 'Scoreboard and log',
  // The game screen's controls.
  'game.ui.menu': '‹ Menu',
  'game.ui.menuLabel': 'Back to the menu (the game is kept)',
  'game.ui.tiles': 'Tiles',
  'game.ui.owners': 'Owners',
  'game.ui.aids': 'Aids',
  'game.ui.zoomIn': 'Zoom in',
  'game.ui.zoomOut': 'Zoom out',
  'game.ui.fit': 'Fit the board to the screen',
  'game.ui.yourMove': 'Your move',
  'game.ui.undo': 'Undo',
  'game.ui.hint': 'Hint',
  'game.ui.scoreboard': 'Scoreboard',
  'game.ui.gameLog': 'Game log',
  'game.ui.log': 'Log',
  'game.ui.whatHappened': 'What happened',
  'game.ui.resign': 'Resign…',
  'game.ui.resignLabel': 'Resign this game',
  'game.ui.board': 'Game board. Arrow keys pan, plus and minus zoom, 0 fits.',
  'game.ui.boardPlain': 'Game board',
  'game.ui.left': '{n} left',
  'game.ui.leftLabel': (p, h) => `${h.fmtNumber(p.n)} left: show the tiles left by type`,
  'game.ui.finalScores': 'Final scores',
  'game.ui.newGame': 'New game',
  'game.ui.confirm': 'Confirm',
  'game.ui.draw': 'Draw a tile',
  'game.ui.or': 'or',
  'game.ui.abbeyHere': 'Place abbey here',
  'game.ui.tapHoleAbbey': 'Tap a hole for the abbey',
  'game.ui.keepAbbey': 'Keep the abbey',
  'game.ui.tapHole': 'Tap a hole',
  'game.ui.rotate': '⟳ Rotate',
  'game.ui.figure': 'Figure',
  'game.ui.where': 'Where',
  'game.ui.noFigure': 'No figure',
  'game.ui.wagonWhere': 'Where the wagon goes',
  'game.ui.takeHome': 'Take it home',
  'game.ui.lookBoard': 'Look at the board',
  'game.ui.replay': 'Replay',
  'game.ui.seeReview': 'See the review',
  'game.ui.tilesLeft': (p, h) => `${h.fmtNumber(p.n)} tiles left`,
  'game.deal.title': 'The deal',
  'game.deal.sealed': 'Fingerprint of the deal, fixed before the first tile:',
  'game.deal.later': 'When the game ends, the app reveals the salt behind it, so you can check that every tile came from this deal and no other.',
  'game.deal.check': 'Check the deal',
  'game.deal.fingerprint': 'Fingerprint (shown from the first tile)',
  'game.deal.seed': 'Deal number',
  'game.deal.salt': 'Salt',
  'game.deal.how': 'Export the game from the history, then run this command: it recomputes the fingerprint from the deal number and the salt, and checks every draw against the deal.',
  'game.ui.close': 'Close',
  'game.ui.resignTitle': 'Resign this game?',
  'game.ui.resignText': 'The game ends now and counts as a loss in your statistics.',
  'game.ui.resignConfirm': 'Resign',
  'game.chart.label': 'Scores over the turns: {scores}',
  // Errors' titles.
  'game.error.log': 'Could not read the game log',
  'game.error.save': 'The game could not be saved',
  'game.error.odds': 'Odds',
  'game.error.setting': 'Could not save the setting',
  'game.error.move': 'Move refused',
  'game.error.undo': 'Undo',
  'game.error.hint': 'Hint',
  'game.error.resign': 'Resign',
  'game.error.match': 'Could not load the match',
  'game.error.review': 'Could not load the review',
};

export const hu = {
  'game.you': 'Te',
  'game.playerN': '{n}. játékos',
  'game.nobody': 'senki',
  'game.place': (p) => huPlace(p),
  'game.log.placement': (p, h) => {
    const parts = p.clauses.map((c) => huClause(p, c, h));
    const f = p.figure;
    if (f) {
      const n = huNoun(f.feature);
      let where;
      if (f.where === 'it') where = n.into;
      else if (f.where === 'mine') where = withArticle(`${HU_ADJ[f.action] ?? ''}${n.onto}`);
      else where = HU[f.feature] ? withArticle(n.onto) : 'a lapkára';
      parts.push(huPut(p, f.figure, f.feature, where));
    }
    return huSay(p, huClauses(parts));
  },
  'game.log.discarded': (p) => huSay(p, `olyan lapkát ${huV(p, ['húz', 'húzol'])}, amely sehová sem illik: kikerül a játékból`),
  'game.log.abbey': (p) => huSay(p, `${huV(p, ['lerakja', 'lerakod'])} az apátságot egy lyukba`),
  'game.log.figure': (p) => huSay(p, huPut(p, p.figure, p.feature, p.figure === 'barn' ? 'a mezőre' : HU[p.feature] ? withArticle(huNoun(p.feature).onto) : 'az új lapkára')),
  'game.log.returned': (p) => (p.you ? cap(withArticle(huFig(p.figure).poss2)) : `${p.name} ${huFig(p.figure).poss3}`) + ' visszatér',
  'game.log.wagonMoved': (p) => `${p.you ? 'A szekered' : `${p.name} szekere`} továbbmegy egy ${huNoun(p.feature).onto} ${p.dir ? `${HU_DIR[p.dir]} felé` : 'ugyanezen a lapkán'}`,
  'game.log.passed': (p) => huSay(p, `${huV(p, ['megtartja', 'megtartod'])} az apátságot`),
  'game.log.ended': 'Vége a játéknak: végső értékelés',
  'game.log.scored': (s, h) => {
    const pts = `${s.owners.length > 1 ? 'fejenként ' : ''}+${h.fmtNumber(s.points)}`;
    const end = s.cause === 'final' ? ' a játék végén' : '';
    const cities = `${h.fmtNumber(s.cities)} kész város mellett`;
    if (s.category === 'barn' || s.cause === 'barn_placed' || s.cause === 'barn_joined') {
      if (s.cause === 'barn_placed') return `${cap(huOwn(s.owners, '', HU.barn))} csatlakozik a parasztokhoz, ${cities}: ${pts}`;
      if (s.cause === 'barn_joined') return `${cap(huOwn(s.owners, '', { poss2: HU.barn.to2, poss3: HU.barn.to3 }))} újabb mező csatlakozik, ${cities}: ${pts}`;
      return `${cap(huOwn(s.owners, '', HU.barn))}, egy mezőn ${cities}: ${pts}${end}`;
    }
    const n = huNoun(s.feature);
    if (s.feature === 'field') return `${cap(huOwn(s.owners, '', n))}, ${cities}: ${pts}${end}`;
    const size = `(${h.fmtNumber(s.tiles)} lapka${s.pennants > 0 ? `, ${h.fmtNumber(s.pennants)} címer` : ''})`;
    if (s.cause === 'final') return `${cap(huOwn(s.owners, 'befejezetlen ', n))} ${size}: ${pts}${end}`;
    return `${cap(huOwn(s.owners, '', n))} ${size} elkészült: ${pts}`;
  },
  'game.log.show': 'Mutasd a táblán',
  'game.wagon.target': (p, h) => {
    const n = huNoun(p.feature);
    const adj = `${p.finished ? 'befejezett ' : ''}${p.place ? huPlaceMod(p.place) : ''}`;
    const what = p.owners.length ? huOwn(p.owners, adj, n) : withArticle(`${adj}${n.nom}`);
    const where = p.dir ? `innen ${HU_TO[p.dir]}` : 'itt';
    const size = p.feature === 'monastery' ? '' : ` (${h.fmtNumber(p.tiles)} lapka)`;
    return `${what} ${where}${size}`;
  },
  'game.ai.placesTile': (p) => huSay(p, `${huV(p, ['lerak', 'leraksz'])} egy lapkát`),
  'game.ai.figure': (p) => huSay(p, huPut(p, p.figure, null, 'az új lapkára')),
  'game.ai.noFigure': (p) => huSay(p, `nem ${huV(p, ['tesz', 'teszel'])} figurát az új lapkára`),
  'game.ai.wagonHome': (p) => huSay(p, `${huV(p, ['hazaviszi', 'hazaviszed'])} a szekeret`),
  'game.ai.wagonOn': (p) => `${p.you ? 'A szekered' : `${p.name} szekere`} továbbmegy`,
  'game.ai.draw': (p) => huSay(p, `${huV(p, ['húz', 'húzol'])} egy lapkát, és későbbre ${huV(p, ['tartogatja', 'tartogatod'])} az apátságot`),
  'game.beside': (p) => `${{ abbey: 'az apátságtól', monastery: 'a kolostortól', last: 'az utoljára lerakott lapkától', start: 'a kezdőlapkától', city: 'a városos lapkától', road: 'az utas lapkától', field: 'a mezős lapkától' }[p.what]} ${HU_TO[p.side]}`,
  'game.turns.0': 'ahogy húztad', 'game.turns.1': 'egyszer elforgatva', 'game.turns.2': 'kétszer elforgatva', 'game.turns.3': 'háromszor elforgatva',
  'game.hint': (p) => `Tipp: ${cap(p.text)}. Ki van jelölve a táblán: a Mehet gombbal lépsz.`,
  'game.hint.draw': 'húzz egy lapkát, és tartsd meg az apátságodat későbbre',
  'game.hint.place': (p) => `tedd a lapkát ${p.beside ? `${p.beside}, ` : 'ide, '}${p.turns}`,
  'game.hint.abbey': (p) => `tedd az apátságodat ${p.beside ? `${p.beside} lévő lyukba` : 'a lyukba'}`,
  'game.hint.barn': (p) => `tedd a pajtádat az új lapka ${huPlaceMod(p.place)}${HU.corner.into3}`,
  'game.hint.figure': (p) => `tedd ${withArticle(huFig(p.kind).acc2)} ${p.place ? `az új lapka ${huPlaceMod(p.place)}${huPlaceNoun(p.place).into3}` : 'az új lapkára'}`,
  'game.hint.noFigure': 'ebben a körben ne tegyél le figurát',
  'game.hint.wagonHome': 'vidd haza a szekeredet',
  'game.hint.wagonAny': 'vidd tovább a szekeredet a kiemelt területre',
  'game.hint.wagonTo': 'vidd tovább a szekeredet ide: {target}',
  'game.hint.pass': 'tartsd meg az apátságodat',
  'game.spot': (p) => cap(huPlace(p.place)),
  'game.spot.noPennants': '{base}: nincs címer, most semmit sem ér',
  'game.turn.current': '{n}. kör',
  'game.turn.played': (p, h) => `${h.fmtNumber(p.n)} kör`,
  'game.turn.resume': '{n}. kör',
  'game.replay.start': 'Kezdés, az 1. kör előtt ({turns} kör)',
  'game.replay.final': 'Végső értékelés, az utolsó kör után ({turns} kör)',
  'game.replay.turn': '{pos}. kör / {turns}',
  'game.prompt.drawOrAbbey': 'Húzz egy lapkát, vagy tedd inkább az apátságodat egy kiemelt lyukba.',
  'game.prompt.finalAbbey': 'Elfogytak a lapkák: most tedd le az apátságodat egy kiemelt lyukba, vagy tartsd meg végleg.',
  'game.prompt.placeTile': (p, h) => `Tedd le a lapkádat: koppints egy kiemelt helyre (${h.fmtNumber(p.n)} helyre illik).`,
  'game.prompt.rotate': (p, h) => `Forgasd el (koppints rá, vagy R; ${h.fmtNumber(p.ways)} állásban illik), aztán: Mehet.`,
  'game.prompt.onlyWay': 'Csak így illik ide. Nyomd meg a Mehet gombot, vagy koppints egy másik helyre.',
  'game.prompt.figure': 'Tegyél egy figurát az új lapkára (koppints egy körre), vagy ne tegyél semmit.',
  'game.prompt.noFigure': 'Erre a lapkára nem tehetsz figurát.',
  'game.prompt.wagon': 'A szekered visszatér: vidd tovább egy kiemelt területre azon a lapkán, ahol állt („itt”), vagy a szomszédain, vagy vidd haza.',
  'game.prompt.waiting': 'Várakozás…',
  'game.lastChance': 'Utolsó esély! ',
  'game.over': 'Vége a játéknak.',
  'game.thinking': '{name} gondolkodik…',
  'game.tile.words': (p, h) => {
    const n = (k, noun) => (k === 1 ? `egy ${noun}` : `${HU_NUMBER[k] ?? h.fmtNumber(k)} ${noun}`);
    const parts = [];
    if (p.monastery) parts.push('egy kolostor');
    if (p.cities) parts.push(n(p.cities, 'város'));
    if (p.roads) parts.push(n(p.roads, 'út'));
    return parts.length ? h.fmtList(parts) : 'csak mező';
  },
  'game.tile.drawn': (p) => `A lapkád${p.what ? `: ${p.what}` : ''}. Forgatás: R`,
  'game.tile.label': '{id} lapka',
  'game.announce.placeTile': (p, h) => `Te következel: tedd le a lapkádat${p.what ? ` (${p.what})` : ''}. ${h.fmtNumber(p.n)} helyre illik.`,
  'game.announce.figure': 'Tegyél le egy figurát, vagy ne tegyél semmit.',
  'game.announce.drawOrAbbey': 'Te következel: húzz egy lapkát, vagy tedd le az apátságodat.',
  'game.announce.finalAbbey': 'Utolsó esély, hogy letedd az apátságodat.',
  'game.announce.wagon': 'Vidd tovább a szekeredet, vagy vidd haza.',
  'game.announce.undone': 'Visszavonva.',
  'game.summary': (p, h) => {
    const has = (k, noun) => `${noun} ${p.supply[k] ? 'kézben' : 'felhasználva'}`;
    const supply = `${h.fmtNumber(p.supply.followers)} alattvaló${p.abbeyMayor ? `, ${[has('mayor', 'polgármester'), has('wagon', 'szekér'), has('barn', 'pajta'), has('abbey', 'apátság')].join(', ')}` : ''}`;
    return `${p.name}${p.level ? ` (${p.level})` : ''}, ${p.mark}: ${h.fmtNumber(p.score)} pont, ${h.fmtNumber(p.projected)}, ha most érne véget a játék; ${supply}${p.current ? '; soron van' : ''}${p.thinking ? '; gondolkodik' : ''}`;
  },
  'game.mark': '{colour} {shape}',
  'game.projected.legend': '→ pont, ha most érne véget a játék',
  'game.projected': '{n}, ha most érne véget a játék',
  'game.end.resigned': 'Feladtad a játékot.',
  'game.end.shared': 'Megosztott győzelem!',
  'game.end.won': 'Nyertél!',
  'game.end.others': (p, h) => `${h.fmtList(p.names)} ${p.names.length > 1 ? 'nyertek' : 'nyert'}.`,
  'game.end.table': (p, h) => (p.names.length > 1 ? `Közös győzelem: ${h.fmtList(p.names)}!` : `${p.names[0] ?? 'Senki sem'} nyert!`),
  'game.end.tableResigned': (p, h) => `${p.name ?? 'Valaki'} feladta${p.names?.length ? `: ${h.fmtList(p.names)} ${p.names.length > 1 ? 'nyertek' : 'nyert'}` : ', vége a játéknak'}.`,
  'game.end.people': 'Mindenki eredménye',
  'game.end.outcome': (p) => ({ won: 'nyert', lost: 'vesztett', drawn: 'közösen nyert', resigned: 'feladta' }[p.outcome] ?? p.outcome),
  'game.end.rating': 'értékszám {before} → {after} ({change})',
  'game.end.unrated': 'az értékszám nem változott',
  'game.end.reviewOf': 'Itt {name} lépéseinek elemzése látszik; mindenki a saját profiljának előzményeiben elemezheti a sajátjait.',
  'game.handover.label': 'Átadás',
  'game.handover.pass': (p, h) => `Add át az eszközt ${h.suffix(p.name, 'nak', 'nek')}. A tábla addig rejtve marad, amíg ${p.name} készen nem áll.`,
  'game.handover.ready': '{name} következik — koppints, ha készen állsz',
  'game.person': 'ember',
  'game.rating.moved': 'Az értékszámod: {before} → {after} ({change})',
  'game.rating.against': ({ outcome, name, rating, chance, points }, h) => `${{
    won: `Legyőzted ${huAcc(name, h)} (≈\u00a0${rating})`, lost: `${name} (≈\u00a0${rating}) legyőzött`, drawn: `Döntetlen ${name} (≈\u00a0${rating}) ellen`, resigned: `Feladtad ${name} (≈\u00a0${rating}) ellen`,
  }[outcome] ?? name}: az értékszámok szerint ${chance} esélyed volt a győzelemre → ${points}`,
  'game.rating.help': 'Egy erősebb ellenfél legyőzése többet hoz, egy gyengébbtől elszenvedett vereség többe kerül.',
  'game.odds.title': (p) => cap(huNoun(p.kind).nom),
  'game.odds.complete': (p) => `Ez ${withArticle(huNoun(p.kind).nom)} elkészült.`,
  'game.odds.never': 'A mező sosem készül el: a játék végén ér pontot.',
  'game.odds.several': 'Egynél több lapka kell a befejezéséhez.',
  'game.odds.count': (p, h) => `${h.fmtNumber(p.count)} még nem látott lapka befejezheti (${h.fmtPercent(p.chance)} a következő húzásnál).${p.inHand ? ' A kézben lévő lapka is befejezheti.' : ''}`,
  'game.odds.inHandOnly': 'Csak a kézben lévő lapka fejezheti be: egyetlen még nem látott lapka sem.',
  'game.odds.none': 'Egyetlen még nem látott lapka sem fejezi be egy lerakással: több lapka kell hozzá.',
  'game.odds.doomedAbbey': (p) => `Egyetlen hátralévő lapka sem illik ${p.n === 1 ? 'az ✕-szel jelölt helyre' : `a ${p.n} ✕-szel jelölt helyre`}: csak egy apátság fejezhetné be, ha ${p.n === 1 ? 'kitölti' : 'kitölti őket'}.`,
  'game.odds.doomed': (p) => `Már nem fejezhető be: egyetlen hátralévő lapka sem illik ${p.n === 1 ? 'az ✕-szel jelölt helyre' : `a ${p.n} ✕-szel jelölt helyre`}.`,
  'game.deadSquare': (p, h) => {
    const doom = p.n ? `; ${h.fmtNumber(p.n)} szomszédos terület már nem fejezhető be${p.abbey ? ' sima lapkával' : ''}` : '';
    return `Halott hely (${p.x}, ${p.y}): egyetlen hátralévő lapka sem illik ide${p.abbey && p.hole ? ' (egy apátság még igen)' : ''}${doom}`;
  },
  'game.chance': '{pct} esély',
  ...SETTINGS_HU,
  'game.review.class.best': 'Legjobb', 'game.review.class.good': 'Jó', 'game.review.class.inaccuracy': 'Pontatlanság', 'game.review.class.mistake': 'Hiba', 'game.review.class.blunder': 'Durva hiba',
  'game.review.move.draw': 'lapkahúzás, az apátság marad',
  'game.review.move.place': (p) => (p.ghost ? `a lapka${p.square}` : 'lapka lerakva'),
  'game.review.move.abbey': 'az apátság{square}',
  'game.review.move.barn': (p) => `pajta: ${huPlace(p.place)}`,
  'game.review.move.figure': (p) => `${huFig(p.kind).nom}: ${p.place ? huPlace(p.place) : 'lerakva'}`,
  'game.review.move.noFigure': 'nincs figura',
  'game.review.move.wagon': (p) => (p.place ? `szekér ide: ${huPlace(p.place)}${p.square}` : `szekér továbbment${p.square}`),
  'game.review.move.wagonHome': 'szekér haza',
  'game.review.move.pass': 'az apátság marad',
  'game.review.square.best': ' a zöld helyen',
  'game.review.square.played': ' a szaggatott szélű helyen',
  'game.review.what.draw_or_abbey': 'húzás vagy apátság', 'game.review.what.place_tile': 'lapka', 'game.review.what.place_figure': 'figura', 'game.review.what.move_wagon': 'szekér', 'game.review.what.final_abbey': 'utolsó apátság',
  'game.review.decision': '{turn}. kör, {what}',
  'game.why.closes_feature': (p, h) => `Most befejezi ${withArticle(huNoun(p.feature).acc2)}: +${h.fmtNumber(p.points)}.`,
  'game.why.weak_mayor': (p, h) => (p.strength ? `A polgármestered ereje ott csak ${h.fmtNumber(p.strength)} lett volna: annyi, ahány címer van a városban.` : 'A polgármestered ereje ott 0 lett volna: a városban nincs címer.'),
  'game.why.shares_feature': (p) => `Ezzel a lépéssel közös lenne ${withArticle(huNoun(p.feature).poss2)} ${huWith(p.name)}: a pontjait mindketten megkapnátok.`,
  'game.why.shares_field': (p) => `Ezzel a lépéssel osztoznál ${p.name} mezőjén: a pontjait mindketten megkapnátok.`,
  'game.why.loses_feature': (p) => `Ezzel a lépéssel ${withArticle(huNoun(p.feature).poss2)} összeolvad ${p.name} ${huNoun(p.feature).with3}, amelyben ő az erősebb: te semmit sem kapnál belőle.`,
  'game.why.more_points': (p, h) => `Most ${h.fmtNumber(p.points)} ponttal többet ér.`,
  'game.why.gives_points': (p, h) => `Ezzel a lépéssel ${p.name} most ${h.fmtNumber(p.points)} ponttal többet kap.`,
  'game.why.keeps_follower': (p) => `Kézben tartja ${withArticle(huFig(p.figure).acc2)} egy későbbi, jobb alkalomra.`,
  'game.why.worth_more': (p, h) => `A játék végén ${withArticle(huNoun(p.feature).poss2)} ${h.fmtNumber(p.points)} ponttal többet érne neked.`,
  'game.why.feeds_feature': (p, h) => `Ezzel a lépéssel a játék végén ${p.name} ${huNoun(p.feature).poss3} ${h.fmtNumber(p.points)} ponttal többet érne neki.`,
  'game.why.places_figure': (p) => `${cap(withArticle(huFig(p.figure).acc2))} ${withArticle(huNoun(p.feature).onto)} teszi.`,
  'game.why.better_chances': 'Ebben a körben semmi sem különbözteti meg a két lépést a táblán: a játék hátralevő részében a keresés szerint ennek jobbak az esélyei.',
  'game.why.later': (p, h) => (p.points >= 1 ? `A játék végére ez csak körülbelül ${h.fmtNumber(p.points)} pont: a többi később visszajön.` : 'A játék végére ez szinte semmi: később visszajön.'),
  'game.why.default': 'A keresés szerint ez jobb a nyerési esélyeidnek.',
  'game.review.verdict.best': 'Ezt játszottad: {move} – ez a legjobb lépés.',
  'game.review.verdict.turned': 'A legjobb helyre tetted a lapkát, de másképp forgattad: a legjobb állás zölddel látszik.',
  'game.review.verdict.other': 'Ezt játszottad: {played}; a legjobb: {best}.',
  'game.review.win': 'Nyerési esély: {pct}',
  'game.review.winBest': 'Nyerési esély: {pct} (a legjobb lépéssel {best})',
  'game.review.pointsLost': (p, h) => (p.points >= 1 ? `várhatóan ${h.fmtNumber(p.points)} ponttal kevesebb a végén` : 'várhatóan egy pontnál kevesebb a végén'),
  'game.review.running': (p, h) => (p.total ? `A lépéseid elemzése: ${h.fmtNumber(p.done)}/${h.fmtNumber(p.total)} döntés` : 'A lépéseid elemzése…'),
  'game.review.done': 'Az elemzés kész.',
  'game.review.cancelled': 'Az elemzés megszakítva.',
  'game.review.resigned': 'A feladott játékot nem elemzi a gép, csak a végigjátszottakat.',
  'game.review.failed': 'Az elemzés nem sikerült: {message}',
  'game.review.unknownError': 'ismeretlen hiba',
  'game.review.summary': (p, h) => {
    const words = { inaccuracy: 'pontatlanság', mistake: 'hiba', blunder: 'durva hiba' };
    const bad = ['inaccuracy', 'mistake', 'blunder'].filter((k) => p.counts[k]).map((k) => `${h.fmtNumber(p.counts[k])} ${words[k]}`);
    return `Pontosság: ${p.accuracy} · ${bad.length ? bad.join(', ') : 'nincs pontatlanság, hiba vagy durva hiba'}`;
  },
  'game.review.graph': (p) => `A nyerési esélyed körről körre; ${p.worst.length ? p.worst.map((w) => `${w.class} ${az(String(w.turn))} ${w.turn}. körben`).join(', ') : 'nincs hiba vagy durva hiba'}`,
  'game.review.none': 'Ezt a játékot még nem elemezte a gép. Az elemzés a nehéz szintű gép keresésével visszajátssza minden döntésedet, és eltart egy ideig; az ablak közben használható.',
  'game.review.ghost.best': 'legjobb',
  'game.review.ghost.played': 'játszott',
  'game.review.progress': 'Az elemzés állása',
  'game.review.cancel': 'Elemzés leállítása',
  'game.review.couldNotCancel': 'Nem sikerült leállítani az elemzést',
  'game.review.couldNotStart': 'Nem sikerült elemezni a játékot',
  'game.review.button': 'Elemzés',
  'game.review.moves': 'A lépéseid, elemezve',
  'game.whoseTurn': (p) => (p.over ? (p.inner ? 'vége a játéknak' : 'Vége a játéknak') : p.you ? (p.inner ? 'te következel' : 'Te következel') : `${p.name} következik`),
  'game.sheetToggle': '{shown}. Pontok: {scores}. Eredménytábla és napló',
  'game.sheet': 'Eredménytábla és napló',
  'game.ui.menu': '‹ Menü',
  'game.ui.menuLabel': 'Vissza a menübe (a játék megmarad)',
  'game.ui.tiles': 'Lapkák',
  'game.ui.owners': 'Tulajok',
  'game.ui.aids': 'Segítség',
  'game.ui.zoomIn': 'Nagyítás',
  'game.ui.zoomOut': 'Kicsinyítés',
  'game.ui.fit': 'A tábla igazítása a képernyőhöz',
  'game.ui.yourMove': 'A lépésed',
  'game.ui.undo': 'Visszavonás',
  'game.ui.hint': 'Tipp',
  'game.ui.scoreboard': 'Eredménytábla',
  'game.ui.gameLog': 'Játéknapló',
  'game.ui.log': 'Napló',
  'game.ui.whatHappened': 'Mi történt',
  'game.ui.resign': 'Feladás…',
  'game.ui.resignLabel': 'A játék feladása',
  'game.ui.boardPlain': 'Játéktábla',
  'game.ui.board': 'Játéktábla. A nyilak mozgatják, a plusz és a mínusz nagyít és kicsinyít, a 0 az egészet mutatja.',
  'game.ui.left': 'még {n}',
  'game.ui.leftLabel': (p, h) => `Még ${h.fmtNumber(p.n)} lapka van hátra: mutasd típusonként`,
  'game.ui.finalScores': 'Végeredmény',
  'game.ui.newGame': 'Új játék',
  'game.ui.confirm': 'Mehet',
  'game.ui.draw': 'Lapkát húzok',
  'game.ui.or': 'vagy',
  'game.ui.abbeyHere': 'Apátság ide',
  'game.ui.tapHoleAbbey': 'Koppints egy lyukra',
  'game.ui.keepAbbey': 'Megtartom az apátságot',
  'game.ui.tapHole': 'Koppints egy lyukra',
  'game.ui.rotate': '⟳ Forgatás',
  'game.ui.figure': 'Figura',
  'game.ui.where': 'Hová',
  'game.ui.noFigure': 'Nem teszek figurát',
  'game.ui.wagonWhere': 'Hová megy a szekér',
  'game.ui.takeHome': 'Haza vele',
  'game.ui.lookBoard': 'A tábla megtekintése',
  'game.ui.replay': 'Visszajátszás',
  'game.ui.seeReview': 'Az elemzés megtekintése',
  'game.ui.tilesLeft': (p, h) => `Még ${h.fmtNumber(p.n)} lapka van hátra`,
  'game.deal.title': 'A leosztás',
  'game.deal.sealed': 'A leosztás ujjlenyomata, az első lapka előtt rögzítve:',
  'game.deal.later': 'A játék végén az app felfedi a mögötte álló sót, így ellenőrizheted, hogy minden lapka ebből a leosztásból jött, nem máshonnan.',
  'game.deal.check': 'A leosztás ellenőrzése',
  'game.deal.fingerprint': 'Ujjlenyomat (az első lapkától látható)',
  'game.deal.seed': 'Osztás száma',
  'game.deal.salt': 'Só',
  'game.deal.how': 'Exportáld a játékot az előzményekből, majd futtasd ezt a parancsot: újraszámolja az ujjlenyomatot az osztás számából és a sóból, és minden húzást összevet a leosztással.',
  'game.ui.close': 'Bezárás',
  'game.ui.resignTitle': 'Feladod a játékot?',
  'game.ui.resignText': 'A játék most véget ér, és vereségnek számít a statisztikádban.',
  'game.ui.resignConfirm': 'Feladom',
  'game.chart.label': 'A pontok körről körre: {scores}',
  'game.error.log': 'Nem sikerült beolvasni a játéknaplót',
  'game.error.save': 'Nem sikerült menteni a játékot',
  'game.error.odds': 'Esélyek',
  'game.error.setting': 'Nem sikerült menteni a beállítást',
  'game.error.move': 'A lépés nem lehetséges',
  'game.error.undo': 'Visszavonás',
  'game.error.hint': 'Tipp',
  'game.error.resign': 'Feladás',
  'game.error.match': 'Nem sikerült betölteni a játékot',
  'game.error.review': 'Nem sikerült betölteni az elemzést',
};
