// Tests of the npm package (build/web/package, which scripts/web.sh assembles) as a user gets
// it: `npm pack`, the tarball installed into a fresh folder, imported there by node with no
// options (the module must find its .wasm inside node_modules) and a few moves played; and its
// TypeScript declarations, checked by tsc --noEmit on a typed consumer (web/tests/consumer.ts).
//   node --test web/tests/package.test.mjs
// CARC_WEB_PACKAGE: the package (build/web/package). TypeScript comes from the npm registry,
// installed once into build/web/typescript (the one download of the web stage, at test time).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const pkg = process.env.CARC_WEB_PACKAGE ?? join(repo, 'build', 'web', 'package');
// One version, so that the check does not change under the project's feet.
const TYPESCRIPT = '7.0.2';
const typescriptDir = join(repo, 'build', 'web', 'typescript');

const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
const work = realpathSync(mkdtempSync(join(tmpdir(), 'carcassonne-package-')));
after(() => rmSync(work, { recursive: true, force: true }));
const app = join(work, 'app');

const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
// npm's chatter (funding, audit, update notices) kept out of the way.
const npm = (args, cwd) => run('npm', [...args, '--no-audit', '--no-fund', '--no-update-notifier'], cwd);

let tarball;

test('the manifest: an ES module with its declarations, the .wasm exported, the C header\'s version', () => {
  const header = readFileSync(join(repo, 'capi', 'include', 'carcassonne', 'carcassonne.h'), 'utf8');
  const part = (name) => header.match(new RegExp(`^#define CARC_VERSION_${name} (\\d+)$`, 'm'))[1];
  assert.equal(manifest.version, `${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}`);
  assert.equal(manifest.type, 'module');
  assert.deepEqual(manifest.exports['.'], { types: './carcassonne.d.ts', default: './carcassonne.js' });
  assert.equal(manifest.exports['./carcassonne_wasm.wasm'], './carcassonne_wasm.wasm');
});

test('npm pack: a tarball of the module, its declarations and the WebAssembly', () => {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], pkg));
  tarball = join(work, packed.filename);
  assert.equal(packed.name, 'carcassonne');
  assert.equal(packed.version, manifest.version);
  assert.deepEqual(packed.files.map((f) => f.path).sort(), ['LICENSE', 'README.md', 'carcassonne.d.ts', 'carcassonne.js',
    'carcassonne_names.d.ts', 'carcassonne_wasm.mjs', 'carcassonne_wasm.wasm', 'package.json']);
  console.log(`npm pack: ${packed.filename}, ${Math.round(packed.size / 1024)} KB packed, ${Math.round(packed.unpackedSize / 1024)} KB unpacked`);
});

test('installed from the tarball into a fresh folder, node imports it and plays', () => {
  assert.ok(tarball, 'npm pack ran');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // The tarball has no dependencies: nothing to fetch.
  npm(['install', '--offline', '--ignore-scripts', tarball], app);
  // What a user writes: the package by name and no options, so the module finds its .wasm in
  // node_modules itself; the same .wasm also resolves by its export.
  writeFileSync(join(app, 'play.mjs'), `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadCarcassonne, IllegalMove } from 'carcassonne';
const carc = await loadCarcassonne();
const game = new carc.Game({ players: 2, seed: 42 });
game.play('L 0,-1 180');
game.place(game.placements()[0]);
game.deploy(game.meepleChoices()[0] ?? null);
game.play(game.botMove('greedy'));
let refused = null;
try { game.play('E 5,5 0'); } catch (e) { refused = e instanceof IllegalMove ? e.status : String(e); }
const wasm = createRequire(import.meta.url).resolve('carcassonne/carcassonne_wasm.wasm'); // node 18: no import.meta.resolve
const again = await loadCarcassonne({ wasmBinary: readFileSync(wasm) });
const record = game.save();
let internals = 'importable';
try { await import('carcassonne/carcassonne_wasm.mjs'); } catch (e) { internals = e.code; }
console.log(JSON.stringify({ version: carc.version, turns: game.turnsPlayed, history: game.history().map((m) => m.tile),
  refused, wasm, replayed: again.Game.load(record).save() === record, internals }));
`);
  const out = JSON.parse(run('node', ['play.mjs'], app));
  assert.equal(out.version, manifest.version);
  assert.equal(out.turns, 3);
  assert.deepEqual(out.history.slice(0, 1), ['L']);
  assert.equal(out.refused, -2);
  assert.equal(out.wasm, join(app, 'node_modules', 'carcassonne', 'carcassonne_wasm.wasm'));
  assert.ok(out.replayed);
  assert.equal(out.internals, 'ERR_PACKAGE_PATH_NOT_EXPORTED');
});

test('the declarations name every member of the module, of the API and of a Game, and no other', async () => {
  const declared = readFileSync(join(pkg, 'carcassonne.d.ts'), 'utf8');
  // The members of `export interface Name { ... }`, one per line.
  const members = (name) => {
    const body = declared.match(new RegExp(`^export interface ${name} \\{\\n([^]*?)^\\}`, 'm'))[1];
    return [...new Set([...body.matchAll(/^ {2}(?:readonly )?(\w+)[(:?]/gm)].map((m) => m[1]))].sort();
  };
  const mod = await import(pathToFileURL(join(pkg, 'carcassonne.js')));
  const carc = await mod.loadCarcassonne();
  assert.deepEqual([...declared.matchAll(/^export (?:class|function) (\w+)/gm)].map((m) => m[1]).sort(), Object.keys(mod).sort());
  assert.deepEqual(members('Carcassonne'), Object.keys(carc).sort());
  const game = Object.getOwnPropertyNames(carc.Game.prototype).filter((name) => name !== 'constructor' && !name.startsWith('_'));
  assert.deepEqual(members('Game'), game.sort());
  assert.deepEqual(members('GameConstructor').filter((name) => name !== 'prototype'),
    Object.getOwnPropertyNames(carc.Game).filter((name) => typeof carc.Game[name] === 'function' && !name.startsWith('_')));
});

test('the declarations: tsc --noEmit on a typed consumer, its @ts-expect-error lines refused', () => {
  assert.ok(existsSync(join(app, 'node_modules', 'carcassonne')), 'the package is installed');
  const tsc = join(typescriptDir, 'node_modules', '.bin', 'tsc');
  if (!existsSync(tsc) || !run(tsc, ['--version'], repo).includes(TYPESCRIPT)) {
    mkdirSync(typescriptDir, { recursive: true });
    npm(['install', '--prefix', typescriptDir, '--no-save', `typescript@${TYPESCRIPT}`], typescriptDir);
  }
  const consumer = readFileSync(join(here, 'consumer.ts'), 'utf8');
  // tsc fails on a directive whose line type-checks: these lines are the looseness checks.
  assert.ok((consumer.match(/^\/\/ @ts-expect-error/gm) ?? []).length >= 5, 'consumer.ts has its @ts-expect-error lines');
  copyFileSync(join(here, 'consumer.ts'), join(app, 'consumer.ts'));
  // No DOM and no @types/node: the declarations must stand on their own.
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022',
      lib: ['es2022'], types: [], skipLibCheck: false },
    files: ['consumer.ts'],
  }));
  try {
    run(tsc, ['-p', app], app);
  } catch (e) {
    assert.fail(`tsc found errors:\n${e.stdout}${e.stderr}`);
  }
});
