import { formatDateTime, regionalFormatOptions } from './date';

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
