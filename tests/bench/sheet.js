// A contact sheet of every tile type (not a test): writes test-output/ui/art-sheet-{light,dark}.png
// with each type drawn at 100 px and at the far level of detail at 40 px, to look at the art.
//   node tests/bench/sheet.js
import { startServer } from '../ui/support/server.js';
import { launch, openPage, OUTPUT } from '../ui/support/browser.js';
import { TILES } from '../ui/support/fixtures.js';

const server = await startServer();
const browser = await launch();
for (const scheme of ['light', 'dark']) {
  const { page, context } = await openPage(browser, { viewport: { width: 1200, height: 900 }, colorScheme: scheme });
  await page.goto(`${server.url}/__blank`);
  await page.evaluate(async (tiles) => {
    const { tileMarkup, ensureArtDefs } = await import('/js/tiledraw.js');
    ensureArtDefs();
    const types = tiles.types;
    const NS = 'http://www.w3.org/2000/svg';
    const make = (cls, size, cols) => {
      const svg = document.createElementNS(NS, 'svg');
      const rows = Math.ceil(types.length / cols);
      svg.setAttribute('viewBox', `0 0 ${cols * 120} ${rows * 130}`);
      svg.setAttribute('width', cols * 120 * size / 100);
      svg.setAttribute('class', `board-svg ${cls}`);
      svg.innerHTML = types.map((t, i) => `<g transform="translate(${(i % cols) * 120 + 10} ${Math.floor(i / cols) * 130 + 20})"><text y="-6" class="sheet-label">${t.id}</text>${tileMarkup(t, 0)}<rect class="tile-edge" width="100" height="100"/></g>`).join('');
      document.body.append(svg);
    };
    document.body.style.background = 'var(--board-bg)';
    make('lod-near', 100, 10);
    make('lod-far', 40, 19);
  }, TILES);
  await page.screenshot({ path: `${OUTPUT}art-sheet-${scheme}.png`, fullPage: true });
  await context.close();
}
await browser.close();
await server.close();
