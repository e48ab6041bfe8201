// Writes carcassonne_names.d.ts to stdout: the names the library gives as it loads (tile ids,
// locations, reasons, constant names, ...) as TypeScript string unions, read from the built
// module, so that the package's declarations list what its own .wasm knows.
//   node web/package/names.mjs build/web/site > carcassonne_names.d.ts

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const site = resolve(process.argv[2] ?? 'build/web/site');
const { loadCarcassonne } = await import(pathToFileURL(join(site, 'carcassonne.js')));
const carc = await loadCarcassonne();

const prefixed = (prefix) => Object.keys(carc.constants).filter((name) => name.startsWith(prefix))
  .map((name) => name.slice(prefix.length));
// As carcassonne.js names them (Game options, bot levels); checked below against the module.
const camel = (name) => name.toLowerCase().replace(/_([a-z])/g, (_, ch) => ch.toUpperCase());
const options = prefixed('OPT_').map(camel);
const botLevels = prefixed('BOT_').map((name) => name.toLowerCase());
const game = new carc.Game({ players: 2, seed: 1 });
for (const name of options) game.option(name); // throws for a name the module does not take
for (const level of botLevels) game.botMove(level, { iterations: 1 });
game.free();

const types = [
  ['TileId', 'A tile id: tile type t is TILES[t].', carc.TILES],
  ['Location', 'A location on a tile (LOCATIONS).', carc.LOCATIONS],
  ['Feature', 'A feature kind (FEATURES).', carc.FEATURES],
  ['Figure', 'A figure with a supply (FIGURES).', carc.FIGURES],
  ['FigureName', 'A figure kind a move may carry, or the recall (FIGURE_NAMES).', carc.FIGURE_NAMES],
  ['Goods', 'A kind of goods token (GOODS).', carc.GOODS],
  ['Reason', "carc_game_check's answer (REASONS).", carc.REASONS],
  ['PointEventType', 'An event type that scores (POINT_EVENTS).', carc.POINT_EVENTS],
  ['PhaseName', 'A name of Phase.', Object.keys(carc.Phase)],
  ['DecisionName', 'A name of Decision.', Object.keys(carc.Decision)],
  ['StatusName', 'A name of Status.', Object.keys(carc.Status)],
  ['OptionName', 'A rule option of a Game.', options],
  ['BotLevel', 'A computer opponent.', botLevels],
  ['ConstantName', 'An integer constant of carcassonne.h, without CARC_ (constants).', Object.keys(carc.constants)],
];
const lines = [`// carcassonne ${carc.version}: the names its library gives as it loads. Written by`,
  '// scripts/web.sh (web/package/names.mjs) from the built module: do not edit.', ''];
for (const [name, doc, values] of types) {
  lines.push(`/** ${doc} */`, `export type ${name} = ${[...new Set(values)].map((v) => `'${v}'`).join(' | ')};`);
}
process.stdout.write(`${lines.join('\n')}\n`);
