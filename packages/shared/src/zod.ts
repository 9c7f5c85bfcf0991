import { z } from 'zod';

// zod with plain messages for the limits no schema words itself: zod's own ("Too big: expected
// string to have <=200 characters") would otherwise reach people on screens and in answers. Every
// schema of this package imports z from here, so the server and the web app read the same words.

const count = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'too_big': {
        const max = issue.maximum as number;
        if (issue.origin === 'string') return `Use at most ${count(max, 'character', 'characters')}`;
        if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${count(max, 'item', 'items')}`;
        if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
          return `Enter a number no greater than ${max.toLocaleString('en-US')}`;
        }
        return undefined;
      }
      case 'too_small': {
        const min = issue.minimum as number;
        if (issue.origin === 'string') {
          return min <= 1 ? 'Please fill this in' : `Use at least ${count(min, 'character', 'characters')}`;
        }
        if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${count(min, 'item', 'items')}`;
        if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
          return `Enter a number no less than ${min.toLocaleString('en-US')}`;
        }
        return undefined;
      }
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return 'Please fill this in';
        if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number';
        return undefined;
      case 'invalid_format':
        if (issue.format === 'email') return 'Enter an e-mail address like name@example.com';
        if (issue.format === 'url') return 'Enter a web address like https://example.com';
        if (issue.format === 'date') return 'Enter a date as YYYY-MM-DD';
        return undefined;
      case 'invalid_value':
        return 'Choose one of the options offered';
      default:
        return undefined;
    }
  },
});

export { z };
