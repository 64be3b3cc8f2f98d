/** Time source for everything that expires (tokens, codes, throttles), so tests can move time forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const seconds = (n: number) => n * 1000;
export const minutes = (n: number) => n * 60_000;
