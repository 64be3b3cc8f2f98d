import { ApiError } from '@core';
import { makeAutoObservable } from 'mobx';

/** docs/limits-and-timing.md: a new code may be requested 60 seconds after the previous one. */
export const RESEND_WAIT_SECONDS = 60;

/**
 * The seconds the server still holds a new code back (429 `OTP_RESEND_TOO_SOON` with `Retry-After`), or null
 * for any other failure. The countdown lives in memory, so after a reload the server's number is the truth.
 */
export function resendWaitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.code !== 'OTP_RESEND_TOO_SOON') return null;
  return error.retryAfterSeconds;
}

/**
 * Seconds until a code may be sent again. Counts from a deadline rather than by ticks, so a tab the
 * browser throttled in the background still shows the right time when it comes back.
 * @example
 * countdown.start(RESEND_WAIT_SECONDS); // countdown.running === true, secondsLeft === 60
 */
export class ResendCountdown {
  secondsLeft = 0;
  private deadline = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor() {
    makeAutoObservable<ResendCountdown, 'deadline' | 'timer'>(
      this,
      { deadline: false, timer: false },
      { autoBind: true },
    );
  }

  get running(): boolean {
    return this.secondsLeft > 0;
  }

  start(seconds: number): void {
    this.stop();
    this.deadline = Date.now() + seconds * 1000;
    this.secondsLeft = seconds;
    this.timer = setInterval(this.tick, 1000);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.secondsLeft = 0;
  }

  private tick(): void {
    this.secondsLeft = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    if (this.secondsLeft === 0) this.stop();
  }
}
