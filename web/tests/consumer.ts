// A typed consumer of the npm package: web/tests/package.test.mjs installs the packed tarball
// beside it and type-checks it with tsc --noEmit (strict, ES2022 without the DOM's types, so
// the declarations must stand on their own). Each line after a @ts-expect-error must fail to
// type-check: tsc reports a directive whose line has no error, so a declaration that grew too
// loose fails the test.

import {
  CarcassonneError, IllegalMove, InvalidArgument, errorFor, loadCarcassonne,
  type Carcassonne, type Choice, type FeatureInfo, type Game, type GameEvent, type Location, type Move,
  type Placement, type Reason, type Rotation, type TileId,
} from 'carcassonne';

const carc: Carcassonne = await loadCarcassonne();
const version: string = carc.version;
const [major, minor, patch]: readonly [number, number, number] = carc.libraryVersion;
const phaseDraw: number = carc.constants.PHASE_DRAW + carc.Phase.DRAW + carc.Decision.PLACE + carc.Status.EILLEGAL;
const firstTile: TileId | undefined = carc.TILES[0];
const legal: Reason | undefined = carc.REASONS[0];
const svg: string = carc.tileSvg('U_G', 90, 48) + carc.tileText('A');

const game: Game = new carc.Game({ players: 2, seed: 42, farmers: true, innsAndCathedrals: false });
const inHand: TileId | null = game.currentTile;
const placements: Placement[] = game.placements();
const rotation: Rotation = placements[0].rotation;
game.place(placements[0]);
const spots: Location[] = game.meepleChoices().map((choice) => choice.location);
game.deploy(spots[0] ?? null);
game.play(game.botMove('greedy'));
const move: Move = carc.parseMove('E 0,-1 180 S');
const why: Reason = game.check(move);
const text: string = carc.formatMove({ tile: 'E', x: 0, y: -1, rotation: 180, meeple: 'S' });
const ids: bigint[] = game.choices();
const first: Choice = ids[0];
game.checkChoice(first) === 'legal' ? game.decide(first) : game.decide('pass');
const who: number = game.decision().decider;
const info: FeatureInfo = game.inspectFeature(0, 0, 'C');
const odds: number = game.nextTileProbabilities().A + game.remainingTiles().U_G;
const supply: number = game.figureSupplies()[0].meeple + game.goods(0).wine;
const copy: Game = carc.Game.load(game.save({ public: true }));

// Events narrow on their type.
let points = 0;
const events: GameEvent[] = game.events();
for (const event of events) {
  switch (event.type) {
    case 'score': points += event.endGame ? 0 : event.points; break;
    case 'goods': points += event.goods.cloth; break;
    case 'discard': if (event.tile !== null) points += event.tile.length; break;
    case 'aloneHome': points += event.cause === 'dragon' ? 1 : 0; break;
    default: break;
  }
}

try {
  game.play('E 5,5 0');
} catch (e) {
  if (e instanceof IllegalMove) points += e.status + (e.line ?? 0) + IllegalMove.status;
  else if (e instanceof CarcassonneError) throw errorFor(e.status, e.message);
}
const caught: boolean = new InvalidArgument(InvalidArgument.status, 'x') instanceof carc.CarcassonneError;

// @ts-expect-error: 'Z' is no tile id.
game.draw('Z');
// @ts-expect-error: a rotation is 0, 90, 180 or 270 degrees.
game.place({ x: 0, y: -1, rotation: 45 });
// @ts-expect-error: the WebAssembly build has no threads.
game.botMove('mcts', { threads: 2 });
// @ts-expect-error: no bot of that name.
game.botChoice('strong');
// @ts-expect-error: no rule option of that name.
new carc.Game({ players: 2, farmer: true });
// @ts-expect-error: the scores are read, not written.
game.scores = [1, 2];
// @ts-expect-error: the header has no such constant.
carc.constants.PHASE_DRAWING;
// @ts-expect-error: a location is a name ('N', 'CF', ...), not a number.
game.featureAt(0, 0, 1);

copy.free();
game.free();
export const used = [version, major, minor, patch, phaseDraw, firstTile, legal, svg, inHand, rotation, why, text, who,
  info.kind, odds, supply, points, caught];
