// Opponents' strength in players' words: an AI opponent is named by the level its spec
// derives from ("hard@1732" → Hard, "easy~0.65" → Easy) and, where its rating is known, "≈ 1350";
// the spec text itself is never shown. "Match my level": the challenges a player can pick.
import { t, has, fmtNumber, fmtList } from './i18n.js';

/** The challenges of "Match my level": the player's expected result against the opponent. */
export const CHALLENGES = [{ id: 'harder', chance: 0.35 }, { id: 'even', chance: 0.5 }, { id: 'easier', chance: 0.65 }];

/** The level a level or spec string derives from ("hard@1732" → "hard"). */
export const baseLevel = (level) => String(level ?? '').split(/[@~]/)[0];
/** True for a spec (a strength between the levels), false for a plain level. */
export const isSpec = (level) => /[@~]/.test(String(level ?? ''));

/** A rating as shown: whole, without digit grouping ("1350"). */
export const ratingText = (r) => fmtNumber(Math.round(r), { useGrouping: false });

/**
 * An opponent's level string as `{name, rating}`: `name` the level's name in the language
 * in use (an unknown level as it is), `rating` the rating given (the view's, the record's),
 * else a plain level's measured rating from `app_info.strength` when `withLevelRating`, else null.
 */
export function opponentOf(level, rating = null, { info = null, withLevelRating = false } = {}) {
  const base = baseLevel(level);
  const name = has(`common.level.${base}`) ? t(`common.level.${base}`) : (base || String(level ?? ''));
  let r = typeof rating === 'number' && Number.isFinite(rating) ? rating : null;
  if (r == null && withLevelRating && !isSpec(level)) r = info?.strength?.levels?.[base] ?? null;
  // A strength between the levels without its rating: its level's name would mislead
  // ("easy~0.73" plays far better than Easy), so it is named for how it was chosen.
  if (r == null && isSpec(level)) return { name: t('screens.matchedOpponent'), rating: null };
  return { name, rating: r };
}

/** An opponent as a label: "Hard ≈ 1350", or "Hard" without a rating; `lower` for the
 * scoreboard's small print ("hard ≈ 1350"). */
export function opponentLabel(level, rating = null, { lower = false, ...opts } = {}) {
  const o = opponentOf(level, rating, opts);
  const named = !isSpec(level) || o.rating != null;
  const name = lower && named && has(`common.level.${baseLevel(level)}`) ? o.name.toLowerCase() : o.name;
  return o.rating == null ? name : t('screens.strength.label', { name, rating: ratingText(o.rating) });
}

/** An AI level's name ("Easy", "Könnyű"); a strength between the levels ("hard@1732") by the
 * level it derives from, with its rating when known ("Hard ≈ 1350"); an unknown one as it is. */
export const levelName = (level, rating = null) => opponentLabel(level, rating);
/** The levels of a match's opponents, as a list ("Easy and Hard", "Könnyű és Nehéz"). */
export const levelList = (opponents) => fmtList(opponents.map((o) => levelName(o.level, o.rating)));

/** The levels from the weakest to the strongest by their measured ratings (`app_info.strength`;
 * a level without one keeps its place after them). */
export function byStrength(levels, info = null) {
  const rating = (l) => info?.strength?.levels?.[l] ?? Infinity;
  return [...levels].sort((a, b) => rating(a) - rating(b));
}
