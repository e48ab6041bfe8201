// The page: one game of Carcassonne played at one screen by people and the library's bots,
// on the engine compiled to WebAssembly (carcassonne.js). Every picture and every number
// comes from the engine: the board is its SVG, the legal cells its own outline, the options of
// a decision (a figure where it would stand, a dragon step) its own targets, the scores
// and odds its queries, the bots' moves its carc_bot_choose (and an expansion's decision, such
// as the builder's bonus tile, its carc_bot_decide). The page keeps only what the
// engine does not: who sits in each seat, the cell and rotation being tried, the view's pan
// and zoom, and the log of events shown so far.

import { loadCarcassonne } from './carcassonne.js';
import { ReplayViewer } from './replay.js';
import { figuresShown, flashReturns, flashScores } from './flash.js';

const $ = (id) => document.getElementById(id);
let Phase = null; // the library's phases (carc.Phase), once it is loaded
let Decision = null; // the library's kinds of decision (carc.Decision), once it is loaded
const COLOURS = ['#d62728', '#1f5fd6', '#f2c70c', '#1b9e3e', '#222222', '#e377c2']; // as the engine draws meeples
// The seat kinds: a person, or a bot level with its budget. MCTS stops at 1,500 iterations
// or 150 ms, whichever comes first, so a move takes at most about 150 ms: in headless
// Chromium on a shared 2-core machine the clock decides most moves (1,500 iterations take
// 70 to 210 ms there); a faster machine stops at the iterations.
const BOTS = { random: {}, greedy: {}, mcts: { iterations: 1500, milliseconds: 150 } };
// How long a bot waits before it moves, so that a person can follow: ?pause=MS sets it (the
// tests use 0).
const BOT_PAUSE_MS = pauseFromUrl(500);
// How long the board shows what an action scored (the feature outlined, the points rising).
const FLASH_MS = 1600;

const ui = {
  carc: null,
  game: null,
  seed: 1,
  cell: null,       // {x, y} of the legal cell being tried, or null
  rotation: 0,      // degrees of the tile in hand
  log: [],          // events shown: {turn, player, event}
  view: { x: 20, y: 20, zoom: 1 },
  botTimer: 0,      // the pending bot move's timeout, or 0
  botTimes: [],     // milliseconds each bot move of this game took to choose
  highlight: -1,    // the target (index on the board) that Enter takes, or -1
  replay: null,     // the replay viewer (replay.js); while it is open the board shows its position
  placed: [],       // who placed which tile: {index (in game.board()), player}, oldest first
  scoresAtStart: [], // the banked scores when the game came to the page (a loaded record's)
  again: null,      // starts this game again: the same seed and rules, or the same record
  hint: null,       // the hint shown: {text, move (its text) or choice (a BigInt)}, or null
  flash: null,      // what the last action scored, shown on the board until `until`: {events, until}
};

function pauseFromUrl(fallback) {
  const value = new URLSearchParams(location.search).get('pause');
  const ms = value === null ? NaN : Number(value);
  return Number.isSafeInteger(ms) && ms >= 0 ? ms : fallback;
}

// ------------------------------------------------------------------ start and new games

async function main() {
  ui.carc = await loadCarcassonne();
  Phase = ui.carc.Phase;
  Decision = ui.carc.Decision;
  buildSeats();
  $('players').addEventListener('change', buildSeats);
  $('setup').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  $('rotate').addEventListener('click', rotate);
  $('confirm').addEventListener('click', confirm);
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  $('take-bonus').addEventListener('click', () => bonus(true));
  $('pass-bonus').addEventListener('click', () => bonus(false));
  $('save').addEventListener('click', save);
  $('load').addEventListener('click', () => load($('record').value));
  $('load-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) load(await file.text());
  });
  $('end-close').addEventListener('click', () => { $('end').hidden = true; });
  $('end-replay').addEventListener('click', () => ui.again());
  $('end-new').addEventListener('click', () => {
    $('seed').value = String(ui.seed + 1);
    newGame();
  });
  $('zoom-in').addEventListener('click', () => zoomBy(1.25));
  $('zoom-out').addEventListener('click', () => zoomBy(0.8));
  $('zoom-reset').addEventListener('click', fit);
  $('panel-toggle').addEventListener('click', () => {
    document.body.classList.toggle('panel-open');
    fit(); // the board's visible area changed
  });
  $('rule-options').addEventListener('change', showRules);
  // The board fills what the panels leave; a new window size is a new fit.
  window.addEventListener('resize', fit);
  ui.replay = new ReplayViewer(ui.carc, showReplay);
  $('replay-open').addEventListener('click', openReplay);
  $('replay-first').addEventListener('click', () => ui.replay.goTo(0));
  $('replay-back').addEventListener('click', () => ui.replay.goTo(ui.replay.step - 1));
  $('replay-forward').addEventListener('click', () => ui.replay.goTo(ui.replay.step + 1));
  $('replay-last').addEventListener('click', () => ui.replay.goTo(ui.replay.steps));
  $('replay-step').addEventListener('input', (e) => ui.replay.goTo(Number(e.target.value)));
  $('replay-close').addEventListener('click', closeReplay);
  document.addEventListener('keydown', onKey);
  setUpPanZoom();
  newGame();
  // The game on the page and the library, read-only, for the page's tests (which check what the
  // page shows against the engine's own answers) and a curious console.
  window.carcassonnePage = Object.freeze({ get game() { return ui.game; }, carc: ui.carc });
  document.body.dataset.ready = '1';
}

// The seats: each a person or a bot level. A seat may change during a game: a bot then
// takes over (or hands back) that player's turns.
function buildSeats() {
  const seats = $('seats');
  const n = Number($('players').value);
  while (seats.children.length > n) seats.lastChild.remove();
  while (seats.children.length < n) {
    const p = seats.children.length;
    const label = document.createElement('label');
    label.innerHTML = `<span class="swatch" style="background:${COLOURS[p]}"></span>P${p} ` +
      `<select class="seat-kind" data-player="${p}"><option value="person" selected>person</option>` +
      Object.keys(BOTS).map((level) => `<option value="${level}">bot: ${level}</option>`).join('') + '</select>';
    label.querySelector('select').addEventListener('change', () => { if (ui.game) render(); });
    seats.append(label);
  }
}

// The bot level in player p's seat, or null for a person.
function botOf(p) {
  const kind = $('seats').querySelector(`select[data-player="${p}"]`)?.value ?? 'person';
  return Object.hasOwn(BOTS, kind) ? kind : null;
}

// The bot level to move now, or null (a person to move, a draw, or the game over). In the
// decide phase the engine says who decides (the builder's bonus tile: the current player).
function botToMove() {
  const game = ui.game;
  const phase = game.phase;
  if (phase === Phase.DECIDE) return botOf(game.decision().decider);
  return phase === Phase.PLACE_TILE || phase === Phase.PLACE_MEEPLE ? botOf(game.currentPlayer) : null;
}

// Whether the game waits for the builder's bonus tile to be taken or passed on.
const bonusDecision = (game) => game.phase === Phase.DECIDE && game.decision().kind === Decision.BONUS;

const everySeatABot = () => Array.from({ length: ui.game.players }, (_, p) => botOf(p)).every(Boolean);

function newGame() {
  const seed = Number($('seed').value);
  if (!Number.isSafeInteger(seed) || seed < 0) return showError('The seed is a whole number 0 or more.');
  const setup = {
    players: Number($('players').value), seed,
    farmers: $('opt-farmers').checked, firstEditionSmallCity: $('opt-small-city').checked,
    firstEditionFarmers: $('opt-first-farmers').checked, river: $('opt-river').checked, abbot: $('opt-abbot').checked,
    innsAndCathedrals: $('opt-inns').checked, tradersAndBuilders: $('opt-traders').checked,
    princessAndDragon: $('opt-princess').checked, abbeyAndMayor: $('opt-abbey').checked,
  };
  const game = attempt(() => new ui.carc.Game(setup));
  // The setup as it was, not the form as it may be edited during the game.
  if (game) start(game, seed, () => start(new ui.carc.Game(setup), seed, ui.again));
}

function start(game, seed, again) {
  if (ui.replay.open) leaveReplay();
  cancelBot();
  ui.game?.free();
  ui.game = game;
  ui.seed = seed;
  ui.again = again;
  ui.placed = placers(game);
  ui.scoresAtStart = game.scores;
  ui.hint = null;
  delete $('end').dataset.shown; // a game loaded over the end of another has its own end screen
  ui.log = [];
  ui.botTimes = [];
  ui.cell = null;
  ui.rotation = 0;
  collectEvents(null, null);
  ui.flash = null; // a game coming to the page has no last action to show
  showRules();
  render();
  fit();
}

// Who placed each tile of a game that comes to the page with turns played (a loaded record):
// the engine keeps no player per tile, so a copy goes back turn by turn, where the player to
// move is the one who placed the next tiles. It starts at the turn under way, whose tile may
// be down already (a record saved before its figure action).
function placers(game) {
  const copy = game.clone();
  const placed = [];
  try {
    let tiles = game.board().length;
    for (let t = game.turnsPlayed; t >= 0; t--) {
      copy.rewind(t);
      const before = copy.board().length;
      // A turn whose tile fits nowhere places none; a bonus turn's player places two in a row.
      for (let index = tiles - 1; index >= before; index--) placed.unshift({ index, player: copy.currentPlayer });
      tiles = before;
    }
  } finally {
    copy.free();
  }
  return placed;
}

// Notes that player p placed the newest tile on the board (its outline shows the last move).
function notePlaced(player) {
  ui.hint = null;
  ui.placed.push({ index: ui.game.board().length - 1, player });
}

// Runs fn; an engine error is shown on the page (the game is unchanged) and gives null.
function attempt(fn) {
  try {
    const value = fn();
    showError('');
    return value ?? true;
  } catch (e) {
    if (!(e instanceof ui.carc.CarcassonneError)) throw e;
    showError(e.message);
    return null;
  }
}

function showError(message) {
  $('error').textContent = message;
  $('error').hidden = !message;
  return null;
}

// ------------------------------------------------------------------ a turn

function selectCell(x, y) {
  const game = ui.game;
  if (game.phase !== Phase.PLACE_TILE || botToMove()) return;
  const fits = game.fittingRotations(game.currentTile, x, y);
  if (!fits.length) return;
  // A second tap on the cell being tried places the tile there (a phone has no Enter key).
  if (ui.cell?.x === x && ui.cell?.y === y) return confirm();
  ui.cell = { x, y };
  if (!fits.includes(ui.rotation)) ui.rotation = fits[0];
  render();
}

// Turns the tile in hand a quarter clockwise; on a chosen cell, to its next fitting rotation.
function rotate() {
  const game = ui.game;
  if (game.phase !== Phase.PLACE_TILE || botToMove()) return;
  const fits = ui.cell ? game.fittingRotations(game.currentTile, ui.cell.x, ui.cell.y) : [0, 90, 180, 270];
  ui.rotation = fits.find((r) => r > ui.rotation) ?? fits[0];
  render();
}

function confirm() {
  const game = ui.game;
  if (game.phase !== Phase.PLACE_TILE || !ui.cell || botToMove()) return;
  const player = game.currentPlayer;
  if (attempt(() => game.place({ ...ui.cell, rotation: ui.rotation }))) {
    notePlaced(player);
    ui.cell = null;
    render();
  }
}

// Takes no figure action on the tile just placed.
function skipFigure() {
  const game = ui.game;
  if (game.phase !== Phase.PLACE_MEEPLE || botToMove()) return;
  choose(game.choices()[0]); // the figure decision lists "no figure action" first
}

// Takes an option of the decision the game waits for (a figure action, a dragon step, ...):
// its choice id, as a target on the board or a button gives it.
function choose(choice) {
  const game = ui.game;
  if (game.phase === Phase.GAME_OVER || game.phase === Phase.DRAW || botToMove()) return;
  const turn = logTurn(game);
  const decider = game.decision().decider;
  if (attempt(() => game.decide(choice))) {
    collectEvents(turn, decider);
    ui.rotation = 0;
    ui.highlight = -1;
    render();
  }
}

// The turn the log files an action's events under: a decision after a placement (a dragon
// step, the builder's bonus tile) under that placement's turn; any other under the turn under way.
const logTurn = (game) => game.turnsPlayed + (game.phase === Phase.DECIDE ? 0 : 1);

const targets = () => [...$('board-view').querySelectorAll('.target')];

// Moves the highlight to the next target on the board (Enter takes it).
function cycleTarget() {
  const all = targets();
  if (!all.length) return;
  ui.highlight = (ui.highlight + 1) % all.length;
  all.forEach((t, i) => t.classList.toggle('highlighted', i === ui.highlight));
}

// The builder's bonus tile (Traders & Builders): the player takes it (and places it next)
// or passes on it.
function bonus(take) {
  const game = ui.game;
  if (!bonusDecision(game) || botToMove()) return;
  const turn = logTurn(game);
  const player = game.currentPlayer;
  if (attempt(() => (take ? game.takeBonus() : game.passBonus()))) {
    collectEvents(turn, player);
    render();
  }
}

// Takes back the last action; with bots at the table, back to the last action of a person
// (a bot would only play its turn again). In a game of bots only there is nothing to undo.
function undo() {
  const game = ui.game;
  if (everySeatABot()) return;
  const turns = game.turnsPlayed;
  ui.flash = null; // what is taken back scored nothing and sends nobody home
  const undone = attempt(() => {
    game.undo();
    while (botToMove() && game.turnsPlayed > 0) game.undo();
  });
  if (undone) {
    ui.hint = null;
    // What was taken back leaves the log too (the engine drops its unread events).
    if (game.turnsPlayed < turns) ui.log = ui.log.filter((entry) => entry.turn === null || entry.turn <= game.turnsPlayed);
    const tiles = game.board().length;
    ui.placed = ui.placed.filter((p) => p.index < tiles);
    ui.cell = null;
    ui.rotation = 0;
    render();
  }
}

// ------------------------------------------------------------------ hints

// A hint is for a person to move in a phase with a move to make (not a draw, not the end).
function hintable() {
  const phase = ui.game.phase;
  return !botToMove() && (phase === Phase.PLACE_TILE || phase === Phase.PLACE_MEEPLE || phase === Phase.DECIDE);
}

// Shows what the greedy bot would do for the person to move, without doing it: in the tile
// phase its cell and rotation become the page's selection (the preview shows them, Enter
// places); in any other decision its option is highlighted, on the board or among the
// buttons, and Enter takes a target so highlighted.
function hint() {
  if (!hintable()) return;
  const game = ui.game;
  const opts = { ...BOTS.greedy, seed: botSeed() };
  if (game.phase === Phase.PLACE_TILE) {
    const move = attempt(() => game.botMove('greedy', opts));
    if (!move) return;
    ui.cell = { x: move.x, y: move.y };
    ui.rotation = move.rotation;
    const text = ui.carc.formatMove(move);
    ui.hint = { text: `the greedy bot would play ${text}`, move: text, choice: null };
  } else {
    const choice = attempt(() => game.botChoice('greedy', opts));
    if (choice === null) return;
    ui.hint = { text: `the greedy bot would choose ${game.choiceText(choice)}`, choice };
  }
  render();
}

// Highlights the hinted option: its target on the board (Enter takes it), else its button.
function markHint(choice) {
  const id = String(choice);
  const index = targets().findIndex((t) => t.dataset.choice === id);
  if (index >= 0) {
    ui.highlight = index;
    targets()[index].classList.add('highlighted');
  }
  $('meeples').querySelector(`button[data-choice="${id}"]`)?.classList.add('hinted');
}

// ------------------------------------------------------------------ bots

// Called by every render: if a bot is to move, it moves after the pause (one pending move
// at a time; a new game, a load or an undo cancels it).
function scheduleBot() {
  if (ui.botTimer || !botToMove()) return;
  ui.botTimer = setTimeout(() => {
    ui.botTimer = 0;
    playBot();
  }, BOT_PAUSE_MS);
}

function cancelBot() {
  clearTimeout(ui.botTimer);
  ui.botTimer = 0;
}

// The bot in the current seat plays: a whole turn in the tile phase, its meeple in the
// meeple phase (a person placed the tile and handed the seat over). Each move is seeded from
// the game's seed and the turn, so an iteration budget gives the same game again.
function playBot() {
  const level = botToMove();
  if (!level) return;
  const game = ui.game;
  const turn = game.turnsPlayed + 1;
  const player = game.currentPlayer;
  const seed = botSeed();
  if (game.phase === Phase.DECIDE) {
    // An expansion's decision (the builder's bonus tile: take it or pass): the engine's bot
    // chooses among the decision's options (carc_bot_decide) and the choice is taken as any is.
    const decider = game.decision().decider;
    const logged = logTurn(game);
    const choice = attempt(() => game.botChoice(level, { ...BOTS[level], seed }));
    if (choice === null || !attempt(() => game.decide(choice))) return;
    collectEvents(logged, decider);
    render();
    return;
  }
  const started = performance.now();
  // On an error (a bug: the bot chooses among legal moves) the message is shown, the game
  // is as it was and the bot waits: it tries again at the next render (a seat changed).
  const move = attempt(() => game.botMove(level, { ...BOTS[level], seed }));
  if (!move) return;
  const ms = performance.now() - started;
  ui.botTimes.push(ms);
  const placing = game.phase === Phase.PLACE_TILE;
  if (!attempt(() => (placing ? game.play(move) : game.act(move)))) return;
  if (placing) notePlaced(player);
  const time = $('bot-time');
  time.textContent = `P${player} (bot: ${level}) chose turn ${turn} in ${Math.round(ms)} ms`;
  time.dataset.times = ui.botTimes.map((t) => t.toFixed(1)).join(' ');
  collectEvents(turn, player);
  ui.cell = null;
  ui.rotation = 0;
  render();
}

// The seed of a bot's move now: from the game's seed and the turn, so that an iteration
// budget gives the same game again, and a hint is the move a greedy bot in the seat would play.
const botSeed = () => (BigInt(ui.seed) * 1000003n + BigInt(ui.game.turnsPlayed + 1)) % 2n ** 64n;

// Each event with the engine's own sentence for it (event.text: "city 8 to player 0").
function collectEvents(turn, player) {
  ui.hint = null; // every action but a person's placement ends here: the hint was for the position before
  const events = ui.game.events();
  for (const event of events) ui.log.push({ turn, player, event });
  ui.flash = { events, until: performance.now() + FLASH_MS };
}

// ------------------------------------------------------------------ records

function save() {
  const text = ui.game.save({ public: true });
  $('record').value = text;
  const link = $('download');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  link.hidden = false;
}

// A public record loads into a game whose draws the caller supplies; the page deals the
// face-down tiles afresh from the seed field (the tile in hand stays) so play can go on.
function load(text) {
  const game = attempt(() => ui.carc.Game.load(text));
  if (!game) return;
  const seed = Number($('seed').value);
  // Once re-dealt the game draws from that order, so one re-deal serves the rest of it.
  if (game.callerDraws && !attempt(() => game.redeal(Number.isSafeInteger(seed) && seed >= 0 ? seed : 0))) {
    game.free();
    return;
  }
  // The set-up controls show the loaded game's players and rules.
  $('players').value = String(game.players);
  $('opt-farmers').checked = game.option('farmers');
  $('opt-small-city').checked = game.option('firstEditionSmallCity');
  $('opt-first-farmers').checked = game.option('firstEditionFarmers');
  $('opt-river').checked = game.option('river');
  $('opt-abbot').checked = game.option('abbot');
  $('opt-inns').checked = game.option('innsAndCathedrals');
  $('opt-traders').checked = game.option('tradersAndBuilders');
  $('opt-princess').checked = game.option('princessAndDragon');
  $('opt-abbey').checked = game.option('abbeyAndMayor');
  buildSeats();
  start(game, seed, () => load(text));
}

// ------------------------------------------------------------------ drawing

function render() {
  if (ui.replay.open) return; // the viewer's position stays on the board; the game waits
  const game = ui.game;
  const phase = game.phase;
  const decision = game.decision();
  const player = phase === Phase.GAME_OVER ? null : phase === Phase.DECIDE ? decision.decider : game.currentPlayer;
  const bot = botToMove();
  const bonusOffered = phase === Phase.DECIDE && decision.kind === Decision.BONUS;
  // Abbey & Mayor: the abbey is offered before a turn part's draw (or in the final abbey round).
  const abbeyOffered = phase === Phase.DECIDE && decision.kind === Decision.ABBEY;
  $('status').textContent = phase === Phase.GAME_OVER
    ? `Game over: ${game.winners.map((p) => `P${p}`).join(' and ')} won`
    : phase === Phase.DRAW ? `Turn ${game.turnsPlayed + 1}: waiting for a tile to be drawn`
    : bonusOffered ? `Turn ${game.turnsPlayed + 1}: P${player}${bot ? ` (bot: ${bot})` : ''} may take the builder's bonus tile`
    : abbeyOffered ? `Turn ${game.turnsPlayed + 1}: P${player}${bot ? ` (bot: ${bot})` : ''} may place the abbey${bot ? '' : ' (a target on the board)'} or go on`
    : phase === Phase.DECIDE ? `After turn ${game.turnsPlayed}: P${player}${bot ? ` (bot: ${bot})` : ''} is to decide${
      decision.kind === Decision.WAGON ? ' where their wagon goes' : ''}${bot ? '' : ': a target on the board'}`
    : bot ? `Turn ${game.turnsPlayed + 1}: P${player} (bot: ${bot}) is to play ${game.currentTile}`
    : `Turn ${game.turnsPlayed + 1}: P${player} ${phase === Phase.PLACE_TILE ? 'places' : 'may deploy a figure on'} ${game.currentTile}`;
  document.body.dataset.phase = bonusOffered ? 'bonus' : ['place-tile', 'place-meeple', 'game-over', 'draw', 'decide'][phase];
  document.body.dataset.bot = bot ?? '';

  // The board: the engine's picture, with the cells where the tile in hand fits.
  const view = $('board-view');
  const deciding = !bot && (phase === Phase.PLACE_MEEPLE || phase === Phase.DECIDE);
  // Once the game is over no tile is to come, so every open cell would be crossed out.
  const over = phase === Phase.GAME_OVER;
  // The figures of the picture being replaced, which the flash shows fading if they went
  // home: read only while a flash is on (time only moves on, so a flash still on below, after
  // the new picture, was on here too).
  const shownBefore = flashOn() ? figuresShown(view.querySelector('svg') ?? view) : [];
  view.innerHTML = game.svg({ legalCells: phase === Phase.PLACE_TILE && !bot, deadCells: !over, legend: false, targets: deciding, tilePixels: 64 });
  const svg = view.querySelector('svg');
  drawLastMoves(svg);
  if (flashOn()) {
    flashScores(svg, game, ui.flash.events, COLOURS);
    flashReturns(svg, shownBefore);
  }
  for (const target of svg.querySelectorAll('.target')) {
    // The picture's ids of the abbey's and the wagon's options (Abbey & Mayor) lack their square
    // (src/decision.cpp's pack_choice): the id of the option its text spells is the one
    // game.choices() lists, which the buttons and hints compare with.
    target.dataset.choice = String(game.parseChoice(target.dataset.text));
    target.addEventListener('take', () => choose(BigInt(target.dataset.choice)));
  }
  ui.highlight = -1;
  for (const cell of svg.querySelectorAll('.legal-cell')) {
    const rotations = game.fittingRotations(game.currentTile, Number(cell.dataset.x), Number(cell.dataset.y));
    cell.classList.toggle('fits-rotation', rotations.includes(ui.rotation));
  }
  if (ui.cell) drawPreview(svg);
  applyView();

  // The tile in hand and the turn's controls.
  const hand = $('hand');
  hand.innerHTML = phase === Phase.PLACE_TILE || phase === Phase.PLACE_MEEPLE
    ? ui.carc.tileSvg(game.currentTile, ui.rotation, 96)
    : '';
  hand.dataset.tile = game.currentTile ?? '';
  hand.dataset.rotation = String(ui.rotation);
  $('rotate').disabled = phase !== Phase.PLACE_TILE || Boolean(bot);
  $('confirm').disabled = phase !== Phase.PLACE_TILE || !ui.cell || Boolean(bot);
  $('undo').disabled = (game.turnsPlayed === 0 && phase === Phase.PLACE_TILE) || everySeatABot();
  $('hint').disabled = !hintable();
  $('hint-text').hidden = !ui.hint;
  $('hint-text').textContent = ui.hint ? `Hint: ${ui.hint.text}` : '';
  $('hint-text').dataset.move = ui.hint?.move ?? '';
  $('hint-text').dataset.choice = ui.hint?.choice != null ? String(ui.hint.choice) : '';
  renderChoices(deciding && !bonusOffered, phase === Phase.PLACE_TILE && !bot);
  $('bonus').hidden = !bonusOffered || Boolean(bot);
  if (ui.hint?.choice != null) markHint(ui.hint.choice);

  // Scores: banked and projected side by side, and with Traders & Builders the goods.
  const traders = game.option('tradersAndBuilders');
  $('scores').classList.toggle('with-goods', traders);
  renderScores(game, player, traders);

  // The events so far, newest last.
  const events = $('events');
  events.innerHTML = '';
  for (const entry of ui.log) {
    const li = document.createElement('li');
    li.textContent = (entry.turn === null ? 'loaded: ' : `turn ${entry.turn}, P${entry.player}: `) + entry.event.text;
    li.dataset.event = JSON.stringify(entry.event);
    events.append(li);
  }
  events.lastElementChild?.scrollIntoView({ block: 'nearest' });

  renderRemaining();
  renderEnd();
  scheduleBot();
}

// Whether the board shows what the last action scored: for FLASH_MS after it.
function flashOn() {
  return ui.flash !== null && performance.now() < ui.flash.until;
}

// The score table's rows for `game`: each player's banked and projected points and figures
// left, the row of `current` (a player, or null) marked, and with `withGoods` the Traders &
// Builders goods.
function renderScores(game, current, withGoods) {
  const projected = game.projectedScores();
  const supplies = game.supplies;
  const goodsCell = (p) => {
    if (!withGoods) return '';
    const goods = game.goods(p);
    return `<td class="goods" data-wine="${goods.wine}" data-grain="${goods.grain}" data-cloth="${goods.cloth}" ` +
      `title="wine, grain, cloth">${goods.wine}/${goods.grain}/${goods.cloth}</td>`;
  };
  $('scores').tBodies[0].innerHTML = game.scores.map((points, p) =>
    `<tr data-player="${p}"${p === current ? ' class="current"' : ''}><td><span class="swatch" style="background:${COLOURS[p]}"></span>P${p}</td>` +
    `<td class="banked">${points}</td><td class="projected">${projected[p]}</td><td class="supply">${supplies[p]}</td>` +
    `${goodsCell(p)}</tr>`).join('');
}

// The end screen: the winners and each player's points by what scored them, those banked
// during play apart from the final scoring, adding up to the engine's final scores.
function renderEnd() {
  const game = ui.game;
  const end = $('end');
  if (game.phase !== Phase.GAME_OVER) {
    end.hidden = true;
    delete end.dataset.shown;
    return;
  }
  if (end.dataset.shown) return; // drawn once per game over: closing it keeps it closed
  end.dataset.shown = '1';
  const players = game.players;
  const rows = { play: new Map(), end: new Map() };
  for (const { event: e } of ui.log) {
    if (!ui.carc.POINT_EVENTS.includes(e.type)) continue;
    // The engine flags the end-game scoring on score events; the goods and the pig score only
    // with the fields, at the end, so they have no flag.
    const when = e.endGame || e.type === 'goodsBonus' || e.type === 'pig' ? 'end' : 'play';
    const category = e.feature ?? CATEGORIES[e.type] ?? e.type;
    const row = rows[when].get(category) ?? new Array(players).fill(0);
    for (const p of e.winners) row[p] += e.points;
    rows[when].set(category, row);
  }
  const scores = game.scores;
  const cells = (values) => values.map((v, p) => `<td data-player="${p}">${v}</td>`).join('');
  const sum = (map) => [...map.values()].reduce((acc, row) => acc.map((v, p) => v + row[p]), new Array(players).fill(0));
  const section = (when, title) => {
    const map = rows[when];
    if (!map.size) return '';
    return `<tbody data-when="${when}"><tr class="section"><th colspan="${players + 1}">${title}</th></tr>` +
      [...map].map(([category, row]) => `<tr class="category" data-category="${category}"><th>${category}</th>${cells(row)}</tr>`).join('') +
      `<tr class="subtotal"><th>subtotal</th>${cells(sum(map))}</tr></tbody>`;
  };
  // A loaded record's earlier points: the page did not see their events.
  const earlier = ui.scoresAtStart.some(Boolean)
    ? `<tbody data-when="before"><tr class="category" data-category="before loading"><th>before loading</th>${cells(ui.scoresAtStart)}</tr></tbody>`
    : '';
  const winners = game.winners;
  $('end-winners').textContent = `${winners.map((p) => `P${p}`).join(' and ')} won${winners.length > 1 ? ' (a tie)' : ''}` +
    ` with ${scores[winners[0]]} points.`;
  $('end-table').innerHTML =
    `<thead><tr><th></th>${Array.from({ length: players }, (_, p) =>
      `<th><span class="swatch" style="background:${COLOURS[p]}"></span>P${p}</th>`).join('')}</tr></thead>` +
    earlier + section('play', 'Banked during play') + section('end', 'The final scoring') +
    `<tfoot><tr class="total"><th>total</th>${cells(scores)}</tr></tfoot>`;
  for (const p of winners) $('end-table').querySelector(`tfoot td[data-player="${p}"]`).classList.add('winner');
  end.hidden = false;
}

// The scoring events that name no feature, by what scored.
const CATEGORIES = { goodsBonus: 'goods', pig: 'pig', fairyPoint: 'fairy', fairyBonus: 'fairy' };

// Each seat's last placement, outlined in its colour on the tile until that seat plays again.
function drawLastMoves(svg) {
  const last = new Map(ui.placed.map(({ index, player }) => [player, index]));
  for (const [player, index] of last) {
    const { x, y } = ui.game.tile(index);
    const tile = svg.querySelector(`g.tile[data-x="${x}"][data-y="${y}"]`);
    if (!tile) continue;
    // In the tile's own square (0..100 before its rotation, which a square does not see). A
    // white halo under the colour: solid, it is not taken for a legal cell's dashed outline,
    // and it shows on a tile of the same colour.
    for (const cls of ['last-move-halo', 'last-move']) {
      const outline = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      for (const [name, value] of [['x', 4], ['y', 4], ['width', 92], ['height', 92]]) outline.setAttribute(name, String(value));
      outline.setAttribute('class', cls);
      if (cls === 'last-move') {
        outline.setAttribute('stroke', COLOURS[player]);
        outline.dataset.player = String(player);
      }
      tile.append(outline);
    }
  }
}

// The tile in hand drawn into the chosen cell, at the chosen rotation.
function drawPreview(svg) {
  const cell = svg.querySelector(`.legal-cell[data-x="${ui.cell.x}"][data-y="${ui.cell.y}"]`);
  if (!cell) return;
  cell.classList.add('selected');
  const rect = cell.querySelector('rect');
  const tile = new DOMParser().parseFromString(ui.carc.tileSvg(ui.game.currentTile, ui.rotation, 100), 'image/svg+xml').documentElement;
  tile.setAttribute('x', String(Number(rect.getAttribute('x')) - 4));
  tile.setAttribute('y', String(Number(rect.getAttribute('y')) - 4));
  tile.setAttribute('class', 'preview');
  svg.append(document.importNode(tile, true));
  const outline = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  for (const [name, value] of [['x', tile.getAttribute('x')], ['y', tile.getAttribute('y')], ['width', 100], ['height', 100]]) {
    outline.setAttribute(name, String(value));
  }
  outline.setAttribute('class', 'preview-outline');
  svg.append(outline);
}

// Beside the targets on the board: how many there are, a button per option that has no place
// on the board (the engine's move text names it), and "no figure" in the figure phase. While
// the tile in hand is to be placed, a button per option of that decision that is no placement
// (The Tower's ransom), which comes before the placement.
function renderChoices(deciding, placing = false) {
  const box = $('meeples');
  box.innerHTML = '';
  const game = ui.game;
  // A button that takes an option of the decision, labelled with its move text.
  const button = (choice, text = game.choiceText(choice)) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'choice';
    b.dataset.text = b.textContent = text;
    b.dataset.choice = String(choice);
    b.addEventListener('click', () => choose(choice));
    box.append(b);
  };
  if (placing) {
    for (const choice of game.choices()) {
      const text = game.choiceText(choice);
      if (!text.startsWith(`${game.currentTile} `)) button(choice, text); // a placement is the board cells' to take
    }
    return;
  }
  if (!deciding) return;
  const onBoard = new Set(targets().map((t) => t.dataset.choice));
  const figurePhase = game.phase === Phase.PLACE_MEEPLE;
  const note = document.createElement('p');
  note.id = 'choices-note';
  note.className = 'note';
  note.textContent = onBoard.size ? `${onBoard.size} target${onBoard.size > 1 ? 's' : ''} on the board: click one, or C and Enter` : '';
  box.append(note);
  const rest = game.choices().slice(figurePhase ? 1 : 0).filter((c) => !onBoard.has(String(c)));
  for (const choice of rest) button(choice);
  if (!figurePhase) return;
  const skip = document.createElement('button');
  skip.type = 'button';
  skip.id = 'skip';
  skip.dataset.choice = String(game.choices()[0]);
  skip.textContent = onBoard.size || rest.length ? 'No figure (N)' : 'No figure possible: end the turn (N)';
  skip.addEventListener('click', skipFigure);
  box.append(skip);
}

function renderRemaining() {
  const game = ui.game;
  const counts = game.remainingTiles();
  const odds = game.nextTileProbabilities();
  $('tiles-left').textContent = `(${game.tilesRemaining} face down)`;
  // The tile types of this game's box: those with tiles face down or on the board (the
  // types of an expansion that is off have none and are not shown).
  const placed = new Set(game.board().map((p) => p.tile));
  const inBox = ui.carc.TILES.filter((t) => counts[t] || placed.has(t));
  $('remaining').innerHTML = inBox.map((t) =>
    `<figure class="remaining-tile${counts[t] ? '' : ' gone'}" data-tile="${t}" data-count="${counts[t]}">` +
    `${ui.carc.tileSvg(t, 0, 40)}<figcaption>${t} &times;${counts[t]}<br>${(100 * odds[t]).toFixed(1)}%</figcaption></figure>`).join('');
  const dead = game.frontier().filter((cell) => cell.dead);
  $('dead').textContent = game.phase === Phase.GAME_OVER ? 'The game is over: no tile is to come.' : dead.length
    ? `Cells no tile to come can fill (crossed out on the board): ${dead.map((c) => `(${c.x}, ${c.y})`).join(' ')}`
    : 'Every open cell can still be filled by a tile to come.';
}

// ------------------------------------------------------------------ the replay viewer

// Opens the viewer on the record in the box, or (an empty box) on this game's full record.
function openReplay() {
  const text = $('record').value.trim() ? $('record').value : ui.game.save();
  if (!attempt(() => ui.replay.load(text))) return;
  cancelBot();
  $('end').hidden = true; // the end screen would cover the positions stepped through
  document.body.dataset.replay = '1';
  $('replay-bar').hidden = false;
  fit();
}

function leaveReplay() {
  ui.replay.close();
  delete document.body.dataset.replay;
  $('replay-bar').hidden = true;
}

function closeReplay() {
  leaveReplay();
  render();
  fit();
}

// Draws the viewer's position: its board, scores and the record's lines up to it.
function showReplay({ game, step, steps, log }) {
  $('board-view').innerHTML = game.svg({ legend: false, tilePixels: 64 });
  applyView();
  $('status').textContent = `Replay: after turn ${step} of ${steps}`;
  $('replay-step').max = String(steps);
  $('replay-step').value = String(step);
  $('replay-at').textContent = `${step} / ${steps}`;
  renderScores(game, null, false);
  const events = $('events');
  events.innerHTML = '';
  for (const line of log) {
    const li = document.createElement('li');
    li.textContent = line;
    events.append(li);
  }
  events.lastElementChild?.scrollIntoView({ block: 'nearest' });
}

function replayKey(e) {
  const steps = { arrowleft: -1, arrowright: 1 };
  const key = e.key.toLowerCase();
  if (key in steps) ui.replay.goTo(ui.replay.step + steps[key]);
  else if (key === 'home') ui.replay.goTo(0);
  else if (key === 'end') ui.replay.goTo(ui.replay.steps);
  else if (key === 'escape') closeReplay();
  else return;
  e.preventDefault();
}

// ------------------------------------------------------------------ pan, zoom, keys

function applyView() {
  $('board-view').style.transform = `translate(${ui.view.x}px, ${ui.view.y}px) scale(${ui.view.zoom})`;
}

function zoomBy(factor, cx, cy) {
  const board = $('board').getBoundingClientRect();
  cx ??= board.width / 2;
  cy ??= board.height / 2;
  const zoom = Math.min(4, Math.max(0.2, ui.view.zoom * factor));
  // Keep the point under (cx, cy) where it is.
  ui.view.x = cx - (cx - ui.view.x) * (zoom / ui.view.zoom);
  ui.view.y = cy - (cy - ui.view.y) * (zoom / ui.view.zoom);
  ui.view.zoom = zoom;
  applyView();
}

function fit() {
  const svg = $('board-view').querySelector('svg');
  const board = $('board').getBoundingClientRect();
  if (!svg || !board.width) return;
  const w = Number(svg.getAttribute('width'));
  const h = Number(svg.getAttribute('height'));
  ui.view.zoom = Math.min(1.5, Math.max(0.2, Math.min(board.width / w, board.height / h) * 0.95));
  ui.view.x = (board.width - w * ui.view.zoom) / 2;
  ui.view.y = (board.height - h * ui.view.zoom) / 2;
  applyView();
}

// The rule options that are on, beside the closed drop-down ("farmers, the River").
function showRules() {
  const on = [...$('rule-options').querySelectorAll('label')].filter((l) => l.querySelector('input').checked);
  $('rules-summary').textContent = on.length ? `(${on.map((l) => l.textContent.trim()).join(', ')})` : '(base game, no farmers)';
}

function setUpPanZoom() {
  const board = $('board');
  let drag = null;
  // Two fingers on the board pinch-zoom about their midpoint; one drags.
  const touches = new Map();
  let pinch = null;
  const spread = () => {
    const [a, b] = [...touches.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  board.addEventListener('pointerdown', (e) => {
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touches.size === 2) {
      pinch = spread();
      drag = null;
      return;
    }
    drag = { x: e.clientX, y: e.clientY, vx: ui.view.x, vy: ui.view.y, moved: false };
  });
  const lift = (e) => {
    touches.delete(e.pointerId);
    if (touches.size < 2) pinch = null;
  };
  board.addEventListener('pointercancel', lift);
  board.addEventListener('pointermove', (e) => {
    if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && touches.size === 2) {
      const now = spread();
      const r = board.getBoundingClientRect();
      if (pinch.d > 0) zoomBy(now.d / pinch.d, now.x - r.left, now.y - r.top);
      pinch = now;
      return;
    }
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    if (drag.moved) {
      ui.view.x = drag.vx + dx;
      ui.view.y = drag.vy + dy;
      applyView();
    }
  });
  board.addEventListener('pointerup', (e) => {
    const wasPinch = touches.size > 1 || pinch !== null;
    lift(e);
    const wasDrag = drag?.moved || wasPinch;
    drag = null;
    if (wasDrag) return;
    const target = e.target.closest?.('.target');
    if (target) return void target.dispatchEvent(new Event('take'));
    const cell = e.target.closest?.('.legal-cell');
    if (cell) selectCell(Number(cell.dataset.x), Number(cell.dataset.y));
  });
  board.addEventListener('pointerleave', (e) => {
    drag = null;
    lift(e);
  });
  board.addEventListener('wheel', (e) => {
    e.preventDefault();
    const r = board.getBoundingClientRect();
    zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
}

function onKey(e) {
  if (e.target.closest('input, textarea, select')) return;
  if (ui.replay.open) return replayKey(e);
  const key = e.key.toLowerCase();
  if (key === 'r') rotate();
  else if (key === 'enter') {
    if (ui.game.phase === Phase.PLACE_TILE) confirm();
    else if (ui.highlight >= 0) targets()[ui.highlight]?.dispatchEvent(new Event('take'));
  } else if (key === 'c') cycleTarget();
  else if (key === 'h') hint();
  else if (key === 'escape' && !$('end').hidden) $('end').hidden = true;
  else if (key === 'u' || (key === 'z' && (e.ctrlKey || e.metaKey))) undo();
  else if (key === 'n') skipFigure();
  else if (key >= '1' && key <= '9') targets()[Number(key) - 1]?.dispatchEvent(new Event('take'));
  else if (key === 't') bonus(true);
  else if (key === 'p') bonus(false);
  else if (key === '+' || key === '=') zoomBy(1.25);
  else if (key === '-') zoomBy(0.8);
  else if (key === '0') fit();
  else return;
  e.preventDefault();
}

main().catch((e) => {
  showError(`The engine did not load: ${e.message ?? e}`);
  throw e;
});
