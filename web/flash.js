// What the last action scored, shown on the board for a moment: the scored feature's tiles
// outlined in the colour of the player who scored and the points rising over the spot where
// its figure stood. The engine's events say what scored and where (a feature's tiles come from
// its own query); the board's tile groups say where each tile is drawn. Points at the end of
// the game are the end screen's, not flashed.

const SVG = 'http://www.w3.org/2000/svg';

/** Adds the flash of `events` (the page's list of engine events) to the board picture `svg`. */
export function flashScores(svg, game, events, colours) {
  for (const event of events) {
    if (!(event.points > 0) || !event.winners?.length || event.endGame || event.x === undefined) continue;
    const colour = colours[event.winners[0]];
    let tiles = [{ x: event.x, y: event.y }];
    if (event.type === 'score' && event.location) tiles = game.inspectFeature(event.x, event.y, event.location).tiles;
    for (const tile of tiles) {
      const at = origin(svg, tile.x, tile.y);
      if (at) svg.append(shape('rect', { class: 'flash-outline', x: at.x + 3, y: at.y + 3, width: 94, height: 94, stroke: colour }));
    }
    const at = origin(svg, event.x, event.y);
    if (!at) continue;
    const text = shape('text', { class: 'flash-points', x: at.x + 50, y: at.y + 58, fill: colour, 'data-points': event.points });
    text.textContent = `+${event.points}`;
    svg.append(text);
  }
}

// Where the tile at (x, y) is drawn: the translation of its group, or null if not on the board.
function origin(svg, x, y) {
  const group = svg.querySelector(`.tile[data-x="${x}"][data-y="${y}"]`);
  const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(group?.getAttribute('transform') ?? '');
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

function shape(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}
