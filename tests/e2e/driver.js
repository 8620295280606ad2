// Starts tauri-driver for an end-to-end test: on ports the OS reports free (so that runs at the
// same time on one machine never collide), waiting until it answers, and on fresh ports again
// if it exits or stays silent.
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

/** Starts the driver with `env`; resolves to `{ driver, base }` once `base/status` answers. */
export async function startDriver(env) {
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    let nativePort = await freePort();
    while (nativePort === port) nativePort = await freePort();
    const driver = spawn(findDriver(), ['--port', String(port), '--native-port', String(nativePort)], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let exited = false;
    driver.on('exit', () => { exited = true; });
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
