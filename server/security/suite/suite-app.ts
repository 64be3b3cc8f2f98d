/**
 * The running side of the security suite: tokens of the demo accounts, a fingerprint of every table (to prove a
 * refused request stored nothing), and the shape every refusal must have.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../http/types';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, loginAs } from '../../test/test-app';

/** Organisation A of the cross-organisation tests, and B, whose ids A's members must never reach. */
export const ORG_A = DEMO_IDS.acme;
export const ORG_B = DEMO_IDS.globex;

/** An access token of `email`'s session in that organisation (POST /v1/organization/access). */
export async function organizationToken(app: App, email: string, orgId: string = ORG_A): Promise<string> {
  const { accessToken } = await loginAs(app, email);
  const access = await call(app, {
    url: '/v1/organization/access',
    token: accessToken,
    body: { orgId, portalId: 'kreanoAccount' },
  });
  if (access.statusCode !== 200)
    throw new Error(`${email} could not enter ${orgId}: ${access.statusCode} ${access.body}`);
  return access.json.data.accessToken as string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every table of the application schema, as `rows:md5 of the rows`: two equal fingerprints mean nothing was
 * written, changed or deleted anywhere. Tables are listed from the catalogue, so new ones count too.
 */
export async function fingerprint(app: App): Promise<Record<string, string>> {
  // Mail of earlier calls is written in the background: let it land first, so it is not counted as this call's.
  await app.services.mailer.idle();
  const db = app.database.db;
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(
      sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
    ),
  ).map((row) => row.tablename);
  // One statement for all tables: PGlite runs on this thread, so round trips are what costs.
  const query = tables
    .map((table) => {
      const quoted = `"${table.replace(/"/g, '""')}"`;
      const name = `'${table.replace(/'/g, "''")}'`;
      return `select ${name} as t, count(*) || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from ${quoted} r`;
    })
    .join(' union all ');
  const rows = rowsOf<{ t: string; h: string }>(await db.execute(sql.raw(query)));
  return Object.fromEntries(rows.map((row) => [row.t, row.h]));
}

/** The tables whose content differs between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

// What a leaked internal looks like: a stack frame, a source path, SQL, a driver's parameter list.
const INTERNALS =
  /\bat [\w$.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+|Failed query|params:|select "|insert into "|update "\w+" set|"stack"/i;

/**
 * A refusal as the contract promises it (docs/api-errors.md): JSON `{ msg, code, errors? }` and nothing else, so no
 * stack, no Fastify default body, no SQL. Returns a description of what is wrong, or null.
 */
export function envelopeProblem(response: LightMyRequestResponse): string | null {
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    return `not JSON: ${response.body.slice(0, 200)}`;
  }
  if (!json || typeof json !== 'object') return `not an object: ${response.body.slice(0, 200)}`;
  const { msg, code, errors, ...rest } = json as Record<string, unknown>;
  if (typeof msg !== 'string' || msg === '') return `no msg: ${response.body.slice(0, 200)}`;
  if (typeof code !== 'string' || code === '') return `no code: ${response.body.slice(0, 200)}`;
  if (Object.keys(rest).length > 0)
    return `extra keys ${Object.keys(rest).join(', ')}: ${response.body.slice(0, 200)}`;
  if (errors !== undefined && !Array.isArray(errors))
    return `errors is not a list: ${response.body.slice(0, 200)}`;
  if (INTERNALS.test(response.body)) return `internals in the body: ${response.body.slice(0, 300)}`;
  return null;
}

/** Asserts a refusal with that status, in the contract's envelope. */
export function expectRefusal(response: LightMyRequestResponse, status: number, what: string): void {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(status);
  expect(envelopeProblem(response), what).toBeNull();
}
