/** The time source, replaceable in tests (token expiry, session expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
