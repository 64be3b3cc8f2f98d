import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp } from '../../test/test-app';
import { api, enter } from '../organization-acl/test-helpers';

/**
 * #34 item 3: with ABN_LOOKUP_GUID set, an Australian business's KYB is checked against the register (a local
 * stand-in of ABN Lookup here) before it is accepted: each outcome is a clear refusal, and an unreachable register
 * is "try again later", never verified.
 */
let register: { AbnStatus: string; EntityName: string } | 'down' = {
  AbnStatus: 'Active',
  EntityName: 'ACME PTY LTD',
};
let stand: Server;
let app: App;
let owner: string;
let documents: { extract: string; registration: string };

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
);

beforeAll(async () => {
  stand = createServer((request, response) => {
    const url = new URL(request.url!, 'http://stand-in');
    if (register === 'down') {
      response.writeHead(503).end();
      return;
    }
    const answer = { Abn: url.searchParams.get('abn'), ...register, Message: '' };
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(`${url.searchParams.get('callback')}(${JSON.stringify(answer)})`);
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  const port = (stand.address() as AddressInfo).port;
  app = await createTestApp({
    env: { ABN_LOOKUP_GUID: 'test-guid', ABN_LOOKUP_BASE_URL: `http://127.0.0.1:${port}/json` },
  });
  owner = await enter(app, 'demo@example.com', DEMO_IDS.acme);
  const upload = async (kind: string) => {
    const answer = await call(app, {
      url: '/v1/kyb/documents',
      token: owner,
      body: { kind, fileName: `${kind}.pdf`, content: PDF.toString('base64') },
    });
    return answer.json.data.document.documentId as string;
  };
  documents = {
    extract: await upload('registryExtract'),
    registration: await upload('registrationDocument'),
  };
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => stand.close(() => resolve()));
});

const submit = (companyName = 'Acme Pty Ltd') =>
  api(app, owner).post('/v1/kyb', {
    firstName: 'Jane',
    lastName: 'Citizen',
    country: 'AU',
    entityType: 'company',
    companyName,
    abn: '51 824 753 556',
    acn: '000 000 019',
    registeredOff: '1 George Street, Sydney NSW 2000',
    primaryLocation: '1 George Street, Sydney NSW 2000',
    listed: false,
    extractDocumentId: documents.extract,
    documentType: 'certificateOfRegistration',
    registrationDocumentId: documents.registration,
  });
const status = async () => (await api(app, owner).get('/v1/kyb/status')).json.data.status;

describe('KYB against the Australian Business Register', () => {
  it('refuses a name other than the registered one, saying which name is registered', async () => {
    const refused = await submit('Acme Holdings');
    expect(refused.statusCode).toBe(400);
    expect(refused.json.errors).toEqual([
      {
        field: 'companyName',
        msg: 'The company name does not match the name registered for this number (ACME PTY LTD)',
      },
    ]);
    expect(await status()).toBe('notSubmitted');
  });

  it('refuses a cancelled ABN', async () => {
    register = { AbnStatus: 'Cancelled', EntityName: 'ACME PTY LTD' };
    const refused = await submit();
    expect(refused.json.errors).toEqual([
      { field: 'abn', msg: 'This number is cancelled on the Australian Business Register' },
    ]);
    expect(await status()).toBe('notSubmitted');
  });

  it('says to try again later when the register cannot be reached, and accepts nothing', async () => {
    register = 'down';
    const refused = await submit();
    expect(refused.statusCode).toBe(503);
    expect(refused.json).toEqual({
      code: 'REGISTER_UNAVAILABLE',
      msg: 'The Australian Business Register cannot be reached. Please try again later',
    });
    expect(await status()).toBe('notSubmitted');
  });

  it('accepts the business as the register has it', async () => {
    register = { AbnStatus: 'Active', EntityName: 'ACME PTY LTD' };
    const accepted = await submit('Acme Pty. Limited');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await status()).toBe('submitted');
  });
});
