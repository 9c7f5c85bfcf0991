import { describe, expect, it } from 'vitest';
import { HttpError, messageOf } from './http';

describe('messageOf', () => {
  it("adds the start of a server failure's request id, for the person to quote", () => {
    const body = { status: 'ERROR', message: 'Something went wrong on our side.', requestId: '1b2c3d4e-5f60-4a7b' };
    expect(messageOf(new HttpError(500, body.message, body))).toBe(
      'Something went wrong on our side. (reference 1b2c3d4e)',
    );
  });

  it('leaves a refusal the person can act on as it is, and a failure without an id', () => {
    const refused = { status: 'ERROR', message: 'Incorrect email or password', requestId: 'abc' };
    expect(messageOf(new HttpError(400, refused.message, refused))).toBe('Incorrect email or password');
    expect(messageOf(new HttpError(502, '502 Bad Gateway', 'upstream down'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
