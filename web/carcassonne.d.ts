// TypeScript declarations of carcassonne.js (read its comments for what each call does).
// The names the library gives as it loads (tile ids, locations, reasons, option and constant
// names, ...) are in carcassonne_names.d.ts, which scripts/web.sh writes from the built
// library, so that they are the library's and no list here can drift from it.

import type {
  BotLevel, ConstantName, DecisionName, Feature, Figure, FigureName, Goods, Location, OptionName,
  PhaseName, PointEventType, Reason, StatusName, TileId,
} from './carcassonne_names.js';

export type {
  BotLevel, ConstantName, DecisionName, Feature, Figure, FigureName, Goods, Location, OptionName,
  PhaseName, PointEventType, Reason, StatusName, TileId,
};

/** A rotation in degrees, clockwise. */
export type Rotation = 0 | 90 | 180 | 270;
/** A side of a tile: the river's open end, the side the river enters by. */
export type Side = 'N' | 'E' | 'S' | 'W';
/** A seed: an integer 0 to 2**64 - 1, a safe-integer number or a BigInt. */
export type Seed = number | bigint;
/** A choice of the current decision: its id, or its move text ('draw E', 'E 0,-1 180', 'S', 'pass'). */
export type Choice = bigint | string;

export interface Point {
  x: number;
  y: number;
}

/** Where the current tile goes. */
export interface Placement extends Point {
  rotation: Rotation;
}

/** A move as the module gives it: meeple is the location of the figure action (null: none),
 * target the other tile of an action there (Princess & Dragon), null for the tile placed. */
export interface Move extends Placement {
  tile: TileId;
  meeple: Location | null;
  figure: FigureName;
  target: Point | null;
}

/** A move as the module takes it: figure defaults to 'meeple', meeple and target to null. */
export interface MoveInput extends Placement {
  tile: TileId;
  meeple?: Location | null;
  figure?: FigureName;
  target?: Point | null;
}

/** A figure action alone, as act() takes it (a Move from figureActions() is one). */
export interface FigureAction {
  figure: FigureName;
  meeple: Location | null;
  target?: Point | null;
}

export interface PlacedTile extends Placement {
  tile: TileId;
}

export interface MeepleChoice {
  location: Location;
  feature: Feature;
}

export interface FigureOnBoard extends Point {
  player: number;
  location: Location;
  feature: Feature;
  figure: FigureName;
}

/** An open cell next to the placed tiles. */
export interface Cell extends Point {
  dead: boolean;
  river: Side | null;
}

export interface RiverEnd extends Point {
  side: Side;
}

export interface FeatureInfo {
  kind: Feature;
  completed: boolean;
  shields: number;
  openEdges: number;
  cities: number;
  /** Per player. */
  meeples: number[];
  scorers: number[];
  valueComplete: number;
  valueEnd: number;
  tiles: PlacedTile[];
}

/** What the game waits for: kind a Decision value, decider a player or
 * constants.DECIDER_CHANCE / constants.DECIDER_NOBODY. */
export interface DecisionInfo {
  kind: number;
  decider: number;
}

export type GoodsCount = Record<Goods, number>;

export interface Rollouts {
  count: number;
  scoreSums: number[];
  wins: number[];
}

export type GameOptions = {
  /** 1..6 (constants.MIN_PLAYERS..MAX_PLAYERS), default 2. */
  players?: number;
  seed?: Seed;
  /** The tiles drawn after the start tile, in order: 'EUV', 'U_G U E'. */
  order?: string;
  /** true, or the pile's tiles: the caller supplies each draw (draw()). */
  callerDraws?: boolean | string;
} & { [name in OptionName]?: boolean };

export interface BotOptions {
  iterations?: number;
  milliseconds?: number;
  /** The WebAssembly build has no threads. */
  threads?: 1;
  seed?: Seed;
}

export interface SvgOptions {
  coordinates?: boolean;
  legalCells?: boolean;
  deadCells?: boolean;
  legend?: boolean;
  targets?: boolean;
  tilePixels?: number;
}

export interface TextBoardOptions {
  coordinates?: boolean;
  legalCells?: boolean;
}

// ------------------------------------------------------------------ events
// Every event carries `text`, the engine's sentence for it.

interface EventBase {
  text: string;
}
interface At extends Point {
  tile: TileId;
}
interface AtLocation extends At {
  location: Location;
}

export interface ScoreEvent extends EventBase, AtLocation {
  type: 'score';
  feature: Feature;
  points: number;
  winners: number[];
  endGame: boolean;
  tiles: number;
  meeples: number[];
}
export interface RecallEvent extends EventBase, AtLocation {
  type: 'recall';
  feature: Feature;
  points: number;
  winners: number[];
}
export interface DiscardEvent extends EventBase {
  type: 'discard';
  tile: TileId | null;
}
export interface GoodsEvent extends EventBase, AtLocation {
  type: 'goods';
  player: number;
  goods: GoodsCount;
}
export interface GoodsBonusEvent extends EventBase {
  type: 'goodsBonus';
  goods: Goods;
  count: number;
  points: number;
  winners: number[];
}
export interface PigEvent extends EventBase, AtLocation {
  type: 'pig';
  points: number;
  winners: number[];
  meeples: number[];
}
export interface BonusEvent extends EventBase, At {
  type: 'bonus';
  player: number;
}
export interface SetAsideEvent extends EventBase {
  type: 'setAside';
  tile: TileId | null;
  player: number;
}
export interface SetAsideBackEvent extends EventBase {
  type: 'setAsideBack';
  tile: TileId | null;
}
export interface DragonLandsEvent extends EventBase, At {
  type: 'dragonLands';
}
export interface DragonStepEvent extends EventBase, At {
  type: 'dragonStep';
  player: number;
  step: number;
}
export interface FlightEndsEvent extends EventBase, At {
  type: 'flightEnds';
  steps: number;
}
export interface FigureEvent extends EventBase, AtLocation {
  type: 'eaten' | 'fairyMoves' | 'princessRemoves' | 'portal';
  player: number;
}
export interface FairyScoreEvent extends EventBase, AtLocation {
  type: 'fairyPoint' | 'fairyBonus';
  points: number;
  winners: number[];
}
export interface AloneHomeEvent extends EventBase, AtLocation {
  type: 'aloneHome';
  player: number;
  cause: 'dragon' | 'princess' | 'capture';
}
/** The Tower: a piece built (the tower's new height, the builder's pieces left). */
export interface TowerPieceEvent extends EventBase, At {
  type: 'towerPiece';
  player: number;
  height: number;
  piecesLeft: number;
}
/** The Tower: a figure put on top of the tower, which closes it. */
export interface TowerClosedEvent extends EventBase, At {
  type: 'towerClosed';
  player: number;
  figure: FigureName;
}
/** The Tower: a figure captured, into the captor's prison or (the captor's own) home. */
export interface CaptureEvent extends EventBase, AtLocation {
  type: 'capture';
  captor: number;
  owner: number;
  figure: FigureName;
  to: 'prison' | 'supply';
}
/** The Tower: the captor and the other player give each other one prisoner back. */
export interface ExchangeEvent extends EventBase {
  type: 'exchange';
  captor: number;
  other: number;
  toOther: FigureName;
  toCaptor: FigureName;
}
/** The Tower: the payer's figure bought back from its holder for `points`. */
export interface RansomEvent extends EventBase {
  type: 'ransom';
  payer: number;
  holder: number;
  figure: FigureName;
  points: number;
}

/** Abbey & Mayor: a player's abbey (tile 'MA') placed into the hole at (x, y). */
export interface AbbeyPlacedEvent extends EventBase, At {
  type: 'abbeyPlaced';
  player: number;
}
/** Abbey & Mayor: a player keeps their abbey in the final abbey round. */
export interface AbbeyDeclinedEvent extends EventBase {
  type: 'abbeyDeclined';
  player: number;
}
/** Abbey & Mayor: the final abbey round begins, from the left of `last` (who took the last land tile). */
export interface FinalAbbeyRoundEvent extends EventBase {
  type: 'finalAbbeyRound';
  last: number;
}
/** Abbey & Mayor: a wagon home from the tile at (x, y) may move to one of `targets` places; its owner decides. */
export interface WagonDueEvent extends EventBase, At {
  type: 'wagonDue';
  player: number;
  targets: number;
}
/** Abbey & Mayor: a wagon moved to a location of the tile at (x, y). */
export interface WagonMovedEvent extends EventBase, AtLocation {
  type: 'wagonMoved';
  player: number;
}
/** Abbey & Mayor: a wagon kept home (it came home from the tile at (x, y)). */
export interface WagonStayedEvent extends EventBase, At {
  type: 'wagonStayed';
  player: number;
}
/** Abbey & Mayor: a barn's field scored to its farmer majority (placed: 3 per completed city,
 * connected: 1); (x, y, location) a farmer of the field. */
export interface BarnScoreEvent extends EventBase, AtLocation {
  type: 'barnPlaced' | 'barnConnected';
  points: number;
  winners: number[];
  cities: number;
  meeples: number[];
}
/** Abbey & Mayor, the end: 4 per completed city to each barn owner of a field; (x, y) its first barn's corner point. */
export interface BarnFinalEvent extends EventBase, Point {
  type: 'barnFinal';
  points: number;
  winners: number[];
  cities: number;
}
/** Abbey & Mayor: a farmer or pig goes home after a barn's scoring. */
export interface BarnHomeEvent extends EventBase, AtLocation {
  type: 'barnHome';
  player: number;
  figure: FigureName;
}

/** An event of Game.events(), told apart by `type`. */
export type GameEvent = ScoreEvent | RecallEvent | DiscardEvent | GoodsEvent | GoodsBonusEvent | PigEvent |
  BonusEvent | SetAsideEvent | SetAsideBackEvent | DragonLandsEvent | DragonStepEvent | FlightEndsEvent |
  FigureEvent | FairyScoreEvent | AloneHomeEvent | TowerPieceEvent | TowerClosedEvent | CaptureEvent | ExchangeEvent |
  RansomEvent | AbbeyPlacedEvent | AbbeyDeclinedEvent | FinalAbbeyRoundEvent | WagonDueEvent | WagonMovedEvent |
  WagonStayedEvent | BarnScoreEvent | BarnFinalEvent | BarnHomeEvent;
export type EventType = GameEvent['type'];

// ------------------------------------------------------------------ the game

/** A game (carc.Game of a loaded library; there is no Game before loadCarcassonne). */
export interface Game {
  free(): void;
  clone(): Game;
  copyFrom(other: Game): void;

  readonly players: number;
  readonly currentPlayer: number;
  /** A Phase value. */
  readonly phase: number;
  readonly over: boolean;
  readonly currentTile: TileId | null;
  goods(player: number): GoodsCount;
  /** The Tower: tower pieces left to build. */
  towerPieces(player: number): number;
  /** The Tower: the tower at (x, y), its height and the figure on top; null: no foundation there. */
  towerAt(x: number, y: number): { height: number; top: { player: number; figure: FigureName } | null } | null;
  /** The Tower: how many of owner's figures of a kind the holder keeps prisoner. */
  prisoners(holder: number, owner: number, figure?: Figure): number;
  /** Abbey & Mayor: whether the player still holds their abbey tile. */
  holdsAbbey(player: number): boolean;
  /** Abbey & Mayor: the barns in the order placed; (x, y) the corner point, the NW corner of square (x, y). */
  barns(): { x: number; y: number; owner: number }[];
  readonly bonusTurn: boolean;
  readonly scores: number[];
  projectedScores(): number[];
  readonly supplies: number[];
  figureSupplies(): Array<Record<Figure, number>>;
  readonly tilesRemaining: number;
  remainingTiles(): Record<TileId, number>;
  nextTileProbabilities(): Record<TileId, number>;
  readonly winners: number[];
  option(name: OptionName): boolean;

  placements(): Placement[];
  placementsFor(tile: TileId): Placement[];
  place(placement: Placement): void;
  meepleChoices(): MeepleChoice[];
  figureActions(): Move[];
  figureActionsFor(placement: Placement): Move[];
  act(action: FigureAction): void;
  act(figure: FigureName | null, location?: Location | null, target?: Point | null): void;
  check(move: MoveInput | string): Reason;
  riverEnd(): RiverEnd | null;
  deploy(location?: Location | MeepleChoice | null): void;
  skip(): void;
  play(move: MoveInput | string): void;
  takeBonus(): void;
  passBonus(): void;

  decision(): DecisionInfo;
  choices(): bigint[];
  checkChoice(choice: Choice): Reason;
  decide(choice: Choice): void;
  choiceText(choice: Choice): string;
  parseChoice(text: string): bigint;
  playout(seed: Seed, opts?: { asDealt?: boolean }): void;
  rollouts(count: number, seed?: Seed, opts?: { asDealt?: boolean }): Rollouts;
  botMove(level?: BotLevel, opts?: BotOptions): Move;
  botChoice(level?: BotLevel, opts?: BotOptions): bigint;

  readonly callerDraws: boolean;
  draw(tile: TileId): void;
  redeal(seed: Seed): void;

  save(opts?: { public?: boolean }): string;
  readonly turnsPlayed: number;
  history(): Move[];
  undo(): void;
  rewind(turns: number): void;

  frontier(): Cell[];
  fittingRotations(tile: TileId, x: number, y: number): Rotation[];
  inspectFeature(x: number, y: number, location: Location): FeatureInfo;

  svg(opts?: SvgOptions): string;
  textBoard(opts?: TextBoardOptions): string;

  events(): GameEvent[];

  tile(index: number): PlacedTile;
  board(): PlacedTile[];
  tileAt(x: number, y: number): PlacedTile | null;
  featureAt(x: number, y: number, location: Location): Feature;
  meeples(): FigureOnBoard[];
}

export interface GameConstructor {
  new (opts?: GameOptions): Game;
  /** A game replayed from a record. */
  load(text: string): Game;
  readonly prototype: Game;
}

// ------------------------------------------------------------------ errors

export class CarcassonneError extends Error {
  constructor(status: number, message: string, line?: number | null);
  /** The C status code (negative). */
  status: number;
  /** The line at fault of a record that failed to load, else null. */
  line: number | null;
}
/** Each subclass's static `status` is its C status, set as the library loads. */
export class InvalidArgument extends CarcassonneError {
  static status: number;
}
export class IllegalMove extends CarcassonneError {
  static status: number;
}
export class WrongPhase extends CarcassonneError {
  static status: number;
}
export class BufferTooSmall extends CarcassonneError {
  static status: number;
}
export class OutOfMemory extends CarcassonneError {
  static status: number;
}
export class InternalError extends CarcassonneError {
  static status: number;
}

/** The error for a negative C status (an unknown status is an InternalError). */
export function errorFor(status: number, message: string, line?: number | null): CarcassonneError;

// ------------------------------------------------------------------ loading

/** Options for emscripten's module factory; none are needed. */
export interface ModuleOptions {
  /** The .wasm's bytes. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** The .wasm's address ('carcassonne_wasm.wasm' is asked for). */
  locateFile?: (path: string, scriptDirectory: string) => string;
  [option: string]: unknown;
}

/** The loaded library. */
export interface Carcassonne {
  readonly Game: GameConstructor;
  tileSvg(tile: TileId, rotation?: Rotation, pixels?: number): string;
  tileText(tile: TileId, rotation?: Rotation): string;
  formatMove(move: MoveInput): string;
  parseMove(text: string): Move;
  /** 'MAJOR.MINOR.PATCH' of the library. */
  readonly version: string;
  readonly libraryVersion: readonly [number, number, number];
  errstr(status: number): string;

  /** Every integer constant of carcassonne.h by its name without CARC_. */
  readonly constants: Readonly<Record<ConstantName, number>>;
  readonly Phase: Readonly<Record<PhaseName, number>>;
  readonly Decision: Readonly<Record<DecisionName, number>>;
  readonly Status: Readonly<Record<StatusName, number>>;
  /** Tile type t is TILES[t]. */
  readonly TILES: readonly TileId[];
  readonly LOCATIONS: readonly Location[];
  readonly FEATURES: readonly Feature[];
  /** The figures with a supply, by CARC_FIGURE_*. */
  readonly FIGURES: readonly Figure[];
  /** Every figure kind a move may carry, by CARC_FIGURE_*. */
  readonly FIGURE_NAMES: readonly FigureName[];
  readonly GOODS: readonly Goods[];
  /** carc_game_check's answers by value. */
  readonly REASONS: readonly Reason[];
  readonly POINT_EVENTS: readonly PointEventType[];

  readonly CarcassonneError: typeof CarcassonneError;
  readonly InvalidArgument: typeof InvalidArgument;
  readonly IllegalMove: typeof IllegalMove;
  readonly WrongPhase: typeof WrongPhase;
  readonly BufferTooSmall: typeof BufferTooSmall;
  readonly OutOfMemory: typeof OutOfMemory;
  readonly InternalError: typeof InternalError;
}

/** Loads the engine: in a browser it fetches carcassonne_wasm.wasm beside the module, in node
 * it reads it. */
export function loadCarcassonne(moduleOptions?: ModuleOptions): Promise<Carcassonne>;
