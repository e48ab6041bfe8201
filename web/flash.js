// What the last action scored, shown on the board for a moment: the scored feature's tiles
// outlined in the colour of the player who scored, the points rising over the spot where
// its figure stood, and the figures that went home fading where they stood. The engine's
// events say what scored and where (a feature's tiles come from its own query); the board's
// tile groups say where each tile is drawn. Points at the end of
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

/** The figures a board picture shows, each by owner, kind and place relative to the tile at
 * (0, 0) (the start tile or the spring, always on the board), so that two pictures of
 * different extents compare. */
export function figuresShown(svg) {
  const at = origin(svg, 0, 0);
  if (!at) return [];
  return [...svg.querySelectorAll('.meeple')].map((element) => {
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(element.getAttribute('transform') ?? '');
    const dx = m ? Number(m[1]) - at.x : 0, dy = m ? Number(m[2]) - at.y : 0;
    return { key: `${element.dataset.player}|${element.dataset.figure}|${dx},${dy}`, element, dx, dy };
  });
}

/** Shows the figures of `before` (figuresShown of the last picture) that `svg` no longer has
 * for a moment where they stood, fading as they go home. */
export function flashReturns(svg, before) {
  const at = origin(svg, 0, 0);
  if (!at) return;
  const now = new Set(figuresShown(svg).map((f) => f.key));
  for (const figure of before) {
    if (now.has(figure.key)) continue;
    const ghost = figure.element.cloneNode(true);
    ghost.setAttribute('transform', ghost.getAttribute('transform').replace(/translate\([-\d.]+,[-\d.]+\)/,
      `translate(${at.x + figure.dx},${at.y + figure.dy})`));
    ghost.setAttribute('class', 'flash-return');
    svg.append(ghost);
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
