// The `tiles` command's answer for the test double, built from RULES.md §2 written in the
// same declarative form the engine uses: edges N E S W, then segments separated by ";".
// (Segment words: `road SIDES`, `city SIDES [+|++]`, `monastery`,
// `field HALVES|inner [> CITY-SIDES]`, each city named by one of its sides.)

const SPECS = [
  ['A', 2, 'FFRF', 'monastery; road S; field Nw Ne En Es Se Sw Ws Wn'],
  ['B', 4, 'FFFF', 'monastery; field Nw Ne En Es Se Sw Ws Wn'],
  ['C', 1, 'CCCC', 'city N E S W +'],
  ['D', 4, 'CRFR', 'city N; road W E; field En Wn > N; field Es Se Sw Ws'],
  ['E', 5, 'CFFF', 'city N; field En Es Se Sw Ws Wn > N'],
  ['F', 2, 'FCFC', 'city E W +; field Nw Ne > E; field Se Sw > E'],
  ['G', 1, 'FCFC', 'city E W; field Nw Ne > E; field Se Sw > E'],
  ['H', 3, 'CFCF', 'city N; city S; field En Es Ws Wn > N S'],
  ['I', 2, 'CFFC', 'city N; city W; field En Es Se Sw > N W'],
  ['J', 3, 'CRRF', 'city N; road E S; field En Sw Ws Wn > N; field Es Se'],
  ['K', 3, 'CFRR', 'city N; road S W; field En Es Se Wn > N; field Sw Ws'],
  ['L', 3, 'CRRR', 'city N; road E; road S; road W; field En Wn > N; field Es Se; field Sw Ws'],
  ['M', 2, 'CFFC', 'city N W +; field En Es Se Sw > N'],
  ['N', 3, 'CFFC', 'city N W; field En Es Se Sw > N'],
  ['O', 2, 'CRRC', 'city N W +; road E S; field En Sw > N; field Es Se'],
  ['P', 3, 'CRRC', 'city N W; road E S; field En Sw > N; field Es Se'],
  ['Q', 1, 'CCFC', 'city N E W +; field Se Sw > N'],
  ['R', 3, 'CCFC', 'city N E W; field Se Sw > N'],
  ['S', 2, 'CCRC', 'city N E W +; road S; field Se > N; field Sw > N'],
  ['T', 1, 'CCRC', 'city N E W; road S; field Se > N; field Sw > N'],
  ['U', 8, 'FRFR', 'road W E; field Nw Ne En Wn; field Es Se Sw Ws'],
  ['V', 9, 'FFRR', 'road S W; field Nw Ne En Es Se Wn; field Sw Ws'],
  ['W', 4, 'FRRR', 'road E; road S; road W; field Nw Ne En Wn; field Es Se; field Sw Ws'],
  ['X', 1, 'RRRR', 'road N; road E; road S; road W; field Nw Wn; field Ne En; field Es Se; field Sw Ws'],
  ['AM1', 1, 'CCCC', 'city N E S W ++'],
  ['AM2', 1, 'CCCC', 'city N S +; city E W; field inner > N E; field inner > N E'],
  ['AM3', 1, 'CCFC', 'city N +; city E W; field inner > N E; field Se Sw > N E'],
  ['AM4', 1, 'CRRC', 'city N; city W; road E; road S; field En > N; field Sw > W; field Es Se > N W'],
  ['AM5', 1, 'RRRR', 'monastery; road N; road E; road S; road W; field Nw Wn; field Ne En; field Es Se; field Sw Ws'],
  ['AM6', 1, 'CFFR', 'city N; road W; field Wn > N; field En Es Se Sw Ws > N'],
  ['AM7', 1, 'CRRF', 'city N; road E S; field Sw Ws Wn > N; field En > N; field Es Se'],
  ['AM8', 1, 'CFRR', 'city N; road S W; field En Es Se > N; field Wn > N; field Sw Ws'],
  ['AM9', 1, 'FFFC', 'city W +; field Nw Ne > W; field En Es > W; field Se Sw > W'],
  ['AM10', 1, 'FFRF', 'road S; field Nw Ne En Es Se Sw Ws Wn'],
  ['AM11', 1, 'RRFR', 'road N E W; field Nw Wn; field Ne En; field Es Se Sw Ws'],
  ['AM12', 1, 'RCRC', 'city E W +; road N S; field Nw > E; field Ne > E; field Se Sw > E'],
  ['abbey', 0, '----', 'monastery'],
];

const SIDES = ['N', 'E', 'S', 'W'];
const HALVES = ['Nw', 'Ne', 'En', 'Es', 'Se', 'Sw', 'Ws', 'Wn'];
const bySideOrder = (a, b) => SIDES.indexOf(a) - SIDES.indexOf(b);
const byHalfOrder = (a, b) => HALVES.indexOf(a) - HALVES.indexOf(b);

function parse(id, count, edges, spec) {
  const segments = [];
  let inner = 0;
  const pending = [];
  for (const word of spec.split(';').map((w) => w.trim())) {
    const [kind, ...rest] = word.split(/\s+/);
    const seg = { index: segments.length, kind, name: '', sides: [], halves: [], pennants: 0, cities: [], inner: 0 };
    if (kind === 'road' || kind === 'city') {
      seg.sides = rest.filter((w) => SIDES.includes(w)).sort(bySideOrder);
      seg.pennants = rest.filter((w) => /^\++$/.test(w)).reduce((n, w) => n + w.length, 0);
      seg.name = seg.sides[0];
    } else if (kind === 'field') {
      const arrow = rest.indexOf('>');
      const own = arrow >= 0 ? rest.slice(0, arrow) : rest;
      if (own[0] === 'inner') { inner += 1; seg.inner = inner; seg.name = inner === 1 ? 'inner' : 'inner2'; }
      else { seg.halves = own.slice().sort(byHalfOrder); seg.name = seg.halves[0]; }
      if (arrow >= 0) pending.push([seg, rest.slice(arrow + 1)]);
    } else {
      seg.name = 'monastery';
    }
    segments.push(seg);
  }
  for (const [seg, sides] of pending) {
    seg.cities = sides.map((s) => segments.find((c) => c.kind === 'city' && c.sides.includes(s)).index);
  }
  const signature = (q) => segments.map((s) => `${s.kind}:${s.sides.map((x) => SIDES[(SIDES.indexOf(x) + q) % 4]).sort().join('')}`
    + `:${s.halves.map((h) => HALVES[(HALVES.indexOf(h) + 2 * q) % 8]).sort().join('')}:${s.pennants}`).sort().join('|');
  const rotations = [];
  const seen = new Set();
  for (let q = 0; q < 4; q++) {
    const sig = signature(q);
    if (!seen.has(sig)) { seen.add(sig); rotations.push(q * 90); }
  }
  return {
    id, count, expansion: id.startsWith('AM'), edges, monastery: segments.some((s) => s.kind === 'monastery'),
    // The app lists every rotation for the abbey, whose drawing does not turn.
    rotations: id === 'abbey' ? [0, 90, 180, 270] : rotations, segments,
  };
}

export const TILESET = { types: SPECS.map((s) => parse(...s)), start: 'D', abbey: 'abbey' };
