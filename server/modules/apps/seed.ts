import { newId } from '../../security/random';
import type { DemoSeed } from '../../seed/demo-seed';
import { DEMO_IDS, DEMO_PORTALS } from '../organizations/seed';
import { apps, organizationApps } from './schema';

const FIRST_PARTY_APPS = [
  {
    title: 'AI Redaction',
    portalKey: 'kreanoRedact',
    tabName: 'redact',
    description: 'Find and remove sensitive information from documents with AI.',
  },
  {
    title: 'E-Signature',
    portalKey: 'kreanoSign',
    tabName: 'sign',
    description: 'Send, sign and track agreements, with an AI assistant.',
  },
  {
    title: 'Developer API',
    portalKey: 'kreanoMods',
    tabName: 'mods',
    description: 'Integrate document workflows into your own products.',
  },
  {
    title: 'Identity Verification',
    portalKey: 'kreanoId',
    tabName: 'id',
    description: 'Verify people against official documents and registries.',
  },
  {
    title: 'Document Exchange',
    portalKey: 'dataExchange',
    tabName: 'exchange',
    description: 'Exchange documents and data securely with partners.',
  },
  {
    title: 'Asset Verification',
    portalKey: 'kreanoExtract',
    tabName: 'extract',
    description: 'Extract and verify data about assets from documents.',
  },
] as const;

const THIRD_PARTY_APPS = [
  {
    id: '33333333-3333-4333-8333-000000000001',
    title: 'CloudDrive Sync',
    appUrl: 'https://clouddrive.example',
    description: 'Sync signed documents to your cloud drive.',
  },
  {
    id: '33333333-3333-4333-8333-000000000002',
    title: 'LedgerBooks',
    appUrl: 'https://ledgerbooks.example',
    description: 'Send completed invoices to your accounting ledger.',
  },
];

/** One first-party app per portal, and two partner apps of which Acme has enabled one (with single sign-on). */
export const appsSeed: DemoSeed = {
  async run({ db }) {
    await db.insert(apps).values([
      ...FIRST_PARTY_APPS.map((app, i) => {
        const portal = DEMO_PORTALS.find((p) => p.key === app.portalKey);
        return {
          id: newId(),
          title: app.title,
          description: app.description,
          referenceLink: `https://docs.kreano.example/${app.tabName}`,
          appUrl: portal?.url ?? '/',
          portalKey: app.portalKey,
          tabName: app.tabName,
          thirdParty: false,
          sortOrder: i,
        };
      }),
      ...THIRD_PARTY_APPS.map((app, i) => ({
        ...app,
        referenceLink: `${app.appUrl}/about`,
        portalKey: null,
        tabName: app.title.toLowerCase().replace(/\s+/g, '-'),
        thirdParty: true,
        sortOrder: FIRST_PARTY_APPS.length + i,
      })),
    ]);
    await db.insert(organizationApps).values([
      {
        organizationId: DEMO_IDS.acme,
        appId: THIRD_PARTY_APPS[0].id,
        enabled: true,
        ssoIntegrationCompleted: true,
      },
      {
        organizationId: DEMO_IDS.acme,
        appId: THIRD_PARTY_APPS[1].id,
        enabled: false,
        ssoIntegrationCompleted: false,
      },
    ]);
  },
};
