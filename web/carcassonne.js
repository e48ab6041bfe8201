// carcassonne.js: the carcassonne rules engine (the base game, the River, the Abbot, Inns &
// Cathedrals, Traders & Builders and The Princess & the Dragon) in
// JavaScript, an ES module over the C ABI (carcassonne.h) compiled to WebAssembly. It has the
// shape of the Python module (capi/python/carcassonne): a Game class with moves, events,
// queries, records and pictures, tiles as ids ('A'..'X', 'U_G', 'RA', ...: the API's TILES),
// locations as names ('C', 'N', ..., 'NNW', 'CF'), feature kinds as 'road', 'city',
// 'monastery', 'field', 'garden', figures as 'meeple', 'abbot', ... and the action 'recall',
// rotations in degrees (0, 90, 180, 270). Packed moves are BigInts (64 bits), and so are
// choice ids: whatever a game waits for is also asked and answered one way (decision(),
// choices(), decide(): a draw, a placement, a figure action, the builder's bonus tile or a
// step of the dragon's flight).
// Errors throw CarcassonneError subclasses (one per C status) carrying the library's
// message; a failed call leaves the game as it was. Every argument is checked before it
// reaches C (a wrong type or a value out of range throws InvalidArgument).
//
//   import { loadCarcassonne } from './carcassonne.js';
//   const carc = await loadCarcassonne();          // finds carcassonne_wasm.wasm beside this file
//   const game = new carc.Game({ players: 2, seed: 42 });
//   game.play('L 0,-1 180');                       // or game.place({x, y, rotation}); game.act(null)
//   const same = carc.Game.load(game.save());
//
// A game holds memory inside the WebAssembly instance: call game.free() when done with it
// (a FinalizationRegistry frees games the program forgot, eventually).

import createCarcassonneWasm from './carcassonne_wasm.mjs';

// The header's constants (phases, figures, options, reasons, field indices, ...) come from the
// library as it loads (carc_constant), so carcassonne.h is their one source: see makeApi.
const SIDES = Object.freeze(['N', 'E', 'S', 'W']); // carc_game_river_end's side 0..3
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const U64_MAX = 2n ** 64n - 1n;

// ------------------------------------------------------------------ errors

/** A call into the engine failed: `status` is the C status code, `message` the library's
 * message; `line` is the line at fault of a record that failed to load, else null. */
export class CarcassonneError extends Error {
  constructor(status, message, line = null) {
    super(message);
    this.name = this.constructor.name;
    this.status = status;
    this.line = line;
  }
}
/** CARC_EINVAL: a value out of range or of the wrong type, malformed text or record. */
export class InvalidArgument extends CarcassonneError {}
/** CARC_EILLEGAL: the move breaks the rules. */
export class IllegalMove extends CarcassonneError {}
/** CARC_EPHASE: not allowed in this phase of the turn (or the game is over). */
export class WrongPhase extends CarcassonneError {}
/** CARC_ERANGE (the module sizes its buffers, so this means a bug). */
export class BufferTooSmall extends CarcassonneError {}
/** CARC_ENOMEM. */
export class OutOfMemory extends CarcassonneError {}
/** CARC_EINTERNAL: a bug in the library. */
export class InternalError extends CarcassonneError {}

// Each class by the name of its status in carcassonne.h (CARC_EINVAL ..). Loading the library
// gives each class its status code as a static `status` (InvalidArgument.status: CARC_EINVAL).
const STATUS_CLASSES = Object.freeze({ EINVAL: InvalidArgument, EILLEGAL: IllegalMove, EPHASE: WrongPhase,
  ERANGE: BufferTooSmall, ENOMEM: OutOfMemory, EINTERNAL: InternalError });

/** The error for a negative C status (an unknown status is an InternalError). */
export function errorFor(status, message, line = null) {
  const Class = Object.values(STATUS_CLASSES).find((C) => C.status === status) ?? InternalError;
  return new Class(status, message, line);
}

function invalid(message) {
  return new InvalidArgument(InvalidArgument.status, message);
}

// ------------------------------------------------------------------ argument checks
// Each returns the value C gets or throws InvalidArgument naming the C function, as the
// library's own messages do.

function show(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function integer(value, lo, hi, where, what) {
  if (Number.isInteger(value) && value >= lo && value <= hi) return value;
  throw invalid(`${where}: ${what} must be an integer ${lo} to ${hi}, not ${show(value)}`);
}

function cInt(value, where, what) {
  return integer(value, INT_MIN, INT_MAX, where, what);
}

function seedOf(value, where) {
  if ((Number.isSafeInteger(value) && value >= 0) || (typeof value === 'bigint' && value >= 0n && value <= U64_MAX)) {
    return BigInt(value);
  }
  throw invalid(`${where}: seed must be an integer 0 to ${U64_MAX} (a number or a BigInt), not ${show(value)}`);
}

function flag(value, where, what) {
  if (typeof value === 'boolean') return value;
  throw invalid(`${where}: ${what} must be true or false, not ${show(value)}`);
}


function quarterTurns(degrees, where) {
  if (degrees === 0 || degrees === 90 || degrees === 180 || degrees === 270) return degrees / 90;
  throw invalid(`${where}: rotation must be 0, 90, 180 or 270 degrees, not ${show(degrees)}`);
}

function asciiText(value, where, what) {
  // C reads text up to a NUL, and the engine's text is ASCII: refuse anything else here.
  if (typeof value !== 'string') throw invalid(`${where}: ${what} must be a string, not ${show(value)}`);
  if (!/^[\x01-\x7f]*$/.test(value)) throw invalid(`${where}: ${what} holds a NUL or non-ASCII character: ${show(value)}`);
  return value;
}

function options(given, allowed, where) {
  if (given === undefined) return {};
  if (given === null || typeof given !== 'object') throw invalid(`${where}: options must be an object, not ${show(given)}`);
  for (const key of Object.keys(given)) {
    if (!allowed.includes(key)) throw invalid(`${where}: unknown option ${show(key)} (${allowed.join(', ')})`);
  }
  return given;
}

// ------------------------------------------------------------------ loading

/** Loads the engine and returns its API: { Game, tileSvg, tileText, formatMove, parseMove,
 * version, libraryVersion, errstr }, the error classes above, and the header's constants as
 * the library gives them: `constants` (every integer constant of carcassonne.h by name without
 * CARC_: constants.PHASE_DRAW), Phase, Decision, Status, TILES, LOCATIONS, FEATURES, FIGURES (the
 * figures with a supply), FIGURE_NAMES (every figure kind a move may carry by CARC_FIGURE_*,
 * 'fairy' and 'princess' included), GOODS, REASONS (carc_game_check's answers by value:
 * 'legal', 'wrong_phase', ...) and POINT_EVENTS (the event types that score). `moduleOptions` go to
 * emscripten's module factory: none are needed, the .wasm beside this file is fetched (in a
 * browser) or read (in node); { wasmBinary } gives the bytes, { locateFile } another address. */
export async function loadCarcassonne(moduleOptions = {}) {
  const wasm = await createCarcassonneWasm(await withNodeBinary(moduleOptions));
  return makeApi(wasm);
}

// node's fetch refuses file: URLs, where emscripten's web build looks for the .wasm, so in node
// the module reads it itself (from node_modules too) unless the caller said where it is.
async function withNodeBinary(moduleOptions) {
  const inNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';
  if (!inNode || moduleOptions === null || typeof moduleOptions !== 'object' ||
    ['wasmBinary', 'instantiateWasm', 'locateFile'].some((key) => key in moduleOptions)) return moduleOptions;
  // Hidden from bundlers, which would otherwise try to bring node's fs into a browser build.
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
  return { ...moduleOptions, wasmBinary: await readFile(new URL('./carcassonne_wasm.wasm', import.meta.url)) };
}

// The header's integer constants by name without CARC_ ({ PHASE_DRAW: 3, ... }), read from the
// library (carc_constant: every integer constant of carcassonne.h in header order).
function readConstants(wasm) {
  const out = wasm._malloc(16); // the name's address at 0, the int64 value at 8
  if (!out) throw new Error('carcassonne.js: out of WebAssembly memory');
  try {
    const K = {};
    for (let i = 0; wasm._carc_constant(i, out, out + 8) === 0; i++) {
      const view = new DataView(wasm.HEAPU8.buffer);
      K[wasm.UTF8ToString(view.getUint32(out, true)).slice('CARC_'.length)] = Number(view.getBigInt64(out + 8, true));
    }
    return Object.freeze(K);
  } finally {
    wasm._free(out);
  }
}

function makeApi(wasm) {
  const c = (name) => wasm[`_carc_${name}`];
  const heap = () => new DataView(wasm.HEAPU8.buffer); // a fresh view: memory may have grown
  const K = readConstants(wasm);
  for (const [name, Class] of Object.entries(STATUS_CLASSES)) Class.status = K[name];
  // { name after the prefix: value } of the constants named prefix..., by value.
  const family = (prefix) => Object.fromEntries(Object.entries(K).filter(([name]) => name.startsWith(prefix))
    .map(([name, value]) => [name.slice(prefix.length), value]).sort((a, b) => a[1] - b[1]));
  // The library's names by value: name(0), name(1), ... up to the first NULL.
  const names = (name) => {
    const out = [];
    for (let p; (p = name(out.length)) !== 0;) out.push(wasm.UTF8ToString(p));
    return Object.freeze(out);
  };
  const lower = (name) => name.toLowerCase();
  const camel = (name) => lower(name).replace(/_([a-z])/g, (_, ch) => ch.toUpperCase());

  const Status = Object.freeze(Object.fromEntries(Object.keys(STATUS_CLASSES).map((name) => [name, K[name]])));
  // PLACE_TILE, PLACE_MEEPLE, GAME_OVER, DRAW, and DECIDE (0.2's BONUS): the game waits for an
  // expansion's decision, decision() says which and who decides (with Traders & Builders the
  // builder's bonus tile, taken with takeBonus or passed on with passBonus; botChoice answers any).
  const Phase = Object.freeze(family('PHASE_'));
  // The kinds of decision (Game.decision()): NONE (over), DRAW, PLACE, FIGURE, BONUS, DRAGON (a
  // step of the dragon's flight, Princess & Dragon: 'dragon N' .. 'dragon W'), CAPTURE (The
  // Tower), ABBEY ('abbey x,y' or 'take' before a draw) and WAGON ('wagon x,y LOC' or 'wagon
  // stay', the wagon's owner's) of Abbey & Mayor.
  const Decision = Object.freeze(family('DECISION_'));
  // The goods of Traders & Builders by CARC_GOODS_* - 1 (wine 1, grain 2, cloth 3).
  const GOODS = Object.freeze(Object.keys(family('GOODS_')).map(lower));
  const LOCATIONS = Object.freeze(names(c('location_name')).slice(0, K.LOC_TW + 1)); // 'C', 'N', ..., 'CF', 'TW' (a tower top)
  const FEATURES = names(c('feature_name')); // 'road', 'city', 'monastery', 'field', 'garden'
  // Every kind a move may carry by CARC_FIGURE_* (the header's kinds are 0..n-1), named by the
  // library, and where its actions may go (carc_figure_reach: CARC_REACH_* bits).
  const FIGURE_NAMES = Object.freeze(Object.values(family('FIGURE_')).map((value) => wasm.UTF8ToString(c('figure_name')(value))));
  const REACH = Object.freeze(FIGURE_NAMES.map((_, value) => c('figure_reach')(value)));
  const reachOf = (bits) => Object.freeze(FIGURE_NAMES.filter((_, value) => REACH[value] & bits));
  // The figures with a supply (carc_game_figure_supply) in CARC_FIGURE_* order: 'meeple',
  // 'large meeple', 'abbot', 'builder', 'pig', 'mayor', 'wagon', 'barn': those that go onto the
  // tile just placed, but 'recall' (CARC_FIGURE_RECALL), an action.
  const FIGURES = Object.freeze(reachOf(K.REACH_PLACED_TILE).filter((name) => name !== FIGURE_NAMES[K.FIGURE_RECALL]));
  // The actions only on another tile: 'fairy', 'princess' (Princess & Dragon), 'tower piece' (The Tower).
  const ELSEWHERE_ONLY = Object.freeze(FIGURE_NAMES.filter((_, value) => !(REACH[value] & K.REACH_PLACED_TILE)));
  // What acts at a tower's top (location 'TW' of another tile): a tower piece, a meeple, the
  // large meeple onto it; the fairy beside the figure on it.
  const TOWER_FIGURES = reachOf(K.REACH_TOWER_TOP);
  // What acts on a part of another tile: the magic portal's figures (a meeple, the large
  // meeple, the abbot; with Abbey & Mayor the mayor and the wagon), the fairy, the princess.
  const OTHER_TILE_FIGURES = reachOf(K.REACH_OTHER_TILE);
  // The event types by CARC_EVENT_*, their header names in camel case ('score', 'goodsBonus',
  // 'setAside', 'dragonStep', ...), and those that score: `points` to each of `winners`,
  // adding up to the scores (with Abbey & Mayor the barns' three scorings). No other event
  // changes a score but a ransom (The Tower), which its payer pays its holder.
  // (CARC_EVENT_FIELDS and CARC_EVENT_FIELDS_0_3 are field counts, not types.)
  const EVENT_TYPES = Object.freeze(Object.fromEntries(Object.entries(family('EVENT_'))
    .filter(([name]) => !name.startsWith('FIELDS')).map(([name, value]) => [value, camel(name)])));
  const POINT_EVENTS = Object.freeze(['score', 'recall', 'goodsBonus', 'pig', 'fairyPoint', 'fairyBonus', 'barnPlaced',
    'barnConnected', 'barnFinal']);
  // carc_game_check's answers by value: 'legal', then the CARC_WHY_* reasons in lower case.
  const REASONS = [];
  REASONS[K.LEGAL] = 'legal';
  for (const [name, value] of Object.entries(family('WHY_'))) REASONS[value] = lower(name);
  Object.freeze(REASONS);
  const OPTIONS = Object.fromEntries(Object.entries(family('OPT_')).map(([name, value]) => [camel(name), value]));
  const BOT_LEVELS = Object.fromEntries(Object.entries(family('BOT_')).map(([name, value]) => [lower(name), value]));
  // A bot call's arguments checked as the C call would (botMove, botChoice): level, budget,
  // threads, seed.
  function botArguments(where, level, opts) {
    const { iterations = 1000, milliseconds = 0, threads = 1, seed = 0 } =
      options(opts, ['iterations', 'milliseconds', 'threads', 'seed'], where);
    if (typeof level !== 'string' || !Object.hasOwn(BOT_LEVELS, level)) {
      throw invalid(`${where}: ${show(level)} is not a bot level (${Object.keys(BOT_LEVELS).join(', ')})`);
    }
    const args = [BOT_LEVELS[level], integer(iterations, 0, INT_MAX, where, 'iterations'),
      integer(milliseconds, 0, INT_MAX, where, 'milliseconds')];
    // Built without pthreads, std::thread cannot start: more than one would fail in C.
    if (threads !== 1) throw invalid(`${where}: threads must be 1 in the browser build (no threads in WebAssembly here), not ${show(threads)}`);
    return [...args, threads, seedOf(seed, where)];
  }
  const LOC_NONE = K.LOC_NONE;
  const FIGURE_RECALL = K.FIGURE_RECALL;

  function playersOf(mask) {
    const out = [];
    for (let p = 0; p < K.MAX_PLAYERS; p++) if ((mask >> p) & 1) out.push(p);
    return out;
  }

  function locationOf(value, where) {
    const loc = LOCATIONS.indexOf(value);
    if (typeof value !== 'string' || loc < 0) {
      throw invalid(`${where}: a location is one of ${LOCATIONS.join(' ')}, not ${show(value)}`);
    }
    return loc;
  }

  function meepleOf(value, where) {
    return value === null || value === undefined ? LOC_NONE : locationOf(value, where);
  }

  // The other tile {x, y} of a figure action (Princess & Dragon), each -128..127 as a move
  // holds them, or null (or undefined) for the tile just placed.
  function targetOf(target, where) {
    if (target === null || target === undefined) return null;
    if (typeof target !== 'object') throw invalid(`${where}: target must be null or the other tile's {x, y}, not ${show(target)}`);
    return { x: integer(target.x, -128, 127, where, 'target x'), y: integer(target.y, -128, 127, where, 'target y') };
  }

  // A figure action: [CARC_FIGURE_*, CARC_LOC_*] of a figure name (or 'recall') and a
  // location, on the tile just placed (target null) or on another tile (a checked target: the
  // fairy, the princess, or the portal's meeple, large meeple or abbot).
  function figureActionOf(figure, location, where, target = null) {
    const kind = FIGURE_NAMES.indexOf(figure);
    if (typeof figure !== 'string' || kind < 0) {
      throw invalid(`${where}: a figure is one of ${[...FIGURES, 'recall', ...ELSEWHERE_ONLY].join(', ')}, not ${show(figure)}`);
    }
    const loc = meepleOf(location, where);
    if (kind === FIGURE_RECALL && loc !== LOC_NONE) throw invalid(`${where}: a recall takes no location, not ${show(location)}`);
    if (kind !== FIGURE_RECALL && kind !== K.FIGURE_MEEPLE && loc === LOC_NONE) throw invalid(`${where}: the ${figure} needs a location`);
    if (target === null && (ELSEWHERE_ONLY.includes(figure) || loc === K.LOC_TW)) {
      throw invalid(`${where}: the ${figure} acts on another tile: give its target {x, y}`);
    }
    if (loc === K.LOC_TW && !TOWER_FIGURES.includes(figure)) {
      throw invalid(`${where}: only a tower piece, a meeple or the large meeple go onto a tower ('TW'), the fairy beside one`);
    }
    if (REACH[kind] === K.REACH_TOWER_TOP && loc !== K.LOC_TW) {
      throw invalid(`${where}: a ${figure} goes onto a tower, location 'TW', not ${show(location)}`);
    }
    if (target !== null) {
      if (!OTHER_TILE_FIGURES.includes(figure) && !TOWER_FIGURES.includes(figure)) {
        throw invalid(`${where}: the ${figure} never acts on another tile (target ${show(target)})`);
      }
      if (loc === LOC_NONE) throw invalid(`${where}: an action on another tile needs a location`);
    }
    return [kind, loc];
  }

  // The tile ids, from the library: tile type t is TILES[t].
  const TILES = Object.freeze(Array.from({ length: K.TILE_TYPES }, (_, t) => wasm.UTF8ToString(c('tile_name')(t))));
  const TILE_TYPE = new Map(TILES.map((id, t) => [id, t]));
  const tileOf = (value, where) => {
    const t = typeof value === 'string' ? TILE_TYPE.get(value) : undefined;
    if (t === undefined) throw invalid(`${where}: ${show(value)} is not a tile id (A..X, U_G, RA, ...)`);
    return t;
  };

  // One scratch area for out-parameters and fixed buffers, reused by every call (JavaScript
  // runs one call at a time on an instance). Its layout: ints, then a 64-bit area.
  const SCRATCH_BYTES = 4 * (K.MAX_FRONTIER * K.CELL_FIELDS + 2 * Math.max(K.MAX_PLACEMENTS, K.MAX_CHOICES) + 64);
  const scratch = wasm._malloc(SCRATCH_BYTES);
  const i32 = (index) => heap().getInt32(scratch + 4 * index, true);
  const u32 = (index) => heap().getUint32(scratch + 4 * index, true);
  const f64 = (index) => heap().getFloat64(scratch + 8 * index, true);
  const i64 = (index) => heap().getBigInt64(scratch + 8 * index, true);
  const u64 = (index) => heap().getBigUint64(scratch + 8 * index, true); // a carc_move
  const slot = (index) => scratch + 4 * index; // the address of the index-th int

  const lastMessage = () => wasm.UTF8ToString(c('game_errmsg')(0));
  const check = (status) => {
    if (status < 0) throw errorFor(status, lastMessage());
    return status;
  };
  // Text in: a NUL-terminated UTF-8 copy on the wasm heap for the length of fn.
  const withText = (text, fn) => {
    const size = wasm.lengthBytesUTF8(text) + 1;
    const p = wasm._malloc(size);
    if (!p) throw new OutOfMemory(K.ENOMEM, 'carcassonne.js: out of WebAssembly memory');
    try {
      wasm.stringToUTF8(text, p, size);
      return fn(p);
    } finally {
      wasm._free(p);
    }
  };
  // Text out, as the header's snprintf convention: size it, then write it.
  const textOut = (fn) => {
    const size = check(fn(0, 0)) + 1;
    const p = wasm._malloc(size);
    if (!p) throw new OutOfMemory(K.ENOMEM, 'carcassonne.js: out of WebAssembly memory');
    try {
      check(fn(p, size));
      return wasm.UTF8ToString(p);
    } finally {
      wasm._free(p);
    }
  };
  const finalizer = new FinalizationRegistry((handle) => c('game_free')(handle));

  // A move's bits for a figure action on another tile (carcassonne.h): bit 25, and that
  // tile's x in bits 40..47 and y in bits 48..55, two's complement.
  const ELSEWHERE_BIT = 1n << 25n;
  const signedByte = (b) => (Number(b & 0xFFn) << 24) >> 24;
  // The other tile {x, y} of a packed move's or choice's figure action, or null (bit 25 clear).
  const targetOfPacked = (m) => ((m & ELSEWHERE_BIT) ? { x: signedByte(m >> 40n), y: signedByte(m >> 48n) } : null);
  // The bits of a figure action's choice: a move's bits 18..25 and 40..55, with the decision's
  // kind in bits 56..59 (carcassonne.h, decisions).
  const ACTION_BITS = (0xFFn << 18n) | (0xFFFFn << 40n);
  const figureChoiceOf = (m) => (m & ACTION_BITS) | (BigInt(K.DECISION_FIGURE) << 56n);

  // A move is {tile, x, y, rotation, meeple, figure, target}: meeple the location (null:
  // none), figure 'meeple', 'abbot', ... or 'recall' (with meeple null); target the other
  // tile {x, y} of an action there (Princess & Dragon: figure 'fairy', 'princess', or the
  // portal's 'meeple', 'large meeple', 'abbot'), null for the tile just placed.
  const unpackMove = (m) => {
    check(c('move_unpack')(m, slot(0), slot(1), slot(2), slot(3), slot(4), slot(5)));
    const loc = i32(5), kind = i32(4);
    return { tile: TILES[i32(0)], x: i32(1), y: i32(2), rotation: i32(3), meeple: loc === LOC_NONE ? null : LOCATIONS[loc],
      figure: FIGURE_NAMES[kind], target: targetOfPacked(m) };
  };
  const packMove = (move, where) => {
    if (move === null || typeof move !== 'object') throw invalid(`${where}: a move is an object {tile, x, y, rotation, meeple, figure, target}, not ${show(move)}`);
    quarterTurns(move.rotation, where);
    const target = targetOf(move.target, where);
    const [kind, loc] = figureActionOf(move.figure ?? 'meeple', move.meeple, where, target);
    // carc_move_pack knows nothing of another tile and refuses the fairy, the princess and the
    // tower's actions, which act only there: it packs the placement and the location, the rest
    // is set here (the kind's low three bits at 22, its fourth at 26, the location at 18).
    const onlyThere = ELSEWHERE_ONLY.includes(FIGURE_NAMES[kind]) || loc === K.LOC_TW;
    let m = c('move_pack')(tileOf(move.tile, where), integer(move.x, -128, 127, where, 'x'),
      integer(move.y, -128, 127, where, 'y'), move.rotation, onlyThere ? K.FIGURE_MEEPLE : kind, loc === K.LOC_TW ? LOC_NONE : loc);
    if (target !== null) {
      m &= ~(0xFn << 18n);
      m |= (BigInt(kind & 7) << 22n) | (BigInt(kind >> 3) << 26n) | (BigInt(loc) << 18n) | ELSEWHERE_BIT |
        (BigInt(target.x & 0xFF) << 40n) | (BigInt(target.y & 0xFF) << 48n);
      check(c('move_unpack')(m, 0, 0, 0, 0, 0, 0)); // the library's word that the bits spell a move
    }
    return m;
  };
  const movesAt = (index, n) => Array.from({ length: n }, (_, i) => unpackMove(u64(index / 2 + i)));
  // The placements {x, y, rotation} of n moves from the same place (x, y and the rotation
  // are in the low 32 bits).
  const placementsAt = (index, n) => Array.from({ length: n }, (_, i) => {
    const m = Number(u64(index / 2 + i) & 0xFFFFFFFFn);
    return { x: (m << 24) >> 24, y: (m << 16) >> 24, rotation: 90 * ((m >>> 16) & 3) };
  });

  // An event from carc_game_poll_event's fields (f(i) reads field i): its type is the header's
  // name in camel case (EVENT_TYPES).
  function eventOf(f, players) {
    const type = EVENT_TYPES[f(K.EV_TYPE)];
    const winners = playersOf(f(K.EV_WINNERS));
    const at = { tile: TILES[f(K.EV_TILE)], x: f(K.EV_X), y: f(K.EV_Y) };
    const location = LOCATIONS[f(K.EV_LOCATION)];
    const goods = GOODS.map((_, k) => f(K.EV_GOODS + k));
    const meeples = () => Array.from({ length: players }, (_, p) => f(K.EV_MEEPLES + p));
    // A tile off the pile: null where the library names none (CARC_NO_TILE).
    const discarded = f(K.EV_DISCARDED) === K.NO_TILE ? null : TILES[f(K.EV_DISCARDED)];
    switch (type) {
      case 'discard': return { type, tile: discarded };
      case 'goods':
        return { type, player: winners[0], goods: Object.fromEntries(GOODS.map((name, k) => [name, goods[k]])), ...at, location };
      case 'goodsBonus': {
        const k = goods.findIndex((n) => n > 0);
        return { type, goods: GOODS[k], count: goods[k], points: f(K.EV_POINTS), winners };
      }
      case 'pig': return { type, points: f(K.EV_POINTS), winners, ...at, location, meeples: meeples() };
      case 'bonus': return { type, player: winners[0], ...at };
      case 'recall': return { type, feature: FEATURES[f(K.EV_FEATURE)], points: f(K.EV_POINTS), winners, ...at, location };
      case 'score':
        return { type, feature: FEATURES[f(K.EV_FEATURE)], points: f(K.EV_POINTS), winners,
          endGame: f(K.EV_END_GAME) === 1, ...at, location, tiles: f(K.EV_TILES), meeples: meeples() };
      // The Princess & the Dragon: only fairyPoint and fairyBonus score.
      case 'setAside': return { type, tile: discarded, player: winners[0] };
      case 'setAsideBack': return { type, tile: discarded };
      case 'dragonLands': return { type, ...at };
      case 'dragonStep': return { type, player: winners[0], step: f(K.EV_POINTS), ...at };
      case 'flightEnds': return { type, steps: f(K.EV_POINTS), ...at };
      case 'eaten': case 'fairyMoves': case 'princessRemoves': case 'portal':
        return { type, player: winners[0], ...at, location };
      case 'fairyPoint': case 'fairyBonus': return { type, points: f(K.EV_POINTS), winners, ...at, location };
      case 'aloneHome':
        return { type, player: winners[0], ...at, location, cause: ['dragon', 'princess', 'capture'][f(K.EV_POINTS)] };
      // The Tower: only a ransom moves points, from the payer to the holder.
      case 'towerPiece': return { type, player: winners[0], ...at, height: f(K.EV_POINTS), piecesLeft: f(K.EV_TILES) };
      case 'towerClosed': return { type, player: winners[0], ...at, figure: FIGURE_NAMES[f(K.EV_FIGURE)] };
      case 'capture':
        return { type, captor: f(K.EV_POINTS), owner: winners[0], figure: FIGURE_NAMES[f(K.EV_FIGURE)], ...at, location,
          to: f(K.EV_TILES) ? 'prison' : 'supply' };
      case 'exchange':
        return { type, captor: f(K.EV_POINTS), other: winners[0], toOther: FIGURE_NAMES[f(K.EV_FIGURE)], toCaptor: FIGURE_NAMES[f(K.EV_TILES)] };
      case 'ransom': return { type, payer: winners[0], holder: f(K.EV_TILES), figure: FIGURE_NAMES[f(K.EV_FIGURE)], points: f(K.EV_POINTS) };
      // Abbey & Mayor: only the barns' scorings score.
      case 'abbeyPlaced': return { type, player: winners[0], ...at };
      case 'abbeyDeclined': return { type, player: winners[0] };
      case 'finalAbbeyRound': return { type, last: winners[0] };
      case 'wagonDue': return { type, player: winners[0], ...at, targets: f(K.EV_TILES) };
      case 'wagonMoved': return { type, player: winners[0], ...at, location };
      case 'wagonStayed': return { type, player: winners[0], ...at };
      case 'barnPlaced': case 'barnConnected':
        return { type, points: f(K.EV_POINTS), winners, ...at, location, cities: f(K.EV_TILES), meeples: meeples() };
      case 'barnFinal': return { type, points: f(K.EV_POINTS), winners, x: f(K.EV_X), y: f(K.EV_Y), cities: f(K.EV_TILES) };
      case 'barnHome': return { type, player: winners[0], figure: FIGURE_NAMES[f(K.EV_FIGURE)], ...at, location };
      default: // a type this module does not know: no score in disguise
        throw new InternalError(K.EINTERNAL, `carc_game_poll_event: event type ${f(K.EV_TYPE)} is unknown to this module`);
    }
  }

  /** Move text ("E 0,-1 180 S", "U_G 0,1 90 A:C", "DZ 0,-1 180 F:1,0:E") of a move {tile, x, y,
   * rotation, meeple, figure, target}. */
  function formatMove(move) {
    const m = packMove(move, 'carc_move_format');
    return textOut((buf, size) => c('move_format')(m, buf, size));
  }

  /** A move {tile, x, y, rotation, meeple, figure, target} from move text ("E 0,-1 180 S",
   * "U -1,1 90 recall", "DB 1,-1 0 princess:0,-1:E", "DR -1,0 0 @1,1:C"). */
  function parseMove(text) {
    asciiText(text, 'carc_move_parse', 'move text');
    withText(text, (p) => check(c('move_parse')(p, slot(8))));
    return unpackMove(u64(4));
  }

  class Game {
    /** A game for 1..6 players: { players, seed } shuffles the pile from seed (0 if neither
     * seed nor order is given), { order: 'EUV...' } draws exactly those tiles after the start
     * tile, { callerDraws: true } (or the pile's tiles) waits in Phase.DRAW for draw(tile);
     * an order or a pile is tile ids separated by whitespace or commas ('U_G U E'), or one
     * run of base letters without a separator ('EUV'; so 'RD' is R then D), and the
     * expansions whose tiles it names are on.
     * Options farmers (default true), firstEditionSmallCity, firstEditionFarmers and the
     * expansions river, abbot, innsAndCathedrals, tradersAndBuilders and princessAndDragon are
     * fixed once the first tile is placed (with caller draws, once the first tile is drawn). */
    constructor(opts = {}) {
      opts = options(opts, ['players', 'seed', 'order', 'callerDraws', ...Object.keys(OPTIONS)], 'Game');
      const { players = 2, seed, order, callerDraws = false } = opts;
      if (typeof callerDraws !== 'boolean' && typeof callerDraws !== 'string') {
        throw invalid(`carc_game_new_caller_draws: callerDraws is true, false or the pile's tiles, not ${show(callerDraws)}`);
      }
      const where = callerDraws !== false ? 'carc_game_new_caller_draws' : order === undefined ? 'carc_game_new' : 'carc_game_new_with_order';
      integer(players, K.MIN_PLAYERS, K.MAX_PLAYERS, where, 'player count');
      const values = {};
      for (const name of Object.keys(OPTIONS)) values[name] = flag(opts[name] ?? name === 'farmers', 'carc_game_set_option', name);
      const changed = Object.keys(values).filter((name) => values[name] !== (name === 'farmers'));
      if (callerDraws !== false) {
        if (seed !== undefined || order !== undefined) throw invalid(`${where}: a game with caller draws has no seed and no draw order`);
        if (callerDraws === true) check(c('game_new_caller_draws')(slot(0), players, 0));
        else withText(asciiText(callerDraws, where, 'callerDraws'), (p) => check(c('game_new_caller_draws')(slot(0), players, p)));
      } else if (order === undefined) {
        check(c('game_new')(slot(0), players, seed === undefined ? 0n : seedOf(seed, where)));
      } else {
        if (seed !== undefined) throw invalid(`${where}: a game has a seed or a draw order, not both (seed ${show(seed)})`);
        withText(asciiText(order, where, 'order'), (p) => check(c('game_new_with_order')(slot(0), players, p)));
      }
      this._adopt(u32(0));
      try { // the expansions whose tiles the order or pile names are on already
        for (const name of changed) this._call('game_set_option', OPTIONS[name], values[name] ? 1 : 0);
      } catch (e) {
        this.free();
        throw e;
      }
    }

    _adopt(handle) {
      this._handle = handle;
      finalizer.register(this, handle, this);
    }

    static _fromHandle(handle) {
      const game = Object.create(Game.prototype);
      game._adopt(handle);
      return game;
    }

    /** Releases the game's memory; the game may not be used afterwards. Twice is a no-op. */
    free() {
      if (this._handle) {
        finalizer.unregister(this);
        c('game_free')(this._handle);
        this._handle = 0;
      }
    }

    // f(handle, ...args); a negative status throws with the message of the call.
    _call(name, ...args) {
      if (!this._handle) throw invalid(`carc_${name}: the game was freed`);
      return check(c(name)(this._handle, ...args));
    }

    // --- copies ---
    /** An independent copy (unread events included). */
    clone() {
      if (!this._handle) throw invalid('carc_game_clone: the game was freed');
      check(c('game_clone')(slot(0), this._handle)); // the handle goes second here
      return Game._fromHandle(u32(0));
    }

    /** Makes this game a copy of other, reusing this handle (cheap, for search). */
    copyFrom(other) {
      if (!(other instanceof Game) || !other._handle) throw invalid(`carc_game_copy: the source must be a live Game, not ${show(other)}`);
      this._call('game_copy', other._handle);
    }

    // --- the state ---
    get players() { return this._call('game_players'); }
    get currentPlayer() { return this._call('game_current_player'); }
    /** The phase of the turn: a Phase value. */
    get phase() { return this._call('game_phase'); }
    get over() { return this.phase === Phase.GAME_OVER; }
    /** The tile to place (or just placed); null once the game is over and in Phase.DRAW and Phase.DECIDE. */
    get currentTile() {
      const phase = this.phase;
      return phase === Phase.GAME_OVER || phase === Phase.DRAW || phase === Phase.DECIDE ? null
        : TILES[this._call('game_current_tile')];
    }
    /** The goods tokens { wine, grain, cloth } a player holds (Traders & Builders; all 0 when it is off). */
    goods(player) {
      player = cInt(player, 'carc_game_goods', 'player');
      return Object.fromEntries(GOODS.map((name, k) => {
        this._call('game_goods', player, K.GOODS_WINE + k, slot(0));
        return [name, i32(0)];
      }));
    }
    /** The tower pieces a player has left to build (The Tower; 0 when it is off). */
    towerPieces(player) {
      return this._call('game_tower_pieces', cInt(player, 'carc_game_tower_pieces', 'player'));
    }
    /** The tower on the tile at (x, y) (The Tower): { height, top } with top null while it is
     * open, else { player, figure }; null if no tile with a foundation is there. */
    towerAt(x, y) {
      const where = 'carc_game_tower_at';
      if (this._call('game_tower_at', cInt(x, where, 'x'), cInt(y, where, 'y'), slot(0), slot(1), slot(2)) === 0) return null;
      return { height: i32(0), top: i32(1) < 0 ? null : { player: i32(1), figure: FIGURE_NAMES[i32(2)] } };
    }
    /** Whether a player still holds their abbey tile (Abbey & Mayor; false when it is off). */
    holdsAbbey(player) {
      return this._call('game_holds_abbey', cInt(player, 'carc_game_holds_abbey', 'player')) === 1;
    }
    /** The barns on the board in the order placed (Abbey & Mayor): [{ x, y, owner }], (x, y) the
     * corner point, the north-west corner of square (x, y). */
    barns() {
      const out = [];
      while (this._call('game_barn', out.length, slot(0), slot(1), slot(2)) === 1) out.push({ x: i32(0), y: i32(1), owner: i32(2) });
      return out;
    }
    /** How many of owner's figures of a kind ('meeple', 'large meeple', 'abbot', 'mayor',
     * 'wagon') the holder keeps prisoner (The Tower). */
    prisoners(holder, owner, figure = 'meeple') {
      const where = 'carc_game_prisoners';
      const kind = FIGURE_NAMES.indexOf(figure);
      // Which kinds a tower captures is the library's to say (its error names them).
      if (typeof figure !== 'string' || kind < 0) throw invalid(`${where}: ${show(figure)} names no figure`);
      return this._call('game_prisoners', cInt(holder, where, 'holder'), cInt(owner, where, 'owner'), kind);
    }
    /** Whether the builder's bonus tile is taken and its turn not over: the tile to draw, to
     * place or just placed is the bonus tile (which never earns another). False in the bonus
     * phase itself, where the tile is offered, not taken. */
    get bonusTurn() { return this._call('game_bonus_turn') === 1; }
    /** Points so far (the final scores once the game is over). */
    get scores() { return this._scores('game_scores'); }
    /** The final scores if the game ended now (a tile just placed scores what it completed,
     * without a meeple; then end-game scoring), on a copy. */
    projectedScores() { return this._scores('game_projected_scores'); }
    _scores(name) {
      this._call(name, slot(0), K.MAX_PLAYERS);
      return Array.from({ length: this.players }, (_, p) => i32(p));
    }
    /** Meeples each player has left to deploy. */
    get supplies() { return Array.from({ length: this.players }, (_, p) => this._call('game_supply', p)); }
    /** Per player, the figures of each kind in supply: { meeple: 7, 'large meeple': 0, abbot: 1, builder: 0, pig: 0,
     * mayor: 0, wagon: 0, barn: 0 }. */
    figureSupplies() {
      return Array.from({ length: this.players }, (_, p) =>
        Object.fromEntries(FIGURES.map((name) => [name, this._call('game_figure_supply', p, FIGURE_NAMES.indexOf(name))])));
    }
    /** Tiles still to be drawn, the current tile not included. */
    get tilesRemaining() { return this._call('game_tiles_remaining'); }
    /** {tile id: count} of the tiles still to be drawn, every type of every set. */
    remainingTiles() {
      this._call('game_tiles_remaining_by_type', slot(0), TILES.length);
      return Object.fromEntries(TILES.map((id, t) => [id, i32(t)]));
    }
    /** {tile id: chance} of each tile type being drawn next (the river's stack first). */
    nextTileProbabilities() {
      this._call('game_next_tile_probabilities', slot(0), TILES.length);
      return Object.fromEntries(TILES.map((id, t) => [id, f64(t)]));
    }
    /** The players with the highest score once the game is over (WrongPhase before). */
    get winners() { return playersOf(this._call('game_winners')); }
    /** The value of an option: 'farmers', 'firstEditionSmallCity', 'firstEditionFarmers', 'river', 'abbot',
     * 'innsAndCathedrals', 'tradersAndBuilders'. */
    option(name) {
      if (!Object.hasOwn(OPTIONS, name)) throw invalid(`carc_game_option: ${show(name)} is not an option (${Object.keys(OPTIONS).join(', ')})`);
      return this._call('game_option', OPTIONS[name]) === 1;
    }

    // --- a turn ---
    /** Every legal placement {x, y, rotation} of the current tile, each distinct picture once. */
    placements() {
      this._call('game_placements', slot(16), K.MAX_PLACEMENTS, slot(0));
      return placementsAt(16, i32(0));
    }
    /** Where a tile type would go on the board as it is, in any phase, as placements() would
     * list it in hand. A face-down tile stays unnamed: in the bonus phase ask for each tile
     * that may come (nextTileProbabilities()); nothing says which of them will. */
    placementsFor(tile) {
      const where = 'carc_game_placements_for';
      this._call('game_placements_for', tileOf(tile, where), slot(16), K.MAX_PLACEMENTS, slot(0));
      return placementsAt(16, i32(0));
    }
    /** Places the current tile: a placement {x, y, rotation} (degrees). */
    place(placement) { this._call('game_place', this._placement(placement, 'carc_game_place')); }
    // A placement {x, y, rotation} of the current tile as a packed move without a figure action.
    _placement(placement, where) {
      if (placement === null || typeof placement !== 'object') throw invalid(`${where}: a placement is {x, y, rotation}, not ${show(placement)}`);
      const x = integer(placement.x, -128, 127, where, 'x');
      const y = integer(placement.y, -128, 127, where, 'y');
      quarterTurns(placement.rotation, where);
      const tile = this._call('game_current_tile');
      return c('move_pack')(tile, x, y, placement.rotation, K.FIGURE_MEEPLE, LOC_NONE);
    }
    /** The features {location, feature} of the tile just placed that may take a meeple. */
    meepleChoices() {
      this._call('game_meeple_locations', slot(16), K.MAX_MEEPLE_LOCATIONS, slot(0));
      const locations = Array.from({ length: i32(0) }, (_, i) => i32(16 + i));
      if (!locations.length) return [];
      const last = this.tile(this._call('game_tile_count') - 1);
      return locations.map((loc) => ({ location: LOCATIONS[loc], feature: FEATURES[this._call('game_feature_kind', last.x, last.y, loc)] }));
    }
    /** Every legal figure action of the tile just placed but none, as whole moves (meeples
     * first, then the large meeple, the abbot, the recall, the builder and the pig; then, with
     * Princess & Dragon, the actions on other tiles, whose move has a target: the portal's
     * deployments, the fairy's moves, the princess's removals). */
    figureActions() {
      this._call('game_figure_actions', slot(16), K.MAX_FIGURE_ACTIONS, slot(0));
      return movesAt(16, i32(0));
    }
    /** The figure actions a placement {x, y, rotation} of the current tile would offer, without placing it. */
    figureActionsFor(placement) {
      const move = this._placement(placement, 'carc_game_figure_actions_for');
      this._call('game_figure_actions_for', move, slot(16), K.MAX_FIGURE_ACTIONS, slot(0));
      return movesAt(16, i32(0));
    }
    /** Takes a figure action on the tile just placed: act('abbot', 'C'), act('meeple', 'S'),
     * act('recall'), act(null) for none (or a move from figureActions()); or, with Princess &
     * Dragon, on the other tile at target {x, y}: act('fairy', 'E', {x: 1, y: 0}),
     * act('princess', 'E', {x: 0, y: -1}), act('meeple', 'C', {x: 1, y: 1}) through the portal
     * (taken as the figure action's choice, as carc_game_act takes no other tile); then
     * scores, passes the turn and draws. */
    act(figure, location = null, target = null) {
      if (figure !== null && typeof figure === 'object') [figure, location, target] = [figure.figure, figure.meeple, figure.target ?? null];
      const where = 'carc_game_act';
      const other = targetOf(target, where);
      const [kind, loc] = figure === null ? [K.FIGURE_MEEPLE, LOC_NONE] : figureActionOf(figure, location, where, other);
      if (other === null) this._call('game_act', kind, loc);
      else this._call('game_decide', figureChoiceOf(packMove({ tile: TILES[0], x: 0, y: 0, rotation: 0, meeple: location, figure, target: other }, where)));
    }
    /** Whether a move (object or text) is legal now, as play() or act() would take it (in the
     * bonus phase play() takes the bonus tile first): 'legal' or a REASONS name ('river_u_turn', ...). */
    check(move) {
      const packed = typeof move === 'string' ? (() => {
        withText(asciiText(move, 'carc_game_check', 'move text'), (p) => check(c('move_parse')(p, slot(8))));
        return u64(4);
      })() : packMove(move, 'carc_game_check');
      let reason = this._call('game_check', packed); // throws for another tile than the one placed
      if ((packed & ELSEWHERE_BIT) && this._call('game_phase') === K.PHASE_PLACE_MEEPLE) {
        // carc_game_check judges the action in the figure phase as one on the tile just
        // placed, its other tile left out: its figure action's choice is judged whole.
        reason = this._call('game_check_choice', figureChoiceOf(packed));
      }
      return REASONS[reason];
    }
    /** The river's open end {x, y, side} (side 'N', 'E', 'S', 'W': where the river enters), or null. */
    riverEnd() {
      if (!this._call('game_river_end', slot(0), slot(1), slot(2))) return null;
      return { x: i32(0), y: i32(1), side: SIDES[i32(2)] };
    }
    /** Deploys a meeple at a location (null: none), scores, passes the turn and draws. */
    deploy(location) { this._call('game_deploy', meepleOf(location?.location ?? location, 'carc_game_deploy')); }
    /** Deploys no meeple. */
    skip() { this._call('game_skip'); }
    /** A whole turn: a move {tile, x, y, rotation, meeple, figure} or move text ("E 0,-1 180 S",
     * "IK 0,-1 0 L:N", "U 2,0 90 B:E"; "pass" declines a bonus tile). In Phase.DECIDE it takes
     * the bonus tile first; the move must be for the tile that draws. */
    play(move) {
      if (typeof move === 'string') withText(asciiText(move, 'carc_game_play_text', 'move text'), (p) => this._call('game_play_text', p));
      else this._call('game_play', packMove(move, 'carc_game_play'));
    }
    /** In Phase.DECIDE: draws the builder's bonus tile for the same player (WrongPhase otherwise). */
    takeBonus() { this._call('game_take_bonus'); }
    /** In Phase.DECIDE: declines the builder's bonus tile; the next player's turn (WrongPhase otherwise). */
    passBonus() { this._call('game_pass'); }

    // --- decisions: whatever the game waits for, asked and answered one way ---
    /** What the game waits for: { kind, decider }, kind a Decision value (NONE once over, DRAW,
     * PLACE, FIGURE, BONUS, DRAGON), decider the player who decides, constants.DECIDER_CHANCE (-1) for a
     * draw or constants.DECIDER_NOBODY (-2) once the game is over. */
    decision() {
      this._call('game_decision', slot(0), slot(1));
      return { kind: i32(0), decider: i32(1) };
    }
    /** Every legal option of the current decision as choice ids (BigInts), in the order of
     * records: draws by tile type, placements as placements() lists them, no figure action
     * first and then figureActions()'s, take before pass; [] once over. choiceText() spells one. */
    choices() {
      this._call('game_choices', slot(16), K.MAX_CHOICES, slot(0));
      return Array.from({ length: i32(0) }, (_, i) => u64(8 + i));
    }
    // A choice id (BigInt), or move text read as an option of the current decision.
    _choice(choice, where) {
      if (typeof choice === 'string') {
        withText(asciiText(choice, 'carc_game_parse_choice', 'choice text'), (p) => this._call('game_parse_choice', p, slot(8)));
        return u64(4);
      }
      if (typeof choice === 'bigint' && choice >= 0n && choice <= U64_MAX) return choice;
      throw invalid(`${where}: a choice is its id (a BigInt) or its move text, not ${show(choice)}`);
    }
    /** Whether a choice (its id or its move text) is a legal option now: 'legal' or a REASONS
     * name ('wrong_phase' for an option of another kind of decision, 'occupied', ...); text that
     * spells no option of this kind of decision throws InvalidArgument. The game is unchanged. */
    checkChoice(choice) { return REASONS[this._call('game_check_choice', this._choice(choice, 'carc_game_check_choice'))]; }
    /** Takes a choice (its id or its move text: 'draw E', 'E 0,-1 180', 'S', 'A:C', '-', 'bonus',
     * 'pass'): what draw, place, deploy or act, takeBonus or passBonus does. Refused with
     * InvalidArgument, WrongPhase (an option of another decision) or IllegalMove, the game unchanged. */
    decide(choice) { this._call('game_decide', this._choice(choice, 'carc_game_decide')); }
    /** A choice's move text ('E 0,-1 180', 'S', 'pass'); text comes back in its one spelling. */
    choiceText(choice) {
      const id = this._choice(choice, 'carc_choice_format');
      return textOut((buf, size) => c('choice_format')(id, buf, size));
    }
    /** The id (BigInt) of the option of the current decision that move text spells; legality is
     * checkChoice's. InvalidArgument for text that spells no option of it. */
    parseChoice(text) {
      if (typeof text !== 'string') throw invalid(`carc_game_parse_choice: choice text must be a string, not ${show(text)}`);
      return this._choice(text, 'carc_game_parse_choice');
    }
    /** Plays the rest of the game with uniformly random legal moves, the face-down tiles
     * re-dealt from seed first ({ asDealt: true }: the pile as dealt). */
    playout(seed, opts = {}) {
      const { asDealt = false } = options(opts, ['asDealt'], 'carc_game_playout');
      this._call('game_playout', seedOf(seed, 'carc_game_playout'), flag(asDealt, 'carc_game_playout', 'asDealt') ? K.PLAYOUT_AS_DEALT : 0);
    }
    /** count random playouts from here, the i-th as playout(seed + i) on a copy; the game
     * does not change. { count, scoreSums, wins } per player. */
    rollouts(count, seed = 0, opts = {}) {
      const { asDealt = false } = options(opts, ['asDealt'], 'carc_game_rollouts');
      integer(count, 0, INT_MAX, 'carc_game_rollouts', 'count');
      const sums = slot(0); // 6 int64 at ints 0..11, then 6 int32 wins at ints 12..17
      this._call('game_rollouts', seedOf(seed, 'carc_game_rollouts'), count,
        flag(asDealt, 'carc_game_rollouts', 'asDealt') ? K.PLAYOUT_AS_DEALT : 0, sums, slot(12), K.MAX_PLAYERS);
      const players = this.players;
      return { count, scoreSums: Array.from({ length: players }, (_, p) => Number(i64(p))), wins: Array.from({ length: players }, (_, p) => i32(12 + p)) };
    }

    /** A legal move {tile, x, y, rotation, meeple} for the current player from a computer
     * opponent: 'random', 'greedy' or 'mcts' (tree search over re-dealt piles: it never sees
     * the real order). MCTS stops after `iterations` or `milliseconds` (0: no limit),
     * whichever comes first; an iteration budget alone gives the same move for the same seed.
     * In the tile phase play() the move; in the figure phase act() it. The game is
     * unchanged. `threads` must be 1: this WebAssembly build has no threads. */
    botMove(level = 'mcts', opts = {}) {
      this._call('bot_choose', ...botArguments('carc_bot_choose', level, opts), slot(8));
      return unpackMove(u64(4));
    }
    /** A computer opponent's option for whatever decision the game waits for, as a choice id
     * (a BigInt) for decide() (carc_bot_decide): in the tile phase the placement of botMove()'s
     * move, in the figure phase its figure action, in Phase.DECIDE an expansion's decision (the
     * builder's bonus tile: 'bonus' or 'pass', see choiceText()). Levels and options as for
     * botMove(); WrongPhase in Phase.DRAW and once the game is over. The game is unchanged. */
    botChoice(level = 'mcts', opts = {}) {
      this._call('bot_decide', ...botArguments('carc_bot_decide', level, opts), slot(8));
      return u64(4);
    }

    // --- chance: the face-down pile ---
    /** Whether the caller supplies this game's draws (draw). */
    get callerDraws() { return this._call('game_caller_draws') === 1; }
    /** In Phase.DRAW: the face-down tile that was drawn (a tile id). */
    draw(tile) { this._call('game_draw', tileOf(tile, 'carc_game_draw')); }
    /** Shuffles the face-down tiles from seed, keeping everything public as it is. */
    redeal(seed) { this._call('game_redeal', seedOf(seed, 'carc_game_redeal')); }

    // --- records and going back ---
    /** The game's record ({ public: true }: the public record, the pile hidden). */
    save(opts = {}) {
      const { public: pub = false } = options(opts, ['public'], 'carc_game_save');
      const name = flag(pub, 'carc_game_save', 'public') ? 'game_save_public' : 'game_save';
      return textOut((buf, size) => this._call(name, buf, size));
    }
    /** A new game replayed from a record. A bad record throws InvalidArgument or IllegalMove
     * with `line` set to the line at fault ("carc_game_load: line N: <reason>"). */
    static load(text) {
      if (typeof text !== 'string') throw invalid(`carc_game_load: a record is a string, not ${show(text)}`);
      const nul = text.indexOf('\0');
      if (nul >= 0) { // C would read the record only up to it
        const line = text.slice(0, nul).split('\n').length;
        throw new InvalidArgument(K.EINVAL, `carc_game_load: line ${line}: the record holds a NUL character`, line);
      }
      const status = withText(text, (p) => c('game_load')(slot(0), p, slot(1)));
      if (status < 0) throw errorFor(status, lastMessage(), i32(1) || null);
      return Game._fromHandle(u32(0));
    }
    /** Whole turns played (a tile placed whose meeple is undecided does not count). */
    get turnsPlayed() { return this._call('game_turns_played'); }
    /** The moves {tile, x, y, rotation, meeple} of the turns played, in order. */
    history() {
      const out = [];
      const turns = this.turnsPlayed;
      for (let turn = 1; turn <= turns; turn++) {
        this._call('game_turn_move', turn, slot(8));
        out.push(unpackMove(u64(4)));
      }
      return out;
    }
    /** Takes back the last action: a tile placed, a decision on the builder's bonus tile
     * (takeBonus or passBonus, before the bonus tile is placed: back to the bonus phase), else
     * the last whole turn. */
    undo() { this._call('game_undo'); }
    /** Goes back to the state after the first `turns` whole turns. */
    rewind(turns) { this._call('game_rewind', cInt(turns, 'carc_game_rewind', 'turns')); }

    // --- front-end queries ---
    /** The open cells {x, y, dead, river} next to the placed tiles, by row then column; river
     * is the side the river enters by at its open end, else null. */
    frontier() {
      const cells = slot(16);
      this._call('game_frontier', cells, K.MAX_FRONTIER, slot(0));
      return Array.from({ length: i32(0) }, (_, i) => {
        const f = (k) => i32(16 + K.CELL_FIELDS * i + k);
        const side = [0, 1, 2, 3].find((s) => (f(K.CELL_RIVER) >> s) & 1);
        return { x: f(K.CELL_X), y: f(K.CELL_Y), dead: f(K.CELL_DEAD) === 1, river: side === undefined ? null : SIDES[side] };
      });
    }
    /** The rotations (degrees) in which a tile fits at (x, y), each picture once; [] if not an open cell. */
    fittingRotations(tile, x, y) {
      const where = 'carc_game_fitting_rotations';
      const mask = this._call('game_fitting_rotations', tileOf(tile, where), cInt(x, where, 'x'), cInt(y, where, 'y'));
      return [0, 1, 2, 3].filter((r) => (mask >> r) & 1).map((r) => 90 * r);
    }
    /** The whole feature at a location of the tile at (x, y). */
    inspectFeature(x, y, location) {
      const where = 'carc_game_inspect_feature';
      x = cInt(x, where, 'x'); y = cInt(y, where, 'y');
      const loc = locationOf(location, where);
      this._call('game_inspect_feature', x, y, loc, slot(16), K.FEATURE_INFO_FIELDS);
      const f = (i) => i32(16 + i);
      const players = this.players;
      const info = { kind: FEATURES[f(K.FI_KIND)], completed: f(K.FI_COMPLETED) === 1, shields: f(K.FI_SHIELDS),
        openEdges: f(K.FI_OPEN_EDGES), cities: f(K.FI_CITIES), meeples: Array.from({ length: players }, (_, p) => f(K.FI_MEEPLES + p)),
        scorers: playersOf(f(K.FI_MAJORITY)), valueComplete: f(K.FI_VALUE_COMPLETE), valueEnd: f(K.FI_VALUE_END) };
      this._call('game_feature_tiles', x, y, loc, slot(64), K.MAX_TILES, slot(0));
      const indices = Array.from({ length: i32(0) }, (_, i) => i32(64 + i));
      info.tiles = indices.map((i) => this.tile(i));
      return info;
    }

    // --- pictures ---
    /** An SVG document of the board (the engine's own picture); { targets: true } marks each
     * option of the current decision that has a place on the board as a <g class="target">
     * whose data-choice is its choice id (decide(BigInt(...)) takes it). */
    svg(opts = {}) {
      const where = 'carc_game_render_svg';
      const { coordinates = true, legalCells = false, deadCells = false, legend = true, targets = false, tilePixels = 64 } =
        options(opts, ['coordinates', 'legalCells', 'deadCells', 'legend', 'targets', 'tilePixels'], where);
      const flags = (flag(coordinates, where, 'coordinates') ? K.SVG_COORDINATES : 0) |
        (flag(legalCells, where, 'legalCells') ? K.SVG_LEGAL_CELLS : 0) | (flag(deadCells, where, 'deadCells') ? K.SVG_DEAD_CELLS : 0) |
        (flag(legend, where, 'legend') ? K.SVG_LEGEND : 0) | (flag(targets, where, 'targets') ? K.SVG_TARGETS : 0);
      const pixels = integer(tilePixels, K.MIN_TILE_PIXELS, K.MAX_TILE_PIXELS, where, 'tilePixels');
      return textOut((buf, size) => this._call('game_render_svg', flags, pixels, buf, size));
    }
    /** The board as text for terminals ('?' where the current tile fits with legalCells). */
    textBoard(opts = {}) {
      const where = 'carc_game_render_text';
      const { coordinates = true, legalCells = false } = options(opts, ['coordinates', 'legalCells'], where);
      const flags = (flag(coordinates, where, 'coordinates') ? K.TEXT_COORDINATES : 0) |
        (flag(legalCells, where, 'legalCells') ? K.TEXT_LEGAL_CELLS : 0);
      return textOut((buf, size) => this._call('game_render_text', flags, buf, size));
    }

    // --- events ---
    /** The events since the last call, oldest first: { type: 'score', feature, points,
     * winners, endGame, tile, x, y, location, tiles, meeples }, { type: 'recall', feature,
     * points, winners, tile, x, y, location }, { type: 'discard', tile }, and with Traders &
     * Builders { type: 'goods', player, goods: {wine, grain, cloth}, tile, x, y, location },
     * { type: 'goodsBonus', goods: 'wine' | 'grain' | 'cloth', count, points, winners },
     * { type: 'pig', points, winners, tile, x, y, location, meeples } and { type: 'bonus',
     * player, tile, x, y }; with Princess & Dragon { type: 'setAside', tile, player },
     * { type: 'setAsideBack', tile }, { type: 'dragonLands', tile, x, y }, { type: 'dragonStep',
     * player, step, tile, x, y }, { type: 'flightEnds', steps, tile, x, y }, { type: 'eaten' |
     * 'fairyMoves' | 'princessRemoves' | 'portal', player, tile, x, y, location }, { type:
     * 'fairyPoint' | 'fairyBonus', points, winners, tile, x, y, location } and { type:
     * 'aloneHome', player, tile, x, y, location, cause: 'dragon' | 'princess' }. The types
     * that score are POINT_EVENTS; each event has `text`, the engine's sentence for it ('city 8 to player 0',
     * 'C fits nowhere and leaves the game'). */
    events() {
      const out = [];
      const players = this.players;
      const fields = slot(16);
      const f = (i) => i32(16 + i);
      while (this._call('game_poll_event', fields, K.EVENT_FIELDS) === 1) {
        const text = textOut((buf, size) => c('event_text')(fields, K.EVENT_FIELDS, buf, size));
        out.push({ ...eventOf(f, players), text });
      }
      return out;
    }

    // --- the board ---
    /** The index-th tile placed {tile, x, y, rotation} (0: the start tile). */
    tile(index) {
      this._call('game_tile', cInt(index, 'carc_game_tile', 'index'), slot(0), slot(1), slot(2), slot(3));
      return { tile: TILES[i32(2)], x: i32(0), y: i32(1), rotation: i32(3) };
    }
    /** Every tile on the board, in the order they were placed. */
    board() { return Array.from({ length: this._call('game_tile_count') }, (_, i) => this.tile(i)); }
    /** The tile at (x, y), or null if the cell is empty. */
    tileAt(x, y) {
      x = cInt(x, 'carc_game_tile_at', 'x'); y = cInt(y, 'carc_game_tile_at', 'y');
      if (!this._call('game_tile_at', x, y, slot(0), slot(1))) return null;
      return { tile: TILES[i32(0)], x, y, rotation: i32(1) };
    }
    /** The kind of the feature at a location of the tile at (x, y). */
    featureAt(x, y, location) {
      const where = 'carc_game_feature_kind';
      return FEATURES[this._call('game_feature_kind', cInt(x, where, 'x'), cInt(y, where, 'y'), locationOf(location, where))];
    }
    /** The figures {player, x, y, location, feature, figure} on the board (meeples and abbots). */
    meeples() {
      return Array.from({ length: this._call('game_meeple_count') }, (_, i) => {
        this._call('game_meeple', i, slot(0), slot(1), slot(2), slot(3), slot(4));
        const [player, x, y, loc, kind] = [i32(0), i32(1), i32(2), i32(3), i32(4)];
        return { player, x, y, location: LOCATIONS[loc], feature: FEATURES[this._call('game_feature_kind', x, y, loc)],
          figure: FIGURE_NAMES[kind] };
      });
    }
  }

  /** One tile type in a rotation (degrees) as an SVG document, pixels wide: the tile in hand. */
  function tileSvg(tile, rotation = 0, pixels = 64) {
    const where = 'carc_tile_render_svg';
    const t = tileOf(tile, where);
    const r = 90 * quarterTurns(rotation, where);
    const n = integer(pixels, K.MIN_TILE_PIXELS, K.MAX_TILE_PIXELS, where, 'pixels');
    return textOut((buf, size) => c('tile_render_svg')(t, r, n, buf, size));
  }

  /** One tile type in a rotation (degrees) as the 3 lines the text board draws it with. */
  function tileText(tile, rotation = 0) {
    const where = 'carc_tile_render_text';
    const t = tileOf(tile, where);
    const r = 90 * quarterTurns(rotation, where);
    return textOut((buf, size) => c('tile_render_text')(t, r, buf, size));
  }

  const n = c('version_number')();
  return Object.freeze({
    Game, tileSvg, tileText, formatMove, parseMove,
    version: wasm.UTF8ToString(c('version_string')()),
    libraryVersion: [Math.floor(n / 1000000), Math.floor(n / 1000) % 1000, n % 1000],
    errstr: (status) => wasm.UTF8ToString(c('errstr')(cInt(status, 'carc_errstr', 'status'))),
    constants: K, Phase, Decision, Status, TILES, LOCATIONS, FEATURES, FIGURES, FIGURE_NAMES, GOODS, REASONS, POINT_EVENTS,
    CarcassonneError, InvalidArgument, IllegalMove, WrongPhase, BufferTooSmall, OutOfMemory, InternalError,
  });
}
