/**
 * Test support for the verification plugin's component tests (not shipped: only tests import it). Renders the
 * real host and app layout around the real plugin, in a business organisation or a personal account, with HTTP
 * faked by MSW through the contract's endpoint table.
 */
// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { SessionStore } from '@core';
import type { EndpointRoute } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';
import type {
  DocumentInfo,
  KybData,
  KycData,
  KycDetails,
  VerificationStatus,
} from '@contract/v1/identity-verification';
import { screen } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import kycPlugin from '../index';

/** Logged in, inside a business organisation (owner) or the personal account. */
export function signedIn(accountType: 'business' | 'personal') {
  return (session: SessionStore): void => {
    session.logIn({ accessToken: 'access', refreshToken: 'refresh' });
    const id = accountType === 'business' ? 'org-1' : 'personal-1';
    session.setOrganizations([
      {
        organizationId: id,
        organizationName: accountType === 'business' ? 'Acme Pty Ltd' : 'Jane Citizen',
        accountType,
        role: 'owner',
        enabled: true,
        portals: { kreanoAccount: { hasAccess: true } },
      },
    ]);
    session.selectOrganization(
      { organizationId: id, role: 'owner' },
      { accessToken: 'org-access', refreshToken: 'r' },
    );
  };
}

export interface Recorded {
  bodies: any[];
  count: number;
}

/** Answers one endpoint with `data` (or a function of the body) and records what the portal sent. */
export function answer(
  route: EndpointRoute,
  data: JsonBodyType | ((body: any) => JsonBodyType),
  options: { msg?: string; status?: number } = {},
): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    onEndpoint(route, async ({ request }) => {
      recorded.count += 1;
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      recorded.bodies.push(body);
      if (options.status && options.status >= 400) {
        return HttpResponse.json({ msg: options.msg ?? 'Refused', code: 'TEST' }, { status: options.status });
      }
      return HttpResponse.json({
        data: typeof data === 'function' ? data(body) : data,
        msg: options.msg ?? '',
      });
    }),
  );
  return recorded;
}

export const EVENT_AT = '2026-03-02T01:00:00.000Z';

/** GET /v1/kyc in `status` (with a rejection's reason), with details, a draft or documents as given. */
export function kycData(status: VerificationStatus, patch: Partial<KycData> = {}): KycData {
  const events =
    status === 'notSubmitted' ? [] : [{ status, reason: patch.reason ?? null, occurredAt: EVENT_AT }];
  return { status, reason: null, events, details: null, draft: null, documents: [], ...patch };
}

export function kybData(status: VerificationStatus, patch: Partial<KybData> = {}): KybData {
  const events =
    status === 'notSubmitted' ? [] : [{ status, reason: patch.reason ?? null, occurredAt: EVENT_AT }];
  return { status, reason: null, events, details: null, draft: null, documents: [], ...patch };
}

export function kybStatus(status: VerificationStatus, reason: string | null = null) {
  return answer(endpoints.kybStatus, {
    status,
    reason,
    updatedAt: status === 'notSubmitted' ? null : EVENT_AT,
    events: status === 'notSubmitted' ? [] : [{ status, reason, occurredAt: EVENT_AT }],
  });
}

export async function renderVerification(
  url: string,
  options: { accountType?: 'business' | 'personal'; language?: string } = {},
) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, kycPlugin],
    url,
    language: options.language,
    session: signedIn(options.accountType ?? 'business'),
  });
  // The first render of a file imports the app layout (antd's Layout and Menu) cold, which is slow on two shared cores.
  await screen.findByRole('heading', { level: 1 }, { timeout: 60_000 });
  return view;
}

/** A complete KYC as the server keeps it: a passport and a Medicare card, names matching. */
export const KYC_DETAILS = {
  firstName: 'Jane',
  lastName: 'Citizen',
  gender: 'female',
  dob: '1990-04-30',
  streetNumber: '10',
  streetName: 'George',
  streetType: 'street',
  suburb: 'Sydney',
  state: 'NSW',
  postCode: '2000',
  country: 'AU',
  idProofs: [
    {
      documentType: 'passport',
      issuingCountry: 'AU',
      number: 'PA1234567',
      firstName: 'Jane',
      lastName: 'Citizen',
      dob: '1990-04-30',
      expiryDate: '2031-05-01',
      documentId: 'doc-passport',
    },
    {
      documentType: 'medicare',
      number: '2123456701',
      cardColour: 'green',
      individualReference: 1,
      expiryMonth: '2030-07',
      nameOnCard: 'JANE CITIZEN',
      dob: '1990-04-30',
      documentId: 'doc-medicare',
    },
  ],
} satisfies KycDetails;

export const KYC_DOCUMENTS: DocumentInfo[] = [
  {
    documentId: 'doc-passport',
    kind: 'passport',
    fileName: 'passport.png',
    mimeType: 'image/png',
    size: 2000,
    uploadedAt: EVENT_AT,
  },
  {
    documentId: 'doc-medicare',
    kind: 'medicare',
    fileName: 'medicare.png',
    mimeType: 'image/png',
    size: 2000,
    uploadedAt: EVENT_AT,
  },
];

/** A draft kept at `step` with `details`. */
export function draft(step: number, details: Record<string, unknown>) {
  return { step, details, savedAt: EVENT_AT };
}

/** GET /v1/kyc and GET /v1/kyc/status, both from one KYC (the overview reads the status, and the draft before any submission). */
export function answerKyc(data: KycData) {
  answer(endpoints.kycStatus, {
    status: data.status,
    reason: data.reason,
    updatedAt: data.events.at(-1)?.occurredAt ?? null,
    events: data.events,
  });
  return answer(endpoints.kyc, data);
}
