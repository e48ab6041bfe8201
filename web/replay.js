// The replay viewer: a saved game (a full or a public record) stepped through turn by turn.
// Each step is the engine's own position (the recorded game rewound to that many whole
// turns, Game.rewind), its board, its scores and the record's lines up to it, whose comments
// are the engine's sentences for what each line did. The viewer only reads: the game being
// played stays as it was and goes on when the viewer closes.

export class ReplayViewer {
  /** carc: the loaded module; show(view): draws a position (board, scores, log lines). */
  constructor(carc, show) {
    this.carc = carc;
    this.show = show;
    this.game = null; // the recorded game, at its end
    this.view = null; // the position shown
    this.lines = []; // the record's move lines, each with the turn it belongs to
    this.step = 0;
  }

  get open() { return this.game !== null; }
  get steps() { return this.game.turnsPlayed; }

  /** Opens a record (throws the engine's error for a bad one); shows its last position. */
  load(text) {
    const game = this.carc.Game.load(text);
    this.close();
    this.game = game;
    this.lines = linesByTurn(text);
    this.goTo(this.steps);
  }

  /** Shows the position after `turns` whole turns (clamped to the record). */
  goTo(turns) {
    this.step = Math.max(0, Math.min(this.steps, turns));
    this.view?.free();
    this.view = this.game.clone();
    this.view.rewind(this.step);
    this.show({ game: this.view, step: this.step, steps: this.steps, log: this.lines.filter((l) => l.turn <= this.step).map((l) => l.text) });
  }

  close() {
    this.view?.free();
    this.game?.free();
    this.view = this.game = null;
  }
}

// The record's lines after its header, each with the turn it belongs to: a tile line carries
// "# turn N" in its comment; the lines between two tile lines (a dragon step, the bonus tile
// taken or passed, a tile set aside or discarded) belong to the turn before; the closing
// comments and the tile in hand belong to no step.
function linesByTurn(text) {
  const out = [];
  let turn = 0;
  let body = false;
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    const comment = line.indexOf('#');
    const code = (comment < 0 ? line : line.slice(0, comment)).trim();
    const said = comment < 0 ? '' : line.slice(comment + 1).trim();
    const tileTurn = /^turn (\d+)\b/.exec(said);
    if (tileTurn) {
      body = true;
      turn = Number(tileTurn[1]);
    }
    if (!body || !code || code.startsWith('draw ')) continue;
    out.push({ turn, text: said ? `${code}: ${said}` : code });
  }
  return out;
}
