/**
 * What the portal's charts draw (issue #39, docs/charts.md): the active organisation's usage month by month with its
 * current buckets, and the caller's own sign-ins day by day. Both answers are complete series (a month or day with
 * nothing in it is a zero, never a gap), oldest first, so a chart and its table alternative need no calendar maths.
 */
import { Type, type Static } from 'typebox';
import { Envelope, messages } from './common';
import { endpoint } from './endpoint';

const strict = { additionalProperties: false } as const;

/** How far back the charts look: the usage chart in calendar months, the sign-in chart in days (today included). */
export const CHART_SPANS = { usageMonths: 12, signInDays: 30 } as const;

export const UsageMonth = Type.Object({
  /** `YYYY-MM` in the organisation's time zone. */
  month: Type.String(),
  /** Units the apps reported that the buckets covered. */
  fromBucket: Type.Integer(),
  /** Units beyond the buckets, billed as pay-as-you-go. */
  payAsYouGo: Type.Integer(),
});
export type UsageMonth = Static<typeof UsageMonth>;

export const UsageHistoryData = Type.Object({
  /** The last CHART_SPANS.usageMonths months, this one last. */
  months: Type.Array(UsageMonth),
  /** The buckets running now, added up; null when none is. */
  currentBucket: Type.Union([
    Type.Object({ unitsBought: Type.Integer(), unitsUsed: Type.Integer(), periodEnd: Type.String() }),
    Type.Null(),
  ]),
});
export type UsageHistoryData = Static<typeof UsageHistoryData>;
export const UsageHistoryResponse = Envelope(UsageHistoryData);

/** GET /v1/activity-logs/sign-ins?timeZone: the zone whose days are counted (default UTC, as the user's log). */
export const SignInHistoryQuery = Type.Object(
  {
    timeZone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        ...messages({
          minLength: 'server:validation.timeZoneInvalid',
          maxLength: 'server:validation.timeZoneInvalid',
        }),
      }),
    ),
  },
  strict,
);
export type SignInHistoryQuery = Static<typeof SignInHistoryQuery>;

export const SignInDay = Type.Object({
  /** `YYYY-MM-DD` in the requested zone. */
  day: Type.String(),
  /** Sign-ins that let the person in (password, passkey, second factor, partner SSO). */
  succeeded: Type.Integer(),
  /** Attempts on the account that were refused: wrong password, blocked, unverified email, wrong second factor. */
  failed: Type.Integer(),
});
export type SignInDay = Static<typeof SignInDay>;

export const SignInHistoryData = Type.Object({
  /** The last CHART_SPANS.signInDays days, today last. */
  days: Type.Array(SignInDay),
});
export type SignInHistoryData = Static<typeof SignInHistoryData>;
export const SignInHistoryResponse = Envelope(SignInHistoryData);

/** The charts' two reads; each follows the rules of the screen it draws on. */
export const chartEndpoints = {
  usageHistory: endpoint(
    {
      method: 'GET',
      path: '/v1/usage/history',
      auth: 'session',
      permission: 'billing.view',
      tag: 'Billing',
      description: `Units used per calendar month of the organisation (the last ${CHART_SPANS.usageMonths}, this one last), split between the buckets and pay-as-you-go, and the current buckets' units bought and used.`,
    },
    { response: UsageHistoryResponse },
  ),
  signInHistory: endpoint(
    {
      method: 'GET',
      path: '/v1/activity-logs/sign-ins',
      auth: 'session',
      scope: 'account',
      tag: 'Activity log and sessions',
      description: `The caller's own sign-ins per day of timeZone (the last ${CHART_SPANS.signInDays}, today last): those that let them in and the refused attempts on their account. Reading writes nothing.`,
    },
    { query: SignInHistoryQuery, response: SignInHistoryResponse },
  ),
} as const;
