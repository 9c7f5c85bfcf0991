import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitTurn, endTurn, TURN_LIMIT_MS, type Turn } from './draw-turns';

/** A card's turn that records when it was told to draw. */
function card(name: string, drawn: string[]): Turn {
  return { draw: () => drawn.push(name) };
}

describe('draw turns', () => {
  afterEach(() => vi.useRealTimers());

  it('draws one card at a time, in the order the answers arrived', () => {
    const drawn: string[] = [];
    const [a, b, c] = [card('a', drawn), card('b', drawn), card('c', drawn)];
    awaitTurn(a);
    awaitTurn(b);
    awaitTurn(c);
    expect(drawn).toEqual(['a']);
    endTurn(a);
    expect(drawn).toEqual(['a', 'b']);
    // a card that is still waiting and leaves the page gives up its turn; the one drawing keeps its own
    endTurn(c);
    expect(drawn).toEqual(['a', 'b']);
    endTurn(b);
    expect(drawn).toEqual(['a', 'b']);
    // with nobody drawing, the next answer is drawn at once
    const d = card('d', drawn);
    awaitTurn(d);
    expect(drawn).toEqual(['a', 'b', 'd']);
    endTurn(d);
  });

  it('a turn ended twice (committed after its time ran out) does not skip the next card', () => {
    vi.useFakeTimers();
    const drawn: string[] = [];
    const [a, b, c] = [card('a', drawn), card('b', drawn), card('c', drawn)];
    awaitTurn(a);
    awaitTurn(b);
    awaitTurn(c);
    vi.advanceTimersByTime(TURN_LIMIT_MS - 1);
    expect(drawn).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(drawn).toEqual(['a', 'b']);
    endTurn(a);
    expect(drawn).toEqual(['a', 'b']);
    endTurn(b);
    expect(drawn).toEqual(['a', 'b', 'c']);
    endTurn(c);
    vi.advanceTimersByTime(TURN_LIMIT_MS * 2);
    expect(drawn).toEqual(['a', 'b', 'c']);
  });
});
