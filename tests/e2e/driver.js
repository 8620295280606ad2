// Starts tauri-driver for an end-to-end test: on ports the OS reports free (so that runs at the
// same time on one machine never collide), waiting until it answers, and on fresh ports again
// if it exits or stays silent. The driver runs in a process group of its own, and `kill()`
// ends the whole group: WebKitWebDriver and the app too. (A CI run once timed out after a
// failed test: the app outlived its killed driver and kept the run's output open.)
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How long one WebDriver request may take before the test gives up on it (ms). */
export const REQUEST_TIMEOUT = 120_000;

// Every group started here, ended when this process exits however it exits.
const groups = new Set();
function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  groups.delete(pid);
}
process.on('exit', () => {
  for (const pid of [...groups]) killGroup(pid);
});

function findDriver() {
  if (process.env.TAURI_DRIVER) return process.env.TAURI_DRIVER;
  const cargo = join(homedir(), '.cargo/bin/tauri-driver');
  if (existsSync(cargo)) return cargo;
  return execFileSync('sh', ['-c', 'command -v tauri-driver']).toString().trim();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the driver with `env`; resolves to `{ driver, base }` once `base/status` answers.
 * `driver.kill()` ends its process group, `driver.log()` is the last of what it printed.
 */
export async function startDriver(env) {
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    let nativePort = await freePort();
    while (nativePort === port) nativePort = await freePort();
    const child = spawn(findDriver(), ['--port', String(port), '--native-port', String(nativePort)], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    groups.add(child.pid);
    // What the driver, WebKitWebDriver and the app print goes on to this process's stderr
    // as it comes, and its last 64 KiB are kept for the test to read (`driver.log()`).
    let log = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text) => {
        process.stderr.write(text);
        log = (log + text).slice(-64 * 1024);
      });
      stream.unref?.();
    }
    // Not kept alive by its driver: once its tests are over, the test process exits and its
    // 'exit' handler ends the group, even where a test did not close its app.
    child.unref();
    const driver = { kill: () => killGroup(child.pid), pid: child.pid, log: () => log };
    let exited = false;
    child.on('exit', () => { exited = true; });
    const base = `http://127.0.0.1:${port}`;
    // Up to 30 s: a loaded 2-core machine can be slow to start it.
    for (let i = 0; i < 300 && !exited; i++) {
      try {
        const res = await fetch(`${base}/status`);
        if (res.ok) return { driver, base };
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    driver.kill();
    lastError = new Error(`tauri-driver did not answer on port ${port}${exited ? ' (it exited)' : ''}`);
  }
  throw lastError;
}
