/**
 * The worker thread that cleans SVG logos (./isolated-svg-sanitiser.ts): DOMPurify on jsdom runs here, so that a
 * document that takes seconds or hundreds of megabytes to parse holds up neither the server's other requests nor
 * its memory. It says it is ready once loaded; then one message in, `{ id, text }`, one answer out, `{ id, result }`.
 */
import { parentPort } from 'node:worker_threads';
import { sanitiseSvg } from './svg-sanitiser';

parentPort!.on('message', ({ id, text }: { id: number; text: string }) => {
  parentPort!.postMessage({ id, result: sanitiseSvg(text) });
});
parentPort!.postMessage({ ready: true });
