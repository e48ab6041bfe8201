// The page in headless Chromium, driven through its own controls (real mouse clicks and key
// presses over the DevTools protocol): a whole game whose final scores and events must equal
// the C++ engine's for the same seed and moves, undo restoring the previous picture, and a
// saved public record that reloads, pan and zoom. Run by scripts/web.sh --test:
//   node --test web/tests/page.test.mjs
// CARC_WEB_SITE: the built page (build/web/site); CARC_NATIVE_LIBRARY: the native C library
// (build/release/capi/libcarcassonne_c.so); CARC_PYTHON: the interpreter for the native
// replay (/usr/bin/python3); CHROMIUM: the browser (/usr/bin/chromium); CARC_SCREENSHOT: if
// set, a PNG of the game in progress is written there.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch, serve } from './browser.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const site = process.env.CARC_WEB_SITE ?? join(repo, 'build', 'web', 'site');
const nativeLibrary = process.env.CARC_NATIVE_LIBRARY ?? join(repo, 'build', 'release', 'capi', 'libcarcassonne_c.so');
const python = process.env.CARC_PYTHON ?? '/usr/bin/python3';

let server;
let page;
before(async () => {
  server = await serve(site);
  page = await launch();
});
after(async () => {
  try {
    await page?.close();
  } finally {
    await server?.close(); // else an open server keeps node running after a failed close
  }
});

const js = JSON.stringify;
const text = (selector) => page.eval(`document.querySelector(${js(selector)}).textContent`);
const count = (selector) => page.eval(`document.querySelectorAll(${js(selector)}).length`);
const phase = () => page.eval('document.body.dataset.phase');
const turnOf = async () => Number((await text('#status')).match(/^Turn (\d+)/)?.[1] ?? NaN);

// What a player sees: the board picture, the scores table, the events, the status line.
const snapshot = () => page.eval(`({
  // The picture of the position: a scoring's flash (flash.js) fades within seconds, no part of it.
  board: (() => { const svg = document.querySelector('#board-view svg').cloneNode(true);
    svg.querySelectorAll('.flash-outline, .flash-points, .flash-return').forEach((e) => e.remove()); return svg.outerHTML; })(),
  scores: document.querySelector('#scores tbody').innerHTML,
  events: document.getElementById('events').innerHTML,
  status: document.getElementById('status').textContent,
  remaining: document.getElementById('remaining').innerHTML })`);

async function newGame({ players, seed, farmers = true, smallCity = false, firstFarmers = false, river = false, abbot = false }) {
  await page.eval(`(() => {
    const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change')); };
    set('players', ${js(String(players))}); set('seed', ${js(String(seed))});
    document.getElementById('opt-farmers').checked = ${farmers};
    document.getElementById('opt-small-city').checked = ${smallCity};
    document.getElementById('opt-first-farmers').checked = ${firstFarmers};
    document.getElementById('opt-river').checked = ${river};
    document.getElementById('opt-abbot').checked = ${abbot}; })()`);
  await page.click('#new-game');
  await page.waitFor(`document.getElementById('status').textContent.startsWith('Turn 1:')`);
  assert.equal(await count('#seats select'), players);
}

// Picks a legal cell on the board and a rotation for this turn (varied by turn number).
async function chooseCell(turn) {
  await page.press('0'); // fit the board in view
  const cells = await count('#board-view .legal-cell');
  assert.ok(cells > 0, `turn ${turn}: no legal cell highlighted`);
  await page.click('#board-view .legal-cell', (turn * 7) % cells);
  await page.waitFor("document.querySelector('#board-view .legal-cell.selected')");
  for (let i = 0; i < turn % 3; i++) await page.press('r');
}

// One whole turn through the page's controls; the meeple is taken on even turns.
async function playTurn(turn) {
  await chooseCell(turn);
  if (turn % 2) await page.press('Enter');
  else await page.click('#confirm');
  await page.waitFor("document.body.dataset.phase === 'place-meeple'");
  const choices = await count('#board-view .target');
  if (choices && turn % 2 === 0) await page.click('#board-view .target', turn % choices);
  else if (turn % 3) await page.press('n');
  else await page.click('#skip');
  await page.waitFor(`document.body.dataset.phase === 'game-over' || !document.getElementById('status').textContent.startsWith('Turn ${turn}:')`);
}

// Sets the seat kinds ('person', 'random', 'greedy', 'mcts'), one per player, in the seat controls.
function setSeats(kinds) {
  return page.eval(`${js(kinds)}.forEach((kind, p) => {
    const select = document.querySelector('#seats select[data-player="' + p + '"]');
    select.value = kind; select.dispatchEvent(new Event('change')); })`);
}

// The game's final scores and events on the page equal the native engine replaying the
// page's saved public record from the same seed.
async function assertNativeReplay({ players, seed, farmers = true, smallCity = false, firstFarmers = false, river = false,
  abbot = false }) {
  const scores = await page.eval("[...document.querySelectorAll('#scores tbody .banked')].map((td) => Number(td.textContent))");
  const events = await pageEvents();
  await page.click('#save');
  const record = await page.eval("document.getElementById('record').value");
  const native = JSON.parse(execFileSync(python, [join(repo, 'web', 'tests', 'native_replay.py'), String(players), String(seed),
    farmers ? '1' : '0', smallCity ? '1' : '0', firstFarmers ? '1' : '0', river ? '1' : '0', abbot ? '1' : '0'],
  { input: record, env: { ...process.env, CARCASSONNE_LIBRARY: nativeLibrary } }));
  assert.equal(native.over, true);
  assert.deepEqual(scores, native.scores);
  assert.deepEqual(events, native.events);
  return events;
}

// The milliseconds each bot move took to choose, as the page measured them.
const botTimes = async () => (await page.eval("document.getElementById('bot-time').dataset.times")).split(' ').filter(Boolean).map(Number);

// The outlines of the last moves: {player, x, y} of the tile each sits on, by player.
const lastMoves = () => page.eval(`[...document.querySelectorAll('#board-view g.tile > .last-move')]
  .map((r) => ({ player: Number(r.dataset.player), x: Number(r.parentNode.dataset.x), y: Number(r.parentNode.dataset.y) }))
  .sort((a, b) => a.player - b.player)`);

// The end screen is shown; its total row is the engine's final scores (game.scores, and the
// scores table), its categories add up to the subtotals and the total, player by player, and
// the board crosses out no cell. Returns the table by row.
async function assertEndScreen() {
  assert.equal(await page.eval("document.getElementById('end').hidden"), false);
  const table = await page.eval(`(() => {
    const t = document.getElementById('end-table');
    const row = (tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent));
    const section = (when) => ({ categories: [...t.querySelectorAll('tbody[data-when="' + when + '"] tr.category')].map(row),
      subtotal: [...t.querySelectorAll('tbody[data-when="' + when + '"] tr.subtotal')].map(row)[0] ?? null });
    return { before: section('before'), play: section('play'), end: section('end'), total: row(t.querySelector('tr.total')),
      names: [...t.querySelectorAll('tr.category')].map((tr) => tr.dataset.category) }; })()`);
  const engine = await page.eval('window.carcassonnePage.game.scores');
  assert.deepEqual(table.total, engine);
  assert.deepEqual(await page.eval("[...document.querySelectorAll('#scores tbody .banked')].map((td) => Number(td.textContent))"), engine);
  const add = (rows) => engine.map((_, p) => rows.reduce((sum, row) => sum + row[p], 0));
  for (const when of ['play', 'end']) if (table[when].subtotal) assert.deepEqual(add(table[when].categories), table[when].subtotal, when);
  assert.deepEqual(add([...table.before.categories, ...table.play.categories, ...table.end.categories]), engine);
  const winners = await page.eval('window.carcassonnePage.game.winners');
  assert.match(await text('#end-winners'), new RegExp(`^${winners.map((p) => `P${p}`).join(' and ')} won`));
  assert.equal(await count('#board-view .dead-cell'), 0);
  return table;
}

function pageEvents() {
  return page.eval("[...document.querySelectorAll('#events li')].map((li) => JSON.parse(li.dataset.event))");
}

test('a whole game through the page scores as the C++ engine does, with undo', async () => {
  await page.goto(server.url);
  await page.waitFor("document.body.dataset.ready === '1'");
  const setup = { players: 3, seed: 2026, farmers: true, smallCity: false, firstFarmers: false };
  await newGame(setup);

  let turn = 1;
  while ((await phase()) !== 'game-over') {
    assert.equal(await turnOf(), turn);
    if (turn === 4) {
      // Undo a whole turn (key U): the picture, scores and events are as before it.
      const before = await snapshot();
      await playTurn(turn);
      await page.press('u');
      await page.waitFor(`document.getElementById('status').textContent.startsWith('Turn ${turn}:')`);
      assert.deepEqual(await snapshot(), before);
    }
    if (turn === 7) {
      // Undo a tile placed whose meeple is undecided (the Undo button).
      const before = await snapshot();
      await chooseCell(turn);
      await page.press('Enter');
      await page.waitFor("document.body.dataset.phase === 'place-meeple'");
      await page.click('#undo');
      await page.waitFor("document.body.dataset.phase === 'place-tile'");
      assert.deepEqual(await snapshot(), before);
    }
    if (turn === 45 && process.env.CARC_SCREENSHOT) {
      await chooseCell(turn);
      writeFileSync(process.env.CARC_SCREENSHOT, await page.screenshot());
    }
    await playTurn(turn);
    turn++;
  }
  assert.deepEqual(page.errors, []);
  assert.match(await text('#status'), /^Game over: P\d/);

  const scores = await page.eval("[...document.querySelectorAll('#scores tbody .banked')].map((td) => Number(td.textContent))");
  const projected = await page.eval("[...document.querySelectorAll('#scores tbody .projected')].map((td) => Number(td.textContent))");
  assert.deepEqual(projected, scores, 'at the end, projected and banked scores agree');
  await assertEndScreen();
  const events = await pageEvents();
  assert.ok(events.some((e) => e.type === 'score' && !e.endGame), 'points scored during the game');
  assert.ok(events.some((e) => e.type === 'score' && e.endGame), 'end-game points');

  // The public record the page saves, replayed natively from the seed.
  await page.click('#save');
  const record = await page.eval("document.getElementById('record').value");
  assert.match(record, /^pile hidden$/m);
  assert.doesNotMatch(record, /^seed /m);
  const native = JSON.parse(execFileSync(python, [join(repo, 'web', 'tests', 'native_replay.py'), String(setup.players),
    String(setup.seed), '1', '0', '0'], { input: record, env: { ...process.env, CARCASSONNE_LIBRARY: nativeLibrary } }));
  assert.equal(native.over, true);
  assert.deepEqual(scores, native.scores);
  assert.deepEqual(events, native.events);

  // The record reloads to the same picture and scores.
  const finished = await snapshot();
  await page.click('#load');
  await page.waitFor("document.getElementById('events').children.length === 0");
  const loaded = await snapshot();
  assert.equal(loaded.board, finished.board); // the last moves' outlines too: the page works them out of the record
  assert.equal(loaded.scores, finished.scores);
  assert.equal(loaded.status, finished.status);
  // The end screen of a loaded game: its points came before the page saw them.
  const table = await assertEndScreen();
  assert.deepEqual(table.before.categories, [scores]);
  // Replay of a loaded game: its record again.
  await page.click('#end-replay');
  await page.waitFor("!document.getElementById('end').hidden");
  assert.equal((await snapshot()).board, finished.board);
  await page.press('Escape'); // the board as it ended, in full
  assert.equal(await page.eval("document.getElementById('end').hidden"), true);
  assert.deepEqual(page.errors, []);
});

test('a saved game in progress reloads and plays on; a bad record is refused', async () => {
  await page.goto(server.url);
  await page.waitFor("document.body.dataset.ready === '1'");
  await newGame({ players: 2, seed: 7, farmers: false, smallCity: true });
  for (let turn = 1; turn <= 12; turn++) await playTurn(turn);
  await page.click('#save');
  const saved = await snapshot();
  await page.eval("document.getElementById('opt-farmers').checked = true; document.getElementById('opt-small-city').checked = false");
  await page.click('#load');
  await page.waitFor("document.getElementById('events').children.length === 0");
  const loaded = await snapshot();
  for (const part of ['board', 'scores', 'status', 'remaining']) assert.equal(loaded[part], saved[part], part);
  assert.equal(await page.eval("document.getElementById('opt-farmers').checked"), false);
  assert.equal(await page.eval("document.getElementById('opt-small-city').checked"), true);
  for (let turn = 13; turn <= 15; turn++) await playTurn(turn);
  assert.equal(await turnOf(), 16);

  // Pan and zoom move the view only: a drag is not a click on a cell, and the game is as it was.
  const view = () => page.eval("document.getElementById('board-view').style.transform");
  const game = await snapshot();
  const fitted = await view();
  await page.drag('#board', 120, -80);
  const [x0, y0] = fitted.match(/-?[\d.]+/g).map(Number);
  const [x1, y1, zoom1] = (await view()).match(/-?[\d.]+/g).map(Number);
  assert.ok(Math.abs(x1 - x0 - 120) < 1 && Math.abs(y1 - y0 + 80) < 1, `dragged from ${fitted} to ${await view()}`);
  await page.wheel('#board', -100);
  assert.ok(Number((await view()).match(/scale\(([\d.]+)\)/)[1]) > zoom1, 'the wheel zooms in');
  await page.press('-');
  await page.press('0');
  assert.equal(await view(), fitted);
  assert.equal(await count('#board-view .legal-cell.selected'), 0);
  assert.deepEqual(await snapshot(), game);

  // A broken record: the engine's message is shown and the game goes on untouched.
  const before = await snapshot();
  await page.eval("document.getElementById('record').value = 'carcassonne-record 1\\nplayers 9\\n'");
  await page.click('#load');
  await page.waitFor("!document.getElementById('error').hidden");
  assert.match(await text('#error'), /^carc_game_load: line 2: /);
  assert.deepEqual(await snapshot(), before);

  // A record saved with a tile down and its figure undecided: reloaded, that tile is still
  // outlined as its placer's (P1's, turn 16) last move.
  await chooseCell(16);
  const cell = await page.eval("(({ x, y }) => ({ x: Number(x), y: Number(y) }))(document.querySelector('#board-view .legal-cell.selected').dataset)");
  await page.click('#confirm');
  await page.waitFor("document.body.dataset.phase === 'place-meeple'");
  assert.deepEqual((await lastMoves()).find((m) => m.player === 1), { player: 1, ...cell });
  const placing = await snapshot();
  await page.click('#save');
  await page.click('#load');
  await page.waitFor("document.getElementById('events').children.length === 0");
  assert.equal(await phase(), 'place-meeple');
  assert.equal((await snapshot()).board, placing.board);
  assert.deepEqual(page.errors, []);
});

// The greedy bot's move for this position with the seed the page's bots use (the game's seed
// and the turn), from the page's game: as the engine answers it.
const greedy = (seed, what) => page.eval(`(() => { const g = window.carcassonnePage.game;
  const seed = (BigInt(${seed}) * 1000003n + BigInt(g.turnsPlayed + 1)) % 2n ** 64n;
  ${what === 'move' ? "return window.carcassonnePage.carc.formatMove(g.botMove('greedy', { seed }));"
    : "return String(g.botChoice('greedy', { seed }));"} })()`);

// A person's turn played by the hints (key H): the tile where the greedy bot would put it, then
// its figure choice, each shown and highlighted before Enter (or its button) takes it.
async function playHint(seed, turn) {
  await page.press('h');
  const move = await greedy(seed, 'move');
  await page.waitFor(`document.getElementById('hint-text').dataset.move === ${js(move)}`);
  assert.match(await text('#hint-text'), new RegExp(`^Hint: the greedy bot would play ${move}$`));
  const [, x, y, rotation] = move.match(/^\S+ (-?\d+),(-?\d+) (\d+)/);
  assert.equal(await count(`#board-view .legal-cell.selected[data-x="${x}"][data-y="${y}"]`), 1);
  assert.equal(await page.eval("document.getElementById('hand').dataset.rotation"), rotation);
  await page.press('Enter');
  await page.waitFor("document.body.dataset.phase === 'place-meeple'");
  assert.deepEqual(await page.eval(`window.carcassonnePage.game.tileAt(${x}, ${y}).rotation`), Number(rotation));
  assert.equal(await page.eval("document.getElementById('hint-text').hidden"), true); // the hint was for the tile
  await page.press('h');
  const choice = await greedy(seed, 'choice');
  await page.waitFor(`document.getElementById('hint-text').dataset.choice === ${js(choice)}`);
  const onBoard = await count(`#board-view .target[data-choice="${choice}"]`);
  if (onBoard) {
    assert.equal(await count(`#board-view .target.highlighted[data-choice="${choice}"]`), 1);
    await page.press('Enter');
  } else {
    await page.click(`#meeples button.hinted[data-choice="${choice}"]`);
  }
  await page.waitFor(`!document.getElementById('status').textContent.startsWith('Turn ${turn}:')`);
}

test('a person against the default bot (mcts) to the end, as the C++ engine replays it; last moves outlined, a hint; the bot-move time', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  const setup = { players: 2, seed: 31 };
  await newGame(setup);
  await setSeats(['person', 'mcts']);
  let personTurns = 0;
  while ((await phase()) !== 'game-over') {
    // Wait for the bot to have played (it moves by itself), then the person plays.
    await page.waitFor("document.body.dataset.bot === '' || document.body.dataset.phase === 'game-over'");
    if ((await phase()) === 'game-over') break;
    assert.equal(await page.eval('document.getElementById("rotate").disabled'), false);
    const turn = await turnOf();
    // The bot's last placement is outlined in its colour, the person's in theirs (the base
    // game: turns alternate, P0 first).
    const history = await page.eval('window.carcassonnePage.game.history().map((m) => ({ x: m.x, y: m.y }))');
    const expected = history.length ? [{ player: 1, ...history.at(-1) }] : [];
    if (history.length >= 2) expected.unshift({ player: 0, ...history.at(-2) });
    assert.deepEqual(await lastMoves(), expected, `turn ${turn}`);
    if (personTurns === 5) {
      await playHint(setup.seed, turn);
      personTurns++;
      continue;
    }
    if (personTurns === 3) {
      // Undo after the bot answered takes back the bot's turn and the person's: as before.
      const before = await snapshot();
      await playTurn(turn);
      await page.waitFor(`document.body.dataset.bot === '' && !document.getElementById('status').textContent.startsWith('Turn ${turn + 1}:')`);
      await page.press('u');
      await page.waitFor(`document.getElementById('status').textContent.startsWith('Turn ${turn}:')`);
      assert.deepEqual(await snapshot(), before);
    }
    await playTurn(turn);
    personTurns++;
  }
  assert.deepEqual(page.errors, []);
  const times = await botTimes();
  assert.ok(personTurns >= 30 && times.length >= 30, `${personTurns} person turns, ${times.length} bot moves`);
  await assertNativeReplay(setup);

  // A benchmark, not a timed test: the figure is printed; only a generous bound is asserted.
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`bot move at the default level (mcts) in headless Chromium: ${times.length} moves, ` +
    `median ${median.toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms, first ${times[0].toFixed(1)} ms`);
  assert.ok(sorted.at(-1) < 2000, `a bot move took ${sorted.at(-1)} ms`);
});

test('a game of bots only plays itself to the end, as the C++ engine replays it; no undo then', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  const setup = { players: 3, seed: 77, farmers: true, smallCity: true };
  await newGame(setup);
  const fresh = await snapshot();
  await setSeats(['random', 'greedy', 'mcts']);
  await page.waitFor("document.body.dataset.phase === 'game-over'", 120000);
  assert.deepEqual(page.errors, []);
  assert.match(await text('#status'), /^Game over: P\d/);
  assert.equal(await page.eval('document.getElementById("undo").disabled'), true);
  const events = await assertNativeReplay(setup);
  assert.ok(events.some((e) => e.type === 'score' && e.endGame), 'end-game points');
  const times = await botTimes();
  assert.ok(times.length >= 70, `${times.length} bot moves`);

  // The end screen: totals as the engine's, during play and at the end by category.
  const table = await assertEndScreen();
  assert.ok(table.play.categories.length && table.end.categories.length);
  assert.ok(table.names.includes('city') && table.names.includes('field'), table.names.join(' '));
  // Each seat's last tile is outlined: the last three turns, P0 P1 P2 in some order.
  const history = await page.eval('window.carcassonnePage.game.history().map((m) => ({ x: m.x, y: m.y }))');
  const turns = history.length;
  assert.deepEqual(await lastMoves(), [0, 1, 2].map((p) => ({ player: p, ...history[turns - 1 - ((turns - 1 - p) % 3)] })));
  // Replay: the same seed and rules from the start (people in the seats now, so it waits).
  await setSeats(['person', 'person', 'person']);
  await page.click('#end-replay');
  await page.waitFor("document.getElementById('status').textContent.startsWith('Turn 1:')");
  assert.equal(await page.eval("document.getElementById('end').hidden"), true);
  assert.deepEqual(await snapshot(), fresh);
});

test('the River and the Abbot: a person deploys the abbot, bots play on, as the C++ engine replays it', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  const setup = { players: 2, seed: 13, river: true, abbot: true };
  await newGame(setup);
  assert.match(await page.eval("document.querySelector('#board-view svg').outerHTML"), /data-tile="RA"/); // the spring
  assert.equal(await count('#remaining .remaining-tile[data-tile="RL"]'), 1);            // the lake is in the box
  assert.equal(await count('#remaining .remaining-tile[data-tile="D"]'), 1);
  // Person turns until a tile offers the abbot (a monastery or a garden): take it.
  let abbot = false;
  for (let turn = 1; turn <= 40 && !abbot; turn++) {
    await chooseCell(turn);
    await page.click('#confirm');
    await page.waitFor("document.body.dataset.phase === 'place-meeple'");
    abbot = (await count('#board-view .target[data-figure="abbot"]')) > 0;
    await page.click(abbot ? '#board-view .target[data-figure="abbot"]' : '#skip');
    await page.waitFor(`!document.getElementById('status').textContent.startsWith('Turn ${turn}:')`);
  }
  assert.ok(abbot, 'no tile offered the abbot in 40 turns');
  assert.match(await page.eval("document.querySelector('#board-view svg').outerHTML"), /class="meeple/);
  await setSeats(['random', 'greedy']);
  await page.waitFor("document.body.dataset.phase === 'game-over'", 120000);
  assert.deepEqual(page.errors, []);
  await assertNativeReplay(setup);
});

// Loads record text through the page's record box (a header with an order plays that order).
async function loadRecord(record) {
  await page.eval(`document.getElementById('record').value = ${js(record)}`);
  await page.click('#load');
  await page.waitFor("document.getElementById('error').hidden && document.getElementById('events').children.length === 0");
}

// One whole turn through the page's controls: the tile at (x, y) in that rotation, then the
// figure choice (figure, location) or none.
async function placeAt(x, y, rotation, figure = null, location = null) {
  await page.press('0');
  await page.click(`#board-view .legal-cell[data-x="${x}"][data-y="${y}"]`);
  for (let i = 0; i < 4 && Number(await page.eval("document.getElementById('hand').dataset.rotation")) !== rotation; i++) {
    await page.press('r');
  }
  assert.equal(Number(await page.eval("document.getElementById('hand').dataset.rotation")), rotation);
  await page.click('#confirm');
  await page.waitFor("document.body.dataset.phase === 'place-meeple'");
  if (figure) await page.click(`#board-view .target[data-figure="${figure}"][data-location="${location}"]`);
  else await page.click('#skip');
  await page.waitFor("document.body.dataset.phase !== 'place-meeple'");
}

test('Inns & Cathedrals and Traders & Builders: figure targets, the bonus tile taken or passed, goods in the scores', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  await page.eval("document.getElementById('opt-inns').checked = true; document.getElementById('opt-traders').checked = true");
  await newGame({ players: 3, seed: 5 });
  assert.equal(await count('#remaining .remaining-tile[data-tile="IK"]'), 1);
  assert.equal(await count('#remaining .remaining-tile[data-tile="TG"]'), 1);
  assert.equal(await count('#scores tbody td.goods'), 3);
  assert.match(await text('#scores tbody td.goods'), /^0\/0\/0$/);

  // T&B example 3 from a record header: the builder goes on through its own button.
  const builder = 'carcassonne-record 1\nplayers 2\ntraders-and-builders on\norder U E U E A A\n';
  const setUp = async () => {
    await loadRecord(builder);
    assert.equal(await page.eval("document.getElementById('opt-traders').checked"), true);
    assert.equal(await page.eval("document.getElementById('opt-inns').checked"), false);
    await placeAt(1, 0, 90, 'meeple', 'E');
    await placeAt(0, -1, 180);
    assert.ok(await count('#board-view .target[data-figure="builder"]') === 0);
    await placeAt(2, 0, 90, 'builder', 'E');
    await placeAt(1, -1, 0);
    await placeAt(3, 0, 90);
    await page.waitFor("document.body.dataset.phase === 'bonus'");
    assert.equal(await page.eval("document.getElementById('bonus').hidden"), false);
    assert.match(await text('#status'), /^Turn 6: P0 may take the builder's bonus tile$/);
    assert.match(await text('#events'), /turn 5, P0: player 0's builder earns a bonus tile/);
  };
  await setUp();
  await page.click('#pass-bonus');
  await page.waitFor("document.body.dataset.phase === 'place-tile'");
  assert.match(await text('#status'), /^Turn 6: P1 places A$/);
  assert.equal(await page.eval("document.getElementById('bonus').hidden"), true);

  await setUp();
  await page.press('t');
  await page.waitFor("document.body.dataset.phase === 'place-tile'");
  assert.match(await text('#status'), /^Turn 6: P0 places A$/);
  await placeAt(-1, 0, 270);
  assert.equal(await phase(), 'game-over');
  assert.deepEqual(await page.eval("[...document.querySelectorAll('#scores tbody .banked')].map((td) => Number(td.textContent))"), [5, 0]);
  assert.deepEqual((await assertEndScreen()).total, [5, 0]);
  // A new game from the end screen: the rules in the form, the next seed.
  const seed = Number(await page.eval("document.getElementById('seed').value"));
  await page.click('#end-new');
  await page.waitFor("document.getElementById('status').textContent.startsWith('Turn 1:')");
  assert.equal(Number(await page.eval("document.getElementById('seed').value")), seed + 1);
  assert.equal(await page.eval("document.getElementById('end').hidden"), true);

  // A bot in the seat decides the bonus tile itself (carc_bot_decide through botChoice and
  // decide): the game goes on past the decision, with no error on the page.
  await setUp();
  await setSeats(['greedy', 'person']);
  await page.waitFor("document.body.dataset.phase !== 'bonus'");
  assert.deepEqual(page.errors, []);
  assert.equal(await page.eval("document.getElementById('error').hidden"), true);
  await setSeats(['person', 'person']);

  // T&B example 1: the goods go to the player who completes the city, and show in the table.
  await loadRecord('carcassonne-record 1\nplayers 2\ntraders-and-builders on\norder TG E E\n');
  await placeAt(0, -1, 180, 'meeple', 'E'); // the city's first location on TG at 180 degrees
  await placeAt(1, -1, 270);
  assert.equal(await page.eval("document.querySelector('#scores tbody tr[data-player=\"1\"] td.goods').dataset.grain"), '1');
  assert.match(await text('#events'), /P1: player 1 takes 1 grain/);

  // I&C: the large meeple's target.
  await loadRecord('carcassonne-record 1\nplayers 2\ninns-and-cathedrals on\norder IK E\n');
  assert.equal(await count('#scores tbody td.goods'), 0);
  await placeAt(0, -1, 0, 'large meeple', 'N');
  assert.match(await page.eval("document.querySelector('#board-view svg').outerHTML"), /class="meeple/);
  assert.deepEqual(page.errors, []);
});

test('Princess & Dragon: the dragon steps and the portal are targets on the board, decided by whoever the engine says', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  // Example 3 of the contract: the flight in full, each step a target on the tile it enters.
  await loadRecord('carcassonne-record 1\nplayers 2\nprincess-and-dragon on\norder U N D2 U B B DK U\n');
  assert.equal(await page.eval("document.getElementById('opt-princess').checked"), true);
  await placeAt(1, 0, 90, 'meeple', 'E');
  await placeAt(0, -1, 90, 'meeple', 'E');
  await placeAt(0, 1, 0);
  await placeAt(-1, 0, 90, 'meeple', 'ESE');
  await placeAt(1, 1, 0, 'meeple', 'C');
  await placeAt(-1, 1, 0, 'meeple', 'C');
  await placeAt(1, -1, 0, 'meeple', 'ENE');
  const steps = () => page.eval("[...document.querySelectorAll('#board-view .target')].map((t) => `${t.dataset.text} at ${t.dataset.x},${t.dataset.y}`)");
  const flight = [[0, 'dragon W', ['dragon N at 0,0', 'dragon E at 1,1', 'dragon W at -1,1']], [1, 'dragon N', ['dragon N at -1,0']],
    [0, 'dragon E', ['dragon E at 0,0']], [1, 'dragon E', ['dragon N at 0,-1', 'dragon E at 1,0']],
    [0, 'dragon N', ['dragon N at 1,-1', 'dragon S at 1,1']], [1, 'dragon W', ['dragon W at 0,-1']]];
  for (const [player, step, options] of flight) {
    assert.equal(await phase(), 'decide');
    assert.match(await text('#status'), new RegExp(`^After turn 7: P${player} is to decide: a target on the board$`));
    assert.deepEqual((await steps()).sort(), [...options].sort());
    if (options.length > 1) {
      // A hint for whoever steers the dragon: the greedy bot's step, highlighted on the board.
      await page.press('h');
      const choice = await greedy(await page.eval("document.getElementById('seed').value"), 'choice');
      await page.waitFor(`document.getElementById('hint-text').dataset.choice === ${js(choice)}`);
      assert.equal(await count(`#board-view .target.highlighted[data-choice="${choice}"]`), 1);
      assert.equal(await count('#board-view .target.highlighted'), 1);
      assert.match(await text('#hint-text'), /^Hint: the greedy bot would choose dragon [NESW]$/);
    }
    const logged = await count('#events li');
    await page.press('0');
    await page.click(`#board-view .target[data-text="${step}"]`);
    await page.waitFor(`document.querySelectorAll('#events li').length > ${logged}`); // the step's event
  }
  await page.waitFor("document.body.dataset.phase === 'place-tile'");
  assert.match(await text('#status'), /^Turn 8: P1 places U$/);
  assert.deepEqual(await page.eval("[...document.querySelectorAll('#scores tbody .supply')].map((td) => Number(td.textContent))"), [6, 7]);
  assert.match(await text('#events'), /eat/);

  // Example 11: the magic portal puts a monk on the empty monastery at (1,1).
  await loadRecord('carcassonne-record 1\nplayers 2\nprincess-and-dragon on\norder E U D2 B DR U\n');
  await placeAt(0, -1, 180);
  await placeAt(1, 0, 90, 'meeple', 'E');
  await placeAt(0, 1, 0);
  await placeAt(1, 1, 0);
  await page.press('0');
  await page.click('#board-view .legal-cell[data-x="-1"][data-y="0"]');
  for (let i = 0; i < 4 && Number(await page.eval("document.getElementById('hand').dataset.rotation")) !== 0; i++) await page.press('r');
  await page.click('#confirm');
  await page.waitFor("document.body.dataset.phase === 'place-meeple'");
  assert.ok(await count('#board-view .target[data-text="@1,1:C"][data-x="1"][data-y="1"]') === 1);
  await page.click('#board-view .target[data-text="@1,1:C"]');
  await page.waitFor("document.body.dataset.phase === 'place-tile'");
  assert.match(await text('#events'), /portal/);
  assert.equal(await count('#board-view .meeple'), 2);
  assert.deepEqual(page.errors, []);
});

test('Abbey & Mayor: the abbey and the wagon are targets on the board or buttons, decided by whoever the engine says; the figures drawn', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  const targetTexts = () => page.eval("[...document.querySelectorAll('#board-view .target')].map((t) => `${t.dataset.text} at ${t.dataset.x},${t.dataset.y}`)");
  const buttons = () => page.eval("[...document.querySelectorAll('#meeples button.choice')].map((b) => b.dataset.text)");

  // Example 1 of the contract: the abbey into the hole at (1,-1) closes three cities; a monk on it.
  await loadRecord('carcassonne-record 1\nplayers 2\nabbey-and-mayor on\norder D P U N N N V E\n');
  assert.equal(await page.eval("document.getElementById('opt-abbey').checked"), true);
  await placeAt(1, 0, 0, 'meeple', 'N');
  await placeAt(0, -1, 180, 'meeple', 'E');
  await placeAt(2, 0, 90);
  await placeAt(2, -1, 270, 'meeple', 'N');
  await placeAt(2, -2, 180);
  await placeAt(1, -2, 90);
  assert.equal(await phase(), 'decide');
  assert.match(await text('#status'), /^Turn 7: P0 may place the abbey \(a target on the board\) or go on$/);
  assert.deepEqual(await targetTexts(), ['abbey 1,-1 at 1,-1']);
  assert.deepEqual(await buttons(), ['take']);
  await page.click('#board-view .target[data-text="abbey 1,-1"]');
  await page.waitFor("document.body.dataset.phase === 'place-meeple'");
  assert.equal(await page.eval("document.getElementById('hand').dataset.tile"), 'MA');
  await page.click('#board-view .target[data-figure="meeple"][data-location="C"]');
  await page.waitFor("document.body.dataset.phase === 'place-tile'");
  assert.match(await text('#status'), /^Turn \d+: P1 places V$/);
  assert.match(await text('#events'), /abbey/);

  // Example 6: player 1's tile closes the road of player 0's wagon; player 0 moves it.
  await loadRecord('carcassonne-record 1\nplayers 2\nabbey-and-mayor on\norder U A B A B E V\n');
  await placeAt(1, 0, 90, 'wagon', 'E');
  assert.equal(await count('#board-view .meeple.wagon[data-player="0"]'), 1);
  await placeAt(-1, 0, 270);
  await placeAt(0, 1, 0, 'meeple', 'C');
  await placeAt(2, 0, 90);
  assert.equal(await phase(), 'decide');
  assert.match(await text('#status'), /^After turn 4: P0 is to decide where their wagon goes: a target on the board$/);
  assert.deepEqual((await targetTexts()).sort(), ['wagon 0,0 N at 0,0', 'wagon 2,0 C at 2,0']);
  assert.deepEqual(await buttons(), ['wagon stay']);
  await page.click('#board-view .target[data-text="wagon 2,0 C"]');
  await page.waitFor("document.body.dataset.phase === 'place-tile'");
  assert.match(await text('#status'), /^Turn 5: P0 places B$/);
  assert.equal(await count('#board-view .meeple.wagon[data-player="0"]'), 1);

  // Example 9's barn, on the north-west corner of the tile just placed: drawn in its owner's colour.
  await loadRecord('carcassonne-record 1\nplayers 2\nabbey-and-mayor on\norder E E E E E B MI\n');
  await placeAt(0, -1, 180);
  await placeAt(0, -2, 0);
  await placeAt(0, -3, 180);
  await placeAt(1, -2, 0);
  await placeAt(1, -1, 90, 'barn', 'NNW');
  assert.equal(await count('#board-view .barn[data-player="0"]'), 1);
  assert.deepEqual(page.errors, []);
});

test('layouts: at 1366x768, 1920x1080 and 390x844 the board fills what the panels leave, nothing covers it, fit fits it; a phone taps twice to place', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  const measure = () => page.eval(`(() => {
    const board = document.getElementById('board');
    const b = board.getBoundingClientRect();
    const s = document.querySelector('#board-view svg').getBoundingClientRect();
    const points = [[b.left + 4, b.top + 4], [b.right - 4, b.top + 4], [b.left + 4, b.bottom - 4], [b.right - 4, b.bottom - 4],
      [(b.left + b.right) / 2, (b.top + b.bottom) / 2]];
    return { board: [b.left, b.top, b.right, b.bottom], svg: [s.left, s.top, s.right, s.bottom], width: innerWidth, height: innerHeight,
      covered: points.filter(([x, y]) => !board.contains(document.elementFromPoint(x, y))).length,
      header: document.querySelector('header').getBoundingClientRect().height };
  })()`);
  try {
    for (const [width, height, mobile] of [[1366, 768, false], [1920, 1080, false], [390, 844, true]]) {
      await page.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile });
      await page.waitFor(`innerWidth === ${width} && innerHeight === ${height}`);
      await page.click('#zoom-reset');
      const m = await measure();
      const where = `${width}x${height}: ${JSON.stringify(m)}`;
      const [left, top, right, bottom] = m.board;
      assert.ok(left >= 0 && top >= 0 && right <= width && bottom <= height, `the board is inside the window, ${where}`);
      assert.equal(m.covered, 0, `nothing covers the board, ${where}`);
      // The board takes what the header and the side panel leave: most of the window.
      assert.ok((right - left) * (bottom - top) >= (mobile ? 0.4 : 0.5) * width * height, `the board is most of the window, ${where}`);
      if (!mobile) assert.ok(m.header < 60, `the set-up bar is one line, ${where}`);
      const [sl, st, sr, sb] = m.svg;
      assert.ok(sl >= left - 1 && st >= top - 1 && sr <= right + 1 && sb <= bottom + 1, `fit fits the board in view, ${where}`);
    }
    // On the phone the scores are in the drawer, which the panel button opens.
    const scoresShown = () => page.eval("document.getElementById('scores').getClientRects().length > 0");
    assert.equal(await scoresShown(), false);
    await page.click('#panel-toggle');
    assert.equal(await scoresShown(), true);
    await page.click('#panel-toggle');
    // Tap a cell to try the tile there, tap it again to place it.
    await page.click('#board-view .legal-cell');
    await page.waitFor("document.querySelector('#board-view .legal-cell.selected')");
    await page.click('#board-view .legal-cell.selected');
    await page.waitFor("document.body.dataset.phase === 'place-meeple'");
    assert.deepEqual(page.errors, []);
  } finally {
    await page.send('Emulation.clearDeviceMetricsOverride');
  }
});

test('the replay viewer steps through a saved game: each step is the recorded position, its scores and its lines', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  await newGame({ players: 2, seed: 21 });
  await setSeats(['random', 'random']);
  await page.waitFor("document.body.dataset.phase === 'game-over'", 60000);
  await page.click('#save'); // the public record, into the record box
  await page.click('#replay-open');
  await page.waitFor("document.body.dataset.replay === '1'");
  // The engine's own positions, computed beside the page from the same record text.
  const want = await page.eval(`(async () => {
    const carc = await (await import('./carcassonne.js')).loadCarcassonne();
    const game = carc.Game.load(document.getElementById('record').value);
    const out = [];
    for (let k = 0; k <= game.turnsPlayed; k++) {
      const at = game.clone();
      at.rewind(k);
      out.push({ scores: at.scores, tiles: at.board().length });
      at.free();
    }
    game.free();
    return out;
  })()`);
  const steps = want.length - 1;
  assert.ok(steps > 60, `a whole game: ${steps} turns`);
  const shown = () => page.eval(`({
    scores: [...document.querySelectorAll('#scores tbody .banked')].map((td) => Number(td.textContent)),
    tiles: document.querySelectorAll('#board-view .tile').length,
    at: document.getElementById('replay-at').textContent,
    lines: document.querySelectorAll('#events li').length })`);
  const expect = async (k) => {
    const s = await shown();
    assert.equal(s.at, `${k} / ${steps}`);
    assert.deepEqual({ scores: s.scores, tiles: s.tiles }, want[k], `step ${k}`);
    return s;
  };
  const end = await expect(steps); // it opens at the end
  await page.click('#replay-first');
  assert.equal((await expect(0)).lines, 0);
  await page.click('#replay-forward');
  await page.click('#replay-forward');
  assert.ok((await expect(2)).lines >= 2);
  await page.press('ArrowLeft');
  await expect(1);
  await page.eval(`(() => { const r = document.getElementById('replay-step'); r.value = '${Math.floor(steps / 2)}'; r.dispatchEvent(new Event('input')); })()`);
  await expect(Math.floor(steps / 2));
  await page.click('#replay-back');
  await expect(Math.floor(steps / 2) - 1);
  await page.click('#replay-last');
  assert.equal((await expect(steps)).lines, end.lines);
  // Closing goes back to the game as it was.
  await page.click('#replay-close');
  assert.equal(await phase(), 'game-over');
  assert.equal(await page.eval("document.getElementById('replay-bar').hidden"), true);
  assert.deepEqual(page.errors, []);
});

test('what a placement scores flashes on the board: the feature outlined in the scorer\'s colour, the points rising', async () => {
  await page.goto(`${server.url}?pause=0`);
  await page.waitFor("document.body.dataset.ready === '1'");
  await loadRecord('carcassonne-record 1\nplayers 2\norder E U\n');
  await placeAt(0, -1, 180, 'meeple', 'S'); // E closes the start tile's city: P0's knight scores 4
  const flash = await page.eval(`({
    points: [...document.querySelectorAll('#board-view .flash-points')].map((t) => [t.dataset.points, t.getAttribute('fill')]),
    outlines: [...document.querySelectorAll('#board-view .flash-outline')].map((r) => r.getAttribute('stroke')) })`);
  assert.deepEqual(flash.points, [['4', '#d62728']]);
  assert.deepEqual(flash.outlines, ['#d62728', '#d62728']); // the city's two tiles, in P0's colour

  // A knight already on the board goes home when another player's tile closes its city: it
  // fades where it stood.
  await loadRecord('carcassonne-record 1\nplayers 2\norder G E\n');
  await page.press('0');
  await page.click('#board-view .legal-cell[data-x="0"][data-y="-1"]');
  for (let i = 0; i < 4 && Number(await page.eval("document.getElementById('hand').dataset.rotation")) !== 90; i++) await page.press('r');
  await page.click('#confirm');
  await page.waitFor("document.body.dataset.phase === 'place-meeple'");
  await page.click('#board-view .target[data-figure="meeple"][data-text="N"], #board-view .target[data-figure="meeple"][data-text="S"]');
  await page.waitFor("document.body.dataset.phase === 'place-tile'");
  assert.equal(await count('#board-view .meeple'), 1);
  await placeAt(0, -2, 180); // P1's E closes the 3-tile city: P0's knight scores and goes home
  assert.equal(await count('#board-view .meeple'), 0);
  assert.deepEqual(await page.eval("[...document.querySelectorAll('#board-view .flash-return')].map((f) => [f.dataset.player, f.dataset.figure])"),
    [['0', 'meeple']]);
  assert.equal(await count('#board-view .flash-outline'), 3);
  assert.deepEqual(page.errors, []);
});
