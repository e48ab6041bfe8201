// Random playouts per second: the WebAssembly build in headless Chromium and in node, and
// the native library (through the Python binding), each as one carc_game_rollouts call from
// the start of a seeded 2-player game, best of 3 rounds. After scripts/web.sh and a
// release build:
//   node web/bench/playout.mjs [PLAYOUTS]        (default 5000 a round)
// CARC_WEB_SITE, CARC_NATIVE_LIBRARY, CARC_PYTHON, CHROMIUM as for the tests.

import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, serve } from '../tests/browser.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const site = process.env.CARC_WEB_SITE ?? join(repo, 'build', 'web', 'site');
const nativeLibrary = process.env.CARC_NATIVE_LIBRARY ?? join(repo, 'build', 'release', 'capi', 'libcarcassonne_c.so');
const python = process.env.CARC_PYTHON ?? '/usr/bin/python3';
const playouts = Number(process.argv[2] ?? 5000);
if (!Number.isInteger(playouts) || playouts < 1) {
  console.error('usage: node web/bench/playout.mjs [PLAYOUTS]');
  process.exit(2);
}

// The same measurement everywhere: a warm-up, then the best of 3 rounds.
const measure = `(carc, n) => {
  const game = new carc.Game({ players: 2, seed: 1 });
  game.rollouts(200, 1);
  let best = 0;
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    game.rollouts(n, round);
    best = Math.max(best, n / ((performance.now() - t) / 1000));
  }
  game.free();
  return best;
}`;

const server = await serve(site);
const page = await launch();
let browser;
try {
  await page.goto(`${server.url}index.html`);
  await page.waitFor("document.body.dataset.ready === '1'");
  browser = await page.eval(`import('./carcassonne.js').then(async (m) => (${measure})(await m.loadCarcassonne(), ${playouts}))`);
} finally {
  await page.close();
  await server.close();
}
const mod = await import(pathToFileURL(join(site, 'carcassonne.js')));
const carc = await mod.loadCarcassonne();
const node = eval(measure)(carc, playouts); // eslint-disable-line no-eval
const native = Number(execFileSync(python, ['-c', `
import sys, time
sys.path.insert(0, ${JSON.stringify(join(repo, 'capi', 'python'))})
from carcassonne import Game
game = Game(2, seed=1)
game.rollouts(200, 1)
best = 0
for r in range(3):
    t = time.perf_counter()
    game.rollouts(${playouts}, r)
    best = max(best, ${playouts} / (time.perf_counter() - t))
print(best)`], { env: { ...process.env, CARCASSONNE_LIBRARY: nativeLibrary } }));

const row = (name, rate) => `${name.padEnd(28)}${Math.round(rate).toString().padStart(8)} playouts/s  ${(1e6 / rate).toFixed(1).padStart(6)} us each` +
  (name.startsWith('native') ? '' : `  ${(native / rate).toFixed(2)}x native`);
console.log(row('WebAssembly in Chromium', browser));
console.log(row('WebAssembly in node', node));
console.log(row('native (C ABI, release build)', native));
