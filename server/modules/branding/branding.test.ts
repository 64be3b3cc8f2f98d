import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, createTwinApp, loginAs } from '../../test/test-app';
import { mailTemplates } from '../../mail/templates';
import { api, enter } from '../organization-acl/test-helpers';
import { brandingLogos, portalBranding } from './schema';

let app: App;
let owner: string;
let admin: string;
let member: string;

beforeAll(async () => {
  app = await createTestApp();
  owner = await enter(app, 'demo@example.com', DEMO_IDS.acme);
  admin = await enter(app, 'alice@example.com', DEMO_IDS.acme);
  member = await enter(app, 'bob@example.com', DEMO_IDS.acme);
});
afterAll(() => app.close());

const db = () => app.database.db;
const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');
const png = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 4, background: '#0b1f44' } })
    .png()
    .toBuffer();
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

const upload = (token: string, data: string | null, extra: Record<string, unknown> = {}) =>
  api(app, token).patch('/v1/logo', { portalId: 'kreanoAccount', variant: 'logo', data, ...extra });
const setColours = (token: string, body: Record<string, unknown>) =>
  api(app, token).patch('/v1/branding', { portalId: 'kreanoAccount', ...body });
const portalOf = (answer: { json: { data: { portals: { portalKey: string }[] } } }, key: string) =>
  answer.json.data.portals.find((portal) => portal.portalKey === key) as Record<string, unknown>;
const auditOf = async (event: string) =>
  db().select().from(activityLogs).where(eq(activityLogs.eventType, event)).orderBy(activityLogs.seq);
// A logo is answered by path, never by a host: PUBLIC_URL may name another host than the one the page is opened on.
const LOGO_PATH = /^\/v1\/branding\/logo\/[\w-]+$/;

describe('GET /v1/branding', () => {
  it("lists every portal with the organisation's seeded colours, portal names and no logo yet", async () => {
    const { statusCode, json } = await api(app, owner).get('/v1/branding');
    expect(statusCode).toBe(200);
    expect(json.data.portals.map((p: { portalKey: string }) => p.portalKey)).toEqual([
      'kreanoAccount',
      'kreanoMods',
      'kreanoRedact',
      'kreanoSign',
      'kreanoId',
      'kreanoExtract',
      'dataExchange',
    ]);
    expect(json.data.portals[0]).toMatchObject({
      portalName: 'Kreano Account',
      primaryColor: '#0b1f44',
      secondaryColor: '#f5a623',
      textColor: '#ffffff',
      logo: null,
      darkLogo: null,
    });
  });
});

describe('colours (PATCH /v1/branding)', () => {
  it.each(['#abc', '#12345', '#1234567', 'red', '#12345g', '#123456789'])(
    'refuses %s with the rule message',
    async (colour) => {
      const response = await setColours(owner, { primaryColor: colour });
      expect(response.statusCode).toBe(400);
      expect(response.json.msg).toBe(
        'Enter a hex colour: # followed by 6 or 8 hex digits (#RRGGBB or #RRGGBBAA)',
      );
      expect(response.json.errors).toEqual([{ field: 'primaryColor', msg: response.json.msg }]);
      const [row] = await db()
        .select()
        .from(portalBranding)
        .where(eq(portalBranding.portalKey, 'kreanoAccount'));
      expect(row.primaryColor).not.toBe(colour);
    },
  );

  it('takes #RRGGBB and #RRGGBBAA, keeps the colours left out, and answers the saved branding', async () => {
    const response = await setColours(owner, { primaryColor: '#123456', textColor: '#12345678' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.msg).toBe('Branding saved');
    expect(response.json.data.portals).toHaveLength(1);
    expect(portalOf(response, 'kreanoAccount')).toMatchObject({
      primaryColor: '#123456',
      secondaryColor: '#f5a623',
      textColor: '#12345678',
    });
    // Other portals are untouched.
    const list = await api(app, owner).get('/v1/branding');
    expect(portalOf(list, 'kreanoSign').primaryColor).toBe('#0b1f44');
  });

  it('refuses a body with no colour, an unknown portal and an unknown field, storing nothing', async () => {
    expect((await setColours(owner, {})).json).toMatchObject({ msg: 'Choose at least one colour to save' });
    const unknown = await api(app, owner).patch('/v1/branding', {
      portalId: 'kreanoNowhere',
      primaryColor: '#000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json.code).toBe('PORTAL_NOT_FOUND');
    expect((await setColours(owner, { primaryColor: '#000000', logo: 'x' })).statusCode).toBe(400);
    const list = await api(app, owner).get('/v1/branding');
    expect(portalOf(list, 'kreanoAccount').primaryColor).toBe('#123456');
  });

  it('with setToAllPortal sets every portal, and records who changed which portal from what to what', async () => {
    const response = await setColours(admin, { secondaryColor: '#abcdef', setToAllPortal: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.data.portals).toHaveLength(7);
    expect(
      response.json.data.portals.every((p: { secondaryColor: string }) => p.secondaryColor === '#abcdef'),
    ).toBe(true);
    const entries = await auditOf('branding.updated');
    const account = entries
      .filter((e) => (e.details as { portal: string }).portal === 'kreanoAccount')
      .at(-1)!;
    expect(account.organizationId).toBe(DEMO_IDS.acme);
    expect(account.details).toMatchObject({
      portal: 'kreanoAccount',
      before: { secondaryColor: '#f5a623', primaryColor: '#123456' },
      after: { secondaryColor: '#abcdef', primaryColor: '#123456' },
    });
    expect(
      entries.filter(
        (e) =>
          e.userId === account.userId &&
          (e.details as { after: { secondaryColor: string } }).after.secondaryColor === '#abcdef',
      ),
    ).toHaveLength(7);
  });

  it('an invalid colour stored by other means is read, applied and answered as the default', async () => {
    await db()
      .update(portalBranding)
      .set({ textColor: 'javascript:red' })
      .where(eq(portalBranding.portalKey, 'kreanoRedact'));
    const list = await api(app, owner).get('/v1/branding');
    expect(portalOf(list, 'kreanoRedact').textColor).toBeNull();
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const access = await call(app, {
      url: '/v1/organization/access',
      token: accessToken,
      body: { portalId: 'kreanoRedact', orgId: DEMO_IDS.acme },
    });
    expect(access.json.data.branding.textColor).toBeNull();
  });
});

describe('logos (PATCH and GET /v1/logo, GET /v1/branding/logo/:logoId)', () => {
  let logoPath: string;

  it('stores a PNG (sent with any name) as a re-encoded image/png and serves it with restrictive headers', async () => {
    const response = await upload(owner, base64(await png()));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json).toMatchObject({ msg: 'Logo saved', data: { cleaned: false } });
    logoPath = portalOf(response, 'kreanoAccount').logo as string;
    expect(logoPath).toMatch(LOGO_PATH);

    const served = await call(app, { url: logoPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');

    const again = await call(app, {
      url: logoPath,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const logos = await api(app, owner).get('/v1/logo?portalId=kreanoAccount');
    expect(logos.json.data).toMatchObject({ logo: logoPath, darkLogo: null });
  });

  it('the organisation list and the access answer carry the stored logo and colours', async () => {
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const list = await call(app, { url: '/v1/organization-list', token: accessToken });
    const acme = list.json.data.organizationList.find(
      (o: { organizationId: string }) => o.organizationId === DEMO_IDS.acme,
    );
    expect(acme.branding).toEqual({
      primaryColor: '#123456',
      secondaryColor: '#abcdef',
      textColor: '#12345678',
      file: logoPath,
      darkLogo: null,
    });
    expect(acme.branding.file).toMatch(LOGO_PATH);
    expect((await call(app, { url: acme.branding.file })).statusCode).toBe(200);
    const access = await call(app, {
      url: '/v1/organization/access',
      token: accessToken,
      body: { portalId: 'kreanoAccount', orgId: DEMO_IDS.acme },
    });
    expect(access.json.data.logo).toBe(logoPath);
    expect(access.json.data.branding.file).toBe(logoPath);
  });

  it('refuses an HTML file named logo.png and a GIF, saying what is allowed, and keeps the stored logo', async () => {
    for (const bytes of [
      '<html><body onload="alert(1)">x</body></html>',
      'GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;',
    ]) {
      const response = await upload(owner, base64(bytes));
      expect(response.statusCode).toBe(400);
      expect(response.json).toMatchObject({
        msg: 'The logo must be a PNG, JPEG, WebP or SVG image',
        code: 'LOGO_REFUSED',
      });
    }
    expect((await api(app, owner).get('/v1/logo?portalId=kreanoAccount')).json.data.logo).toBe(logoPath);
  });

  it('refuses more than 1 MB and more than 2000 × 2000 px with their limits', async () => {
    const tooLarge = await upload(owner, base64(Buffer.concat([await png(), Buffer.alloc(1024 * 1024)])));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json.msg).toBe('The logo must be at most 1 MB');
    const tooWide = await upload(owner, base64(await png(2001, 10)));
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json.msg).toBe('The logo must be at most 2000 × 2000 pixels');
    const notBase64 = await upload(owner, 'not base64!');
    expect(notBase64.json.msg).toBe('The logo must be sent as base64 data');
    expect((await api(app, owner).get('/v1/logo?portalId=kreanoAccount')).json.data.logo).toBe(logoPath);
  });

  it('cleans an SVG with a script and an onload handler, says so, and never serves the script', async () => {
    const svg = `<svg ${SVG_NS} width="100" height="30" onload="alert(1)"><script>alert(2)</script><rect width="100" height="30" fill="#0b1f44"/></svg>`;
    const response = await upload(owner, base64(svg), { variant: 'darkLogo' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json).toMatchObject({
      msg: 'Logo saved. Scripts, event handlers and external references were removed from the SVG',
      data: { cleaned: true },
    });
    const darkLogo = portalOf(response, 'kreanoAccount').darkLogo as string;
    expect(darkLogo).toMatch(LOGO_PATH);
    const served = await call(app, { url: darkLogo });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(served.body).not.toMatch(/script|onload|alert/);
    expect(served.body).toContain('<rect');
  });

  it('a second server instance on the same database serves the logo uploaded through the first', async () => {
    const twin = await createTwinApp(app);
    try {
      const served = await call(twin, { url: logoPath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers.etag).toBe((await call(app, { url: logoPath })).headers.etag);
    } finally {
      await twin.close();
    }
  });

  it('a replaced logo is deleted with the change, and its old URL answers 404', async () => {
    const response = await upload(owner, base64(await png(50, 50)));
    const next = portalOf(response, 'kreanoAccount').logo as string;
    expect(next).not.toBe(logoPath);
    const old = await call(app, { url: logoPath });
    expect(old.statusCode).toBe(404);
    expect(old.json).toEqual({ msg: 'Logo not found', code: 'LOGO_NOT_FOUND' });
    logoPath = next;
  });

  it('setToAllPortal gives every portal the same stored file; data null removes it', async () => {
    const all = await upload(admin, base64(await png(60, 30)), { setToAllPortal: true });
    const urls = new Set(all.json.data.portals.map((p: { logo: string }) => p.logo));
    expect(urls.size).toBe(1);
    expect(
      (await db().select().from(brandingLogos).where(eq(brandingLogos.organizationId, DEMO_IDS.acme))).length,
    ).toBe(2);
    const removed = await upload(admin, null);
    expect(removed.json.msg).toBe('Logo removed');
    expect(portalOf(removed, 'kreanoAccount').logo).toBeNull();
    expect((await api(app, admin).get('/v1/logo?portalId=kreanoSign')).json.data.logo).toBe([...urls][0]);
  });
});

describe('branded mail', () => {
  it("an invitation carries the organisation's account-portal logo and its primary colour on the button", async () => {
    const saved = await upload(owner, base64(await png(80, 24)));
    const logo = portalOf(saved, 'kreanoAccount').logo as string;
    await setColours(owner, { primaryColor: '#1f6f43cc' });
    const invited = await api(app, owner).post('/v1/organization/member', {
      email: 'branded.mail@example.com',
      role: 'member',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    await app.services.mailer.idle();
    const [mail] = (await call(app, { url: '/dev/mailbox/messages?to=branded.mail%40example.com' })).json as {
      html: string;
    }[];
    // A mail client has no page to resolve a path against: the mail carries the logo on PUBLIC_URL.
    expect(logo).toMatch(LOGO_PATH);
    expect(mail.html).toContain(`<img src="${app.services.config.publicUrl}${logo}" alt="Acme Pty Ltd"`);
    expect(app.services.config.publicUrl).toMatch(/^https?:\/\/[^/]+$/);
    // The colour without its opacity (mail clients ignore it), with the text colour that reads on it.
    expect(mail.html).toContain('background:#1f6f43;color:#ffffff');
    const served = await call(app, { url: logo });
    expect(served.statusCode).toBe(200);
  });

  it("without branding a mail has the product's look and no logo; a light brand colour gets dark button text", () => {
    const plain = mailTemplates.invitation('a@example.com', 'Globex', 'Carol', 'https://x/invite', 'en');
    expect(plain.html).not.toContain('<img');
    expect(plain.html).toContain('background:#0b1f44;color:#ffffff');
    const light = mailTemplates.invitation('a@example.com', 'Globex', 'Carol', 'https://x/invite', 'en', {
      name: 'Globex <Corp>',
      logoUrl: 'https://portal.example/v1/branding/logo/abc?x="1"',
      primaryColor: '#f5e663',
    });
    expect(light.html).toContain('background:#f5e663;color:#1b2233');
    expect(light.html).toContain(
      '<img src="https://portal.example/v1/branding/logo/abc?x=&quot;1&quot;" alt="Globex &lt;Corp&gt;"',
    );
  });
});

describe('reset (DELETE /v1/branding)', () => {
  it('resets one portal to the product defaults (colours and both logos) and leaves the others', async () => {
    const response = await api(app, owner).delete('/v1/branding?portalId=kreanoSign');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json.msg).toBe('Branding reset to the defaults');
    expect(response.json.data.portals).toEqual([
      expect.objectContaining({
        portalKey: 'kreanoSign',
        primaryColor: null,
        secondaryColor: null,
        textColor: null,
        logo: null,
        darkLogo: null,
      }),
    ]);
    const list = await api(app, owner).get('/v1/branding');
    expect(portalOf(list, 'kreanoId')).toMatchObject({ secondaryColor: '#abcdef' });
    expect(portalOf(list, 'kreanoId').logo).not.toBeNull();
    const [entry] = (await auditOf('branding.reset')).slice(-1);
    expect(entry.details).toMatchObject({
      portal: 'kreanoSign',
      before: { secondaryColor: '#abcdef' },
      after: { secondaryColor: null, logoId: null },
    });
  });

  it('resets every portal with setToAllPortal and deletes the logos nothing points to', async () => {
    const response = await api(app, owner).delete('/v1/branding?portalId=kreanoAccount&setToAllPortal=true');
    expect(response.statusCode).toBe(200);
    expect(response.json.data.portals).toHaveLength(7);
    for (const portal of response.json.data.portals)
      expect(portal).toMatchObject({
        primaryColor: null,
        secondaryColor: null,
        textColor: null,
        logo: null,
        darkLogo: null,
      });
    expect(
      await db().select().from(brandingLogos).where(eq(brandingLogos.organizationId, DEMO_IDS.acme)),
    ).toEqual([]);
    const { accessToken } = await loginAs(app, 'demo@example.com');
    const list = await call(app, { url: '/v1/organization-list', token: accessToken });
    const acme = list.json.data.organizationList.find(
      (o: { organizationId: string }) => o.organizationId === DEMO_IDS.acme,
    );
    expect(acme.branding).toEqual({
      primaryColor: null,
      secondaryColor: null,
      textColor: null,
      file: null,
      darkLogo: null,
    });
  });
});

describe('who may brand', () => {
  it('a member (no branding.manage) gets 403 on every branding call and changes nothing', async () => {
    const before = await db().select().from(portalBranding);
    const calls = [
      api(app, member).get('/v1/branding'),
      setColours(member, { primaryColor: '#000000' }),
      api(app, member).delete('/v1/branding?portalId=kreanoAccount'),
      api(app, member).get('/v1/logo?portalId=kreanoAccount'),
      upload(member, base64(await png())),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(403);
    expect(await db().select().from(portalBranding)).toEqual(before);
  });

  it("another organisation's caller sees and changes only its own branding; another organisation's id is not a portal (404)", async () => {
    await setColours(owner, { primaryColor: '#0a0b0c' });
    // The demo owner's personal account: another organisation, of which they are the owner.
    const outsider = await enter(
      app,
      'demo@example.com',
      (await personalOrganizationOf('demo@example.com'))!,
    );
    const theirs = await api(app, outsider).get('/v1/branding');
    expect(theirs.statusCode).toBe(200);
    expect(portalOf(theirs, 'kreanoAccount').primaryColor).toBeNull();
    const reset = await api(app, outsider).delete(`/v1/branding?portalId=${DEMO_IDS.acme}`);
    expect(reset.statusCode).toBe(404);
    const acme = await api(app, owner).get('/v1/branding');
    expect(portalOf(acme, 'kreanoAccount').primaryColor).toBe('#0a0b0c');
  });

  it('without a session: 401 for the settings, while a logo file stays public', async () => {
    expect((await call(app, { url: '/v1/branding' })).statusCode).toBe(401);
    expect((await call(app, { url: '/v1/branding/logo/unknown-id' })).statusCode).toBe(404);
    expect((await call(app, { url: '/v1/branding/logo/..%2F..%2Fetc' })).statusCode).toBe(400);
  });
});

async function personalOrganizationOf(email: string): Promise<string | undefined> {
  const { accessToken } = await loginAs(app, email);
  const list = await call(app, { url: '/v1/organization-list', token: accessToken });
  return list.json.data.organizationList.find((o: { accountType: string }) => o.accountType === 'personal')
    ?.organizationId;
}

describe('OpenAPI', () => {
  it('documents the branding endpoints with their permission', async () => {
    const { json } = await call(app, { url: '/v1/openapi.json' });
    expect(json.paths['/v1/branding'].patch['x-permission']).toBe('branding.manage');
    expect(Object.keys(json.paths['/v1/branding'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
    expect(Object.keys(json.paths['/v1/logo'])).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(json.paths['/v1/branding/logo/{logoId}'].get.tags).toEqual(['Branding']);
  });
});
