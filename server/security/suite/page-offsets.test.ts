/**
 * Paged lists and offsets past any page (issue #33, finding 8): an offset such as 922337203685477580 passed
 * validation and overflowed the database's row offset, so the invoice, contract, member and activity lists answered
 * 500. Every endpoint whose query takes an `offset` is found in the contract, so a new paged list is covered too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_OFFSET_MAX } from '../../../contract/v1/constants';
import type { App } from '../../http/types';
import { createTestApp } from '../../test/test-app';
import { ENTRIES, describeEntry, injectOptions, schemaOf, validInput, type Entry } from './contract-inputs';
import { expectRefusal, organizationToken } from './suite-app';

const PAGED = ENTRIES.filter((entry) => {
  const properties = schemaOf(entry, 'query')?.properties as Record<string, unknown> | undefined;
  return properties?.offset !== undefined;
});

let app: App;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  // The owner passes every permission check: only validation stands in the way.
  token = await organizationToken(app, 'demo@example.com');
});
afterAll(() => app.close());

const withOffset = (entry: Entry, offset: string) => {
  const input = validInput(entry);
  return injectOptions(entry, { ...input, query: { ...input.query, offset } }, token);
};

describe('offsets of paged lists', () => {
  it('finds the paged lists in the contract', () => {
    const paths = PAGED.map((entry) => entry.endpoint.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/bill', '/v1/contract', '/v1/organization/member', '/v1/activity-logs']),
    );
  });

  describe.each(PAGED.map((entry) => [describeEntry(entry), entry] as const))('%s', (label, entry) => {
    it.each(['922337203685477580', '9007199254740993', String(PAGE_OFFSET_MAX + 1)])(
      'refuses offset=%s with 400 and the offset message',
      async (offset) => {
        const response = await app.inject(withOffset(entry, offset));
        expectRefusal(response, 400, `${label} offset=${offset}`);
        expect((response.json() as { msg: string }).msg).toContain(`from 1 to ${PAGE_OFFSET_MAX}`);
      },
    );

    it('answers the last page it accepts', async () => {
      const response = await app.inject(withOffset(entry, String(PAGE_OFFSET_MAX)));
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    });
  });
});
