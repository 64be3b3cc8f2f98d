import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { serverBuildFolder } from '../../paths';
import type { SanitisedSvg } from './svg-sanitiser';

/** Cleans an SVG logo (./svg-sanitiser.ts) away from the request thread. */
export interface SvgSanitiser {
  /** The cleaned SVG, null when the text is not one SVG document; rejects with SvgTooComplex beyond the limits. */
  sanitise(text: string): Promise<SanitisedSvg | null>;
  close(): Promise<void>;
}

/** The document took longer than the time limit or more memory than the worker has: it is refused, not stored. */
export class SvgTooComplex extends Error {
  constructor() {
    super('the SVG took too long or too much memory to clean');
    this.name = 'SvgTooComplex';
  }
}

export interface IsolatedSvgSanitiserOptions {
  /** How long one document may take to clean. */
  timeoutMs?: number;
  /** The worker's JavaScript heap; a document that needs more is refused. */
  maxHeapMb?: number;
  /** The worker's module (tests give one that never answers). */
  workerUrl?: URL;
}

/** Under tsx or Vitest this module is the TypeScript source; `npm run build` bundles the worker beside main.js. */
const fromSource = import.meta.url.endsWith('.ts');
const DEFAULT_WORKER = fromSource
  ? new URL('./svg-worker.ts', import.meta.url)
  : pathToFileURL(join(serverBuildFolder, 'svg-worker.js'));

/**
 * A worker's code that loads a TypeScript module (the source under tsx or Vitest): Node 20 does not apply the
 * parent's `--import tsx` to a worker's entry, so the worker registers tsx's hooks itself, then imports it.
 */
function typeScriptWorkerBootstrap(module: URL): string {
  const require = createRequire(import.meta.url);
  const tsxFolder = dirname(require.resolve('tsx/package.json'));
  const { exports } = JSON.parse(readFileSync(join(tsxFolder, 'package.json'), 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = pathToFileURL(join(tsxFolder, exports['./esm/api']!.import.default)).href;
  return `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
}

/**
 * DOMPurify on jsdom in one worker thread, one document at a time, each within a time limit and the worker's heap
 * limit (docs/branding.md, "Limits"). A document over either limit has the worker terminated, which stops the
 * parse wherever it is; the next upload starts a new worker. The worker starts with the first SVG and does not
 * keep the process alive while idle.
 */
export class IsolatedSvgSanitiser implements SvgSanitiser {
  private worker: Promise<Worker> | null = null;
  private turn: Promise<unknown> = Promise.resolve();
  private nextId = 0;
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;
  private readonly workerUrl: URL;

  constructor(options: IsolatedSvgSanitiserOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxHeapMb = options.maxHeapMb ?? 256;
    this.workerUrl = options.workerUrl ?? DEFAULT_WORKER;
  }

  sanitise(text: string): Promise<SanitisedSvg | null> {
    // One document at a time: the worker has one thread, and a waiting upload is not charged for the one before.
    const job = this.turn.then(() => this.run(text));
    this.turn = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.then(
      (started) => started.terminate(),
      () => undefined,
    );
  }

  /** A worker that has loaded jsdom and DOMPurify: its time limit counts the cleaning, not its start. */
  private start(): Promise<Worker> {
    const limits = { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } };
    const worker = this.workerUrl.pathname.endsWith('.ts')
      ? new Worker(typeScriptWorkerBootstrap(this.workerUrl), { ...limits, eval: true })
      : new Worker(this.workerUrl, limits);
    worker.unref();
    const ready = new Promise<Worker>((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    });
    // A worker that stops while idle is not handed the next document.
    worker.once('exit', () => {
      if (this.worker === ready) this.worker = null;
    });
    return ready;
  }

  private async run(text: string): Promise<SanitisedSvg | null> {
    this.worker ??= this.start();
    const started = this.worker;
    const worker = await started.catch((error: unknown) => {
      if (this.worker === started) this.worker = null;
      throw error;
    });
    const id = (this.nextId += 1);
    return new Promise<SanitisedSvg | null>((resolve, reject) => {
      const finish = (outcome: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        outcome();
      };
      // Over either limit this worker is done: terminating it stops the parse wherever it is.
      const retire = (error: Error) =>
        finish(() => {
          if (this.worker === started) this.worker = null;
          void worker.terminate();
          reject(error);
        });
      const onMessage = (message: { id: number; result: SanitisedSvg | null }) => {
        if (message.id === id) finish(() => resolve(message.result));
      };
      const onError = (error: Error & { code?: string }) =>
        retire(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SvgTooComplex() : error);
      const onExit = () => retire(new Error('the SVG worker stopped'));
      const timer = setTimeout(() => retire(new SvgTooComplex()), this.timeoutMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ id, text });
    });
  }
}
