import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { createTestApp } from '../../test/test-app';
import { api, enter } from '../organization-acl/test-helpers';
import { IsolatedSvgSanitiser, SvgTooComplex } from './isolated-svg-sanitiser';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40"/></svg>';
const testWorker = (name: string) => new URL(`./test-workers/${name}`, import.meta.url);

/** Resolves when the spinning stand-in worker has taken a document and started on it. */
function cleaningStarted(): Promise<void> {
  const channel = new BroadcastChannel('spinning-svg-worker');
  return new Promise((resolve) => {
    channel.onmessage = () => {
      channel.close();
      resolve();
    };
  });
}

describe('an SVG is cleaned off the request thread, within time and memory limits', () => {
  // A stand-in worker that never finishes a document, behind the app's upload endpoint.
  const sanitiser = new IsolatedSvgSanitiser({
    workerUrl: testWorker('spinning-svg-worker.mjs'),
    timeoutMs: 500,
  });
  let app: App;
  let owner: string;

  beforeAll(async () => {
    app = await createTestApp({ svgSanitiser: sanitiser });
    owner = await enter(app, 'demo@example.com', DEMO_IDS.acme);
  });
  afterAll(() => app.close());

  it('answers other requests while a document is being cleaned, then refuses the upload as too complex', async () => {
    const started = cleaningStarted();
    const upload = api(app, owner).patch('/v1/logo', {
      portalId: 'kreanoAccount',
      variant: 'logo',
      data: Buffer.from(SVG).toString('base64'),
    });
    let uploadAnswered = false;
    void upload.then(() => (uploadAnswered = true));
    await started;
    // The worker's thread is busy for good; the server's is not.
    const health = await api(app, owner).get('/v1/health');
    expect(health.statusCode).toBe(200);
    const branding = await api(app, owner).get('/v1/branding');
    expect(branding.statusCode).toBe(200);
    expect(uploadAnswered).toBe(false);

    const refused = await upload;
    expect(refused.statusCode).toBe(400);
    expect(refused.json.errors).toEqual([
      {
        field: 'data',
        msg: 'The SVG logo is too complex: at most 5000 elements, nested at most 64 levels deep',
      },
    ]);
    const logos = await api(app, owner).get('/v1/logo?portalId=kreanoAccount');
    expect(logos.json.data).toMatchObject({ logo: null });
  });

  it('starts a new worker for the next document after one was stopped', async () => {
    const started = cleaningStarted();
    const next = sanitiser.sanitise(SVG);
    await started;
    await expect(next).rejects.toBeInstanceOf(SvgTooComplex);
  });
});

describe('the real worker', () => {
  it('cleans one document after another, and a document that needs more memory than the worker has is refused', async () => {
    const real = new IsolatedSvgSanitiser();
    try {
      const [first, second] = await Promise.all([
        real.sanitise(SVG),
        real.sanitise(SVG.replace('<rect', '<rect onclick="alert(1)"')),
      ]);
      expect(first).toEqual({
        svg: expect.stringContaining('<rect width="120" height="40"'),
        cleaned: false,
      });
      expect(second?.cleaned).toBe(true);
      expect(await real.sanitise('<html><body>not a logo</body></html>')).toBeNull();
    } finally {
      await real.close();
    }

    const hungry = new IsolatedSvgSanitiser({
      workerUrl: testWorker('hungry-svg-worker.mjs'),
      maxHeapMb: 32,
    });
    try {
      await expect(hungry.sanitise(SVG)).rejects.toBeInstanceOf(SvgTooComplex);
    } finally {
      await hungry.close();
    }
  });
});
