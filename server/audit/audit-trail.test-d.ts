/**
 * Compile-time checks of the event catalogue, run by `npm run typecheck` (part of `npm test`): every line marked
 * `@ts-expect-error` must fail to compile, so this file breaks the typecheck as soon as a misspelt event compiles
 * again (issue #38). A module adds events to the catalogue from its own file, as below (docs/plugins.md, step 7).
 */
import type { AuditEntry, AuditEvent, AuditTrail } from './audit-trail';

// What a plugin's server module declares (here, for the whole typecheck, an event no feature records).
declare module './audit-trail' {
  interface AuditEventCatalogue {
    'type-test.probed': true;
  }
}

declare const audit: AuditTrail;

/** Never called: only compiled. */
export async function auditEventChecks(): Promise<void> {
  await audit.record(null, { event: 'login.success' });
  // A module's own event, declared outside audit-trail.ts.
  await audit.record(null, { event: 'type-test.probed', details: { noteId: 'n1' } });
  const declared: AuditEvent = 'type-test.probed';

  // @ts-expect-error a misspelt shipped event
  await audit.record(null, { event: 'login.sucess' });
  // @ts-expect-error a misspelt module event
  const misspelt: AuditEntry = { event: 'type-test.probd' };
  // @ts-expect-error an event no one declares
  const undeclared: AuditEvent = 'nobody.declared-this';
  void [declared, misspelt, undeclared];
}
