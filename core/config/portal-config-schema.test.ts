import { PASSWORD_POLICIES } from '@contract/rules/index';
import { PORTAL_KEYS } from '@contract/v1/constants';
import schema from './portal-config.schema.json';
import { parseConfig } from './parse-config';

describe('portal-config.schema.json follows the contract', () => {
  it("offers exactly the contract's portal keys for portalKey, so the two lists cannot drift", () => {
    expect(schema.properties.portalKey.enum).toEqual([...PORTAL_KEYS]);
  });

  it('accepts every portal key of the contract and refuses any other', () => {
    for (const portalKey of PORTAL_KEYS)
      expect(parseConfig({ apiBaseUrl: '/', portalKey }).portalKey).toBe(portalKey);
    expect(() => parseConfig({ apiBaseUrl: '/', portalKey: 'kreanoElsewhere' })).toThrow(/portalKey/);
  });

  it("offers exactly the rule set's password policies, the product's own rule by default", () => {
    expect(schema.properties.passwordPolicy.enum).toEqual([...PASSWORD_POLICIES]);
    expect(parseConfig({ apiBaseUrl: '/' }).passwordPolicy).toBe('product');
    expect(() => parseConfig({ apiBaseUrl: '/', passwordPolicy: 'weak' })).toThrow(/passwordPolicy/);
  });
});
