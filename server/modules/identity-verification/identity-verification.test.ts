/**
 * Identity verification through the real routes (docs/identity-verification.md): KYC and KYB submissions and their
 * refusals, documents (type from the bytes, size, metadata, encryption at rest, links and who may read them), the
 * development provider's status events on a fake clock, the organisation access answer and the KYB reset.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, FakeClock, loginAs, mailbox } from '../../test/test-app';
import { organizations } from '../organizations/schema';
import { api, enter } from '../organization-acl/test-helpers';
import { findUserByEmail } from '../users/user-queries';
import { DocumentCipher } from './document-cipher';
import { DetailsSealer, kycDetailsContext, sealPlainKycAnswers } from './sealed-details';
import { identityDocuments, kycVerifications } from './schema';

let app: App;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

// A JPEG carrying EXIF text standing in for a phone's GPS position: it must not survive the upload.
/** A POST without a body (the link and reset calls take none). */
const postEmpty = (token: string, url: string) => call(app, { method: 'POST', url, token });

/** Enters an organisation that enforces two-factor authentication, accepting the portal's notice. */
async function enterWithTwoFactor(email: string, orgId: string): Promise<string> {
  const login = await loginAs(app, email);
  const access = await call(app, {
    url: '/v1/organization/access',
    token: login.accessToken,
    body: { portalId: 'kreanoAccount', orgId, enableTwoFactor: true },
  });
  expect(access.statusCode, access.body).toBe(200);
  return access.json.data.accessToken as string;
}

const SECRET_METADATA = 'Lat -33.8688 Lon 151.2093';
async function photo(colour = '#c03030'): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: SECRET_METADATA } })
    .toBuffer();
}
const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
);

async function upload(token: string, kind: string, bytes: Buffer, scope: 'kyc' | 'kyb' = 'kyc') {
  return call(app, {
    url: `/v1/${scope}/documents`,
    token,
    body: { kind, fileName: `${kind}.jpg`, content: bytes.toString('base64') },
  });
}
async function uploaded(token: string, kind: string, scope: 'kyc' | 'kyb' = 'kyc'): Promise<string> {
  const response = await upload(token, kind, scope === 'kyc' ? await photo() : MINIMAL_PDF, scope);
  expect(response.statusCode, response.body).toBe(200);
  return response.json.data.document.documentId as string;
}

const person = {
  firstName: 'Jane',
  lastName: 'Citizen',
  gender: 'female',
  dob: '1990-05-17',
  streetNumber: '1',
  streetName: 'George',
  streetType: 'street',
  suburb: 'Sydney',
  state: 'NSW',
  postCode: '2000',
  country: 'AU',
};
const passport = (documentId: string, number = 'PA1234567') => ({
  documentType: 'passport',
  issuingCountry: 'AU',
  number,
  firstName: 'Jane',
  lastName: 'Citizen',
  expiryDate: '2035-01-01',
  dob: '1990-05-17',
  documentId,
});
const medicare = (documentId: string) => ({
  documentType: 'medicare',
  number: '2123 45670 1',
  cardColour: 'green',
  individualReference: 1,
  expiryMonth: '2034-06',
  nameOnCard: 'JANE CITIZEN',
  dob: '1990-05-17',
  documentId,
});

describe('KYC submission', () => {
  let token: string;
  beforeAll(async () => {
    token = (await loginAs(app, 'bob@example.com')).accessToken;
  });

  it('is notSubmitted before anything is sent', async () => {
    const status = await api(app, token).get('/v1/kyc/status');
    expect(status.statusCode).toBe(200);
    expect(status.json.data).toMatchObject({ status: 'notSubmitted', events: [] });
  });

  it('refuses two proofs of the same type, a minor and a bad Medicare number, storing nothing', async () => {
    const a = await uploaded(token, 'passport');
    const b = await uploaded(token, 'passport');
    const twoPassports = await api(app, token).post('/v1/kyc', {
      ...person,
      idProofs: [passport(a), passport(b)],
    });
    expect(twoPassports.statusCode).toBe(400);
    expect(twoPassports.json.errors).toContainEqual({
      field: 'idProofs.1.documentType',
      msg: 'The two identity proofs must be of different types',
    });

    const m = await uploaded(token, 'medicare');
    // Born 2012-01-16: 17 on the fake clock's 2030-01-15.
    const minor = await api(app, token).post('/v1/kyc', {
      ...person,
      dob: '2012-01-16',
      idProofs: [
        { ...passport(a), dob: '2012-01-16' },
        { ...medicare(m), dob: '2012-01-16' },
      ],
    });
    expect(minor.statusCode).toBe(400);
    expect(minor.json.errors).toContainEqual({ field: 'dob', msg: 'You must be at least 18 years old' });

    const badMedicare = await api(app, token).post('/v1/kyc', {
      ...person,
      idProofs: [passport(a), { ...medicare(m), number: '2123 45679 1' }],
    });
    expect(badMedicare.statusCode).toBe(400);
    expect(badMedicare.json.errors).toContainEqual({
      field: 'idProofs.1.number',
      msg: 'Invalid Medicare card number: please check the number',
    });

    const otherName = await api(app, token).post('/v1/kyc', {
      ...person,
      idProofs: [{ ...passport(a), lastName: 'Smith' }, medicare(m)],
    });
    expect(otherName.json.errors).toContainEqual({
      field: 'idProofs.0.lastName',
      msg: 'The names on your passport do not match your personal details',
    });

    const expired = await api(app, token).post('/v1/kyc', {
      ...person,
      idProofs: [{ ...passport(a), expiryDate: '2029-12-31' }, medicare(m)],
    });
    expect(expired.json.errors).toContainEqual({
      field: 'idProofs.0.expiryDate',
      msg: 'This document has expired',
    });

    const [row] = await app.database.db.select().from(kycVerifications);
    expect(row).toBeUndefined();
  });

  it('moves submitted → in review → verified on the clock, mailing and recording each status event', async () => {
    const p = await uploaded(token, 'passport');
    const m = await uploaded(token, 'medicare');
    const submitted = await api(app, token).post('/v1/kyc', {
      ...person,
      idProofs: [passport(p), medicare(m)],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json.data.status).toBe('submitted');

    clock.advance(5_000);
    expect((await api(app, token).get('/v1/kyc/status')).json.data.status).toBe('inReview');
    clock.advance(10_000);
    const verified = (await api(app, token).get('/v1/kyc/status')).json.data;
    expect(verified.status).toBe('verified');
    expect(verified.events.map((e: { status: string }) => e.status)).toEqual([
      'submitted',
      'inReview',
      'verified',
    ]);

    await app.services.mailer.idle();
    const subjects = (await mailbox(app, 'bob@example.com')).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your identity verification is submitted',
        'Your identity verification is in review',
        'Your identity verification is verified',
      ]),
    );

    // The organisation access answer carries it.
    const login = await loginAs(app, 'bob@example.com');
    const access = await call(app, {
      url: '/v1/organization/access',
      token: login.accessToken,
      body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.acme },
    });
    expect(access.json.data.kycStatus).toBe('verified');

    // Verified details cannot be submitted again.
    const again = await api(app, token).post('/v1/kyc', { ...person, idProofs: [passport(p), medicare(m)] });
    expect(again.statusCode).toBe(412);
  });

  it('rejects with a reason when a document number ends in 0, and keeps the answers for a resubmission', async () => {
    const carol = (await loginAs(app, 'carol@example.com')).accessToken;
    const p = await uploaded(carol, 'passport');
    const m = await uploaded(carol, 'medicare');
    const names = { firstName: 'Carol', lastName: 'Citizen' };
    const body = {
      ...person,
      ...names,
      idProofs: [
        { ...passport(p, 'PA1234560'), ...names },
        { ...medicare(m), nameOnCard: 'CAROL CITIZEN' },
      ],
    };
    expect((await api(app, carol).post('/v1/kyc', body)).statusCode).toBe(200);
    clock.advance(15_000);
    const kyc = (await api(app, carol).get('/v1/kyc')).json.data;
    expect(kyc.status).toBe('rejected');
    expect(kyc.reason).toBe('The passport number could not be verified');
    expect(kyc.details.idProofs[0].number).toBe('PA1234560');
    expect(kyc.draft.details.firstName).toBe('Carol');

    // #33 finding 9: the answers and the draft made of them are sealed in the database.
    const carolId = (await findUserByEmail(app.database.db, 'carol@example.com'))!.id;
    const [row] = await app.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, carolId));
    const stored = JSON.stringify(row);
    for (const secret of ['PA1234560', '2123 45670 1', '1990-05-17', 'George', 'Carol', 'CAROL CITIZEN'])
      expect(stored).not.toContain(secret);
    expect(row!.details).toMatchObject({ sealed: 1 });
    expect(row!.draft).toMatchObject({ sealed: 1 });
    expect(row!.expiresOn).toBe('2034-07-01');
  });

  it('seals answers stored before sealing existed (the pass each start runs), and opens them again', async () => {
    const legacy = { ...person, idProofs: [passport('doc-legacy', 'PA7654321'), medicare('doc-legacy-2')] };
    const userId = (await findUserByEmail(app.database.db, 'email2fa@example.com'))!.id;
    await app.database.db
      .insert(kycVerifications)
      .values({ userId, details: legacy as never, status: 'verified', updatedAt: new Date() });
    const sealer = new DetailsSealer(new DocumentCipher(randomBytes(32)));
    expect(await sealPlainKycAnswers(app.database.db, sealer)).toBe(1);
    expect(await sealPlainKycAnswers(app.database.db, sealer)).toBe(0);
    const [row] = await app.database.db
      .select()
      .from(kycVerifications)
      .where(eq(kycVerifications.userId, userId));
    expect(JSON.stringify(row)).not.toContain('PA7654321');
    expect(row!.expiresOn).toBe('2034-07-01');
    expect(sealer.open(kycDetailsContext(userId), row!.details)).toEqual(legacy);
    await app.database.db.delete(kycVerifications).where(eq(kycVerifications.userId, userId));
  });

  it('keeps a draft between visits', async () => {
    const alice = (await loginAs(app, 'alice@example.com')).accessToken;
    const saved = await call(app, {
      method: 'PUT',
      url: '/v1/kyc/draft',
      token: alice,
      body: { step: 1, details: { firstName: 'Ali', idProofs: [{ documentType: 'passport' }] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const kyc = (await api(app, alice).get('/v1/kyc')).json.data;
    expect(kyc.draft).toMatchObject({ step: 1, details: { firstName: 'Ali' } });
    expect(kyc.status).toBe('notSubmitted');
  });
});

describe('documents', () => {
  let token: string;
  beforeAll(async () => {
    token = (await loginAs(app, 'totp@example.com').catch(() => loginAs(app, 'alice@example.com')))
      .accessToken;
  });

  it('takes the type from the bytes: a text file named .jpg is refused, a PDF is accepted', async () => {
    const fake = await upload(token, 'passport', Buffer.from('just some text, not an image'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json.msg).toBe('The file must be a JPEG, PNG or PDF');
    const pdf = await upload(token, 'passport', MINIMAL_PDF);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json.data.document.mimeType).toBe('application/pdf');
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const response = await upload(token, 'passport', big);
    expect(response.statusCode).toBe(400);
    expect(response.json.msg).toBe('The file is too large: at most 5 MB');
  });

  it('stores images re-encoded, without metadata, encrypted; serves them through a short link to the owner only', async () => {
    const original = await photo();
    expect(original.includes(SECRET_METADATA)).toBe(true);
    const response = await upload(token, 'passport', original);
    const { documentId } = response.json.data.document;
    const [row] = await app.database.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.id, documentId));
    // At rest: neither the upload nor its JPEG signature.
    expect(row!.content.equals(original)).toBe(false);
    expect(row!.content.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(row!.content.includes(Buffer.from(SECRET_METADATA))).toBe(false);

    const link = await postEmpty(token, `/v1/kyc/documents/${documentId}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const file = await app.inject({ url: link.json.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(file.rawPayload.includes(Buffer.from(SECRET_METADATA))).toBe(false);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();

    // Another user: as if it did not exist.
    const other = (await loginAs(app, 'dave@example.com')).accessToken;
    expect((await postEmpty(other, `/v1/kyc/documents/${documentId}/link`)).statusCode).toBe(404);

    // The link is short-lived.
    clock.advance(61_000);
    expect((await app.inject({ url: link.json.data.url })).statusCode).toBe(404);
    expect((await app.inject({ url: '/v1/documents/file?token=forged.token' })).statusCode).toBe(404);
  });

  it('decrypts only with its key', () => {
    const right = new DocumentCipher(Buffer.alloc(32, 1));
    const wrong = new DocumentCipher(Buffer.alloc(32, 2));
    const sealed = right.seal('doc-1', Buffer.from('passport image'));
    expect(right.open('doc-1', sealed).toString()).toBe('passport image');
    expect(() => wrong.open('doc-1', sealed)).toThrow();
    // Nor on another row.
    expect(() => right.open('doc-2', sealed)).toThrow();
  });
});

describe('KYB', () => {
  const business = (extractDocumentId: string, registrationDocumentId: string, abn = '51 824 753 556') => ({
    firstName: 'Jane',
    lastName: 'Citizen',
    country: 'AU',
    entityType: 'company',
    companyName: 'Acme Pty Ltd',
    abn,
    acn: '824 753 556',
    registeredOff: '1 George Street, Sydney NSW 2000',
    primaryLocation: '1 George Street, Sydney NSW 2000',
    listed: false,
    extractDocumentId,
    documentType: 'certificateOfRegistration',
    registrationDocumentId,
  });

  it('refuses an invalid ABN and ACN, accepts a valid one, shows the status to members and in the access answer', async () => {
    const owner = await enter(app, 'demo@example.com', DEMO_IDS.acme);
    const extract = await uploaded(owner, 'registryExtract', 'kyb');
    const registration = await uploaded(owner, 'registrationDocument', 'kyb');

    const badAbn = await api(app, owner).post('/v1/kyb', business(extract, registration, '51 824 753 557'));
    expect(badAbn.statusCode).toBe(400);
    expect(badAbn.json.errors).toContainEqual({ field: 'abn', msg: 'Invalid ABN: please check the number' });
    const badAcn = await api(app, owner).post('/v1/kyb', {
      ...business(extract, registration),
      acn: '123 456 789',
    });
    expect(badAcn.json.errors).toContainEqual({ field: 'acn', msg: 'Invalid ACN: please check the number' });
    expect((await api(app, owner).get('/v1/kyb/status')).json.data.status).toBe('notSubmitted');

    const ok = await api(app, owner).post('/v1/kyb', {
      ...business(extract, registration),
      acn: '000 000 019',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    clock.advance(15_000);

    const member = await enter(app, 'bob@example.com', DEMO_IDS.acme);
    expect((await api(app, member).get('/v1/kyb/status')).json.data.status).toBe('verified');
    // Only kyb.submit holders see the details and documents.
    expect((await api(app, member).get('/v1/kyb')).statusCode).toBe(403);
    const login = await loginAs(app, 'bob@example.com');
    const access = await call(app, {
      url: '/v1/organization/access',
      token: login.accessToken,
      body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.acme },
    });
    expect(access.json.data.kybStatus).toBe('verified');
  });

  it("answers 404 for another organisation's document", async () => {
    const acme = await enter(app, 'alice@example.com', DEMO_IDS.acme);
    const extract = await uploaded(acme, 'registryExtract', 'kyb');
    const globex = await enterWithTwoFactor('carol@example.com', DEMO_IDS.globex);
    expect((await postEmpty(globex, `/v1/kyb/documents/${extract}/link`)).statusCode).toBe(404);
    expect((await postEmpty(acme, `/v1/kyb/documents/${extract}/link`)).statusCode).toBe(200);
    // Nor can Globex's draft or submission point at Acme's upload.
    const draft = await call(app, {
      method: 'PUT',
      url: '/v1/kyb/draft',
      token: globex,
      body: { step: 2, details: { extractDocumentId: extract } },
    });
    expect(draft.statusCode).toBe(404);
    const own = await uploaded(globex, 'registrationDocument', 'kyb');
    const submit = await api(app, globex).post('/v1/kyb', {
      firstName: 'Carol',
      lastName: 'Citizen',
      country: 'NZ',
      entityType: 'company',
      companyName: 'Globex',
      registeredOff: '1 Queen Street, Auckland',
      primaryLocation: '1 Queen Street, Auckland',
      listed: false,
      extractDocumentId: extract,
      documentType: 'certificateOfRegistration',
      registrationDocumentId: own,
    });
    expect(submit.statusCode, submit.body).toBe(404);
    expect((await api(app, globex).get('/v1/kyb/status')).json.data.status).toBe('notSubmitted');
  });

  it('resets to notSubmitted, deleting the details and documents', async () => {
    const owner = await enter(app, 'demo@example.com', DEMO_IDS.acme);
    const reset = await postEmpty(owner, '/v1/kyb/reset');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json.data).toMatchObject({ status: 'notSubmitted', events: [] });
    const kyb = (await api(app, owner).get('/v1/kyb')).json.data;
    expect(kyb).toMatchObject({ details: null, draft: null, documents: [] });
    const [org] = await app.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, DEMO_IDS.acme));
    expect(org!.kybStatus).toBe('notSubmitted');
  });
});

describe('OpenAPI', () => {
  it('lists the identity endpoints', async () => {
    const doc = (await app.inject({ url: '/v1/openapi.json' })).json();
    for (const path of [
      '/v1/kyc',
      '/v1/kyc/status',
      '/v1/kyb',
      '/v1/kyb/status',
      '/v1/kyb/reset',
      '/v1/kyc/documents',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
