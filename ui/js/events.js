// One input path for mouse, touch and pen (Pointer Events): drag to pan, pinch or wheel to
// zoom, a short press without movement is a tap. Keyboard: arrows pan, + and − zoom, 0 fits.
import { zoomAt } from './geometry.js';

const TAP_SLOP = 8;

export function attachGestures(svg, { getCamera, setCamera, onTap, onFit }) {
  const pointers = new Map();
  let pinch = null;
  let moved = false;
  let downTarget = null;

  const local = (e) => {
    const r = svg.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };

  svg.addEventListener('pointerdown', (e) => {
    if (e.button !== undefined && e.button > 0) return;
    svg.setPointerCapture?.(e.pointerId);
    const [x, y] = local(e);
    pointers.set(e.pointerId, { x, y, sx: x, sy: y });
    if (pointers.size === 1) { moved = false; downTarget = e.target; }
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
      moved = true;
    }
  });

  svg.addEventListener('pointermove', (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    const [x, y] = local(e);
    const dx = x - p.x, dy = y - p.y;
    p.x = x; p.y = y;
    if (pointers.size === 1) {
      if (!moved && Math.hypot(x - p.sx, y - p.sy) < TAP_SLOP) return;
      moved = true;
      const c = getCamera();
      setCamera({ ...c, x: c.x - dx / c.scale, y: c.y - dy / c.scale });
    } else if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const cx = (a.x + b.x) / 2, cy = (a.y + b.y) / 2;
      let c = getCamera();
      c = { ...c, x: c.x - (cx - pinch.cx) / c.scale, y: c.y - (cy - pinch.cy) / c.scale };
      c = zoomAt(c, dist / (pinch.dist || dist), cx, cy);
      pinch = { dist, cx, cy };
      setCamera(c);
    }
  });

  const end = (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0 && !moved && e.type === 'pointerup') {
      onTap(p.x, p.y, downTarget);
    }
  };
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointercancel', end);

  svg.addEventListener('wheel', (e) => {
    e.preventDefault();
    const [x, y] = local(e);
    setCamera(zoomAt(getCamera(), Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), x, y));
  }, { passive: false });

  svg.addEventListener('keydown', (e) => {
    const c = getCamera();
    const step = 60 / c.scale;
    const r = svg.getBoundingClientRect();
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[e.key]) {
      setCamera({ ...c, x: c.x + moves[e.key][0], y: c.y + moves[e.key][1] });
    } else if (e.key === '+' || e.key === '=') {
      setCamera(zoomAt(c, 1.25, r.width / 2, r.height / 2));
    } else if (e.key === '-' || e.key === '_') {
      setCamera(zoomAt(c, 0.8, r.width / 2, r.height / 2));
    } else if (e.key === '0') {
      onFit();
    } else {
      return;
    }
    e.preventDefault();
  });
}
