import { FILTER_RANGE_DAYS } from '@core';
import { MEMBER_LIMITS } from '@contract/v1/constants';
import dayjs from 'dayjs';
import { isOutsideDateWindow, todayIn } from './date-window';

describe("the members date filter: the last 89 days up to today in the organisation's time zone", () => {
  it("takes today from the organisation's zone, not the browser's", () => {
    // 20 May 2026 at 15:30 UTC is already 21 May in Sydney and still 20 May in Los Angeles.
    const instant = Date.UTC(2026, 4, 20, 15, 30);
    expect(todayIn('Australia/Sydney', instant).format('YYYY-MM-DD')).toBe('2026-05-21');
    expect(todayIn('America/Los_Angeles', instant).format('YYYY-MM-DD')).toBe('2026-05-20');
  });

  it("uses the server's number of days", () => {
    expect(FILTER_RANGE_DAYS).toBe(MEMBER_LIMITS.dateFilterDays);
  });

  it('allows today and the day 89 days before it, refuses the day before that and tomorrow', () => {
    const today = dayjs('2026-05-20', 'YYYY-MM-DD');
    expect(isOutsideDateWindow(dayjs('2026-05-20T23:00:00'), today)).toBe(false);
    expect(isOutsideDateWindow(dayjs('2026-02-20T00:00:00'), today)).toBe(false);
    expect(isOutsideDateWindow(dayjs('2026-02-19T12:00:00'), today)).toBe(true);
    expect(isOutsideDateWindow(dayjs('2026-05-21T00:00:00'), today)).toBe(true);
  });
});
