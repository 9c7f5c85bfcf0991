// The cards of a page take turns to draw their first answer: one turn at a time, in the order the
// answers arrived (use-deferred-answer.ts says why). A turn ends when its card says its drawing was
// committed, or the card went away, or after TURN_LIMIT_MS, so a card that never commits (one that
// suspended, say) cannot hold the others back.

export interface Turn {
  draw: () => void;
}

const waiting: Turn[] = [];
let drawing: Turn | null = null;
let stall: ReturnType<typeof setTimeout> | undefined;
/** A turn that has not been committed by then (its card suspended, say) no longer holds the others. */
export const TURN_LIMIT_MS = 1000;

function drawNext() {
  clearTimeout(stall);
  drawing = waiting.shift() ?? null;
  if (!drawing) return;
  const turn = drawing;
  stall = setTimeout(() => endTurn(turn), TURN_LIMIT_MS);
  turn.draw();
}

export function awaitTurn(turn: Turn) {
  waiting.push(turn);
  if (!drawing) drawNext();
}

/** The card's drawing was committed, or the card went away: the next card's turn. */
export function endTurn(turn: Turn) {
  const at = waiting.indexOf(turn);
  if (at >= 0) waiting.splice(at, 1);
  if (drawing === turn) drawNext();
}
