import { expect, it } from 'vitest';
import { toE164 } from './phone-number';

it('writes every spelling of a number the same way, and refuses numbers no country could have', () => {
  expect(toE164('+61412345678')).toBe('+61412345678');
  expect(toE164('+610412345678')).toBe('+61412345678');
  expect(toE164('+33612345678')).toBe('+33612345678');
  expect(toE164('+1234567')).toBeNull();
  expect(toE164('+999123456789')).toBeNull();
  expect(toE164('0412345678')).toBeNull();
});
