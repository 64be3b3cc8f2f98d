// A stand-in for svg-worker.ts whose cleaning never ends (isolated-svg-sanitiser.test.ts): it says when it starts
// on a document, on a channel the test listens to, then keeps its thread busy until it is terminated.
import { BroadcastChannel, parentPort as port } from 'node:worker_threads';

const parentPort = /** @type {import('node:worker_threads').MessagePort} */ (port);

parentPort.on('message', () => {
  new BroadcastChannel('spinning-svg-worker').postMessage('cleaning');
  for (;;);
});
parentPort.postMessage({ ready: true });
