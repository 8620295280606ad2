// Moves made on a game screen's board and decision panel as a person makes them (the lesson
// and the retry tests): a tap on the square, the rotations, Confirm; a figure's kind and
// spot; a wagon's target; the panel's buttons for the rest.
import assert from 'node:assert/strict';

/**
 * Taps or clicks a board element of the screen `screen` (a selector) as a person would: if
 * something covers it, the board is dragged to bring it to the middle first.
 */
export async function pressOnBoard(page, press, screen, locator) {
  for (let i = 0; i < 4; i++) {
    const free = await locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!hit && (hit === el || el.contains(hit));
    });
    if (free) break;
    const b = await locator.boundingBox();
    const host = await page.locator(`${screen} .board-host`).boundingBox();
    const cx = host.x + host.width / 2, cy = host.y + host.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + cx - b.x - b.width / 2, cy + cy - b.y - b.height / 2, { steps: 6 });
    await page.mouse.up();
  }
  await press(locator);
}

const KIND_LABEL = { follower: 'Follower', mayor: 'Mayor', wagon: 'Wagon', barn: 'Barn' };

/**
 * Makes `move` (a MoveInput) for decision `d` (the view's) on the screen `screen` through the
 * board and the panel; `on`: the spot a figure goes to as the board names it, if the move
 * names it by another of its sides. Returns once the move is sent (the caller waits for the
 * answer).
 */
export async function makeMove(app, screen, d, move, { on = null } = {}) {
  const { page, press } = app;
  const panel = page.locator(`${screen} .action-panel`);
  const confirm = () => press(panel.locator('button.confirm'));
  switch (move.type) {
    case 'place': {
      await pressOnBoard(page, press, screen, page.locator(`${screen} .cell.legal[data-x="${move.x}"][data-y="${move.y}"]`));
      await page.locator(`${screen} .preview`).waitFor();
      const cell = d.cells.find((c) => c.x === move.x && c.y === move.y);
      const turns = cell.rotations.indexOf(move.rotation);
      assert.ok(turns >= 0, `rotation ${move.rotation} is offered at (${move.x}, ${move.y})`);
      for (let t = 0; t < turns; t++) await press(panel.getByRole('button', { name: '⟳ Rotate' }));
      await confirm();
      break;
    }
    case 'abbey':
      await pressOnBoard(page, press, screen, page.locator(`${screen} .cell.hole[data-x="${move.x}"][data-y="${move.y}"]`));
      await confirm();
      break;
    case 'figure': {
      const kind = panel.getByRole('radio', { name: KIND_LABEL[move.kind] });
      if ((await kind.getAttribute('aria-checked')) !== 'true') await press(kind);
      await pressOnBoard(page, press, screen, page.locator(`${screen} .spot[data-spot="${d.x},${d.y},${on ?? move.on}"]`));
      await page.locator(`${screen} .spot.selected`).waitFor();
      await confirm();
      break;
    }
    case 'wagon':
      if (move.to) {
        await pressOnBoard(page, press, screen, page.locator(`${screen} .spot[data-spot="${move.to.x},${move.to.y},${move.to.on}"]`));
        await confirm();
      } else await press(panel.getByRole('button', { name: 'Take it home' }));
      break;
    case 'no_figure': await press(panel.getByRole('button', { name: 'No figure' })); break;
    case 'draw': await press(panel.getByRole('button', { name: 'Draw a tile' })); break;
    case 'pass': await press(panel.getByRole('button', { name: 'Keep the abbey' })); break;
    default: throw new Error(`unknown move ${JSON.stringify(move)}`);
  }
}
