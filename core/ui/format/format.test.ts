import dayjs from 'dayjs';
import {
  FILTER_DEBOUNCE_MS,
  filterDateRange,
  formatDate,
  formatDateTime,
  isOutsideFilterRange,
  parseDate,
  regionalFormatOptions,
  titleCase,
  toPageQuery,
  truncateEnd,
  truncateMiddle,
} from '.';

describe('formatDateTime (docs/limits-and-timing.md default region)', () => {
  it.each([
    ['Sydney daylight time', '2026-01-01T00:00:00Z', {}, '01/01/2026 11:00 AM'],
    ['Sydney standard time', '2026-07-01T00:00:00Z', {}, '01/07/2026 10:00 AM'],
    ['afternoon', '2026-01-01T03:30:00Z', {}, '01/01/2026 02:30 PM'],
    ['string without offset is UTC', '2026-01-01T00:00:00', {}, '01/01/2026 11:00 AM'],
    ['string with offset', '2026-01-01T10:00:00+10:00', {}, '01/01/2026 11:00 AM'],
    ['epoch milliseconds', Date.UTC(2026, 0, 1), {}, '01/01/2026 11:00 AM'],
    ['Date object', new Date('2026-01-01T00:00:00Z'), {}, '01/01/2026 11:00 AM'],
    [
      'another zone and format',
      '2026-01-01T00:00:00Z',
      { timeZone: 'Europe/Paris', format: 'DD/MM/YYYY HH:mm' },
      '01/01/2026 01:00',
    ],
    [
      'unknown zone falls back to Sydney',
      '2026-01-01T00:00:00Z',
      { timeZone: 'Mars/Olympus' },
      '01/01/2026 11:00 AM',
    ],
  ])('%s', (_name, value, options, expected) => {
    expect(formatDateTime(value, options)).toBe(expected);
  });

  it.each([null, undefined, '', 'not a date'])('shows nothing for %j', (value) => {
    expect(formatDateTime(value)).toBe('');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as DD/MM/YYYY without shifting it', () => {
    expect(formatDate('2026-03-31')).toBe('31/03/2026');
    expect(formatDate('2026-03-31', { timeZone: 'Pacific/Honolulu' })).toBe('31/03/2026');
  });

  it('shows an instant as the day in the region', () => {
    expect(formatDate('2025-12-31T14:00:00Z')).toBe('01/01/2026');
    expect(formatDate('2025-12-31T14:00:00Z', { timeZone: 'UTC' })).toBe('31/12/2025');
  });

  it('shows nothing for an impossible date', () => {
    expect(formatDate('2026-02-30')).toBe('');
  });
});

describe('parseDate', () => {
  it('reads typed DD/MM/YYYY strictly', () => {
    expect(parseDate('31/03/2026')?.format('YYYY-MM-DD')).toBe('2026-03-31');
    expect(parseDate('31/02/2026')).toBeNull();
    expect(parseDate('2026-03-31')).toBeNull();
  });
});

describe('regionalFormatOptions', () => {
  it('defaults to Sydney and DD/MM/YYYY hh:mm A', () => {
    expect(regionalFormatOptions()).toEqual({ timeZone: 'Australia/Sydney', format: 'DD/MM/YYYY hh:mm A' });
  });

  it("uses the organisation's zone and format", () => {
    const options = regionalFormatOptions({
      matchDeviceTime: false,
      timeZone: 'Asia/Kolkata',
      timeFormat: 'YYYY-MM-DD HH:mm',
    });
    expect(formatDateTime('2026-01-01T00:00:00Z', options)).toBe('2026-01-01 05:30');
  });

  it("uses the device's zone when asked to", () => {
    const options = regionalFormatOptions({
      matchDeviceTime: true,
      timeZone: 'Asia/Kolkata',
      timeFormat: 'DD/MM/YYYY hh:mm A',
    });
    expect(options.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('truncation (docs/limits-and-timing.md)', () => {
  it('keeps the first 30 characters and an ellipsis', () => {
    expect(truncateEnd('Quarterly statement for the Document Apps', 30)).toBe(
      'Quarterly statement for the Do...',
    );
    expect(truncateEnd('a'.repeat(30), 30)).toBe('a'.repeat(30));
  });

  it('shortens a text over 35 characters to 15 + ... + 15', () => {
    const text = 'a-very-long-contract-file-name-for-2026.pdf';
    expect(truncateMiddle(text)).toBe('a-very-long-con...me-for-2026.pdf');
    expect(truncateMiddle('x'.repeat(35))).toBe('x'.repeat(35));
    expect(truncateMiddle(`${'a'.repeat(18)}${'b'.repeat(18)}`)).toBe(
      `${'a'.repeat(15)}...${'b'.repeat(15)}`,
    );
  });

  it('never cuts an emoji in half', () => {
    expect(truncateEnd('😀'.repeat(31), 30)).toBe(`${'😀'.repeat(30)}...`);
  });
});

describe('titleCase', () => {
  it.each([
    ['owner', 'Owner'],
    ['admin', 'Admin'],
    ['ADMIN', 'Admin'],
    ['billing_manager', 'Billing Manager'],
    ['super  user', 'Super User'],
    ['', ''],
  ])('%j → %j', (role, expected) => {
    expect(titleCase(role)).toBe(expected);
  });
});

describe('toPageQuery', () => {
  it('starts at offset 1 and keeps the limit', () => {
    expect(toPageQuery()).toEqual({ offset: 1, limit: 10 });
    expect(toPageQuery(3, 25)).toEqual({ offset: 3, limit: 25 });
  });

  it('falls back to the first page for nonsense', () => {
    expect(toPageQuery(0, 0)).toEqual({ offset: 1, limit: 10 });
    expect(toPageQuery(Number.NaN, -5)).toEqual({ offset: 1, limit: 10 });
  });
});

describe('column filters', () => {
  it('debounce for one second', () => {
    expect(FILTER_DEBOUNCE_MS).toBe(1000);
  });

  it('allow the last 89 days up to today', () => {
    const today = dayjs('2026-03-31T12:00:00');
    const { from, to } = filterDateRange(today);
    expect(from.format('YYYY-MM-DD HH:mm')).toBe('2026-01-01 00:00');
    expect(to.format('YYYY-MM-DD HH:mm')).toBe('2026-03-31 23:59');
    expect(isOutsideFilterRange(dayjs('2025-12-31'), today)).toBe(true);
    expect(isOutsideFilterRange(dayjs('2026-01-01'), today)).toBe(false);
    expect(isOutsideFilterRange(dayjs('2026-03-31T23:00:00'), today)).toBe(false);
    expect(isOutsideFilterRange(dayjs('2026-04-01'), today)).toBe(true);
  });
});
