// Short, quiet sound effects made in the page with the Web Audio API (no sound files, so
// nothing to license): a soft knock when a tile is placed, a two-note chime when points are
// scored, and a gentle bell when it is the player's turn again. Off when the settings'
// `sounds` is false. The sounds are synthesised: a few sine and triangle tones with short
// attack/decay envelopes, at a low volume.

let context = null;
let enabled = true;

/** Turns the effects on or off (the settings' `sounds`). */
export function setSounds(on) {
  enabled = on !== false;
}

/** One tone: `freq` Hz from `at` seconds for `length` seconds, of `type`, peaking at `gain`. */
function tone(ctx, { freq, at = 0, length = 0.15, type = 'sine', gain = 0.05, glide = null }) {
  const t0 = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (glide) osc.frequency.exponentialRampToValueAtTime(glide, t0 + length);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

/** The effects, as tones. */
const EFFECTS = {
  place: [{ freq: 180, glide: 90, length: 0.12, type: 'triangle', gain: 0.08 }],
  score: [{ freq: 660, length: 0.18 }, { freq: 990, at: 0.09, length: 0.26 }],
  turn: [{ freq: 880, length: 0.35, gain: 0.035 }, { freq: 1320, length: 0.25, gain: 0.015 }],
};

/** Plays an effect (`place`, `score` or `turn`) if sounds are on; never throws. */
export function playSound(name) {
  if (!enabled || !EFFECTS[name]) return;
  try {
    const Ctx = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Ctx) return;
    context ??= new Ctx();
    if (context.state === 'suspended') context.resume().catch(() => {});
    for (const t of EFFECTS[name]) tone(context, t);
  } catch {
    // No audio device: the game goes on silently.
  }
}
