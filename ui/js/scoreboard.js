// The game screen's scores: the scoreboard (each player's badge, name, level, score and its
// projection, supply of figures), and on a phone the compact bar's button (whose turn, each
// player's score in one line), which opens the sheet with the whole scoreboard.
import { h } from './dom.js';
import { badgeSvg, miniFigure } from './players.js';
import { playerSummary, projectedLabel, whoseTurn, sheetToggleLabel, isTable } from './text.js';
import { fmtNumber, t } from './i18n.js';
import { opponentLabel } from './strength.js';

/**
 * Draws the scores of the view `v` into the game screen's elements (`whoseTurn`, `sheetBtn`,
 * `scoreLine`, `scoreboard`); `turn`: the view as far as whose turn it is (the AI thinking
 * now, GameScreen.turnView); `thinking`: the seat of the AI thinking now, if any.
 */
export function renderScoreboard({ whoseTurn: whose, sheetBtn, scoreLine, scoreboard }, v, { turn, thinking: seat }) {
  // The compact bar: whose turn, then each player's badge and score (the current one named).
  whose.textContent = whoseTurn(turn);
  sheetBtn.setAttribute('aria-label', sheetToggleLabel(turn));
  // (Spaces between the words, as the flex gaps show them, for the button's text: "Your turn 12 8".)
  scoreLine.replaceChildren(...v.players.flatMap((p, i) => [...(i ? [' '] : []), h('span', { class: `mini-score${v.current === p.seat ? ' current' : ''}${seat === p.seat ? ' thinking' : ''}`, 'data-seat': p.seat },
    h('span', { class: 'who', html: badgeSvg(p.seat, 16) }), h('b', {}, fmtNumber(p.score)))]));
  // Several people at one device: each person's seat says so, as each AI's says its level.
  const table = isTable(v);
  scoreboard.replaceChildren(...v.players.map((p) => {
    const person = table && p.kind === 'human';
    const thinking = seat === p.seat;
    const current = v.current === p.seat;
    const sup = p.supply;
    const used = (k) => `sup${sup[k] ? '' : ' used'}`;
    return h('li', { class: `player${current ? ' current' : ''}${thinking ? ' thinking' : ''}`, 'data-seat': p.seat, 'aria-label': playerSummary(p, v.abbeyMayor, { current, thinking, person }) },
      h('span', { class: 'who', html: badgeSvg(p.seat, 22) }),
      h('span', { class: 'name' }, p.name, p.level ? h('small', { class: 'level' }, ` ${opponentLabel(p.level, p.rating, { lower: true })}`)
        : person ? h('small', { class: 'level person' }, ` ${t('game.person')}`) : null, thinking ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null),
      h('span', { class: 'score' }, fmtNumber(p.score), h('small', { class: 'projected', title: projectedLabel(p.projected) }, `→${fmtNumber(p.projected)}`)),
      h('span', { class: 'supply', 'aria-hidden': 'true' },
        h('span', { class: 'sup', html: `${miniFigure(p.seat, 'follower')}<b>${sup.followers}</b>` }),
        v.abbeyMayor ? [...['mayor', 'wagon', 'barn'].map((k) => h('span', { class: used(k), html: miniFigure(p.seat, k) })),
          h('span', { class: `${used('abbey')} abbey`, html: MINI_ABBEY })] : null));
  }));
}

/** Where a player's points and figures fly (motion.js): the player's scoreboard row, or on a
 * phone with the sheet closed, the player's score in the compact bar. */
export function scoreRowOf({ scoreboard, scoreLine }, seat) {
  const row = scoreboard.querySelector(`.player[data-seat="${seat}"]`);
  if (row?.getClientRects().length) return row;
  return scoreLine.querySelector(`.mini-score[data-seat="${seat}"]`) ?? row;
}

const MINI_ABBEY = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><rect x="4" y="10" width="16" height="11" fill="#efe6d2" stroke="#5b4a3a" stroke-width="1.5"/><path d="M2,11L12,3L22,11Z" fill="#c23b22" stroke="#5b2416" stroke-width="1.5"/></svg>';
