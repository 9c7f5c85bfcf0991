import { describe, expect, it } from 'vitest';
import { countCharacters, countWords, WordCounter } from './count-words';

describe('countWords: languages written with spaces', () => {
  it('counts the words of an English sentence, not its punctuation', () => {
    expect(countWords('Hello, world! How are you today?')).toBe(6);
  });

  it('counts numbers as words, in any notation', () => {
    expect(countWords('It costs 3.14 or 1,000,000 or 42% or $100 on 2024-01-15 at 12:30.')).toBe(13);
  });

  it('counts a URL and an e-mail address as one word each', () => {
    expect(countWords('Write to john.doe@example.com or visit https://example.com/path?q=1&x=2 now')).toBe(7);
  });

  it('counts hyphenated words and contractions as one word, like a word processor', () => {
    expect(countWords("A state-of-the-art e-mail isn't l'homme")).toBe(5);
  });

  it('splits at em and en dashes and an ellipsis even without spaces', () => {
    expect(countWords('yes—no pages 10–12 wait…what')).toBe(7);
  });

  it('counts nothing in punctuation, symbols and emoji alone', () => {
    expect(countWords('!!! ??? ... — – … 🙂 😀 * & # @')).toBe(0);
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
  });

  it('counts Cyrillic, Greek, Arabic, Hebrew, Devanagari and Korean by their spaces', () => {
    expect(countWords('Привет, мир!')).toBe(2);
    expect(countWords('Καλημέρα κόσμε')).toBe(2);
    expect(countWords('مرحبا بالعالم')).toBe(2);
    expect(countWords('שלום עולם')).toBe(2);
    expect(countWords('नमस्ते दुनिया')).toBe(2);
    expect(countWords('안녕하세요 저는 학생입니다')).toBe(3);
  });
});

describe('countWords: Chinese and Japanese count one word per character', () => {
  it('counts each Han character of a Chinese sentence, not the punctuation', () => {
    // 我爱北京天安门 (7) 今天天气很好 (6)
    expect(countWords('我爱北京天安门。今天天气很好。')).toBe(13);
    expect(countWords('你好，世界！')).toBe(4);
  });

  it('counts each kanji, hiragana and katakana character of Japanese', () => {
    // 私は東京に住んでいます (11) カタカナのテスト (8) ひらがな (4)
    expect(countWords('私は東京に住んでいます。カタカナのテスト、ひらがな。')).toBe(23);
    // the long-vowel mark is part of the word; the middle dot is punctuation
    expect(countWords('コーヒー・ケーキ')).toBe(7);
  });

  it('counts half-width katakana too', () => {
    expect(countWords('ｶﾀｶﾅ')).toBe(4);
  });

  it('counts mixed script text: Latin words and numbers once, CJK characters each', () => {
    expect(countWords('Hello世界')).toBe(3);
    expect(countWords('2024年3月15日')).toBe(6);
    expect(countWords('I love 寿司 and ramen')).toBe(6);
  });
});

describe('countWords: Thai, Lao, Khmer and Myanmar use the word segmenter', () => {
  it('splits Thai into words', () => {
    // สวัสดี ครับ | ผม ชื่อ สมชาย | วัน นี้ อากาศ ดี มาก
    expect(countWords('สวัสดีครับ ผมชื่อสมชาย วันนี้อากาศดีมาก')).toBe(10);
    expect(countWords('สวัสดีครับ ผมชื่อสมชาย วันนี้อากาศดีมาก', 'th')).toBe(10);
  });

  it('counts a long Thai text without spaces at the same rate as short ones', () => {
    const sentence = 'สวัสดีครับผมชื่อสมชายวันนี้อากาศดีมาก';
    const one = countWords(sentence);
    expect(one).toBe(10);
    // cuts every 1000 characters may shift a word or two, never more
    const many = countWords(sentence.repeat(200));
    expect(Math.abs(many - one * 200)).toBeLessThanOrEqual(10);
  });

  it('counts Thai mixed with English and numbers', () => {
    expect(countWords('ราคา 100 บาท for the iPhone')).toBe(6);
  });
});

describe('countCharacters', () => {
  it('counts characters without whitespace, a surrogate pair as one', () => {
    expect(countCharacters('Hello, world!')).toBe(12);
    expect(countCharacters('我爱 北京\n')).toBe(4);
    expect(countCharacters('😀 a')).toBe(2);
    expect(countCharacters('\u00a0\u3000x')).toBe(1);
  });
});

describe('WordCounter (streamed text)', () => {
  it('gives the same count as counting the text whole, however it is cut', () => {
    const text =
      'The state-of-the-art café costs $3.50. 我爱北京天安门。 สวัสดีครับ ผมชื่อสมชาย e-mail john@example.com\n'.repeat(50);
    const whole = { words: countWords(text), characters: countCharacters(text) };
    for (const size of [1, 7, 64, 1000]) {
      const counter = new WordCounter();
      for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
      expect(counter.finish()).toEqual(whole);
    }
  });
});

// The speed of counting is `npm run bench`'s figure; a timed test would fail on a busy machine.
describe('countWords on a large text', () => {
  it('counts 10 MB of English text exactly', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog, and 42 people e-mail john@example.com daily.\n';
    const text = sentence.repeat(Math.ceil((10 * 1024 * 1024) / sentence.length));
    expect(countWords(text)).toBe(15 * Math.ceil((10 * 1024 * 1024) / sentence.length));
  });
});
