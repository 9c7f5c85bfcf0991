import { describe, expect, it } from 'vitest';
import { describeFailure } from './api';
import { splitLinks } from './components/LinkifiedText';
import { formatValue, humanizeKey } from './format';

describe('splitLinks', () => {
  it('turns web addresses into links and keeps the text around them', () => {
    expect(splitLinks('Open https://x.test/auth/resetPassword?token=ab12. Thanks')).toEqual([
      { kind: 'text', value: 'Open ' },
      { kind: 'link', value: 'https://x.test/auth/resetPassword?token=ab12' },
      { kind: 'text', value: '. Thanks' },
    ]);
  });

  it('leaves text without addresses as one part', () => {
    expect(splitLinks('no links here')).toEqual([{ kind: 'text', value: 'no links here' }]);
  });

  it('never makes a link of a javascript: address', () => {
    expect(splitLinks('javascript:alert(1)').some((p) => p.kind === 'link')).toBe(false);
  });
});

describe('describeFailure (act-as answers)', () => {
  it('shows the message, else the text, else the JSON', () => {
    expect(describeFailure({ status: 'ERROR', message: 'No such user' })).toBe('No such user');
    expect(describeFailure('Forbidden')).toBe('Forbidden');
    expect(describeFailure({ status: 'DENIED' })).toBe('{"status":"DENIED"}');
  });

  it('falls back to Unexpected error', () => {
    expect(describeFailure(null)).toBe('Unexpected error');
    expect(describeFailure('  ')).toBe('Unexpected error');
  });
});

describe('user description display', () => {
  it('humanizes keys and values', () => {
    expect(humanizeKey('createdAt')).toBe('Created at');
    expect(humanizeKey('user_email')).toBe('User email');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(['a', 'b'])).toBe('a, b');
  });
});
