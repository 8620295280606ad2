#!/usr/bin/env node
// The import arrows among the UI's modules (ui/js), and a check that they form no circle.
//
// Every .js file under ui/js is a module, named by its path there without `.js` (`game`,
// `i18n/common`). An arrow `a -> b` is a top-level `import … from './b.js'`, `export … from
// './b.js'` or `import './b.js'` of a (relative paths are resolved; each must name a file
// that exists). Statements start a line, as everywhere in ui/js, so comments and strings that
// mention an import are not read as one.
//
// Usage: node scripts/imports.mjs [--arrows] [DIR]   (default: ui/js)
//
// Prints the modules by layer, lowest first (a module's layer is one above the highest of
// those it imports, so each imports only lower ones; with --arrows, one line per module with
// what it imports), and exits with status 1 naming the circle, with the lines that make its
// arrows, if there is one (or naming an import of a missing file).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import process from 'node:process';

const say = (line) => process.stdout.write(`${line}\n`);
// A reader that stops early (`| head`) ends the listing quietly.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); else throw e; });
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const showArrows = args.includes('--arrows');
const dir = resolve(ROOT, args.find((a) => !a.startsWith('--')) ?? 'ui/js');

/** Every .js file under `d`, as absolute paths, sorted. */
function files(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const p = join(d, e.name);
    return e.isDirectory() ? files(p) : e.name.endsWith('.js') ? [p] : [];
  }).sort();
}

const nameOf = (file) => relative(dir, file).split(sep).join('/').replace(/\.js$/, '');
// `import x from './a.js'`, `import { a,\n b } from '../a.js'`, `export { a } from './a.js'`,
// `export * from './a.js'`, `import './a.js'`, each starting a line.
const STATEMENT = /^(?:import|export)\b[^;'"]*?\bfrom\s*(['"])(\.{1,2}\/[^'"]+)\1|^import\s*(['"])(\.{1,2}\/[^'"]+)\3/gm;

const modules = new Map();
const broken = [];
for (const file of files(dir)) {
  const text = readFileSync(file, 'utf8');
  const uses = new Map();
  for (const m of text.matchAll(STATEMENT)) {
    const spec = m[2] ?? m[4];
    const target = resolve(dirname(file), spec);
    const line = text.slice(0, m.index).split('\n').length;
    const where = { line, text: text.split('\n')[line - 1].trim() };
    if (!existsSync(target) || !target.startsWith(dir + sep)) { broken.push({ from: nameOf(file), spec, file, where }); continue; }
    const to = nameOf(target);
    if (!uses.has(to)) uses.set(to, where);
  }
  modules.set(nameOf(file), { file, uses });
}

const show = (file, where) => `  ${relative(ROOT, file)}:${where.line}: ${where.text}`;
if (broken.length) {
  for (const b of broken) say(`ui: ${b.from} imports ${b.spec}, which is no module of ${relative(ROOT, dir)}\n${show(b.file, b.where)}`);
  process.exit(1);
}

// A circle, found by a depth-first walk (grey: on the current path).
const state = new Map();
const path = [];
function walk(name) {
  state.set(name, 'grey');
  path.push(name);
  for (const to of modules.get(name).uses.keys()) {
    if (state.get(to) === 'grey') return [...path.slice(path.indexOf(to)), to];
    if (!state.has(to)) {
      const found = walk(to);
      if (found) return found;
    }
  }
  path.pop();
  state.set(name, 'black');
  return null;
}
for (const name of modules.keys()) {
  const circle = state.has(name) ? null : walk(name);
  if (circle) {
    say(`ui: import circle: ${circle.join(' -> ')}`);
    for (let i = 0; i + 1 < circle.length; i++) {
      const m = modules.get(circle[i]);
      say(show(m.file, m.uses.get(circle[i + 1])));
    }
    process.exit(1);
  }
}

// Layers: one above the highest module imported.
const layer = new Map();
const layerOf = (name) => {
  if (!layer.has(name)) layer.set(name, Math.max(-1, ...[...modules.get(name).uses.keys()].map(layerOf)) + 1);
  return layer.get(name);
};
for (const name of modules.keys()) layerOf(name);
const top = Math.max(...layer.values());
say('ui: no import circle; layers, lowest first (each imports only lower ones):');
for (let k = 0; k <= top; k++) {
  const names = [...modules.keys()].filter((n) => layer.get(n) === k).sort();
  if (!showArrows) { say(`  ${k}: ${names.join(', ')}`); continue; }
  for (const n of names) {
    const used = [...modules.get(n).uses.keys()].sort();
    say(`  ${k}: ${n}${used.length ? ` <- ${used.join(', ')}` : ''}`);
  }
}
