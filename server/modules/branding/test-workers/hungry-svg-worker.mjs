// A stand-in for svg-worker.ts whose cleaning needs ever more memory (isolated-svg-sanitiser.test.ts), until the
// worker's heap limit stops it.
import { parentPort as port } from 'node:worker_threads';

const parentPort = /** @type {import('node:worker_threads').MessagePort} */ (port);

parentPort.on('message', () => {
  const kept = [];
  for (;;) kept.push(new Array(100_000).fill(kept.length));
});
parentPort.postMessage({ ready: true });
