import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '@parlance/shared';
import { pageOfOrdinal, topOrdinalOfPage } from './history-pages';
import { chatSearchConfig, configOfLanguage } from './search-language';

// The page arithmetic against counting: for random chats (numbers 1..last, some hidden from the
// viewer), the newest message of each page and each message's page are what walking the visible
// messages newest first gives.

function randomChat(seed: number) {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
  const last = Math.floor(next() * 200);
  const share = [0, 0.02, 0.3, 0.9][seed % 4];
  const hidden = new Set<number>();
  for (let n = 1; n <= last; n++) if (next() < share) hidden.add(n);
  return { last, hiddenDesc: [...hidden].sort((a, b) => b - a), hidden };
}

describe('history page arithmetic', () => {
  it('finds the newest message of every page and every message its page, as counting does', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const { last, hiddenDesc, hidden } = randomChat(seed);
      const visibleDesc: number[] = [];
      for (let n = last; n >= 1; n--) if (!hidden.has(n)) visibleDesc.push(n);
      const pages = Math.ceil(visibleDesc.length / CHAT_LIMITS.pageSize) + 1;
      for (let page = 1; page <= pages; page++) {
        const expected = visibleDesc[(page - 1) * CHAT_LIMITS.pageSize];
        const top = topOrdinalOfPage(last, hiddenDesc, page);
        if (expected === undefined) expect(top, `seed ${seed} page ${page}`).toBeLessThan(1);
        else expect(top, `seed ${seed} page ${page}`).toBe(expected);
      }
      visibleDesc.forEach((n, i) => {
        expect(pageOfOrdinal(last, hiddenDesc, n)).toBe(Math.floor(i / CHAT_LIMITS.pageSize) + 1);
      });
    }
  });
});

describe('search language', () => {
  it('maps language codes to the text search configurations both engines ship', () => {
    expect(configOfLanguage('en-GB')).toBe('english');
    expect(configOfLanguage('pt-BR')).toBe('portuguese');
    expect(configOfLanguage('ja')).toBeNull();
  });

  it("takes the one source language all the chat's translators share, else 'simple'", () => {
    expect(chatSearchConfig([])).toBe('simple');
    expect(chatSearchConfig([['en-US', 'de'], ['en-GB']])).toBe('english');
    expect(chatSearchConfig([['en-US'], ['de']])).toBe('simple');
    expect(
      chatSearchConfig([
        ['en-US', 'de'],
        ['de', 'en'],
      ]),
    ).toBe('simple');
    expect(chatSearchConfig([['ja']])).toBe('simple');
  });
});
