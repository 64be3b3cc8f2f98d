import { Cron } from 'croner';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Logger } from '../../mail/mailer';
import { newId } from '../../security/random';
import { JobLock } from './job-lock';

/** A job the scheduler runs: when (a cron pattern, UTC) and what. */
export interface ScheduledJob {
  name: string;
  /** croner pattern, minute precision, in UTC. */
  pattern: string;
  /** How long a run may hold its claim before another instance may take the job over (a crashed holder). */
  leaseMs: number;
  run(now: Date): Promise<void>;
}

const MINUTE_MS = 60_000;
/** Jobs run at most hourly: two claims of one job less than this apart are the same run fired on two instances. */
const SAME_RUN_GAP_MS = 30 * MINUTE_MS;

/**
 * Runs the organisation jobs on their cron patterns with croner, each run claimed in the database first
 * (./job-lock.ts) so that of several instances sharing PostgreSQL exactly one runs it (docs/access-control.md,
 * Scheduled jobs). Off in tests and with SCHEDULER=false; tests call `fire` directly.
 */
export class Scheduler {
  private readonly crons: Cron[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private readonly lock: JobLock;

  constructor(
    db: Db,
    private readonly clock: Clock,
    readonly jobs: readonly ScheduledJob[],
    private readonly log: Logger,
    /** This instance's name in the lock rows. */
    readonly instanceId: string = newId(),
  ) {
    this.lock = new JobLock(db);
  }

  start(): void {
    for (const job of this.jobs) {
      // protect: a run still going when the next one is due is not started twice in this process. No croner `name`:
      // croner keeps names in one process-wide registry, and two instances (tests) would collide.
      this.crons.push(
        new Cron(job.pattern, { timezone: 'UTC', protect: true, unref: true }, () =>
          this.track(this.fire(job.name)),
        ),
      );
    }
  }

  /** Stops the timers and waits for runs in progress (graceful shutdown: the database closes after). */
  async stop(): Promise<void> {
    for (const cron of this.crons.splice(0)) cron.stop();
    await Promise.allSettled([...this.running]);
  }

  /**
   * One scheduled run of the job, for the minute `at` falls in: claimed, run, released. Answers whether this
   * instance ran it. A failing run is logged (no rows, no stack in the answer) and its claim released.
   */
  async fire(name: string, at: Date = this.clock.now()): Promise<boolean> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`Unknown scheduled job '${name}'`);
    const slot = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
    const claimed = await this.lock.claim(
      job.name,
      slot,
      this.instanceId,
      this.clock.now(),
      job.leaseMs,
      SAME_RUN_GAP_MS,
    );
    if (!claimed) return false;
    try {
      await job.run(this.clock.now());
    } catch (error) {
      this.log.error({ err: error, job: job.name }, 'scheduled job failed');
    } finally {
      await this.lock.release(job.name, this.instanceId, this.clock.now());
    }
    return true;
  }

  lastFinished(name: string): Promise<Date | null> {
    return this.lock.lastFinished(name);
  }

  private track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) => this.log.error({ err: error }, 'scheduled job could not be claimed'))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
}
