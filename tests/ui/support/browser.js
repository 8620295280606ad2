// Launches Debian's Chromium through playwright-core with the flags that work on these
// machines, and collects page errors and CSP violations so every test can assert none.
import { chromium, devices } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const OUTPUT = fileURLToPath(new URL('../../../test-output/ui/', import.meta.url));
mkdirSync(OUTPUT, { recursive: true });

export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ARGS });
}

export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
export const PHONE = devices['iPhone 13'];
export const PHONE_LANDSCAPE = devices['iPhone 13 landscape'];
export const TABLET = devices['iPad Mini'];

/** Opens a page that records console errors, page errors and CSP violations. */
export async function openPage(browser, contextOptions, initScripts = []) {
  const context = await browser.newContext({ ...contextOptions, reducedMotion: 'reduce' });
  for (const s of initScripts) await context.addInitScript(s);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  return { context, page, problems };
}

export function shot(page, name) {
  return page.screenshot({ path: `${OUTPUT}${name}.png` });
}
