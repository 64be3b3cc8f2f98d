import { formatDate, formatDateTime, regionalFormatOptions } from './date';

const PARIS_REGION = { timeZone: 'Europe/Paris', format: 'DD/MM/YYYY HH:mm' };

describe("regionalFormatOptions: the organisation's region, else the deployment's", () => {
  it("uses the config's region when the organisation sent none", () => {
    expect(regionalFormatOptions(null, PARIS_REGION)).toEqual({
      timeZone: 'Europe/Paris',
      format: 'DD/MM/YYYY HH:mm',
    });
    expect(formatDateTime('2026-01-01T00:00:00Z', regionalFormatOptions(undefined, PARIS_REGION))).toBe(
      '01/01/2026 01:00',
    );
  });

  it("prefers the organisation's zone and format over the config's", () => {
    const options = regionalFormatOptions(
      { matchDeviceTime: false, timeZone: 'Asia/Kolkata', timeFormat: 'YYYY-MM-DD HH:mm' },
      PARIS_REGION,
    );
    expect(formatDateTime('2026-01-01T00:00:00Z', options)).toBe('2026-01-01 05:30');
  });

  it('fills each part the organisation left empty from the config, not from the built-in default', () => {
    expect(
      regionalFormatOptions({ matchDeviceTime: false, timeZone: '', timeFormat: 'HH:mm' }, PARIS_REGION),
    ).toEqual({
      timeZone: 'Europe/Paris',
      format: 'HH:mm',
    });
  });
});

describe('dates and times in the reader\'s language, in the region\'s time zone', () => {
  const instant = '2026-11-28T11:43:00Z'; // 10:43 PM in Sydney (daylight time)
  const sydney = { timeZone: 'Australia/Sydney', format: 'DD/MM/YYYY hh:mm A' };

  it('follows the configured pattern in English', () => {
    expect(formatDateTime(instant, { ...sydney, language: 'en' })).toBe('28/11/2026 10:43 PM');
    expect(formatDateTime(instant, sydney)).toBe('28/11/2026 10:43 PM');
  });

  it('writes French on a 24-hour clock, whatever the English pattern says', () => {
    expect(formatDateTime(instant, { ...sydney, language: 'fr' })).toBe('28/11/2026 22:43');
  });

  it("writes Arabic its own way: its day-period, never the English 'PM'", () => {
    const arabic = formatDateTime(instant, { ...sydney, language: 'ar' });
    expect(arabic).toContain('10:43');
    expect(arabic).toContain('م');
    expect(arabic).not.toContain('PM');
  });

  it("keeps the region's time zone in every language", () => {
    expect(formatDateTime(instant, { timeZone: 'Europe/Paris', format: 'HH:mm', language: 'fr' })).toBe(
      '28/11/2026 12:43',
    );
  });

  it('writes calendar dates the language\'s way, never shifted by a zone', () => {
    expect(formatDate('2026-03-31', { language: 'fr', timeZone: 'Pacific/Kiritimati' })).toBe('31/03/2026');
    expect(formatDate('2026-03-31', { language: 'en' })).toBe('31/03/2026');
    expect(formatDate(instant, { language: 'fr', timeZone: 'Australia/Sydney' })).toBe('28/11/2026');
  });
});
