// Tests of the JavaScript module (carcassonne.js over the WebAssembly build) in node:
//   node --test web/tests/module.test.mjs
// CARC_WEB_SITE: the built page with the module (build/web/site); the native comparison
// needs CARC_NATIVE_LIBRARY (build/release/capi/libcarcassonne_c.so) and CARC_PYTHON.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const site = process.env.CARC_WEB_SITE ?? join(repo, 'build', 'web', 'site');
const nativeLibrary = process.env.CARC_NATIVE_LIBRARY ?? join(repo, 'build', 'release', 'capi', 'libcarcassonne_c.so');
const python = process.env.CARC_PYTHON ?? '/usr/bin/python3';

const mod = await import(pathToFileURL(join(site, 'carcassonne.js')));
// In node the module reads the .wasm beside it itself (node's fetch refuses file paths).
const carc = await mod.loadCarcassonne();
const { Game } = carc;

// Asserts that fn throws the error class with the status, its message matching.
function throwsStatus(fn, Class, status, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Class, `${e} is a ${Class.name}`);
    assert.ok(e instanceof mod.CarcassonneError);
    assert.equal(e.status, status);
    if (message) assert.match(e.message, message);
    return true;
  });
}

test('versions and constants', () => {
  assert.equal(carc.version, '0.7.0');
  assert.deepEqual(carc.libraryVersion, [0, 7, 0]);
  assert.equal(carc.errstr(-2), 'illegal move');
  assert.equal(carc.TILES.length, 143);
  assert.deepEqual(carc.TILES.slice(0, 24), [...'ABCDEFGHIJKLMNOPQRSTUVWX']);
  assert.ok(carc.TILES.includes('U_G') && carc.TILES.includes('RL'));
  assert.equal(carc.REASONS.length, 53);
  assert.equal(carc.REASONS[51], 'wagon_target');
  assert.equal(carc.REASONS[52], 'ransom_commits');
  assert.equal(carc.REASONS[42], 'ransom_points');
  assert.equal(carc.REASONS[26], 'pig_needs_farmer');
  assert.equal(carc.REASONS[27], 'too_far');
  assert.equal(carc.REASONS[32], 'dragon_cannot_move');
  assert.equal(carc.Phase.DECIDE, 4);
  assert.equal(carc.Phase.BONUS, undefined); // 0.2's name
  assert.deepEqual(carc.GOODS, ['wine', 'grain', 'cloth']);
  assert.deepEqual(carc.Status, { EINVAL: -1, EILLEGAL: -2, EPHASE: -3, ERANGE: -4, ENOMEM: -5, EINTERNAL: -6 });
  assert.deepEqual(carc.LOCATIONS, ['C', 'N', 'E', 'S', 'W', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW', 'NNW', 'CF', 'TW']);
  assert.deepEqual(carc.FIGURES, ['meeple', 'large meeple', 'abbot', 'builder', 'pig', 'mayor', 'wagon', 'barn']);
  assert.deepEqual(carc.FEATURES, ['road', 'city', 'monastery', 'field', 'garden']);
  assert.equal(mod.InvalidArgument.status, -1);
  // The wasm library's table is the native one's, which the Python tests hold to the header.
  const native = JSON.parse(execFileSync(python, ['-c', 'import json; from carcassonne import _lib; print(json.dumps(_lib.CONSTANTS))'],
    { env: { ...process.env, CARCASSONNE_LIBRARY: nativeLibrary, PYTHONPATH: join(repo, 'capi', 'python') } }));
  assert.deepEqual(carc.constants, Object.fromEntries(Object.entries(native).map(([name, value]) => [name.slice('CARC_'.length), value])));
  assert.equal(carc.Game, Game);
});

test('a seeded game: the same deal as everywhere, a turn, a record', () => {
  const game = new Game({ players: 2, seed: 42 });
  assert.equal(game.currentTile, 'L');
  assert.deepEqual(game.placements()[0], { x: 0, y: -1, rotation: 180 });
  assert.equal(game.phase, carc.Phase.PLACE_TILE);
  game.play('L 0,-1 180');
  assert.deepEqual(game.history(), [{ tile: 'L', x: 0, y: -1, rotation: 180, meeple: null, figure: 'meeple', target: null }]);
  assert.deepEqual(game.scores, [0, 0]);
  assert.equal(game.currentPlayer, 1);
  const same = Game.load(game.save());
  assert.deepEqual(same.history(), game.history());
  assert.equal(same.save(), game.save());
  assert.equal(same.callerDraws, false);
  const pub = Game.load(game.save({ public: true }));
  assert.equal(pub.callerDraws, true);
  assert.doesNotMatch(game.save({ public: true }), /^seed /m);
  assert.equal(pub.currentTile, game.currentTile);
  for (const g of [game, same, pub]) g.free();
});

test('errors carry the status and the library message, and change nothing', () => {
  const game = new Game({ players: 2, seed: 42 });
  const before = game.save();
  throwsStatus(() => game.play('E 5,5 0'), mod.IllegalMove, -2, /^carc_game_play_text: /);
  throwsStatus(() => game.place({ x: 0, y: 1, rotation: 0 }), mod.IllegalMove, -2, /^carc_game_place: /);
  throwsStatus(() => game.deploy('N'), mod.WrongPhase, -3, /^carc_game_deploy: /);
  throwsStatus(() => game.undo(), mod.WrongPhase, -3);
  throwsStatus(() => game.winners, mod.WrongPhase, -3);
  throwsStatus(() => game.play('not a move'), mod.InvalidArgument, -1, /^carc_game_play_text: /);
  assert.equal(game.save(), before);
  // The module's own checks, before any C call.
  throwsStatus(() => new Game({ players: 7 }), mod.InvalidArgument, -1, /player count must be an integer 1 to 6, not 7/);
  throwsStatus(() => new Game({ players: 2, seed: -1 }), mod.InvalidArgument, -1, /seed/);
  throwsStatus(() => new Game({ players: 2, seed: 1, order: 'EUV' }), mod.InvalidArgument, -1, /not both/);
  throwsStatus(() => new Game({ farmers: 1 }), mod.InvalidArgument, -1, /farmers must be true or false/);
  throwsStatus(() => new Game({ player: 2 }), mod.InvalidArgument, -1, /unknown option "player"/);
  throwsStatus(() => new Game({ players: 2, order: 'EUZ' }), mod.InvalidArgument, -1, /^carc_game_new_with_order: /);
  throwsStatus(() => game.place({ x: 0, y: -1, rotation: 45 }), mod.InvalidArgument, -1, /rotation must be 0, 90, 180 or 270/);
  throwsStatus(() => game.fittingRotations('Z', 0, 1), mod.InvalidArgument, -1, /"Z" is not a tile id/);
  throwsStatus(() => game.act('ghost', 'C'), mod.InvalidArgument, -1, /a figure is one of/);
  throwsStatus(() => game.act('recall', 'C'), mod.InvalidArgument, -1, /a recall takes no location/);
  throwsStatus(() => game.act('abbot', 'C'), mod.WrongPhase, -3, /^carc_game_act: /);
  throwsStatus(() => game.figureActions(), mod.WrongPhase, -3, /^carc_game_figure_actions: /);
  throwsStatus(() => game.figureActionsFor({ x: 0, y: 1, rotation: 0 }), mod.IllegalMove, -2, /^carc_game_figure_actions_for: /);
  throwsStatus(() => game.check('E 0,-1 180'), mod.InvalidArgument, -1, /^carc_game_check: /);
  throwsStatus(() => game.inspectFeature(0, 0, 'XX'), mod.InvalidArgument, -1, /a location is one of/);
  throwsStatus(() => game.play('L 0,-1 180 \u00e9'), mod.InvalidArgument, -1, /non-ASCII/);
  throwsStatus(() => game.svg({ tilePixels: 0 }), mod.InvalidArgument, -1, /tilePixels/);
  assert.equal(game.save(), before);
  // A record that fails to load names its line.
  assert.throws(() => Game.load('carcassonne-record 1\nplayers 9\n'), (e) => e instanceof mod.InvalidArgument && e.line === 2 &&
    /^carc_game_load: line 2: /.test(e.message));
  assert.throws(() => Game.load('carcassonne-record 1\n\0'), (e) => e instanceof mod.InvalidArgument && e.line === 2);
  game.free();
  throwsStatus(() => game.scores, mod.InvalidArgument, -1, /freed/);
  game.free(); // twice is a no-op
});

test('a whole game through the module equals the C++ engine replaying it', () => {
  const game = new Game({ players: 4, seed: 99, firstEditionFarmers: true });
  const events = game.events();
  let turn = 0;
  while (!game.over) {
    const placements = game.placements();
    game.place(placements[(turn * 5) % placements.length]);
    const choices = game.meepleChoices();
    game.deploy(choices.length && turn % 2 ? choices[turn % choices.length] : null);
    events.push(...game.events());
    turn++;
  }
  assert.deepEqual(game.projectedScores(), game.scores);
  assert.ok(game.winners.length >= 1);
  const native = JSON.parse(execFileSync(python, [join(repo, 'web', 'tests', 'native_replay.py'), '4', '99', '1', '0', '1'],
    { input: game.save({ public: true }), env: { ...process.env, CARCASSONNE_LIBRARY: nativeLibrary } }));
  assert.deepEqual(game.scores, native.scores);
  assert.deepEqual(events, native.events);
  game.free();
});

test('undo, rewind, history, clones and copies', () => {
  const game = new Game({ players: 2, seed: 5 });
  const start = game.save();
  const svg0 = game.svg();
  const p = game.placements()[0];
  game.place(p);
  assert.equal(game.phase, carc.Phase.PLACE_MEEPLE);
  assert.ok(game.meepleChoices().every((c) => carc.LOCATIONS.includes(c.location) && carc.FEATURES.includes(c.feature)));
  game.undo();
  assert.equal(game.save(), start);
  assert.equal(game.svg(), svg0);
  for (let i = 0; i < 6; i++) game.play({ ...game.placements()[0], tile: game.currentTile, meeple: null });
  assert.equal(game.turnsPlayed, 6);
  const copy = game.clone();
  game.rewind(2);
  assert.equal(game.turnsPlayed, 2);
  assert.deepEqual(game.history(), copy.history().slice(0, 2));
  game.copyFrom(copy);
  assert.equal(game.save(), copy.save());
  copy.playout(1);
  assert.equal(copy.over, true);
  assert.equal(game.over, false);
  for (const g of [game, copy]) g.free();
});

test('chance: caller draws, re-deals, playouts and rollouts', () => {
  const game = new Game({ players: 2, callerDraws: true });
  assert.equal(game.phase, carc.Phase.DRAW);
  assert.equal(game.currentTile, null);
  throwsStatus(() => game.draw('Z'), mod.InvalidArgument, -1);
  game.draw('E');
  assert.equal(game.currentTile, 'E');
  const few = new Game({ players: 2, callerDraws: 'EU' });
  throwsStatus(() => few.draw('A'), mod.IllegalMove, -2, /^carc_game_draw: /);
  few.redeal(3n);
  assert.ok(['E', 'U'].includes(few.currentTile));
  const seeded = new Game({ players: 3, seed: 2n ** 64n - 1n });
  const a = seeded.rollouts(20, 7);
  assert.deepEqual(seeded.rollouts(20, 7), a);
  assert.equal(a.count, 20);
  assert.equal(a.scoreSums.length, 3);
  assert.ok(a.wins.reduce((s, w) => s + w, 0) >= 20);
  assert.equal(seeded.turnsPlayed, 0);
  assert.notDeepEqual(seeded.rollouts(20, 7, { asDealt: true }), undefined);
  throwsStatus(() => seeded.rollouts(-1), mod.InvalidArgument, -1, /count/);
  for (const g of [game, few, seeded]) g.free();
});

test('queries and pictures', () => {
  const game = new Game({ players: 2, seed: 11 });
  const remaining = game.remainingTiles();
  assert.equal(Object.values(remaining).reduce((s, n) => s + n, 0), game.tilesRemaining);
  const odds = game.nextTileProbabilities();
  assert.ok(Math.abs(Object.values(odds).reduce((s, p) => s + p, 0) - 1) < 1e-9);
  assert.equal(odds.A, remaining.A / game.tilesRemaining);
  const frontier = game.frontier();
  assert.deepEqual(frontier.map((c) => [c.x, c.y]), [[0, -1], [-1, 0], [1, 0], [0, 1]]);
  assert.ok(frontier.every((c) => c.dead === false));
  assert.deepEqual(game.fittingRotations(game.currentTile, 5, 5), []);
  assert.deepEqual(game.tileAt(0, 0), { tile: 'D', x: 0, y: 0, rotation: 0 });
  assert.equal(game.tileAt(3, 3), null);
  assert.equal(game.featureAt(0, 0, 'N'), 'city');
  const city = game.inspectFeature(0, 0, 'N');
  assert.equal(city.kind, 'city');
  assert.equal(city.completed, false);
  assert.deepEqual(city.tiles, [{ tile: 'D', x: 0, y: 0, rotation: 0 }]);
  assert.deepEqual(game.board(), [game.tile(0)]);
  assert.deepEqual(game.meeples(), []);
  assert.equal(game.option('farmers'), true);
  assert.equal(game.option('firstEditionFarmers'), false);
  throwsStatus(() => game.option('nope'), mod.InvalidArgument, -1);
  assert.match(game.svg(), /<g class="tile" data-x="0" data-y="0" data-tile="D"/);
  assert.match(game.svg({ legalCells: true }), /class="legal-cell"/);
  assert.match(carc.tileSvg('A', 90, 32), /^<svg[^>]* width="32"/m);
  assert.equal(carc.tileText('D').split('\n').length, 4);
  assert.match(game.textBoard(), /#/);
  const move = carc.parseMove('E 0,-1 180 S');
  assert.deepEqual(move, { tile: 'E', x: 0, y: -1, rotation: 180, meeple: 'S', figure: 'meeple', target: null });
  assert.equal(carc.formatMove(move), 'E 0,-1 180 S');
  const recall = carc.parseMove('U -1,1 90 recall');
  assert.deepEqual(recall, { tile: 'U', x: -1, y: 1, rotation: 90, meeple: null, figure: 'recall', target: null });
  assert.equal(carc.formatMove(recall), 'U -1,1 90 recall');
  assert.equal(carc.formatMove({ tile: 'U_G', x: 0, y: 1, rotation: 90, meeple: 'C', figure: 'abbot' }), 'U_G 0,1 90 A:C');
  game.free();
});

test('bots: each level a legal move, the game unchanged; an iteration budget repeats; bad arguments refused', () => {
  const game = new Game({ players: 2, seed: 5 });
  game.play(game.botMove('greedy'));
  const before = game.save();
  const legal = (move) => game.placements().some((p) => p.x === move.x && p.y === move.y && p.rotation === move.rotation);
  for (const level of ['random', 'greedy', 'mcts']) {
    const move = game.botMove(level, { iterations: 200, seed: 3 });
    assert.equal(move.tile, game.currentTile);
    assert.ok(legal(move), `${level}: ${JSON.stringify(move)} is a legal placement`);
    assert.equal(game.save(), before, `${level} leaves the game as it was`);
  }
  assert.deepEqual(game.botMove('mcts', { iterations: 300, seed: 9 }), game.botMove('mcts', { iterations: 300, seed: 9 }));
  const timed = game.botMove('mcts', { iterations: 0, milliseconds: 20 });
  assert.ok(legal(timed));

  // In the meeple phase: the placement as played, with the bot's meeple (or none).
  const placement = game.placements()[0];
  game.place(placement);
  const meeple = game.botMove('greedy');
  assert.deepEqual({ x: meeple.x, y: meeple.y, rotation: meeple.rotation }, placement);
  assert.ok(meeple.meeple === null || game.figureActions().some((a) => a.meeple === meeple.meeple && a.figure === meeple.figure));
  game.act(meeple);

  const state = game.save();
  throwsStatus(() => game.botMove('expert'), mod.InvalidArgument, -1, /^carc_bot_choose: "expert" is not a bot level/);
  throwsStatus(() => game.botMove(2), mod.InvalidArgument, -1, /is not a bot level/);
  throwsStatus(() => game.botMove('mcts', { iterations: -1 }), mod.InvalidArgument, -1, /iterations must be an integer 0 to/);
  throwsStatus(() => game.botMove('mcts', { milliseconds: 1.5 }), mod.InvalidArgument, -1, /milliseconds must be an integer/);
  throwsStatus(() => game.botMove('mcts', { threads: 2 }), mod.InvalidArgument, -1, /threads must be 1 in the browser build/);
  throwsStatus(() => game.botMove('mcts', { seed: -1 }), mod.InvalidArgument, -1, /seed must be an integer/);
  throwsStatus(() => game.botMove('mcts', { budget: 5 }), mod.InvalidArgument, -1, /unknown option "budget"/);
  // The library's own check: MCTS needs a budget.
  throwsStatus(() => game.botMove('mcts', { iterations: 0, milliseconds: 0 }), mod.InvalidArgument, -1, /^carc_bot_choose: /);
  assert.equal(game.save(), state);

  game.playout(1);
  throwsStatus(() => game.botMove('random'), mod.WrongPhase, -3, /^carc_bot_choose: /);
  game.free();
});

test('botChoice: the bot\'s choice id for decide() in the tile and figure phases; a draw refused', () => {
  const game = new Game({ players: 2, seed: 42 });
  const choice = game.botChoice('greedy');
  assert.equal(typeof choice, 'bigint');
  assert.equal(game.decision().kind, carc.Decision.PLACE);
  assert.ok(game.choices().includes(choice));
  const move = game.botMove('greedy');
  assert.equal(game.choiceText(choice), `${move.tile} ${move.x},${move.y} ${move.rotation}`); // the move's placement
  game.decide(choice);
  assert.equal(game.phase, carc.Phase.PLACE_MEEPLE);
  const figure = game.botChoice('mcts', { iterations: 50, seed: 1 });
  assert.ok(game.choices().includes(figure));
  game.decide(figure);
  assert.deepEqual([game.phase, game.turnsPlayed], [carc.Phase.PLACE_TILE, 1]);
  throwsStatus(() => game.botChoice('expert'), mod.InvalidArgument, -1, /^carc_bot_decide: "expert" is not a bot level/);
  throwsStatus(() => game.botChoice('mcts', { threads: 2 }), mod.InvalidArgument, -1, /threads must be 1 in the browser build/);
  throwsStatus(() => game.botChoice('mcts', { budget: 5 }), mod.InvalidArgument, -1, /unknown option "budget"/);
  // A whole game with every expansion, bots' choices only.
  const all = new Game({ players: 3, seed: 4, river: true, abbot: true, innsAndCathedrals: true, tradersAndBuilders: true });
  while (!all.over) all.decide(all.botChoice('random', { seed: all.turnsPlayed }));
  throwsStatus(() => all.botChoice('random'), mod.WrongPhase, -3, /^carc_bot_decide: /);
  const waiting = new Game({ players: 2, callerDraws: true });
  throwsStatus(() => waiting.botChoice('greedy'), mod.WrongPhase, -3, /^carc_bot_decide: /);
  for (const g of [game, all, waiting]) g.free();
});

test('an MCTS move on an iteration budget is the native library\'s move for the same seed', () => {
  const game = new Game({ players: 3, seed: 11 });
  for (let i = 0; i < 10; i++) game.play(game.botMove('random', { seed: i }));
  const moves = [0, 1, 2].map((seed) => game.botMove('mcts', { iterations: 400, seed }));
  const script = `import json, sys
sys.path.insert(0, ${JSON.stringify(join(repo, 'capi', 'python'))})
from carcassonne import Game
game = Game.load(sys.stdin.read())
print(json.dumps([str(game.bot_move("mcts", iterations=400, seed=s)) for s in (0, 1, 2)]))`;
  const native = JSON.parse(execFileSync(python, ['-c', script], { input: game.save(),
    env: { ...process.env, CARCASSONNE_LIBRARY: nativeLibrary } }));
  assert.deepEqual(moves.map((m) => carc.formatMove(m)), native);
  game.free();
});

test('the Abbot: figure actions, checks, the recall and its event', () => {
  const game = new Game({ players: 2, order: 'U_G U U U E', abbot: true });
  assert.equal(game.option('abbot'), true);
  assert.equal(game.check('U_G 0,1 90 C'), 'garden_abbot_only');
  assert.equal(game.check({ tile: 'U_G', x: 0, y: 1, rotation: 90, meeple: 'C', figure: 'abbot' }), 'legal');
  const before = game.figureActionsFor({ x: 0, y: 1, rotation: 90 });
  game.place({ x: 0, y: 1, rotation: 90 });
  assert.deepEqual(game.figureActions(), before);
  assert.deepEqual(before.at(-1), { tile: 'U_G', x: 0, y: 1, rotation: 90, meeple: 'C', figure: 'abbot', target: null });
  throwsStatus(() => game.act('meeple', 'C'), mod.IllegalMove, -2, /only an abbot may stand on a garden/);
  game.act(before.at(-1));
  assert.equal(game.figureSupplies()[0].abbot, 0);
  assert.deepEqual(game.meeples(), [{ player: 0, x: 0, y: 1, location: 'C', feature: 'garden', figure: 'abbot' }]);
  for (const move of ['U -1,0 90', 'U 1,0 90', 'U -2,0 90']) game.play(move);
  game.events();
  game.place({ x: 0, y: -1, rotation: 180 });
  assert.equal(game.figureActions().at(-1).figure, 'recall');
  game.act('recall');
  assert.deepEqual(game.events(), [{ type: 'recall', feature: 'garden', points: 4, winners: [0], tile: 'U_G', x: 0, y: 1,
    location: 'C', text: 'abbot recalled: garden 4 to player 0' }]);
  assert.deepEqual(game.scores, [4, 0]);
  assert.equal(Game.load(game.save()).save(), game.save());
  game.free();
});

test('the River: the open end, the frontier, the reasons', () => {
  const game = new Game({ players: 2, order: 'RD RG RI', river: true });
  assert.deepEqual(game.tile(0), { tile: 'RA', x: 0, y: 0, rotation: 0 });
  assert.deepEqual(game.riverEnd(), { x: 0, y: 1, side: 'N' });
  assert.deepEqual(game.frontier().filter((c) => c.river), [{ x: 0, y: 1, dead: false, river: 'N' }]);
  assert.deepEqual(game.placements(), [{ x: 0, y: 1, rotation: 0 }]);
  assert.equal(game.check('RD -1,0 0'), 'river_continue');
  game.play('RD 0,1 0');
  game.play('RG 0,2 90');
  assert.equal(game.check('RI 1,2 180'), 'river_u_turn');
  assert.equal(game.check('RI 1,2 90'), 'legal');
  const base = new Game({ players: 2, seed: 1 });
  assert.equal(base.riverEnd(), null);
  for (const g of [game, base]) g.free();
});

test('a river and abbot game through the module equals the native engine replaying it', () => {
  const game = new Game({ players: 3, seed: 21, river: true, abbot: true });
  const events = game.events();
  let turn = 0;
  while (!game.over) {
    const placements = game.placements();
    game.place(placements[(turn * 7) % placements.length]);
    const actions = game.figureActions();
    game.act(actions.length && turn % 3 ? actions[(turn * 5) % actions.length] : null);
    events.push(...game.events());
    turn++;
  }
  assert.ok(events.some((e) => e.type === 'recall') || events.some((e) => e.feature === 'garden'));
  const native = JSON.parse(execFileSync(python, [join(repo, 'web', 'tests', 'native_replay.py'), '3', '21', '1', '0', '0', '1', '1'],
    { input: game.save({ public: true }), env: { ...process.env, CARCASSONNE_LIBRARY: nativeLibrary } }));
  assert.deepEqual(game.scores, native.scores);
  assert.deepEqual(events, native.events);
  game.free();
});

test('Inns & Cathedrals: the large meeple and a cathedral city', () => {
  const game = new Game({ players: 2, order: 'IK K N E E', innsAndCathedrals: true });
  assert.equal(game.option('innsAndCathedrals'), true);
  assert.equal(game.figureSupplies()[0]['large meeple'], 1);
  game.place({ x: 0, y: -1, rotation: 0 });
  assert.deepEqual(game.figureActions().map((a) => carc.formatMove(a)), ['IK 0,-1 0 N', 'IK 0,-1 0 L:N']);
  game.act('large meeple', 'N');
  for (const move of ['K 1,0 0 N', 'N 1,-1 180', 'E 0,-2 180']) game.play(move);
  const city = game.inspectFeature(0, -1, 'N');
  assert.deepEqual([city.valueComplete, city.valueEnd, ...city.meeples], [15, 0, 2, 1]);
  game.events();
  game.play('E -1,-1 90');
  assert.deepEqual(game.scores, [18, 0]);
  assert.equal(game.events()[0].points, 18);
  game.free();
});

test('an order is ids separated by whitespace or commas, or one run of base letters, with expansions or without', () => {
  // One run of letters is base letters, with an expansion asked for too (this went through a
  // record header, where every word is one id: 'EAAC' was refused).
  const abbot = new Game({ players: 2, order: 'EAAC', abbot: true });
  assert.deepEqual([abbot.currentTile, abbot.option('abbot')], ['E', true]);
  const letters = new Game({ players: 2, order: 'RD' }); // 0.1's meaning, not the river tile
  assert.deepEqual([letters.currentTile, letters.option('river')], ['R', false]);
  // Separated words are ids; an expansion's tiles switch it on.
  const river = new Game({ players: 2, order: 'RD,RL E' });
  assert.deepEqual([river.currentTile, river.option('river')], ['RD', true]);
  throwsStatus(() => new Game({ players: 2, order: 'EAAC KLMN' }), mod.InvalidArgument, -1,
    /^carc_game_new_with_order: 'EAAC' at offset 0 is not a tile id$/);
  for (const g of [abbot, letters, river]) g.free();
});

test('Traders & Builders: goods, the bonus tile taken and passed on, the pig, their events', () => {
  const goods = new Game({ players: 2, order: 'TG E TF E E', tradersAndBuilders: true });
  for (const move of ['TG 0,-1 180 S', 'E 1,-1 270', 'TF 0,1 270', 'E 0,2 0', 'E -1,1 90']) goods.play(move);
  assert.deepEqual(goods.goods(1), { wine: 0, grain: 1, cloth: 0 });
  assert.deepEqual(goods.scores, [16, 10]);
  const events = goods.events();
  assert.deepEqual(events.find((e) => e.type === 'goods'), { type: 'goods', player: 1, goods: { wine: 0, grain: 1, cloth: 0 },
    tile: 'E', x: 1, y: -1, location: 'W', text: 'player 1 takes 1 grain' });
  assert.deepEqual(events.at(-1), { type: 'goodsBonus', goods: 'grain', count: 1, points: 10, winners: [0, 1],
    text: 'most grain: 10 to players 0 and 1 (end of game)' });
  throwsStatus(() => goods.goods(2), mod.InvalidArgument, -1, /^carc_game_goods: player 2 is not 0..1$/);

  const game = new Game({ players: 2, order: 'U E U E A A', tradersAndBuilders: true });
  for (const move of ['U 1,0 90 E', 'E 0,-1 180', 'U 2,0 90 B:E', 'E 1,-1 0', 'A 3,0 90']) game.play(move);
  assert.equal(game.phase, carc.Phase.DECIDE);
  assert.equal(game.currentTile, null);
  assert.equal(game.bonusTurn, false);
  assert.deepEqual(game.events(), [{ type: 'bonus', player: 0, tile: 'A', x: 3, y: 0, text: "player 0's builder earns a bonus tile" }]);
  const passed = game.clone();
  throwsStatus(() => game.botMove('random'), mod.WrongPhase, -3, /carc_bot_decide answers it/);
  // The bot's choice of the bonus decision is one of its options, taken by decide().
  for (const level of ['random', 'greedy', 'mcts']) {
    const choice = game.botChoice(level, { iterations: 30, seed: 3 });
    assert.equal(typeof choice, 'bigint');
    assert.ok(game.choices().includes(choice), `${level}: ${game.choiceText(choice)}`);
    assert.ok(['bonus', 'pass'].includes(game.choiceText(choice)));
    assert.equal(game.botChoice(level, { iterations: 30, seed: 3 }), choice);
    const after = game.clone();
    after.decide(choice);
    assert.deepEqual([after.phase, after.currentPlayer], [carc.Phase.PLACE_TILE, game.choiceText(choice) === 'bonus' ? 0 : 1]);
    after.free();
  }
  throwsStatus(() => game.botChoice('mcts', { iterations: 0, milliseconds: 0 }), mod.InvalidArgument, -1, /^carc_bot_decide: /);
  // A bad budget is a bad argument in the bonus phase as in every other.
  throwsStatus(() => game.botMove('mcts', { iterations: 0, milliseconds: 0 }), mod.InvalidArgument, -1,
    /^carc_bot_choose: an mcts bot needs a budget/);
  // Check answers what play() does there; nothing names the face-down bonus tile, any tile
  // type's placements are there; one decision, one undo.
  assert.equal(game.check('A -1,0 270'), 'legal');
  assert.equal(game.check('A 5,5 0'), 'no_neighbour');
  const decided = game.clone();
  decided.takeBonus();
  assert.deepEqual(decided.placements(), game.placementsFor('A'));
  decided.undo();
  assert.deepEqual([decided.phase, decided.currentPlayer, decided.turnsPlayed, decided.bonusTurn],
    [carc.Phase.DECIDE, 0, 5, false]);
  assert.equal(decided.save(), game.save());
  decided.free();
  game.takeBonus();
  assert.deepEqual([game.phase, game.currentPlayer, game.currentTile, game.bonusTurn], [carc.Phase.PLACE_TILE, 0, 'A', true]);
  throwsStatus(() => game.passBonus(), mod.WrongPhase, -3, /^carc_game_pass: not allowed in this phase of the turn/);
  game.play('A -1,0 270');
  assert.deepEqual(game.scores, [5, 0]);
  passed.passBonus();
  assert.deepEqual([passed.phase, passed.currentPlayer, passed.currentTile], [carc.Phase.PLACE_TILE, 1, 'A']);
  throwsStatus(() => passed.takeBonus(), mod.WrongPhase, -3, /^carc_game_take_bonus: /);

  const pig = new Game({ players: 2, order: 'U V A E E E E', tradersAndBuilders: true });
  for (const move of ['U 0,1 90 NNE', 'V 1,1 0 SSW', 'A -1,1 270', 'E 0,2 180', 'E 0,3 0', 'E -1,2 180 P:NNE']) pig.play(move);
  assert.equal(pig.check('E -1,3 0 P:SSE'), 'pig_needs_farmer'); // player 0 has no farmer there
  pig.events();
  pig.play('E -1,3 0');
  assert.deepEqual(pig.scores, [6, 8]);
  const [, last] = pig.events();
  assert.equal(last.type, 'pig');
  assert.deepEqual([last.points, last.winners, last.meeples], [2, [1], [1, 1]]);
  for (const g of [goods, game, passed, pig]) g.free();
});

// Plays a game to its end choice by choice, the i-th decision taking choices[(7 * i) % n] as
// its id or its text in turn, with refusals along the way; returns the texts of the choices.
function playByChoices(game) {
  const { Decision, constants: K } = carc;
  const phaseKind = { [carc.Phase.DRAW]: Decision.DRAW, [carc.Phase.PLACE_TILE]: Decision.PLACE,
    [carc.Phase.PLACE_MEEPLE]: Decision.FIGURE, [carc.Phase.DECIDE]: Decision.BONUS, [carc.Phase.GAME_OVER]: Decision.NONE };
  const state = () => JSON.stringify([game.save(), game.decision(), game.choices().map(String), game.scores]);
  const refused = (choice, Class, reason) => {
    const before = state();
    if (reason) assert.equal(game.checkChoice(choice), reason);
    assert.throws(() => game.decide(choice), Class);
    assert.equal(state(), before);
  };
  const taken = [];
  const seen = new Map(); // a choice taken of each kind: an option of another decision later
  for (let i = 0; ; i++) {
    const { kind, decider } = game.decision();
    assert.equal(kind, phaseKind[game.phase]);
    const choices = game.choices();
    if (kind === Decision.NONE) {
      assert.deepEqual([decider, choices], [K.DECIDER_NOBODY, []]);
      return taken;
    }
    assert.equal(decider, kind === Decision.DRAW ? K.DECIDER_CHANCE : game.currentPlayer);
    for (const choice of choices) {
      assert.equal(game.checkChoice(choice), 'legal');
      assert.equal(game.parseChoice(game.choiceText(choice)), choice);
    }
    for (const [other, choice] of seen) if (other !== kind) refused(choice, mod.WrongPhase, 'wrong_phase');
    if (kind === Decision.PLACE && i % 5 === 0) refused(`${game.currentTile} 0,0 0`, mod.IllegalMove, 'occupied');
    const pick = choices[(7 * i) % choices.length];
    const text = game.choiceText(pick);
    game.decide(i % 2 ? pick : text);
    seen.set(kind, pick);
    taken.push(text);
  }
}

// The record the native engine saves (through the Python module over the C library) of the
// game Game(`args`) (Python arguments) that takes the choices `taken`, by their move text.
function nativeSave(args, taken) {
  const script = `import json, sys
sys.path.insert(0, ${JSON.stringify(join(repo, 'capi', 'python'))})
from carcassonne import Game
game = Game(${args})
for text in json.load(sys.stdin):
    game.decide(text)
print(json.dumps(game.save()))`;
  return JSON.parse(execFileSync(python, ['-c', script], { input: JSON.stringify(taken),
    env: { ...process.env, CARCASSONNE_LIBRARY: nativeLibrary } }));
}

test('decisions: whole games with every expansion, choice by choice, equal the native engine taking the same choices', () => {
  const expansions = { river: true, abbot: true, innsAndCathedrals: true, tradersAndBuilders: true };
  for (const opts of [{ players: 3, seed: 12 }, { players: 2, callerDraws: true }]) {
    const game = new Game({ ...opts, ...expansions });
    const taken = playByChoices(game);
    // Seed 12 meets the builder's bonus tile taken and passed on; the other game its draws.
    if (opts.seed) assert.ok(taken.includes('bonus') && taken.includes('pass'));
    else assert.ok(taken[0].startsWith('draw R'));
    const native = nativeSave(`${opts.players}, ${opts.seed ?? 'None'}, caller_draws=${opts.callerDraws ? 'True' : 'False'}, ` +
      'river=True, abbot=True, inns_and_cathedrals=True, traders_and_builders=True', taken);
    assert.equal(game.save(), native);
    game.free();
  }
});

test('decisions: the bonus tile, malformed choices and text refused, ids and text agree', () => {
  const game = new Game({ players: 2, order: 'TG E U E U E A A', tradersAndBuilders: true });
  for (const text of ['TG 0,-1 180', 'S', 'E 1,-1 270', '-', 'U 1,0 90', 'E', 'E 0,-2 0', '-', 'U 2,0 90', 'B:E',
    'E 1,-2 0', '-', 'A 3,0 90', '-']) game.decide(text);
  assert.deepEqual(game.decision(), { kind: carc.Decision.BONUS, decider: 0 });
  assert.deepEqual(game.choices().map((c) => game.choiceText(c)), ['bonus', 'pass']);
  const before = game.save();
  throwsStatus(() => game.decide('E'), mod.InvalidArgument, -1, /^carc_game_parse_choice: /);
  throwsStatus(() => game.decide(2n ** 64n - 1n), mod.InvalidArgument, -1, /^carc_game_decide: /);
  throwsStatus(() => game.checkChoice(2n ** 64n - 1n), mod.InvalidArgument, -1, /^carc_game_check_choice: /);
  throwsStatus(() => game.choiceText(2n ** 64n - 1n), mod.InvalidArgument, -1, /^carc_choice_format: /);
  throwsStatus(() => game.decide(5), mod.InvalidArgument, -1, /a choice is its id \(a BigInt\) or its move text/);
  throwsStatus(() => game.decide(-1n), mod.InvalidArgument, -1, /a choice is its id/);
  throwsStatus(() => game.decide('pass\u00e9'), mod.InvalidArgument, -1, /non-ASCII/);
  throwsStatus(() => game.parseChoice(null), mod.InvalidArgument, -1, /choice text must be a string/);
  assert.equal(game.save(), before);
  assert.equal(game.parseChoice('bonus'), game.choices()[0]);
  game.decide(game.choices()[0]);
  assert.deepEqual([game.phase, game.currentTile, game.bonusTurn], [carc.Phase.PLACE_TILE, 'A', true]);
  game.free();
});

test('Princess & Dragon: actions on another tile as moves, the dragon\'s steps, the expansion\'s events', () => {
  const { Decision } = carc;
  // Moves whose action goes to another tile: target {x, y}, the C layer's text both ways.
  const elsewhere = {
    'DZ 0,-1 180 F:1,0:E': ['fairy', 'E', { x: 1, y: 0 }],
    'DB 1,-1 0 princess:0,-1:E': ['princess', 'E', { x: 0, y: -1 }],
    'DR -1,0 0 @1,1:C': ['meeple', 'C', { x: 1, y: 1 }],
    'DR -1,0 0 @1,1:L:N': ['large meeple', 'N', { x: 1, y: 1 }],
    'DS 2,0 90 @-1,1:A:C': ['abbot', 'C', { x: -1, y: 1 }],
    'DB -12,-13 270 princess:-12,-13:NNE': ['princess', 'NNE', { x: -12, y: -13 }], // longer than 0.3's CARC_MOVE_TEXT_SIZE (32)
  };
  for (const [text, [figure, meeple, target]] of Object.entries(elsewhere)) {
    const move = carc.parseMove(text);
    assert.deepEqual([move.figure, move.meeple, move.target], [figure, meeple, target]);
    assert.equal(carc.formatMove(move), text);
  }
  assert.equal(carc.formatMove({ tile: 'DZ', x: 0, y: -1, rotation: 180, meeple: 'E', figure: 'fairy', target: { x: 1, y: 0 } }),
    'DZ 0,-1 180 F:1,0:E');
  assert.deepEqual(carc.FIGURES, ['meeple', 'large meeple', 'abbot', 'builder', 'pig', 'mayor', 'wagon', 'barn']);
  assert.deepEqual(carc.FIGURE_NAMES, ['meeple', 'large meeple', 'abbot', 'builder', 'pig', 'fairy', 'princess', 'recall', 'tower piece',
    'mayor', 'wagon', 'barn']);
  for (const bad of [{ figure: 'fairy', meeple: 'E' }, { figure: 'pig', meeple: 'E', target: { x: 1, y: 0 } },
    { figure: 'meeple', meeple: null, target: { x: 1, y: 0 } }, { figure: 'meeple', meeple: 'E', target: { x: 1, y: 128 } },
    { figure: 'meeple', meeple: 'E', target: [1, 0] }]) {
    throwsStatus(() => carc.formatMove({ tile: 'DZ', x: 0, y: -1, rotation: 180, ...bad }), mod.InvalidArgument, -1);
  }

  // The fairy onto the volcano's turn, a dragon tile's flight decided by each player in turn.
  const game = new Game({ players: 2, order: 'U E DZ DG E E', princessAndDragon: true });
  game.play('U 1,0 90 E');
  game.play('E 0,-1 180');
  game.play({ tile: 'DZ', x: 0, y: 1, rotation: 90, meeple: 'E', figure: 'fairy', target: { x: 1, y: 0 } });
  assert.deepEqual(game.events(), [
    { type: 'fairyMoves', player: 0, tile: 'U', x: 1, y: 0, location: 'E', text: 'player 0 moves the fairy next to the meeple at (1,0) E' },
    { type: 'dragonLands', tile: 'DZ', x: 0, y: 1, text: 'the dragon lands on the volcano at (0,1)' }]);
  game.play('DG -1,1 0 S');
  assert.deepEqual([game.phase, game.decision(), game.currentPlayer], [carc.Phase.DECIDE, { kind: Decision.DRAGON, decider: 1 }, 1]);
  assert.deepEqual(game.choices().map((c) => game.choiceText(c)), ['dragon N', 'dragon W']);
  assert.equal(game.checkChoice('dragon E'), 'dragon_cannot_move');
  game.decide('dragon N');
  assert.deepEqual(game.decision(), { kind: Decision.DRAGON, decider: 0 });
  game.decide(game.botChoice('greedy'));
  assert.deepEqual(game.events().map(({ text, ...e }) => e), [
    { type: 'dragonStep', player: 1, step: 1, tile: 'D', x: 0, y: 0 },
    { type: 'dragonStep', player: 0, step: 2, tile: 'E', x: 0, y: -1 },
    { type: 'flightEnds', steps: 2, tile: 'E', x: 0, y: -1 },
    { type: 'fairyPoint', points: 1, winners: [0], tile: 'U', x: 1, y: 0, location: 'E' }]);
  assert.deepEqual(game.scores, [1, 0]);
  assert.equal(game.history()[2].target.x, 1);
  game.free();

  // A dragon tile drawn before the volcano is set aside.
  const aside = new Game({ players: 2, order: 'U E DG DZ E E', princessAndDragon: true });
  aside.play('U 1,0 90 E');
  aside.play('E 0,-1 180');
  const [set] = aside.events();
  assert.deepEqual([set.type, set.player, aside.currentTile], ['setAside', 0, 'DZ']);
  assert.ok(set.tile === 'DG' || set.tile === null); // null while carc_game_poll_event drops the tile
  aside.play('DZ 0,1 90');
  assert.deepEqual(aside.events().map((e) => e.type), ['setAsideBack', 'dragonLands']);
  aside.free();

  // The princess sends a knight home; the portal deploys onto another tile.
  const princess = new Game({ players: 2, order: 'E DA E E', princessAndDragon: true });
  princess.play('E 0,1 90 E');
  princess.place({ x: 1, y: 1, rotation: 0 });
  const remove = { tile: 'DA', x: 1, y: 1, rotation: 0, meeple: 'E', figure: 'princess', target: { x: 0, y: 1 } };
  assert.ok(princess.figureActions().some((m) => carc.formatMove(m) === carc.formatMove(remove)));
  assert.equal(princess.check(remove), 'legal');
  assert.equal(princess.check('DA 1,1 0 princess:0,1:N'), 'no_knight_to_remove');
  throwsStatus(() => princess.act('princess', 'E'), mod.InvalidArgument, -1, /acts on another tile/);
  princess.act(remove);
  assert.deepEqual(princess.events().map(({ text, ...e }) => e), [{ type: 'princessRemoves', player: 0, tile: 'E', x: 0, y: 1, location: 'E' }]);
  assert.deepEqual(princess.meeples(), []);
  princess.free();
  const portal = new Game({ players: 2, order: 'E DR E E', princessAndDragon: true });
  portal.play('E 0,1 90');
  assert.equal(portal.check('DR 1,0 0 @0,1:E'), 'legal');
  portal.place({ x: 1, y: 0, rotation: 0 });
  portal.act('meeple', 'E', { x: 0, y: 1 });
  assert.deepEqual(portal.events().map(({ text, ...e }) => e), [{ type: 'portal', player: 1, tile: 'E', x: 0, y: 1, location: 'E' }]);
  assert.deepEqual(portal.meeples(), [{ player: 1, x: 0, y: 1, location: 'E', feature: 'city', figure: 'meeple' }]);
  portal.free();
});

test('Princess & Dragon: a seeded game through the choices equals the native engine taking the same choices', () => {
  const { Decision } = carc;
  const game = new Game({ players: 3, seed: 2, princessAndDragon: true, tradersAndBuilders: true });
  const taken = [];
  const totals = [0, 0, 0];
  let steps = 0, others = 0, placer = 0, step = 0;
  for (let i = 0; !game.over; i++) {
    const { kind, decider } = game.decision();
    const choices = game.choices();
    if (kind === Decision.PLACE) [placer, step] = [game.currentPlayer, 0];
    if (kind === Decision.FIGURE) {
      for (const move of game.figureActions()) {
        assert.deepEqual(carc.parseMove(carc.formatMove(move)), move);
        if (move.target) others++;
      }
    }
    if (kind === Decision.DRAGON) {
      steps++;
      step++;
      assert.equal(decider, (placer + step - 1) % 3);
      assert.ok(choices.every((c) => /^dragon [NESW]$/.test(game.choiceText(c))));
    }
    // An action on another tile every other time one is offered.
    const away = choices.filter((c) => (c >> 25n) & 1n);
    const pick = away.length && i % 2 ? away[i % away.length] : choices[(7 * i) % choices.length];
    const text = game.choiceText(pick);
    game.decide(pick);
    taken.push(text);
    for (const e of game.events()) {
      assert.notEqual(e.type, undefined);
      if (e.type === 'dragonStep') assert.deepEqual([e.player, e.step], [decider, step]);
      if (carc.POINT_EVENTS.includes(e.type)) for (const p of e.winners) totals[p] += e.points;
      else assert.equal(e.points, undefined);
    }
  }
  assert.ok(steps > 0 && others > 0);
  assert.deepEqual(totals, game.scores);
  assert.equal(game.save(), nativeSave('3, 2, princess_and_dragon=True, traders_and_builders=True', taken));
  game.free();
});

test('The Tower: tower actions as moves, the capture and the ransom as decisions, the events, a game equal to the native engine\'s', () => {
  const { Decision } = carc;
  for (const [text, figure] of [['OO 2,0 0 T:2,0', 'tower piece'], ['U 2,0 90 TM:1,0', 'meeple'], ['U 4,0 90 TL:2,0', 'large meeple']]) {
    const move = carc.parseMove(text);
    assert.deepEqual([move.figure, move.meeple], [figure, 'TW']);
    assert.equal(carc.formatMove(move), text);
  }
  for (const bad of [{ figure: 'tower piece', meeple: 'TW' }, { figure: 'tower piece', meeple: 'E', target: { x: 2, y: 0 } },
    { figure: 'abbot', meeple: 'TW', target: { x: 2, y: 0 } }]) {
    throwsStatus(() => carc.formatMove({ tile: 'OO', x: 2, y: 0, rotation: 0, ...bad }), mod.InvalidArgument, -1);
  }

  // Worked example 1: the first floor, and the capture next to it before anything scores.
  const example = new Game({ players: 2, order: 'U OO U', tower: true });
  example.play('U 1,0 90 E');
  example.play('OO 2,0 0 T:2,0');
  assert.deepEqual([example.phase, example.decision()], [carc.Phase.DECIDE, { kind: Decision.CAPTURE, decider: 1 }]);
  assert.deepEqual(example.choices().map((c) => example.choiceText(c)), ['capture 1,0 E', 'capture none']);
  example.decide('capture 1,0 E');
  assert.deepEqual(example.events().map(({ text, ...e }) => e), [
    { type: 'towerPiece', player: 1, tile: 'OO', x: 2, y: 0, height: 1, piecesLeft: 9 },
    { type: 'capture', captor: 1, owner: 0, figure: 'meeple', tile: 'U', x: 1, y: 0, location: 'E', to: 'prison' }]);
  assert.deepEqual([example.towerPieces(1), example.towerAt(2, 0), example.towerAt(1, 0), example.prisoners(1, 0)],
    [9, { height: 1, top: null }, null, 1]);
  assert.equal(example.checkChoice('ransom 1 meeple'), 'ransom_points');
  example.free();

  // With Princess & Dragon the fairy may stand beside one's own figure on a tower top.
  const fairy = new Game({ players: 2, order: 'OO U U U OK', tower: true, princessAndDragon: true });
  for (const text of ['OO 1,0 0 T:1,0', 'U 2,0 90 TM:1,0', 'U 3,0 90']) fairy.play(text);
  const beside = carc.parseMove('U 4,0 90 F:1,0:TW');
  assert.deepEqual([beside.figure, beside.meeple, beside.target], ['fairy', 'TW', { x: 1, y: 0 }]);
  assert.equal(carc.formatMove(beside), 'U 4,0 90 F:1,0:TW');
  fairy.play('U 4,0 90 F:1,0:TW');
  assert.deepEqual(fairy.events().filter((e) => e.type === 'fairyMoves').map(({ text, ...e }) => e),
    [{ type: 'fairyMoves', player: 1, tile: 'OO', x: 1, y: 0, location: 'TW' }]);
  fairy.free();

  // A seeded game through the choices: every capture and, when offered, a ransom.
  const game = new Game({ players: 3, seed: 5, tower: true, innsAndCathedrals: true });
  const taken = [];
  const totals = [0, 0, 0];
  let captures = 0, ransoms = 0;
  for (let i = 0; !game.over; i++) {
    const { kind } = game.decision();
    const choices = game.choices();
    const texts = choices.map((c) => game.choiceText(c));
    if (kind === Decision.CAPTURE) captures++;
    const ransom = texts.findIndex((t) => t.startsWith('ransom'));
    const tower = texts.findIndex((t) => / T:/.test(t) || t.startsWith('T:'));
    const pick = ransom >= 0 ? ransom : kind === Decision.CAPTURE ? 0 : tower >= 0 && i % 3 ? tower : (7 * i) % choices.length;
    ransoms += ransom >= 0;
    taken.push(texts[pick]);
    game.decide(choices[pick]);
    for (const e of game.events()) {
      if (e.type === 'ransom') {
        totals[e.payer] -= e.points;
        totals[e.holder] += e.points;
      } else if (carc.POINT_EVENTS.includes(e.type)) for (const p of e.winners) totals[p] += e.points;
    }
  }
  assert.ok(captures > 0, 'no capture');
  assert.deepEqual(totals, game.scores);
  assert.equal(game.save(), nativeSave('3, 5, tower=True, inns_and_cathedrals=True', taken));
  game.free();
});

test('Abbey & Mayor: mayor, wagon and barn as figures, the abbey and the wagon as decisions, the events, a game equal to the native engine\'s', () => {
  const { Decision } = carc;
  for (const [text, figure, meeple] of [['K 1,0 0 M:N', 'mayor', 'N'], ['U 1,0 90 W:E', 'wagon', 'E'], ['E 1,-1 90 N:NW', 'barn', 'NNW']]) {
    const move = carc.parseMove(text);
    assert.deepEqual([move.figure, move.meeple, move.target], [figure, meeple, null]);
    assert.equal(carc.formatMove(move), text);
  }
  // The barn never acts on another tile; a figure needs a location.
  for (const bad of [{ figure: 'barn', meeple: 'NNW', target: { x: 2, y: 0 } }, { figure: 'mayor', meeple: null }]) {
    throwsStatus(() => carc.formatMove({ tile: 'K', x: 1, y: 0, rotation: 0, ...bad }), mod.InvalidArgument, -1);
  }
  assert.ok(carc.POINT_EVENTS.includes('barnPlaced') && carc.POINT_EVENTS.includes('barnFinal'));
  const fresh = new Game({ players: 2, order: 'E', abbeyAndMayor: true });
  assert.deepEqual(fresh.figureSupplies()[1], { meeple: 7, 'large meeple': 0, abbot: 0, builder: 0, pig: 0, mayor: 1, wagon: 1, barn: 1 });
  assert.deepEqual([fresh.holdsAbbey(0), fresh.holdsAbbey(1), fresh.barns()], [true, true, []]);
  fresh.free();

  // Worked example 1: an abbey closes three cities; a monk on it.
  const abbey = new Game({ players: 2, order: 'D P U N N N V E', abbeyAndMayor: true });
  for (const text of ['D 1,0 0 N', 'P 0,-1 180 E', 'U 2,0 90', 'N 2,-1 270 N', 'N 2,-2 180', 'N 1,-2 90']) abbey.play(text);
  assert.deepEqual(abbey.decision(), { kind: Decision.ABBEY, decider: 0 });
  assert.deepEqual(abbey.choices().map((c) => abbey.choiceText(c)), ['abbey 1,-1', 'take']);
  abbey.events();
  abbey.decide(abbey.choices()[0]); // the id names the hole
  assert.deepEqual([abbey.phase, abbey.currentTile], [carc.Phase.PLACE_MEEPLE, 'MA']);
  abbey.decide('C');
  assert.deepEqual(abbey.scores, [2, 10]);
  const placed = abbey.events();
  assert.deepEqual((({ text, ...e }) => e)(placed[0]), { type: 'abbeyPlaced', player: 0, tile: 'MA', x: 1, y: -1 });
  assert.deepEqual(placed.filter((e) => e.type === 'score').map((e) => e.points).sort(), [2, 4, 6]);
  assert.deepEqual([abbey.holdsAbbey(0), abbey.holdsAbbey(1)], [false, true]);
  assert.match(abbey.save(), /\nabbey 1,-1 C +#/);
  abbey.free();

  // Worked example 6: player 0's wagon moves after player 1's tile; player 0 decides.
  const wagon = new Game({ players: 2, order: 'U A B A B E V', abbeyAndMayor: true });
  for (const text of ['U 1,0 90 W:E', 'A -1,0 270', 'B 0,1 0 C']) wagon.play(text);
  wagon.events();
  wagon.play('A 2,0 90');
  assert.deepEqual(wagon.scores, [4, 0]);
  assert.deepEqual(wagon.events().filter((e) => e.type === 'wagonDue').map(({ text, ...e }) => e),
    [{ type: 'wagonDue', player: 0, tile: 'U', x: 1, y: 0, targets: 2 }]);
  assert.deepEqual(wagon.decision(), { kind: Decision.WAGON, decider: 0 });
  assert.deepEqual(wagon.choices().map((c) => wagon.choiceText(c)), ['wagon 0,0 N', 'wagon 2,0 C', 'wagon stay']);
  wagon.decide(wagon.choices()[1]);
  assert.deepEqual(wagon.events().map(({ text, ...e }) => e), [{ type: 'wagonMoved', player: 0, tile: 'A', x: 2, y: 0, location: 'C' }]);
  assert.deepEqual([wagon.currentPlayer, wagon.figureSupplies()[0].wagon], [0, 0]);
  wagon.free();

  // A seeded game through the choices: every other turn part an abbey, a wagon move or a new figure when offered.
  const game = new Game({ players: 3, seed: 1, abbeyAndMayor: true });
  const taken = [];
  const totals = [0, 0, 0];
  const kinds = new Set();
  const types = new Set();
  for (let i = 0; !game.over; i++) {
    kinds.add(game.decision().kind);
    const choices = game.choices();
    const texts = choices.map((c) => game.choiceText(c));
    const special = texts.findIndex((t) => /^(abbey -?\d|wagon -?\d|[MWN]:)/.test(t));
    const pick = special >= 0 && i % 2 ? special : (7 * i) % choices.length;
    taken.push(texts[pick]);
    game.decide(choices[pick]);
    for (const e of game.events()) {
      types.add(e.type);
      if (carc.POINT_EVENTS.includes(e.type)) for (const p of e.winners) totals[p] += e.points;
    }
  }
  assert.ok(kinds.has(Decision.ABBEY) && kinds.has(Decision.WAGON), 'no abbey or no wagon decision');
  for (const type of ['abbeyPlaced', 'finalAbbeyRound', 'wagonDue', 'wagonMoved', 'barnPlaced', 'barnHome', 'barnFinal']) {
    assert.ok(types.has(type), `no ${type} event`);
  }
  assert.deepEqual(totals, game.scores);
  assert.equal(game.save(), nativeSave('3, 1, abbey_and_mayor=True', taken));
  game.free();
});
