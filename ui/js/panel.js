// The action panel: the prompt and buttons of the human's pending decision, who is thinking
// while others play, or the end of the game. It offers only what the decision lists; choices
// go to the GameState (selection) or to the screen's `play` (moves).
import { h, announce } from './dom.js';
import { miniFigure, badgeSvg } from './players.js';
import { tileSvg } from './tiledraw.js';
import { prompt, capital, waiting, hintText, spotLabel, placeAt, wagonTargetLabels, drawnTileLabel, isTable, whoseTurn, LAST_CHANCE, OVER, KIND_LABEL } from './text.js';
import { t } from './i18n.js';
import { highlightOnBoard } from './log.js';
import { helpButton } from './rulehelp.js';

export class ActionPanel {
  /** `actions`: { play(move), confirm(), finalScores() } of the game screen. */
  constructor(el, state, actions) {
    this.el = el;
    this.state = state;
    this.actions = actions;
  }

  /** A change of language: the next render rebuilds the panel in the new words, with the
   * hint shown (if any) again. */
  relabel() {
    this.sig = null;
    this.relabeling = true;
  }

  /** Rebuilds the panel if what it shows changed; `busy`: a request is running; `thinking`:
   * the seat of the AI thinking now, if any (the view may still be the position before it). */
  render(busy, thinking = null) {
    const s = this.state;
    const v = s.view;
    const d = v.decision;
    const p = this.el;
    const { play } = this.actions;
    // Rebuild only when something shown changes, and give the focus back to the same
    // control, so that keyboard users keep their place.
    const sig = JSON.stringify([v.gameId, v.turn, d, s.selection, s.figureKind, busy, thinking, s.myTurn, v.over, v.players.map((x) => x.name)]);
    if (sig === this.sig) return;
    const again = this.relabeling && this.shownHint?.sig === sig ? this.shownHint.move : null;
    this.relabeling = false;
    this.sig = sig;
    this.shownHint = null;
    if (again) queueMicrotask(() => this.hint(again, { quiet: true }));
    const active = p.contains(document.activeElement) ? controlKey(document.activeElement) : null;
    // An open "?" help goes with the panel it was opened on, and so does what it highlights
    // on the board (cleared from the panel: the help's button is gone from the page).
    const helpOpen = !!p.querySelector('.help-pop');
    p.replaceChildren();
    if (helpOpen) highlightOnBoard(p, []);
    if (this.highlighted && (d.kind !== 'move_wagon' || busy || !s.myTurn || v.over)) { this.highlighted = false; highlightOnBoard(p, []); }
    queueMicrotask(() => {
      const control = active && [...p.querySelectorAll('button')].find((b) => controlKey(b) === active);
      if (control && !control.disabled) control.focus();
    });
    const btn = (label, onclick, attrs = {}) => h('button', { class: 'btn', type: 'button', onclick, ...attrs }, label);
    const row = (...children) => h('div', { class: 'row' }, ...children);
    const title = (text, help = null) => h('p', { class: 'prompt' }, text, help);
    if (v.over) {
      p.append(title(OVER), row(btn(t('game.ui.finalScores'), () => this.actions.finalScores(), { class: 'btn primary' }),
        btn(t('game.ui.newGame'), () => { location.hash = '#/start'; })));
      return;
    }
    if (!s.myTurn || busy) {
      p.append(h('p', { class: 'prompt waiting' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), waiting(v.players[thinking ?? d.player ?? v.current ?? 0])));
      return;
    }
    const confirm = btn(t('game.ui.confirm'), () => this.actions.confirm(), { class: 'btn primary confirm', disabled: !s.pendingMove(), 'aria-keyshortcuts': 'Enter' });
    const chip = (on, onclick, label) => btn(capital(label), onclick, { class: `chip${on ? ' on' : ''}`, 'aria-pressed': String(on) });
    const sel = s.selection;
    // Several people at one device: whose decision this is, by name and badge, first.
    if (isTable(v)) p.append(h('p', { class: 'turn-person', 'data-seat': String(d.player) }, h('span', { class: 'who', html: badgeSvg(d.player, 18) }), whoseTurn(v)));
    switch (d.kind) {
      case 'draw_or_abbey':
        p.append(title(prompt(d), helpButton(d)), row(btn(t('game.ui.draw'), () => play({ type: 'draw' }), { class: 'btn primary' }), h('span', { class: 'or' }, t('game.ui.or')), confirm));
        confirm.textContent = sel ? t('game.ui.abbeyHere') : t('game.ui.tapHoleAbbey');
        break;
      case 'final_abbey':
        p.append(h('p', { class: 'warning', role: 'note' }, h('strong', {}, LAST_CHANCE), prompt(d), helpButton(d)),
          row(btn(t('game.ui.keepAbbey'), () => play({ type: 'pass' })), confirm));
        confirm.textContent = sel ? t('game.ui.abbeyHere') : t('game.ui.tapHole');
        break;
      case 'place_tile': {
        const rot = sel?.kind === 'place' ? sel.rotation : (d.cells[0]?.rotations[0] ?? 0);
        const pic = h('button', { class: 'drawn-tile', type: 'button', 'aria-label': drawnTileLabel(s.type(d.tile)), onclick: () => s.rotate(), html: tileSvg(s.type(d.tile), rot, 76) });
        const ways = sel?.kind === 'place' ? d.cells.find((c) => c.x === sel.x && c.y === sel.y)?.rotations.length ?? 1 : 0;
        p.append(h('div', { class: 'drawn' }, pic, title(prompt(d, { selected: !!sel, ways })),
          row(btn(t('game.ui.rotate'), () => s.rotate(), { disabled: ways === 1, 'aria-keyshortcuts': 'R' }), confirm)));
        break;
      }
      case 'place_figure': {
        const kinds = s.figureKinds();
        p.append(title(prompt(d, { kinds: kinds.length }), helpButton(d, { figure: s.figureKind })));
        if (kinds.length) {
          p.append(h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': t('game.ui.figure'), 'data-kinds': String(kinds.length) },
            kinds.map((k) => h('button', { class: `seg${s.figureKind === k ? ' on' : ''}`, type: 'button', role: 'radio', 'aria-checked': String(s.figureKind === k), onclick: () => s.setFigureKind(k), html: `${miniFigure(v.human, k)}<span>${KIND_LABEL[k]}</span>` }))),
          h('div', { class: 'spot-list', role: 'group', 'aria-label': t('game.ui.where') }, s.spots().map((sp) => {
            const spot = d.spots.find((x) => x.on === sp.on);
            return chip(sel?.kind === 'figure' && sel.on === sp.on, () => s.selectSpot(sp.on), spotLabel(s.figureKind, placeAt(v, (id) => s.type(id), d.x, d.y, sp.on), spot));
          })));
        }
        p.append(row(btn(t('game.ui.noFigure'), () => play({ type: 'no_figure' })), kinds.length ? confirm : null));
        break;
      }
      case 'move_wagon': {
        // Each target by name; while its button has the focus or the pointer, the board
        // highlights the feature (and where the wagon stood).
        const labels = wagonTargetLabels(d.targets, v.players, { placeOf: (tg) => placeAt(v, (id) => s.type(id), tg.x, tg.y, tg.on) });
        const show = (tg) => {
          this.highlighted = true;
          highlightOnBoard(p, [{ ...d.from }, ...(tg.segments?.length ? tg.segments : [{ x: tg.x, y: tg.y, on: tg.on }])]);
        };
        const buttons = new Map();
        // Leaving one: the focused target (if any) stays shown.
        const hide = () => queueMicrotask(() => {
          const tg = buttons.get(document.activeElement);
          if (tg) show(tg);
          else { this.highlighted = false; highlightOnBoard(p, []); }
        });
        p.append(title(prompt(d), helpButton(d)), h('div', { class: 'spot-list', role: 'group', 'aria-label': t('game.ui.wagonWhere') }, d.targets.map((tg, i) => {
          const b = chip(sel?.kind === 'wagon' && sel.x === tg.x && sel.y === tg.y && sel.on === tg.on, () => s.selectWagonTarget(tg.x, tg.y, tg.on), labels[i]);
          b.classList.add('wagon-target');
          buttons.set(b, tg);
          for (const on of ['focus', 'mouseenter']) b.addEventListener(on, () => show(tg));
          for (const off of ['blur', 'mouseleave']) b.addEventListener(off, hide);
          return b;
        })),
        row(btn(t('game.ui.takeHome'), () => play({ type: 'wagon', to: null })), confirm));
        break;
      }
      default:
        p.append(title(prompt(d)));
    }
  }

  /** Shows and announces a hint (Hint.move) for the pending decision; `quiet`: shown again
   * in another language, not announced. */
  hint(move, { quiet = false } = {}) {
    const text = hintText(move, this.state.view, (id) => this.state.type(id));
    this.el.querySelector('.hint-note')?.remove();
    this.el.append(h('p', { class: 'hint-note', role: 'status' }, text));
    this.shownHint = { move, sig: this.sig };
    if (!quiet) announce(text);
  }
}

/** What identifies a panel control across rebuilds: its label. */
function controlKey(el) {
  return `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent.trim()}`;
}
