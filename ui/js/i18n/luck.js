// Messages of the luck of the draw (see ../i18n.js, ../luck.js): the same keys in `en` and
// `hu`. Points arrive as whole numbers ≥ 0 with the direction in a parameter, names as
// `{name, you}` subjects.
export const SAMPLES = {
  'luck.result': { outcome: 'lost', margin: 12, vs: 'one' },
  'luck.draws': { effect: 'cost', points: 18 },
  'luck.adjusted': { outcome: 'won', margin: 6, vs: 'one' },
  'luck.player': { who: { name: 'Berta', you: false }, sign: '+', points: 6, winSign: '+', win: 9 },
  'luck.draw': { who: { name: 'Berta', you: false }, turn: 12, effect: 'less', points: 1 },
  'luck.best': { points: 4 },
  'luck.strip': { parts: 'yours −14, Berta +6' },
  'luck.profile': { n: 12, sign: '+', points: 1.4 },
};

const enPts = (n, h) => `${h.fmtNumber(n)} ${n === 1 ? 'point' : 'points'}`;
const huPts = (n, h) => `${h.fmtNumber(n)} pont`;

export const en = {
  'luck.title': 'Luck of the draw',
  'luck.help': 'Each tile drawn is compared with the average of the tiles that could have come instead: what it was worth to its player, placed at its best. Over many games a fair shuffle evens out.',
  'luck.result': (p, h) => (p.outcome === 'drawn' ? (p.vs === 'one' ? 'You drew level' : 'You finished level with the others’ average')
    : p.vs === 'one' ? `You ${p.outcome} by ${enPts(p.margin, h)}`
      : `You finished ${enPts(p.margin, h)} ${p.outcome === 'won' ? 'above' : 'below'} the others’ average`),
  'luck.draws': (p, h) => (p.effect === 'even' ? 'the draws were about even.' : p.effect === 'cost' ? `the draws cost you ${enPts(p.points, h)}.` : `the draws gave you ${enPts(p.points, h)}.`),
  'luck.adjusted': (p, h) => (p.outcome === 'drawn' ? 'With average draws it would have been about level.'
    : p.vs === 'one' ? `With average draws you would have ${p.outcome} by about ${enPts(p.margin, h)}.`
      : `With average draws you would have finished about ${enPts(p.margin, h)} ${p.outcome === 'won' ? 'above' : 'below'} their average.`),
  'luck.player': (p, h) => `${p.who.you ? 'Your draws' : `${p.who.name}’s draws`}: ${p.sign}${enPts(p.points, h)}, ${p.winSign}${h.fmtNumber(p.win)}% to win`,
  'luck.draw': (p, h) => `Turn ${h.fmtNumber(p.turn)}: ${p.who.you ? 'your' : `${p.who.name}’s`} tile was worth ${p.effect === 'same' ? 'about as much as the average draw' : `${enPts(p.points, h)} ${p.effect} than the average draw`}.`,
  'luck.best': (p, h) => `The best tile that could have come was worth ${enPts(p.points, h)} more than the average.`,
  'luck.none': 'No tile was drawn on this turn.',
  'luck.pick': 'Tap a bar to see that draw.',
  'luck.strip': (p) => `Luck of each draw, in points: ${p.parts}`,
  'luck.stripYou': 'yours',
  'luck.profileTitle': 'Luck of the draw',
  'luck.profile': (p, h) => `Over ${h.fmtNumber(p.n)} ${p.n === 1 ? 'game' : 'games'} your draws were worth ${p.sign}${h.fmtNumber(p.points, { maximumFractionDigits: 1 })} ${p.points === 1 ? 'point' : 'points'} a game against your opponents’: a fair shuffle tends to 0.`,
  'luck.profileNone': 'Finish a game to see the luck of your draws.',
};

export const hu = {
  'luck.title': 'A húzások szerencséje',
  'luck.help': 'Minden húzott lapot összevetünk azoknak a lapoknak az átlagával, amelyek helyette jöhettek volna: mennyit ért annak, aki húzta, a legjobb helyére téve. Sok játszma alatt a tisztességes keverés kiegyenlítődik.',
  'luck.result': (p, h) => (p.outcome === 'drawn' ? (p.vs === 'one' ? 'Döntetlenre játszottál' : 'A többiek átlagával egyenlő pontszámmal végeztél')
    : p.vs === 'one' ? `${huPts(p.margin, h)}tal ${p.outcome === 'won' ? 'nyertél' : 'kikaptál'}`
      : `${huPts(p.margin, h)}tal a többiek átlaga ${p.outcome === 'won' ? 'fölött' : 'alatt'} végeztél`),
  'luck.draws': (p, h) => (p.effect === 'even' ? 'a húzások nagyjából kiegyenlítettek voltak.' : p.effect === 'cost' ? `a húzások ${huPts(p.points, h)}ba kerültek.` : `a húzások ${huPts(p.points, h)}ot hoztak.`),
  'luck.adjusted': (p, h) => (p.outcome === 'drawn' ? 'Átlagos húzásokkal nagyjából döntetlen lett volna.'
    : p.vs === 'one' ? `Átlagos húzásokkal nagyjából ${huPts(p.margin, h)}tal ${p.outcome === 'won' ? 'nyertél' : 'kikaptál'} volna.`
      : `Átlagos húzásokkal nagyjából ${huPts(p.margin, h)}tal végeztél volna az átlaguk ${p.outcome === 'won' ? 'fölött' : 'alatt'}.`),
  'luck.player': (p, h) => `${p.who.you ? 'A te húzásaid' : `${p.who.name} húzásai`}: ${p.sign}${huPts(p.points, h)}, ${p.winSign}${h.fmtNumber(p.win)}% nyerési esély`,
  'luck.draw': (p, h) => `${h.fmtNumber(p.turn)}. kör: ${p.who.you ? 'a lapod' : `${p.who.name} lapja`} ${p.effect === 'same' ? 'nagyjából annyit ért, mint az átlagos húzás' : `${huPts(p.points, h)}tal ${p.effect === 'more' ? 'többet' : 'kevesebbet'} ért az átlagos húzásnál`}.`,
  'luck.best': (p, h) => `A legjobb lap, amely jöhetett volna, ${huPts(p.points, h)}tal többet ért az átlagnál.`,
  'luck.none': 'Ebben a körben nem húztak lapot.',
  'luck.pick': 'Koppints egy oszlopra, hogy lásd azt a húzást.',
  'luck.strip': (p) => `Az egyes húzások szerencséje pontban: ${p.parts}`,
  'luck.stripYou': 'a tiéd',
  'luck.profileTitle': 'A húzások szerencséje',
  'luck.profile': (p, h) => `${h.fmtNumber(p.n)} játszmában a húzásaid átlagosan ${p.sign}${h.fmtNumber(p.points, { maximumFractionDigits: 1 })} pontot értek játszmánként az ellenfeleidéhez képest: tisztességes keverésnél ez 0 felé tart.`,
  'luck.profileNone': 'Fejezz be egy játszmát, hogy lásd a húzásaid szerencséjét.',
};
