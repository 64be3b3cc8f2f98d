import { makeAutoObservable } from 'mobx';

/**
 * Whole seconds left until a moment, ticking once a second. Counted from the end time rather than by
 * decrementing, so a throttled background tab still shows the right number when it wakes up.
 * @example
 * const resend = new Countdown();
 * resend.start(60); // resend.secondsLeft === 60, then 59…
 */
export class Countdown {
  secondsLeft = 0;
  private endsAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {
    makeAutoObservable<Countdown, 'endsAt' | 'timer' | 'now'>(this, { endsAt: false, timer: false, now: false });
  }

  get running(): boolean {
    return this.secondsLeft > 0;
  }

  start(seconds: number): void {
    this.stop();
    this.endsAt = this.now() + seconds * 1000;
    this.secondsLeft = seconds;
    this.timer = setInterval(() => this.tick(), 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.secondsLeft = 0;
  }

  private tick(): void {
    const left = Math.max(0, Math.ceil((this.endsAt - this.now()) / 1000));
    this.secondsLeft = left;
    if (left === 0) this.stop();
  }
}
