// A test double of the app's commands (src-tauri/API.md), installed as window.__TAURI__
// before the UI loads. It is a small model, not the engine: tiles are matched edge by edge,
// roads, cities and monasteries are scored when finished (majority, ties, mayor strength),
// the AI places random legal tiles from a seeded generator, and finished games go to an
// in-memory history with per-turn positions. Shapes follow API.md exactly so that the UI
// meets the same JSON as from the real app. Field scoring is left out (scores 0).
import { TILESET } from './tileset.js';

/** The init script for `context.addInitScript`. */
export function doubleScript(config = {}) {
  return `window.__TILESET__ = ${JSON.stringify(TILESET)};\n(${installDouble.toString()})(${JSON.stringify(config)});`;
}

function installDouble(config) {
  const TS = window.__TILESET__;
  const TYPES = new Map(TS.types.map((t) => [t.id, t]));
  const SIDES = ['N', 'E', 'S', 'W'];
  const HALVES = ['Nw', 'Ne', 'En', 'Es', 'Se', 'Sw', 'Ws', 'Wn'];
  const CORNERS = ['NW', 'NE', 'SE', 'SW'];
  const CORNER_HALVES = { NW: ['Wn', 'Nw'], NE: ['Ne', 'En'], SE: ['Es', 'Se'], SW: ['Sw', 'Ws'] };
  const DIR = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
  const OPP = { N: 'S', E: 'W', S: 'N', W: 'E' };
  const LEVELS = ['random', 'greedy', 'easy', 'medium', 'hard', 'expert'];
  const BOT_NAMES = ['Bot Berta', 'Bot Conrad', 'Bot Dora', 'Bot Emil', 'Bot Frida'];
  const aiDelay = config.aiDelay ?? 15;
  const listeners = [];
  const calls = [];
  window.__DOUBLE__ = { calls, config };

  const rotName = (name, rot) => {
    const q = ((rot / 90) % 4 + 4) % 4;
    let i = SIDES.indexOf(name); if (i >= 0) return SIDES[(i + q) % 4];
    i = HALVES.indexOf(name); if (i >= 0) return HALVES[(i + 2 * q) % 8];
    i = CORNERS.indexOf(name); if (i >= 0) return CORNERS[(i + q) % 4];
    return name;
  };
  const unrot = (name, rot) => rotName(name, (360 - rot) % 360);
  const key = (x, y) => `${x},${y}`;
  const err = (code, message) => ({ code, message });
  const clone = (o) => JSON.parse(JSON.stringify(o));
  const now = () => new Date(Date.UTC(2026, 10, 29, 21, 45, calls.length)).toISOString().replace('.000', '');

  function rng(seed) {
    let s = (seed >>> 0) || 1;
    return () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; };
  }

  // --- Profiles and history.
  const store = {
    profiles: (config.profiles ?? []).map((name, i) => newProfile(name, i)),
    active: null,
    matches: [],
    game: null,
    exports: {},
  };
  store.active = store.profiles[0]?.id ?? null;
  function newProfile(name, i) {
    return { id: `p-${(1000 + i).toString(16)}${name.length}`, name, created: now(),
      stats: { games: 0, wins: 0, losses: 0, draws: 0, resigned: 0, averageScore: 0, bestScore: 0, totalScore: 0, byLevel: {}, rating: { elo: 1200, games: 0 } } };
  }
  function checkName(name, except) {
    const n = String(name ?? '').trim();
    if (!n || n.length > 40 || /[\u0000-\u001f]/.test(n)) throw err('profile/invalid_name', 'A name needs 1 to 40 characters and no control characters.');
    if (store.profiles.some((p) => p.id !== except && p.name.toLowerCase() === n.toLowerCase())) throw err('profile/duplicate_name', `There is already a profile called ${n}.`);
    return n;
  }
  const profileById = (id) => {
    const p = store.profiles.find((q) => q.id === id);
    if (!p) throw err('profile/not_found', 'That profile does not exist.');
    return p;
  };

  // --- The game model.
  function typeAt(t) { return TYPES.get(t.id); }
  function edgeAt(t, side) {
    const type = typeAt(t);
    if (type.edges === '----') return '*';
    return type.edges[SIDES.indexOf(unrot(side, t.rotation))];
  }
  function segAt(t, name) {
    const type = typeAt(t);
    const local = unrot(name, t.rotation);
    return type.segments.find((s) => (local === 'monastery' ? s.kind === 'monastery'
      : local === 'inner' ? s.inner === 1 : local === 'inner2' ? s.inner === 2
        : s.sides.includes(local) || s.halves.includes(local)));
  }
  function segName(t, seg) {
    if (seg.kind === 'monastery') return 'monastery';
    if (seg.inner) return seg.inner === 1 ? 'inner' : 'inner2';
    const n = seg.sides[0] ?? seg.halves[0];
    return rotName(n, t.rotation);
  }
  function fits(g, type, rot, x, y) {
    if (g.board.has(key(x, y))) return false;
    let n = 0;
    for (const s of SIDES) {
      const nb = g.board.get(key(x + DIR[s][0], y + DIR[s][1]));
      if (!nb) continue;
      n++;
      const mine = type.edges[SIDES.indexOf(unrot(s, rot))];
      const theirs = edgeAt(nb, OPP[s]);
      if (theirs !== '*' && theirs !== mine) return false;
    }
    return n > 0;
  }
  function frontier(g) {
    const cells = new Map();
    for (const t of g.board.values()) {
      for (const s of SIDES) {
        const x = t.x + DIR[s][0], y = t.y + DIR[s][1];
        if (!g.board.has(key(x, y))) cells.set(key(x, y), { x, y });
      }
    }
    return [...cells.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  }
  function legalCells(g, id) {
    const type = TYPES.get(id);
    const out = [];
    for (const c of frontier(g)) {
      const rotations = type.rotations.filter((r) => fits(g, type, r, c.x, c.y));
      if (rotations.length) out.push({ x: c.x, y: c.y, rotations });
    }
    return out;
  }
  function holes(g) {
    return frontier(g).filter((c) => SIDES.every((s) => g.board.has(key(c.x + DIR[s][0], c.y + DIR[s][1]))));
  }

  // Features of roads and cities: flood fill across matching sides.
  function feature(g, t, seg) {
    const seen = new Set();
    const parts = [];
    const stack = [[t, seg]];
    let open = 0;
    while (stack.length) {
      const [tt, ss] = stack.pop();
      const k = `${tt.x},${tt.y},${ss.index}`;
      if (seen.has(k)) continue;
      seen.add(k);
      parts.push([tt, ss]);
      for (const local of ss.sides) {
        const side = rotName(local, tt.rotation);
        const nb = g.board.get(key(tt.x + DIR[side][0], tt.y + DIR[side][1]));
        if (!nb) { open++; continue; }
        if (nb.id === 'abbey') continue;
        const other = segAt(nb, OPP[side]);
        if (other) stack.push([nb, other]);
      }
    }
    const tiles = new Set(parts.map(([tt]) => key(tt.x, tt.y)));
    const pennants = parts.reduce((n, [, ss]) => n + (ss.pennants ?? 0), 0);
    const figures = g.figures.filter((f) => f.kind !== 'barn' && parts.some(([tt, ss]) => tt.x === f.x && tt.y === f.y && segAt(tt, f.on) === ss));
    return { parts, open, complete: open === 0, tiles: tiles.size, pennants, figures, kind: seg.kind };
  }
  function monasteryCount(g, x, y) {
    let n = 0;
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) if ((dx || dy) && g.board.has(key(x + dx, y + dy))) n++;
    return n;
  }

  function newGame(cfg) {
    const opponents = cfg.opponents ?? [];
    if (opponents.length < 1 || opponents.length > 5 || opponents.some((o) => !LEVELS.includes(o.level))) throw err('game/bad_setup', 'Choose 1 to 5 opponents with known levels.');
    const profile = cfg.profileId ? profileById(cfg.profileId) : store.profiles.find((p) => p.id === store.active);
    if (!profile) throw err('profile/none_active', 'Choose or create a profile first.');
    const seed = cfg.seed ?? 7;
    const random = rng(seed);
    const pile = [];
    for (const t of TS.types) {
      if (t.id === 'abbey' || (t.expansion && !cfg.abbeyMayor)) continue;
      for (let i = 0; i < t.count - (t.id === TS.start ? 1 : 0); i++) pile.push(t.id);
    }
    for (let i = pile.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [pile[i], pile[j]] = [pile[j], pile[i]]; }
    const pileSize = config.pileSize ?? pile.length;
    const g = {
      id: `g-test-${seed}-${calls.length}`, seed, abbeyMayor: !!cfg.abbeyMayor, random, startedAt: now(),
      profileId: profile.id,
      players: [{ name: profile.name, kind: 'human', level: null }, ...opponents.map((o, i) => ({ name: BOT_NAMES[i], kind: 'ai', level: o.level }))]
        .map((p, seat) => ({ ...p, seat, score: 0, breakdown: { road: 0, city: 0, monastery: 0, field: 0, barn: 0 },
          supply: { followers: 7, mayor: !!cfg.abbeyMayor, wagon: !!cfg.abbeyMayor, barn: !!cfg.abbeyMayor, abbey: !!cfg.abbeyMayor } })),
      board: new Map([[key(0, 0), { id: TS.start, x: 0, y: 0, rotation: 0, order: 0 }]]),
      figures: [], pile: pile.slice(0, pileSize), turn: 0, events: [], current: 0, decision: null,
      lastPlaced: null, over: false, result: null, timeline: [], positions: [], undo: null, finalRound: null,
    };
    // A test may lay out tiles before the first turn, e.g. around a hole for the abbey.
    for (const [i, t] of (config.preset ?? []).entries()) g.board.set(key(t.x, t.y), { ...t, order: i + 1 });
    g.timeline.push(g.players.map(() => 0));
    store.game = g;
    beginTurn(g);
    g.positions.push(view(g));
    return g;
  }

  function ev(g, type, fields) {
    const e = { turn: g.turn, type, player: null, tile: null, x: null, y: null, rotation: null, figure: null, on: null, to: null, scored: null, text: '', ...fields };
    g.events.push(e);
    return e;
  }

  function beginTurn(g) {
    const p = g.players[g.current];
    if (g.pile.length === 0) { endOrFinalAbbey(g); return; }
    if (g.abbeyMayor && p.supply.abbey && holes(g).length) {
      g.decision = { kind: 'draw_or_abbey', player: g.current, human: p.kind === 'human', holes: holes(g) };
      return;
    }
    draw(g);
  }

  function draw(g) {
    const p = g.players[g.current];
    while (g.pile.length) {
      const id = g.pile.shift();
      const cells = legalCells(g, id);
      if (cells.length) {
        g.decision = { kind: 'place_tile', player: g.current, human: p.kind === 'human', tile: id, cells };
        return;
      }
      g.turn++;
      ev(g, 'tile_discarded', { player: g.current, tile: id, text: `${id} fits nowhere and is removed` });
    }
    endOrFinalAbbey(g);
  }

  function figureDecision(g, t) {
    const p = g.players[g.current];
    const type = typeAt(t);
    const spots = [];
    const byKind = { follower: [], mayor: [], wagon: [], barn: [] };
    const segs = t.id === 'abbey' ? type.segments : type.segments;
    for (const seg of segs) {
      const on = segName(t, seg);
      let free = true;
      if (seg.kind === 'road' || seg.kind === 'city') free = feature(g, t, seg).figures.length === 0;
      else free = !g.figures.some((f) => f.x === t.x && f.y === t.y && f.on === on);
      if (!free) continue;
      const kinds = [];
      if (p.supply.followers > 0 && (t.id !== 'abbey' || seg.kind === 'monastery')) kinds.push('follower');
      if (p.supply.mayor && seg.kind === 'city') kinds.push('mayor');
      if (p.supply.wagon && seg.kind !== 'field') kinds.push('wagon');
      if (!kinds.length) continue;
      spots.push({ on, feature: seg.kind === 'monastery' ? 'monastery' : seg.kind, kinds });
      for (const k of kinds) byKind[k].push(on);
    }
    if (p.supply.barn && t.id !== 'abbey') {
      for (const c of CORNERS) {
        const dx = c.includes('W') ? -1 : 0, dy = c.includes('N') ? -1 : 0;
        const cellsAround = [[t.x + dx, t.y + dy], [t.x + dx + 1, t.y + dy], [t.x + dx, t.y + dy + 1], [t.x + dx + 1, t.y + dy + 1]];
        const ok = cellsAround.every(([x, y]) => {
          const tt = g.board.get(key(x, y));
          if (!tt || tt.id === 'abbey') return false;
          const corner = (y === t.y + dy ? 'S' : 'N') + (x === t.x + dx ? 'E' : 'W');
          const [a, b] = CORNER_HALVES[corner];
          const sa = segAt(tt, a), sb = segAt(tt, b);
          return sa && sa === sb && sa.kind === 'field';
        });
        if (ok) byKind.barn.push(c);
      }
    }
    g.decision = { kind: 'place_figure', player: g.current, human: p.kind === 'human', x: t.x, y: t.y, tile: t.id, spots, byKind };
  }

  function placeTile(g, id, x, y, rotation) {
    const order = g.board.size;
    const t = { id, x, y, rotation: id === 'abbey' ? 0 : rotation, order };
    g.board.set(key(x, y), t);
    g.turn++;
    g.lastPlaced = { x, y };
    const p = g.players[g.current];
    if (id === 'abbey') {
      p.supply.abbey = false;
      ev(g, 'abbey_placed', { player: g.current, tile: 'abbey', x, y, rotation: 0, text: `${p.name} placed the abbey at (${x}, ${y})` });
    } else {
      ev(g, 'tile_placed', { player: g.current, tile: id, x, y, rotation, text: `${p.name} placed ${id} at (${x}, ${y}), ${rotation}°` });
    }
    figureDecision(g, t);
  }

  function placeFigure(g, kind, on) {
    const d = g.decision;
    const p = g.players[g.current];
    const t = g.board.get(key(d.x, d.y));
    if (kind !== null) {
      if (!(d.byKind[kind] ?? []).includes(on)) throw err('move/illegal', `A ${kind} cannot go on ${on} here.`);
      const seg = kind === 'barn' ? null : segAt(t, on);
      const feat = kind === 'barn' ? 'field' : (seg.kind === 'monastery' ? 'monastery' : seg.kind);
      g.figures.push({ owner: g.current, kind, x: d.x, y: d.y, on, feature: feat });
      if (kind === 'follower') p.supply.followers--; else p.supply[kind] = false;
      ev(g, 'figure_placed', { player: g.current, figure: kind, x: d.x, y: d.y, on, text: `${p.name} placed a ${kind === 'follower' && feat === 'field' ? 'farmer' : kind} on the ${feat}` });
    }
    scoreAfter(g, t);
  }

  function award(g, feat, category, points, fs, extra) {
    const strength = new Map();
    for (const f of fs) {
      const s = f.kind === 'mayor' ? extra.pennants : 1;
      strength.set(f.owner, (strength.get(f.owner) ?? 0) + s);
    }
    const best = Math.max(0, ...strength.values());
    const winners = best > 0 ? [...strength].filter(([, s]) => s === best).map(([o]) => o).sort() : [];
    for (const w of winners) { g.players[w].score += points; g.players[w].breakdown[category] += points; }
    return winners;
  }

  function names(g, seats) {
    const n = seats.map((s) => g.players[s].name);
    return n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n.at(-1)} (tied)` : n[0];
  }

  function scoreFeature(g, f, final) {
    const pts = f.kind === 'city' ? (final ? 1 : 2) * (f.tiles + f.pennants) : f.tiles;
    const winners = award(g, f, f.kind, pts, f.figures, f);
    if (!winners.length) return [];
    const label = f.kind === 'city' ? `City of ${f.tiles} tiles${f.pennants ? ` + ${f.pennants} pennant${f.pennants > 1 ? 's' : ''}` : ''}` : `Road of ${f.tiles} tiles`;
    ev(g, 'scored', { scored: { feature: f.kind, category: f.kind, cause: final ? 'final' : 'completed', players: winners, points: pts, tiles: f.tiles, pennants: f.pennants, cities: 0 },
      text: `${label}: ${pts} to ${names(g, winners)}` });
    return winners;
  }

  function returnFigure(g, f) {
    g.figures.splice(g.figures.indexOf(f), 1);
    const p = g.players[f.owner];
    if (f.kind === 'follower') p.supply.followers++; else if (f.kind !== 'barn') p.supply[f.kind] = true;
    ev(g, 'figure_returned', { player: f.owner, figure: f.kind, x: f.x, y: f.y, on: f.on, text: `${p.name}'s ${f.kind} comes back` });
  }

  function scoreAfter(g, t) {
    const done = new Set();
    const wagons = [];
    const type = typeAt(t);
    for (const seg of type.segments) {
      if (seg.kind !== 'road' && seg.kind !== 'city') continue;
      const f = feature(g, t, seg);
      const k = f.parts.map(([tt, ss]) => `${tt.x},${tt.y},${ss.index}`).sort()[0];
      if (done.has(k) || !f.complete) continue;
      done.add(k);
      scoreFeature(g, f, false);
      for (const fig of f.figures) { if (fig.kind === 'wagon') wagons.push(fig); returnFigure(g, fig); }
    }
    // Sides touching an abbey count as closed only for the abbey's neighbours, as above.
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      const m = g.board.get(key(t.x + dx, t.y + dy));
      if (!m || !typeAt(m).monastery) continue;
      const monk = g.figures.find((f) => f.x === m.x && f.y === m.y && f.on === 'monastery');
      if (monk && monasteryCount(g, m.x, m.y) === 8) {
        g.players[monk.owner].score += 9; g.players[monk.owner].breakdown.monastery += 9;
        ev(g, 'scored', { scored: { feature: 'monastery', category: 'monastery', cause: 'completed', players: [monk.owner], points: 9, tiles: 9, pennants: 0, cities: 0 }, text: `Monastery surrounded: 9 to ${g.players[monk.owner].name}` });
        if (monk.kind === 'wagon') wagons.push(monk);
        returnFigure(g, monk);
      }
    }
    const mine = wagons.find((w) => w.owner === g.current && g.players[w.owner].kind === 'human');
    if (mine) {
      const targets = [];
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
        const tt = g.board.get(key(mine.x + dx, mine.y + dy));
        if (!tt || tt.id === 'abbey') continue;
        for (const seg of typeAt(tt).segments) {
          if (seg.kind !== 'road' && seg.kind !== 'city') continue;
          const f = feature(g, tt, seg);
          if (!f.complete && !f.figures.length) targets.push({ x: tt.x, y: tt.y, on: segName(tt, seg), feature: seg.kind });
        }
      }
      if (targets.length) {
        g.decision = { kind: 'move_wagon', player: g.current, human: true, from: { x: mine.x, y: mine.y }, targets };
        return;
      }
    }
    nextTurn(g);
  }

  function nextTurn(g) {
    g.timeline.push(g.players.map((p) => p.score));
    if (g.finalRound) { finalAbbeyStep(g); return; }
    g.current = (g.current + 1) % g.players.length;
    beginTurn(g);
  }

  function endOrFinalAbbey(g) {
    if (g.abbeyMayor && !g.finalRound) {
      g.finalRound = { queue: g.players.map((_, i) => (g.current + 1 + i) % g.players.length) };
      finalAbbeyStep(g);
      return;
    }
    finish(g, false);
  }

  function finalAbbeyStep(g) {
    const q = g.finalRound.queue;
    while (q.length) {
      const seat = q.shift();
      const p = g.players[seat];
      if (!p.supply.abbey || !holes(g).length) continue;
      g.current = seat;
      g.decision = { kind: 'final_abbey', player: seat, human: p.kind === 'human', holes: holes(g) };
      return;
    }
    finish(g, false);
  }

  function finish(g, resigned) {
    if (!resigned) {
      const seen = new Set();
      for (const t of g.board.values()) {
        for (const seg of typeAt(t).segments) {
          if (seg.kind === 'road' || seg.kind === 'city') {
            const f = feature(g, t, seg);
            const k = f.parts.map(([tt, ss]) => `${tt.x},${tt.y},${ss.index}`).sort()[0];
            if (seen.has(k) || !f.figures.length) continue;
            seen.add(k);
            scoreFeature(g, f, true);
          }
        }
      }
      for (const f of g.figures.filter((x) => x.on === 'monastery')) {
        const pts = 1 + monasteryCount(g, f.x, f.y);
        g.players[f.owner].score += pts; g.players[f.owner].breakdown.monastery += pts;
        ev(g, 'scored', { scored: { feature: 'monastery', category: 'monastery', cause: 'final', players: [f.owner], points: pts, tiles: pts, pennants: 0, cities: 0 }, text: `Unfinished monastery: ${pts} to ${g.players[f.owner].name}` });
      }
    }
    const best = Math.max(...g.players.map((p) => p.score));
    const winners = resigned ? g.players.filter((p) => p.seat !== 0 && p.score === Math.max(...g.players.slice(1).map((q) => q.score))).map((p) => p.seat)
      : g.players.filter((p) => p.score === best).map((p) => p.seat);
    ev(g, 'game_ended', { text: `Game over: ${names(g, winners).replace(' (tied)', '')} ${winners.length > 1 ? 'share the win' : 'wins'}` });
    g.timeline.push(g.players.map((p) => p.score));
    g.over = true;
    g.current = null;
    g.decision = { kind: 'game_over', player: null, human: false };
    g.result = { winners, resigned, matchId: g.id };
    const result = resigned ? 'resigned' : winners.includes(0) ? (winners.length > 1 ? 'drawn' : 'won') : 'lost';
    const profile = store.profiles.find((p) => p.id === g.profileId);
    if (profile) {
      const st = profile.stats;
      st.games++; st[result === 'won' ? 'wins' : result === 'drawn' ? 'draws' : 'losses']++;
      if (resigned) st.resigned++;
      st.totalScore += g.players[0].score;
      st.averageScore = st.totalScore / st.games;
      st.bestScore = Math.max(st.bestScore, g.players[0].score);
      for (const p of g.players.slice(1)) {
        const b = st.byLevel[p.level] ?? (st.byLevel[p.level] = { games: 0, wins: 0, losses: 0, draws: 0 });
        b.games++; b[result === 'won' ? 'wins' : result === 'drawn' ? 'draws' : 'losses']++;
      }
      st.rating = { elo: st.rating.elo + (result === 'won' ? 16 : result === 'drawn' ? 0 : -16), games: st.rating.games + 1 };
    }
    pushPosition(g);
    store.matches.unshift({
      summary: { id: g.id, date: now(), startedAt: g.startedAt, profileId: g.profileId, profileName: g.players[0].name,
        players: g.players.map((p) => ({ name: p.name, kind: p.kind, level: p.level, score: p.score })),
        opponents: g.players.slice(1).map((p) => ({ seat: p.seat, level: p.level })), scores: g.players.map((p) => p.score), winners,
        result, resigned, abbeyMayor: g.abbeyMayor, seed: g.seed, turns: g.turn, tilesPlaced: g.board.size - 1, durationSecs: 600, imported: false },
      record: { format: 'carcassonne-record/1', players: g.players.map((p) => ({ name: p.name, kind: p.kind, ...(p.level ? { level: p.level } : {}) })), turns: [], end: true },
      timeline: g.timeline.slice(), breakdown: g.players.map((p) => ({ ...p.breakdown })), events: g.events.slice(), positions: g.positions.slice(),
    });
  }

  function view(g) {
    const owners = [];
    const seenF = new Set();
    for (const t of g.board.values()) {
      for (const seg of typeAt(t).segments) {
        if (seg.kind !== 'road' && seg.kind !== 'city') continue;
        const f = feature(g, t, seg);
        if (!f.figures.length) continue;
        const counts = new Map();
        for (const fig of f.figures) counts.set(fig.owner, (counts.get(fig.owner) ?? 0) + 1);
        const best = Math.max(...counts.values());
        owners.push({ x: t.x, y: t.y, on: segName(t, seg), feature: seg.kind, owners: [...counts].filter(([, c]) => c === best).map(([o]) => o).sort() });
        seenF.add(1);
      }
    }
    for (const f of g.figures.filter((x) => x.feature === 'field' || x.feature === 'monastery')) owners.push({ x: f.x, y: f.y, on: f.on, feature: f.feature, owners: [f.owner] });
    const remaining = new Map();
    for (const t of TS.types) if (t.id !== 'abbey' && (!t.expansion || g.abbeyMayor)) remaining.set(t.id, 0);
    for (const id of g.pile) remaining.set(id, remaining.get(id) + 1);
    return clone({
      gameId: g.id, seed: g.seed, abbeyMayor: g.abbeyMayor, human: 0,
      players: g.players.map((p) => ({ seat: p.seat, name: p.name, kind: p.kind, level: p.level, score: p.score, breakdown: p.breakdown, projected: p.score + g.figures.filter((f) => f.owner === p.seat).length, supply: p.supply })),
      current: g.current, turn: g.turn, tiles: [...g.board.values()].sort((a, b) => a.order - b.order), lastPlaced: g.lastPlaced,
      figures: g.figures, remaining: { total: g.pile.length, byType: [...remaining].map(([id, count]) => ({ id, count })) },
      decision: g.decision, recent: g.events.filter((e) => e.turn > g.turn - g.players.length), owners,
      over: g.over, result: g.result, aiThinking: false, canUndo: !!g.undo && g.decision?.human === true && !g.over, saveError: config.saveError ?? null,
    });
  }

  // --- Moves, the AI loop and progress events.
  function apply(g, move) {
    const d = g.decision;
    if (!move || typeof move.type !== 'string') throw err('move/invalid', 'The move has no type.');
    switch (move.type) {
      case 'draw':
        if (d.kind !== 'draw_or_abbey') throw err('move/illegal', 'There is nothing to draw now.');
        draw(g); return;
      case 'abbey':
        if (d.kind !== 'draw_or_abbey' && d.kind !== 'final_abbey') throw err('move/illegal', 'The abbey cannot be placed now.');
        if (!d.holes.some((h) => h.x === move.x && h.y === move.y)) throw err('move/illegal', `(${move.x}, ${move.y}) is not a hole.`);
        placeTile(g, 'abbey', move.x, move.y, 0); return;
      case 'place': {
        if (d.kind !== 'place_tile') throw err('move/illegal', 'No tile is waiting to be placed.');
        const c = d.cells.find((cc) => cc.x === move.x && cc.y === move.y);
        if (!c || !c.rotations.includes(move.rotation)) throw err('move/illegal', `${d.tile} does not fit at (${move.x}, ${move.y}) turned ${move.rotation}°.`);
        placeTile(g, d.tile, move.x, move.y, move.rotation); return;
      }
      case 'figure':
        if (d.kind !== 'place_figure') throw err('move/illegal', 'No figure can be placed now.');
        placeFigure(g, move.kind, move.on); return;
      case 'no_figure':
        if (d.kind !== 'place_figure') throw err('move/illegal', 'No figure can be placed now.');
        placeFigure(g, null, null); return;
      case 'wagon': {
        if (d.kind !== 'move_wagon') throw err('move/illegal', 'No wagon is waiting.');
        const p = g.players[g.current];
        if (move.to) {
          if (!d.targets.some((t) => t.x === move.to.x && t.y === move.to.y && t.on === move.to.on)) throw err('move/illegal', 'The wagon cannot go there.');
          const seg = segAt(g.board.get(key(move.to.x, move.to.y)), move.to.on);
          g.figures.push({ owner: g.current, kind: 'wagon', x: move.to.x, y: move.to.y, on: move.to.on, feature: seg.kind });
          p.supply.wagon = false;
          ev(g, 'wagon_moved', { player: g.current, figure: 'wagon', to: move.to, text: `${p.name}'s wagon moves on to (${move.to.x}, ${move.to.y})` });
        }
        nextTurn(g); return;
      }
      case 'pass':
        if (d.kind !== 'final_abbey') throw err('move/illegal', 'There is nothing to pass.');
        ev(g, 'passed', { player: g.current, text: `${g.players[g.current].name} keeps the abbey` });
        finalAbbeyStep(g); return;
      default:
        throw err('move/invalid', `Unknown move type ${move.type}.`);
    }
  }

  function aiMove(g) {
    const d = g.decision;
    const r = g.random;
    if (d.kind === 'draw_or_abbey') return { type: 'draw' };
    if (d.kind === 'final_abbey') return { type: 'pass' };
    if (d.kind === 'place_tile') {
      const c = d.cells[Math.floor(r() * d.cells.length)];
      return { type: 'place', x: c.x, y: c.y, rotation: c.rotations[Math.floor(r() * c.rotations.length)] };
    }
    if (d.kind === 'place_figure') {
      const opts = (d.byKind.follower ?? []).filter((on) => !/^[NESW][ewns]$|^inner/.test(on));
      if (opts.length && r() < 0.6) return { type: 'figure', kind: 'follower', on: opts[Math.floor(r() * opts.length)] };
      return { type: 'no_figure' };
    }
    return { type: 'wagon', to: null };
  }

  const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
  let firstMoved = null;
  function emit(payload) {
    if (payload.stage === 'moved' && !firstMoved) firstMoved = payload;
    for (const l of listeners.slice()) if (l.event === 'ai-progress') l.handler({ event: 'ai-progress', id: 1, payload: clone(payload) });
  }

  async function runAi(g) {
    while (!g.over && !g.decision.human) {
      const p = g.players[g.decision.player];
      emit({ gameId: g.id, player: p.seat, level: p.level, stage: 'thinking', move: null, text: '', view: null });
      await sleep(aiDelay);
      const move = aiMove(g);
      apply(g, move);
      pushPosition(g);
      const text = move.type === 'place' ? `${p.name} (${p.level}) placed ${g.board.get(key(move.x, move.y)).id} at (${move.x}, ${move.y}), ${move.rotation}°`
        : move.type === 'figure' ? `${p.name} (${p.level}) placed a follower on ${move.on}` : move.type === 'no_figure' ? `${p.name} (${p.level}) placed no figure` : `${p.name} (${p.level}) ${move.type}`;
      emit({ gameId: g.id, player: p.seat, level: p.level, stage: 'moved', move, text, view: view(g) });
    }
  }

  function pushPosition(g) {
    const v = view(g);
    if (g.positions.at(-1)?.turn === v.turn) g.positions[g.positions.length - 1] = v; else g.positions.push(v);
  }

  function snapshot(g) {
    return { ...clone({ ...g, board: [...g.board.entries()], random: null }), random: g.random };
  }
  function restore(s) {
    return { ...s, board: new Map(s.board), random: s.random };
  }

  const needGame = () => {
    if (!store.game) throw err('game/none', 'No game is in progress.');
    return store.game;
  };

  const commands = {
    app_info: () => ({ version: '0.1.0-test', dataDir: '/tmp/carcassonne-test', levels: LEVELS, problems: config.problems ?? [],
      resumable: store.game && !store.game.over ? { gameId: store.game.id, profileId: store.game.profileId, profileName: store.game.players[0].name, startedAt: store.game.startedAt,
        opponents: store.game.players.slice(1).map((p) => ({ level: p.level })), abbeyMayor: store.game.abbeyMayor, turn: store.game.turn, scores: store.game.players.map((p) => p.score) } : null }),
    tiles: () => TS,
    profiles_list: () => ({ profiles: store.profiles, active: store.active }),
    profile_create: ({ name }) => {
      const p = newProfile(checkName(name), store.profiles.length + 7);
      store.profiles.push(p); store.active = p.id; return p;
    },
    profile_rename: ({ id, name }) => { const p = profileById(id); p.name = checkName(name, id); return p; },
    profile_delete: ({ id }) => {
      profileById(id);
      store.profiles = store.profiles.filter((p) => p.id !== id);
      if (store.active === id) store.active = store.profiles[0]?.id ?? null;
      return { profiles: store.profiles, active: store.active };
    },
    profile_select: ({ id }) => { const p = profileById(id); store.active = id; return p; },
    game_new: async ({ config: cfg }) => { const g = newGame(cfg); await runAi(g); return view(g); },
    game_resume: async () => { const g = needGame(); await runAi(g); return view(g); },
    game_view: () => view(needGame()),
    game_play: async ({ move }) => {
      const g = needGame();
      if (g.over) throw err('game/over', 'The game has ended.');
      if (!g.decision.human) throw err('game/not_your_turn', 'It is not your turn.');
      if (config.refuseMoves) throw err('move/illegal', 'The test refuses every move.');
      const snap = snapshot(g);
      apply(g, move);
      // Undo goes back to before the tile of this turn, until the turn is over.
      const midTurn = !g.over && g.decision.human && (g.decision.kind === 'place_figure' || g.decision.kind === 'move_wagon');
      g.undo = midTurn ? (move.type === 'place' || move.type === 'abbey' ? snap : g.undo) : null;
      pushPosition(g);
      firstMoved = null;
      await runAi(g);
      // Like a real event channel, an event may be delivered after the command's answer:
      // here the AI's first move of this answer comes again, late.
      if (config.lateEvents && firstMoved) { const late = firstMoved; setTimeout(() => emit(late), 5); }
      return view(g);
    },
    game_undo: () => {
      const g = needGame();
      if (!g.undo) throw err('game/undo_unavailable', 'There is nothing to undo.');
      store.game = restore(g.undo);
      store.game.undo = null;
      return view(store.game);
    },
    game_hint: () => {
      const g = needGame();
      const d = g.decision;
      let move;
      if (d.kind === 'place_tile') move = { type: 'place', x: d.cells[0].x, y: d.cells[0].y, rotation: d.cells[0].rotations[0] };
      else if (d.kind === 'place_figure') move = d.byKind.follower[0] ? { type: 'figure', kind: 'follower', on: d.byKind.follower[0] } : { type: 'no_figure' };
      else if (d.kind === 'draw_or_abbey') move = { type: 'draw' };
      else if (d.kind === 'final_abbey') move = { type: 'abbey', x: d.holes[0].x, y: d.holes[0].y };
      else move = { type: 'wagon', to: null };
      const text = move.type === 'place' ? `Place ${d.tile} at (${move.x}, ${move.y}), ${move.rotation}°` : move.type === 'figure' ? `Put a follower on ${move.on}` : `Play ${move.type}`;
      return { move, text, level: 'easy' };
    },
    game_resign: () => { const g = needGame(); if (g.over) throw err('game/over', 'The game has ended.'); finish(g, true); return view(g); },
    game_log: () => needGame().events,
    history_list: ({ profileId }) => ({ matches: store.matches.filter((m) => !profileId || m.summary.profileId === profileId).map((m) => m.summary), problems: [] }),
    history_get: ({ id }) => {
      const m = store.matches.find((x) => x.summary.id === id);
      if (!m) throw err('match/not_found', 'That match is not in the history.');
      return { summary: m.summary, record: m.record, timeline: m.timeline, breakdown: m.breakdown, events: m.events };
    },
    history_position: ({ id, turn }) => {
      const m = store.matches.find((x) => x.summary.id === id);
      if (!m) throw err('match/not_found', 'That match is not in the history.');
      const found = m.positions.filter((p) => p.turn <= turn).at(-1) ?? m.positions[0];
      return { ...found, canUndo: false };
    },
    history_delete: ({ id }) => { store.matches = store.matches.filter((m) => m.summary.id !== id); return null; },
    // Like the app: the window chooses no path; each export gets a new file name.
    history_export: ({ id }) => {
      const m = store.matches.find((x) => x.summary.id === id);
      if (!m) throw err('match/not_found', 'That match is not in the history.');
      const n = (store.exports[id] = (store.exports[id] ?? 0) + 1);
      return { path: `/home/test/Downloads/carcassonne-${id}${n > 1 ? `-${n}` : ''}.json`, json: JSON.stringify({ ...m.record, double: m }) };
    },
    history_import: ({ json }) => {
      if (typeof json !== 'string') throw err('args/invalid', 'history_import: the argument "json" is missing or not valid');
      if (json.length > 1024 * 1024) throw err('record/too_large', 'The record is too large.');
      let rec;
      try { rec = JSON.parse(json); } catch { throw err('record/invalid', 'turn 0: the file is not JSON'); }
      if (rec.format !== 'carcassonne-record/1' || !rec.double) throw err('record/invalid', 'turn 0: not a Carcassonne record');
      const m = clone(rec.double);
      m.summary.id = `${m.summary.id}-imported-${store.matches.length}`;
      m.summary.imported = true; m.summary.profileId = null; m.summary.profileName = null; m.summary.result = null;
      store.matches.unshift(m);
      return m.summary;
    },
  };

  window.__TAURI__ = {
    core: {
      invoke: async (cmd, args = {}) => {
        calls.push({ cmd, args: clone(args ?? {}) });
        await sleep(1);
        const f = commands[cmd];
        if (!f) throw err('app/unknown', `Unknown command ${cmd}`);
        if (config.failCommands?.[cmd]) throw config.failCommands[cmd];
        const out = await f(args ?? {});
        return out === undefined ? null : clone(out);
      },
    },
    event: {
      listen: async (event, handler) => {
        const l = { event, handler };
        listeners.push(l);
        return () => { const i = listeners.indexOf(l); if (i >= 0) listeners.splice(i, 1); };
      },
    },
  };
}
