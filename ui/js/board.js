// The board: an SVG that draws tiles, figures, highlights, targets and scoring glows. It
// knows no rules: it is told what to show and reports taps. Changes are collected and
// applied once per animation frame; tiles already drawn are kept, not redrawn.
//
// Pan and zoom gestures are cheap: while one runs, the drawn SVG is moved and scaled as one
// composited layer (a CSS transform on its HTML wrapper) and the SVG's own camera is only
// redrawn when the gesture ends, when it pauses, or at most every ~100 ms when the view has
// moved past what was drawn. `camera` is always the true camera (taps, screenOf, fit…).
//
// Figure spots and wagon targets are hit circles that never overlap (each is at most half
// the way to its nearest neighbour, and 44 px wide where there is room); only those circles
// take taps (rings and the chosen figure let them through). While the camera glides, the
// spots are hidden and cannot be hit: a target never moves under a finger. The host's
// `data-camera` is "moving" during a glide or a gesture and "still" otherwise.
import { TILE, cellKey, bounds, fitCamera, cellVisible, zoomAt, screenToBoard } from './geometry.js';
import { tileMarkup, anchorFor, segmentShapes, ensureArtDefs } from './tiledraw.js';
import { figureSvg, playerColour, shapePath } from './players.js';
import { attachGestures } from './events.js';
import { animate } from './motion.js';
import { t } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';
/** During a gesture the SVG is redrawn at most this often (ms), and once it stops for IDLE_MS. */
const REDRAW_MS = 100;
const IDLE_MS = 140;
/** How far (as a zoom ratio) the composited layer may be scaled before the SVG is redrawn. */
const MAX_STRETCH = 1.5;
/** The drawn margin around the view (a share of its larger side, at most MARGIN_MAX px). */
const MARGIN = 0.15;
const MARGIN_MAX = 200;
/** A spot's target is this wide on screen where there is room (px), and this far from the next. */
const SPOT_PX = 44;
const SPOT_GAP = 2;
/** The glide of the camera to a new decision (ms). */
const GLIDE_MS = 280;

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

/** The level of detail of the tile art for a tile `px` pixels wide: near, mid or far. */
export function lodFor(px) {
  return px >= 90 ? 'near' : px >= 50 ? 'mid' : 'far';
}

export class Board {
  /**
   * @param {HTMLElement} host where the SVG goes
   * @param {Map} types tile types by id
   * @param {object} handlers { onTap({x, y, spot}) } — spot is {x, y, on} when a target was hit
   */
  constructor(host, types, { onTap = () => {}, label = t('game.ui.boardPlain'), interactive = true } = {}) {
    this.host = host;
    this.types = types;
    this.onTap = onTap;
    this.svg = el('svg', { class: 'board-svg', role: 'img', 'aria-label': label, tabindex: '0', focusable: 'true' });
    this.title = el('title', {}, this.svg);
    this.title.textContent = label;
    const defs = el('defs', {}, this.svg);
    defs.innerHTML = '<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
      + '<rect width="4" height="8" fill="#fff" opacity="0.35"/></pattern>'
      + '<pattern id="dead-hatch" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
      + '<rect width="5" height="12" fill="#b3261e" opacity="0.45"/></pattern>';
    ensureArtDefs();
    // The wrapper that a gesture moves as one layer; the host stays put and takes the input.
    this.layer = document.createElement('div');
    this.layer.className = 'board-layer';
    this.layer.append(this.svg);
    this.world = el('g', { class: 'world' }, this.svg);
    this.layers = {};
    for (const name of ['cells', 'tiles', 'overlay', 'aids', 'preview', 'marks', 'figures', 'spots', 'floats']) {
      this.layers[name] = el('g', { class: `layer-${name}` }, this.world);
    }
    host.append(this.layer);
    this.host.dataset.camera = 'still';
    this.tileEls = new Map();
    this.camera = { scale: 0.6, x: -200, y: -200 };
    // The camera the SVG was last drawn with; `lazy` while a gesture moves the layer instead.
    this.drawn = null;
    this.lazy = false;
    this.drawnAt = 0;
    this.margin = 0;
    this.pointers = new Set();
    this.figureScale = 1.05;
    this.userMoved = false;
    this.want = {};
    this.frame = 0;
    this.size = { width: host.clientWidth || 300, height: host.clientHeight || 300 };
    this.resizeObserver = new ResizeObserver(() => {
      const w = host.clientWidth, h = host.clientHeight;
      if (!w || !h) return;
      const first = !this.sized;
      this.size = { width: w, height: h };
      this.sized = true;
      // A close-up follows the new size; one still gliding there glides on to it.
      const f = this.focusTarget;
      if (f) this.focusCell(f.x, f.y, f.px, !!this.gliding, true, f.spots);
      else if (first || !this.userMoved) this.fit(false);
      else this.schedule();
    });
    this.resizeObserver.observe(host);
    // Highlights asked for by the log and the panel of the same screen (`board-highlight`).
    this.onHighlight = (e) => { if (e.target.closest?.('.screen') === host.closest('.screen')) this.highlight(e.detail.places, e.detail); };
    document.addEventListener('board-highlight', this.onHighlight);
    if (interactive) {
      // The host listens (it is never transformed, so its pixels are the camera's); the
      // focusable SVG inside it passes its keys up.
      attachGestures(host, {
        getCamera: () => this.camera,
        setCamera: (c) => this.gesture(c),
        onTap: (sx, sy, target) => this.tap(sx, sy, target),
        onFit: () => this.fit(true),
      });
      const down = (e) => this.pointers.add(e.pointerId);
      const up = (e) => { this.pointers.delete(e.pointerId); if (!this.pointers.size) this.settle(); };
      host.addEventListener('pointerdown', down);
      host.addEventListener('pointerup', up);
      host.addEventListener('pointercancel', up);
    }
  }

  /** A camera set by a gesture (drag, pinch, wheel, keys): shown by moving the drawn layer. */
  gesture(c) {
    cancelAnimationFrame(this.anim);
    this.camera = c;
    this.userMoved = true;
    this.focusTarget = null;
    this.lazy = true;
    this.gliding = false;
    this.cameraState();
    // A wheel or a key has no end: the SVG is redrawn once they pause. A drag or a pinch
    // is redrawn when its pointers lift.
    clearTimeout(this.idle);
    if (!this.pointers.size) this.idle = setTimeout(() => this.settle(), IDLE_MS);
    this.schedule();
  }

  /** Ends a gesture's cheap phase: the SVG is redrawn at the true camera on the next frame. */
  settle() {
    clearTimeout(this.idle);
    if (!this.lazy) return;
    this.lazy = false;
    this.cameraState();
    this.schedule();
  }

  /** Says whether the camera moves (a glide or a gesture) on the host (`data-camera`); the
   * spots are hidden while it glides. */
  cameraState() {
    const state = this.gliding || this.lazy ? 'moving' : 'still';
    if (this.host.dataset.camera !== state) this.host.dataset.camera = state;
    this.svg.classList.toggle('gliding', !!this.gliding);
  }

  /** Whether the layer, moved from the drawn camera to `c`, would show too little or too blurry. */
  stretched(c) {
    const d = this.drawn;
    if (!d) return true;
    const k = c.scale / d.scale;
    if (k > MAX_STRETCH || k < 1 / MAX_STRETCH) return true;
    // The drawn area is the view and a margin around it: it must still cover the view.
    const { width, height } = this.size;
    const m = this.margin;
    const left = (d.x - c.x) * c.scale - m * k, top = (d.y - c.y) * c.scale - m * k;
    return left > 0.5 || top > 0.5 || left + (width + 2 * m) * k < width - 0.5 || top + (height + 2 * m) * k < height - 0.5;
  }

  /** Shows the camera: the SVG's own transform (drawn), or the layer's while a gesture runs. */
  applyCamera(now) {
    const c = this.camera;
    if (this.lazy && this.drawn && !(this.stretched(c) && now - this.drawnAt >= REDRAW_MS)) {
      const d = this.drawn;
      const k = c.scale / d.scale;
      this.layer.style.transform = `translate(${(d.x - c.x) * c.scale}px, ${(d.y - c.y) * c.scale}px) scale(${k})`;
      return false;
    }
    // The SVG covers the view and a margin around it, so that a pan shows drawn board.
    const { width, height } = this.size;
    const m = Math.round(Math.min(MARGIN_MAX, MARGIN * Math.max(width, height)));
    const dims = `${m},${width},${height}`;
    if (dims !== this.dims) {
      this.dims = dims;
      this.margin = m;
      Object.assign(this.svg.style, { left: `${-m}px`, top: `${-m}px`, width: `${width + 2 * m}px`, height: `${height + 2 * m}px` });
    }
    const { scale, x, y } = c;
    this.world.setAttribute('transform', `matrix(${scale} 0 0 ${scale} ${-x * scale + m} ${-y * scale + m})`);
    if (this.layer.style.transform) this.layer.style.transform = '';
    this.drawn = { ...c };
    this.drawnAt = now;
    return true;
  }

  /** Queues a render on the next animation frame. */
  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  // --- What to show (each call only records the wish).
  /** The game view to show; `motion` (Motion.placing) animates its new tile and figures. */
  setView(view, motion = null) {
    this.want.view = view; this.want.motion = motion; this.want.viewDirty = true;
    // Where its tiles are is known at once (figure anchors, the camera of a figure decision).
    if (view) this.placed = new Map(view.tiles.map((tl) => [cellKey(tl.x, tl.y), tl]));
    this.schedule();
  }
  setCells(cells, kind) { this.want.cells = cells; this.want.cellKind = kind; this.want.cellsDirty = true; this.schedule(); }
  setPreview(p) { this.want.preview = p; this.want.previewDirty = true; this.schedule(); }
  setSpots(spots, selected) { this.want.spots = spots; this.want.selectedSpot = selected; this.want.spotsDirty = true; this.schedule(); }
  setOverlay(on) { this.want.overlay = on; this.want.viewDirty = true; this.schedule(); }
  /** The board-reading aids to draw (GameView.aids), or null to draw none. */
  setAids(aids) { this.want.aids = aids; this.want.aidsDirty = true; this.schedule(); }
  /** The board's name for screen readers (its aria-label and title), e.g. in another language. */
  setLabel(label) {
    this.svg.setAttribute('aria-label', label);
    this.title.textContent = label;
  }

  /** Highlights tiles and figures, e.g. the AI's last move: [{x, y}] and figure keys. */
  setMarks(marks) { this.want.marks = marks; this.want.marksDirty = true; this.schedule(); }

  render() {
    const w = this.want;
    this.applyCamera(performance.now());
    // What depends on the zoom follows the drawn camera (the layer only stretches it).
    const { scale } = this.drawn;
    this.svg.classList.toggle('zoomed-out', scale * TILE < 56);
    // The tile art's level of detail follows the tile size on screen; CSS does the rest.
    const lod = lodFor(scale * TILE);
    if (lod !== this.lod) {
      if (this.lod) this.svg.classList.remove(`lod-${this.lod}`);
      this.svg.classList.add(`lod-${lod}`);
      this.lod = lod;
    }
    // A figure is about 30 units tall: keep it at least ~20 px on screen, in coarse steps.
    const figureScale = Math.min(1.8, Math.max(1.05, Math.round((20 / (30 * scale)) * 4) / 4));
    if (figureScale !== this.figureScale) {
      this.figureScale = figureScale;
      if (w.view && !w.viewDirty) this.renderFigures(w.view);
      if (Array.isArray(w.preview)) w.previewDirty = true;
    }
    // Spots' touch areas are sized on screen: redraw them when the zoom changes.
    if (scale !== this.spotScale) { this.spotScale = scale; w.spotsDirty = true; }
    if (w.viewDirty) {
      w.viewDirty = false;
      this.motion = w.motion;
      w.motion = null;
      this.renderView(w.view);
      this.motion = null;
      this.moving = false;
      w.marksDirty = true;
      w.aidsDirty = true;
    }
    if (w.glows?.length) this.renderGlows();
    // Offered holes hide the dead-square marks under them.
    if (w.cellsDirty) w.aidsDirty = true;
    if (w.aidsDirty) { w.aidsDirty = false; this.renderAids(); }
    if (w.cellsDirty) { w.cellsDirty = false; this.renderCells(); }
    if (w.previewDirty) { w.previewDirty = false; this.renderPreview(); }
    if (w.spotsDirty) { w.spotsDirty = false; this.renderSpots(); }
    if (w.marksDirty) { w.marksDirty = false; this.renderMarks(); }
  }

  renderView(view) {
    if (!view) return;
    const seen = new Set();
    const created = [];
    const before = this.tileEls.size;
    for (const tl of view.tiles) {
      const key = `${cellKey(tl.x, tl.y)}`;
      seen.add(key);
      const sig = `${tl.id}@${tl.rotation}`;
      let g = this.tileEls.get(key);
      if (g && g.dataset.sig === sig) continue;
      if (g) g.remove();
      const type = this.types.get(tl.id);
      g = el('g', { class: 'tile', transform: `translate(${tl.x * TILE} ${tl.y * TILE})`, 'data-cell': key }, this.layers.tiles);
      g.dataset.sig = sig;
      g.innerHTML = tileMarkup(type, tl.rotation) + '<rect class="tile-edge" width="100" height="100"/>';
      this.tileEls.set(key, g);
      created.push([g, tl]);
    }
    // A move's new tile (one, or a tile and an abbey) slides to its square; a whole new board does not.
    this.moving = !!this.motion && before > 0 && created.length <= 2;
    const at = this.motion?.at;
    if (this.moving && at) for (const [g, tl] of created) if (tl.x === at.x && tl.y === at.y) this.slide(g, tl.x, tl.y);
    for (const [key, g] of this.tileEls) {
      if (!seen.has(key)) { g.remove(); this.tileEls.delete(key); }
    }
    this.placed = new Map(view.tiles.map((tl) => [cellKey(tl.x, tl.y), tl]));
    this.renderFigures(view);
    this.renderOverlay(view);
    this.world.classList.toggle('overlay-on', !!this.want.overlay);
  }

  /** Figures are few; they are redrawn as a whole, larger when zoomed out so that each
   * owner's colour and shape stay visible at any zoom. */
  renderFigures(view) {
    const figs = [];
    const keys = new Set();
    const fresh = view.figures.filter((f) => !this.figureKeys?.has(figureKey(f)));
    const drop = this.moving && this.motion.drop > 0 && fresh.length <= 2;
    for (const f of view.figures) {
      const [px, py] = this.anchor(f.x, f.y, f.on);
      const farmer = f.kind === 'follower' && f.feature === 'field';
      const svg = figureSvg(f.owner, f.kind, px, py, { farmer, scale: this.figureScale, extraClass: `owner-${f.owner}` });
      const key = figureKey(f);
      keys.add(key);
      figs.push(drop && fresh.includes(f) ? `<g class="fig-drop">${svg}</g>` : svg);
    }
    this.layers.figures.innerHTML = figs.join('');
    this.figureKeys = keys;
    this.shownFigures = view.figures;
    // A figure just put on the board drops in.
    if (drop) {
      for (const g of this.layers.figures.querySelectorAll('.fig-drop')) {
        animate(g, [{ transform: 'translate(0px, -42px) scale(1.3)', opacity: 0 }, { transform: 'translate(0px, 3px) scale(1)', opacity: 1, offset: 0.75 }, { transform: 'none', opacity: 1 }],
          this.motion.drop, { easing: 'ease-in' });
      }
    }
  }

  /** Slides a newly placed tile's drawing from the side of whoever placed it to its square. */
  slide(g, x, y) {
    const m = this.motion;
    const X = x * TILE, Y = y * TILE;
    let dx = 0, dy = -0.4 * TILE;
    if (m.from) {
      const [bx, by] = this.boardOfClient(m.from[0], m.from[1]);
      const vx = bx - (X + TILE / 2), vy = by - (Y + TILE / 2);
      const len = Math.hypot(vx, vy);
      const reach = Math.min(len, m.reach * TILE);
      if (len > 1) { dx = (vx / len) * reach; dy = (vy / len) * reach; }
    }
    const at = (ox, oy, s) => `translate(${X + ox + TILE / 2}px, ${Y + oy + TILE / 2}px) scale(${s}) translate(${-TILE / 2}px, ${-TILE / 2}px)`;
    // While it slides it crosses other squares: it must not take the taps meant for them.
    if (m.slide) g.style.pointerEvents = 'none';
    animate(g, [{ transform: at(dx, dy, 1.12), opacity: m.reach >= 1 ? 0.35 : 1 }, { transform: at(0, 0, 1), opacity: 1 }], m.slide,
      { done: () => { g.style.pointerEvents = ''; } });
  }

  /** Makes a scored feature's segments ([{x, y, on}]) glow in a player's colour for `ms`. */
  glow(segments, seat, ms) {
    if (!ms || !segments?.length) return;
    (this.want.glows ??= []).push({ segments, seat, ms });
    this.schedule();
  }

  renderGlows() {
    const glows = this.want.glows;
    this.want.glows = [];
    for (const { segments, seat, ms } of glows) {
      const colour = playerColour(seat);
      const parts = segments.map((p) => {
        const tl = this.placed?.get(cellKey(p.x, p.y));
        const gx = p.x * TILE, gy = p.y * TILE;
        const shape = tl && p.on ? segmentShapes(this.types.get(tl.id), tl.rotation, p.on) : null;
        if (shape?.kind === 'city') return `<path d="${shape.d}" transform="translate(${gx} ${gy})" fill="${colour}" fill-opacity="0.55" stroke="${colour}" stroke-width="6"/>`;
        if (shape?.kind === 'road') return `<path d="${shape.d}" transform="translate(${gx} ${gy})" fill="none" stroke="${colour}" stroke-width="14" stroke-linecap="round"/>`;
        const [ax, ay] = this.anchor(p.x, p.y, p.on);
        return `<circle cx="${ax}" cy="${ay}" r="26" fill="${colour}" fill-opacity="0.5" stroke="${colour}" stroke-width="5"/>`;
      });
      const g = el('g', { class: 'glow', 'data-seat': seat }, this.layers.floats);
      g.innerHTML = parts.join('');
      animate(g, [{ opacity: 0 }, { opacity: 0.95, offset: 0.25 }, { opacity: 0.8, offset: 0.6 }, { opacity: 0 }], ms, { easing: 'ease-out', done: () => g.remove() });
    }
  }

  /** The board point of a figure of `owner` (of `kind`) shown on the cell (x, y); its centre if none. */
  figureAnchor(x, y, owner, kind) {
    const f = (this.shownFigures ?? []).find((g) => g.x === x && g.y === y && g.owner === owner && (!kind || g.kind === kind));
    return f ? this.anchor(f.x, f.y, f.on) : [x * TILE + TILE / 2, y * TILE + TILE / 2];
  }

  /** The board point in the middle of a feature's segments ([{x, y, on}]). */
  featureCentre(segments) {
    const pts = segments.map((p) => (p.on && this.placed?.has(cellKey(p.x, p.y)) ? this.anchor(p.x, p.y, p.on) : [p.x * TILE + TILE / 2, p.y * TILE + TILE / 2]));
    return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
  }

  /** Where a board point is on the page (client pixels). */
  clientOf(bx, by) {
    const r = this.host.getBoundingClientRect();
    const { scale, x, y } = this.camera;
    return [r.left + (bx - x) * scale, r.top + (by - y) * scale];
  }

  /** The board point under a point of the page (client pixels). */
  boardOfClient(cx, cy) {
    const r = this.host.getBoundingClientRect();
    return screenToBoard(this.camera, cx - r.left, cy - r.top);
  }

  renderOverlay(view) {
    const out = [];
    if (this.want.overlay) {
      for (const o of view.owners) {
        const tl = this.placed.get(cellKey(o.x, o.y));
        if (!tl) continue;
        const type = this.types.get(tl.id);
        const shape = segmentShapes(type, tl.rotation, o.on);
        const colour = playerColour(o.owners[0]);
        const gx = o.x * TILE, gy = o.y * TILE;
        if (shape?.kind === 'city') {
          out.push(`<path d="${shape.d}" transform="translate(${gx} ${gy})" fill="${colour}" opacity="0.45"/>`
            + `<path d="${shape.d}" transform="translate(${gx} ${gy})" fill="url(#hatch)"/>`);
        } else if (shape?.kind === 'road') {
          out.push(`<path d="${shape.d}" transform="translate(${gx} ${gy})" fill="none" stroke="${colour}" stroke-width="8" stroke-linecap="round" opacity="0.85"/>`);
        }
        const [ax, ay] = anchorFor(type, tl.rotation, o.on);
        o.owners.forEach((seat, i) => {
          out.push(`<path class="owner-mark" d="${shapePath(seat, gx + ax + (i - (o.owners.length - 1) / 2) * 11, gy + ay + 14, 4.5)}" fill="${playerColour(seat)}" stroke="#fff" stroke-width="1.5"/>`);
        });
      }
    }
    this.layers.overlay.innerHTML = out.join('');
  }

  /** Dead squares (hatched, with a ✕) and the features they doom (a red dashed outline). A
   * hole offered to the abbey now is drawn as the abbey's target, not as a dead square. */
  renderAids() {
    const aids = this.want.aids;
    const out = [];
    const doomed = new Set();
    const holes = new Set(this.want.cellKind === 'hole' ? (this.want.cells ?? []).map((c) => cellKey(c.x, c.y)) : []);
    for (const d of aids?.dead ?? []) {
      const gx = d.x * TILE, gy = d.y * TILE;
      if (!holes.has(cellKey(d.x, d.y))) out.push(`<g class="dead-square" data-x="${d.x}" data-y="${d.y}"><rect x="${gx + 2}" y="${gy + 2}" width="${TILE - 4}" height="${TILE - 4}" rx="6" class="dead-cell"/>`
        + `<path class="dead-x" d="M${gx + 32},${gy + 32}L${gx + 68},${gy + 68}M${gx + 68},${gy + 32}L${gx + 32},${gy + 68}"/></g>`);
      for (const f of d.features) {
        const key = `${f.x},${f.y},${f.on}`;
        if (doomed.has(key)) continue;
        doomed.add(key);
        const tl = this.placed?.get(cellKey(f.x, f.y));
        if (!tl) continue;
        const type = this.types.get(tl.id);
        const shape = f.kind === 'monastery' ? null : segmentShapes(type, tl.rotation, f.on);
        const tr = `translate(${f.x * TILE} ${f.y * TILE})`;
        const attrs = `class="doomed doomed-${f.kind}" data-doomed="${key}"`;
        if (shape?.d) {
          out.push(`<path ${attrs} d="${shape.d}" transform="${tr}" fill="none"/>`);
        } else {
          const [ax, ay] = anchorFor(type, tl.rotation, f.on);
          out.push(`<circle ${attrs} cx="${f.x * TILE + ax}" cy="${f.y * TILE + ay}" r="20" fill="none"/>`);
        }
      }
    }
    this.layers.aids.innerHTML = out.join('');
  }

  renderCells() {
    const kind = this.want.cellKind ?? 'legal';
    // A hole shows the abbey that may go in it.
    const abbey = (c) => (kind === 'hole' ? `<use class="hole-abbey" href="#art-abbey" transform="translate(${c.x * TILE + 50} ${c.y * TILE + 50}) scale(0.62)"/>` : '');
    this.layers.cells.innerHTML = (this.want.cells ?? []).map((c) => `<rect class="cell ${kind}" data-x="${c.x}" data-y="${c.y}" x="${c.x * TILE + 3}" y="${c.y * TILE + 3}" width="${TILE - 6}" height="${TILE - 6}" rx="8"/>${abbey(c)}`).join('');
  }

  renderPreview() {
    const p = this.want.preview;
    if (!p) { this.layers.preview.innerHTML = ''; return; }
    if (Array.isArray(p)) { this.renderGhosts(p); return; }
    const type = this.types.get(p.id);
    this.layers.preview.innerHTML = `<g class="preview" transform="translate(${p.x * TILE} ${p.y * TILE})" data-preview="1" data-x="${p.x}" data-y="${p.y}">`
      + `${tileMarkup(type, p.rotation ?? 0)}<rect class="preview-edge" width="100" height="100"/></g>`;
  }

  /** A review's ghosts (setPreview with a list): tiles `{id, x, y, rotation, ghost}` and
   * figures `{x, y, ghost, figure: {seat, kind, on, farmer}}`, `ghost` 'played' or 'best'. */
  renderGhosts(list) {
    const label = (g, y) => `<text class="rv-ghost-label" x="50" y="${y}" text-anchor="middle">${t(g.ghost === 'best' ? 'game.review.ghost.best' : 'game.review.ghost.played')}</text>`;
    // The played tile on the best one's square (another rotation) is drawn small in its corner, not hidden under it.
    const inset = (g) => (g.ghost === 'played' && list.some((o) => o !== g && o.id && o.x === g.x && o.y === g.y) ? ' translate(3 51) scale(.46)' : '');
    const tiles = list.filter((g) => g.id).sort((a, b) => !!inset(a) - !!inset(b)).map((g) => `<g class="rv-ghost rv-ghost-${g.ghost}${inset(g) ? ' rv-ghost-inset' : ''}" transform="translate(${g.x * TILE} ${g.y * TILE})${inset(g)}" data-ghost="${g.ghost}" data-x="${g.x}" data-y="${g.y}">`
      + `${tileMarkup(this.types.get(g.id), g.rotation ?? 0)}<rect class="rv-ghost-edge" width="100" height="100"/>${label(g, g.ghost === 'best' ? 16 : 94)}</g>`);
    const figures = list.filter((g) => g.figure).map((g) => {
      const [px, py] = this.anchor(g.x, g.y, g.figure.on);
      return `<g class="rv-ghost-figure rv-ghost-${g.ghost}" data-ghost="${g.ghost}"><circle class="rv-ghost-ring" cx="${px}" cy="${py}" r="${22 * this.figureScale}"/>`
        + `${figureSvg(g.figure.seat, g.figure.kind, px, py, { farmer: g.figure.farmer, scale: this.figureScale })}</g>`;
    });
    this.layers.preview.innerHTML = tiles.join('') + figures.join('');
  }

  /**
   * The spots: a hit circle each, SPOT_PX wide on screen where there is room and never
   * reaching past half the way to the nearest other spot, so that no two overlap; a ring; and
   * the chosen spot's figure, drawn over all rings. Only the hit circles take pointers.
   */
  renderSpots() {
    const sel = this.want.selectedSpot;
    const spots = this.want.spots ?? [];
    const scale = this.drawn?.scale ?? this.camera.scale;
    const at = spots.map((s) => this.anchor(s.x, s.y, s.on));
    const radius = spotRadii(at, Math.max(15, SPOT_PX / 2 / scale), SPOT_GAP / 2 / scale);
    let figure = '';
    const out = spots.map((s, i) => {
      const [px, py] = at[i];
      const on = sel && sel.x === s.x && sel.y === s.y && sel.on === s.on;
      if (on && s.seat != null) figure = figureSvg(s.seat, s.kind, px, py, { farmer: s.farmer, scale: 1.05 });
      const r = +radius[i].toFixed(2);
      return `<g class="spot${on ? ' selected' : ''}" data-spot="${s.x},${s.y},${s.on}">`
        + `<circle cx="${px}" cy="${py}" r="${r}" class="spot-hit"/>`
        + `<circle cx="${px}" cy="${py}" r="${Math.min(10, r)}" class="spot-ring"/></g>`;
    });
    this.layers.spots.innerHTML = out.join('') + (figure ? `<g class="spot-figure">${figure}</g>` : '');
  }

  renderMarks() {
    this.layers.marks.innerHTML = (this.want.marks ?? []).map((m) => {
      if (m.on) {
        // A figure just placed by an AI: a ring around it.
        const [px, py] = this.anchor(m.x, m.y, m.on);
        return `<circle class="mark-figure" cx="${px}" cy="${py}" r="22"/>`;
      }
      return `<rect class="mark ${m.kind ?? 'last'}" x="${m.x * TILE}" y="${m.y * TILE}" width="${TILE}" height="${TILE}" rx="4"/>`;
    }).join('');
  }

  /** The board point of a figure location on a placed (or previewed) tile. */
  anchor(x, y, on) {
    const key = cellKey(x, y);
    let tl = this.placed?.get(key);
    const p = this.want.preview;
    if (!tl && p) tl = [p].flat().find((q) => q.id && q.x === x && q.y === y);
    if (!tl) return [x * TILE + 50, y * TILE + 50];
    const [ax, ay] = anchorFor(this.types.get(tl.id), tl.rotation, on);
    return [x * TILE + ax, y * TILE + ay];
  }

  /** Where the centre of a cell is on screen, in the host's pixels. */
  screenOf(x, y) {
    const { scale, x: cx, y: cy } = this.camera;
    return [((x + 0.5) * TILE - cx) * scale, ((y + 0.5) * TILE - cy) * scale];
  }

  /** The placed tile at a cell ({id, rotation, x, y}), if any. */
  tileAt(x, y) {
    return this.want.view?.tiles.find((tl) => tl.x === x && tl.y === y) ?? null;
  }

  /**
   * Shows where something is, on top of everything: a tile ({x, y}) outlined, a feature's
   * segment ({x, y, on}) filled or traced, a spot ringed. `places` empty clears it; `follow`
   * brings the first place into view.
   */
  highlight(places, { follow = false } = {}) {
    this.highlightLayer ??= el('g', { class: 'layer-highlight' }, this.world);
    this.highlightLayer.innerHTML = (places ?? []).map((p) => {
      const gx = p.x * TILE, gy = p.y * TILE;
      const tl = this.placed?.get(cellKey(p.x, p.y));
      const at = `data-x="${p.x}" data-y="${p.y}"${p.on ? ` data-on="${p.on}"` : ''}`;
      if (!p.on || !tl) return `<rect class="hl hl-tile" ${at} x="${gx + 2}" y="${gy + 2}" width="${TILE - 4}" height="${TILE - 4}" rx="6"/>`;
      const shape = segmentShapes(this.types.get(tl.id), tl.rotation, p.on);
      if (shape?.d) return `<path class="hl hl-${shape.kind}" ${at} d="${shape.d}" transform="translate(${gx} ${gy})"/>`;
      const [ax, ay] = this.anchor(p.x, p.y, p.on);
      return `<circle class="hl hl-spot" ${at} cx="${ax}" cy="${ay}" r="17"/>`;
    }).join('');
    if (follow && places?.length) this.follow(places[0].x, places[0].y);
  }

  tap(sx, sy, target) {
    const spot = target?.closest?.('[data-spot]');
    const [bx, by] = screenToBoard(this.camera, sx, sy);
    // The cell, and where in it (0–100, for the aids' popover) and on screen the tap was.
    const cell = { x: Math.floor(bx / TILE), y: Math.floor(by / TILE), local: [bx - Math.floor(bx / TILE) * TILE, by - Math.floor(by / TILE) * TILE], screen: [sx, sy] };
    if (spot) {
      const [x, y, on] = spot.dataset.spot.split(',');
      this.onTap({ ...cell, spot: { x: +x, y: +y, on } });
      return;
    }
    this.onTap(cell);
  }

  // --- Camera.
  /** Reads the host's size now (layout may have changed since the last resize report). */
  measure() {
    const w = this.host.clientWidth, h = this.host.clientHeight;
    if (w && h) this.size = { width: w, height: h };
  }

  /** Fits the whole board (and the legal cells) into view. */
  fit(glide = true) {
    this.measure();
    this.focusTarget = null;
    const view = this.want.view;
    const cells = [...(view?.tiles ?? []), ...(this.want.cells ?? []), ...[this.want.preview ?? []].flat()];
    const box = bounds(cells.length ? cells : [{ x: 0, y: 0 }]);
    this.moveTo(fitCamera(box, this.size.width, this.size.height), glide);
    this.userMoved = false;
  }

  /** Whether a cell is fully in view. */
  isVisible(x, y) {
    return cellVisible(this.camera, this.size.width, this.size.height, x, y, 0);
  }

  /** Brings a cell into view if it is not, keeping the zoom. */
  follow(x, y) {
    if (cellVisible(this.camera, this.size.width, this.size.height, x, y)) return;
    if (!this.userMoved) { this.fit(true); if (cellVisible(this.camera, this.size.width, this.size.height, x, y)) return; }
    const { scale } = this.camera;
    this.moveTo({ scale, x: (x + 0.5) * TILE - this.size.width / (2 * scale), y: (y + 0.5) * TILE - this.size.height / (2 * scale) }, true);
  }

  /**
   * Zooms so that one cell is large enough for tapping its figure spots, and centres it: by
   * default 200 px wide (at most 70% of the view's smaller side, for some of the board around
   * it), but never less than the spots on it need for full-sized, separate targets
   * (spotTilePx), up to 86% of the view. `spots`: the names of the cell's spots to make room
   * for (every kind's, so that another figure kind needs no other zoom), by default those
   * shown. If the cell is already in view at that size, nothing moves.
   */
  focusCell(x, y, tilePx = null, glide = true, keepCloser = true, spots = null) {
    this.measure();
    this.focusTarget = { x, y, px: tilePx, spots };
    const { width, height } = this.size;
    const side = Math.min(width, height);
    const liked = Math.min(tilePx ?? 200, side * 0.7);
    const want = Math.min(tilePx == null ? Math.max(liked, this.spotTilePx(x, y, spots)) : liked, side * 0.86) / TILE;
    const most = Math.max(want, (side * 0.86) / TILE);
    const scale = keepCloser ? Math.min(most, Math.max(this.camera.scale, want)) : want;
    const c = this.camera;
    if (glide && keepCloser && !this.gliding && c.scale >= want * 0.999 && c.scale <= most && cellVisible(c, width, height, x, y, 0.25)) return;
    this.moveTo({ scale, x: (x + 0.5) * TILE - width / (2 * scale), y: (y + 0.5) * TILE - height / (2 * scale) }, glide);
  }

  /** How wide (px) the cell (x, y) must be for its spots (`names`, else those shown on it)
   * to get full-sized targets with a gap between them: its two closest spots that far apart. */
  spotTilePx(x, y, names = null) {
    const on = names ?? (this.want.spots ?? []).filter((s) => s.x === x && s.y === y).map((s) => s.on);
    const at = on.map((n) => this.anchor(x, y, n).map((v) => v / TILE));
    let near = Infinity;
    for (const [i, p] of at.entries()) for (const q of at.slice(i + 1)) near = Math.min(near, Math.hypot(p[0] - q[0], p[1] - q[1]));
    return near === Infinity ? 0 : Math.ceil((SPOT_PX + 2 * SPOT_GAP) / Math.max(near, 0.05));
  }

  zoom(factor) {
    cancelAnimationFrame(this.anim);
    this.gliding = false;
    this.settle();
    this.cameraState();
    this.camera = zoomAt(this.camera, factor, this.size.width / 2, this.size.height / 2);
    this.userMoved = true;
    this.schedule();
  }

  moveTo(target, glide) {
    cancelAnimationFrame(this.anim);
    this.settle();
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!glide || reduce) { this.gliding = false; this.cameraState(); this.camera = target; this.schedule(); return; }
    const from = { ...this.camera };
    const start = performance.now();
    // While it glides, the spots are hidden: none can be hit where it no longer is.
    this.gliding = true;
    this.cameraState();
    const step = (now) => {
      const k = Math.min(1, (now - start) / GLIDE_MS);
      const e = 1 - (1 - k) ** 3;
      this.camera = { scale: from.scale + (target.scale - from.scale) * e, x: from.x + (target.x - from.x) * e, y: from.y + (target.y - from.y) * e };
      if (k >= 1) { this.camera = target; this.gliding = false; }
      this.render();
      if (k < 1) this.anim = requestAnimationFrame(step);
      else this.cameraState();
    };
    this.anim = requestAnimationFrame(step);
  }

  destroy() {
    this.resizeObserver.disconnect();
    clearTimeout(this.idle);
    document.removeEventListener('board-highlight', this.onHighlight);
    this.layer.remove();
  }
}

/**
 * The radius of each spot's hit circle (board units), for spots at the points `at`: `want`
 * where there is room, else short of half the way to the nearest other spot by `gap`, so
 * that no two circles overlap.
 */
export function spotRadii(at, want, gap) {
  return at.map((p, i) => {
    let r = want;
    at.forEach((q, j) => { if (j !== i) r = Math.min(r, Math.hypot(p[0] - q[0], p[1] - q[1]) / 2 - gap); });
    return Math.max(0, r);
  });
}

/** A figure's identity on the board, to tell the ones just put down. */
function figureKey(f) {
  return `${f.x},${f.y},${f.on},${f.owner},${f.kind}`;
}
