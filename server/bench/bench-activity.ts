/**
 * `npm run bench:activity`: the activity log's first page with 1 million events on PostgreSQL (issue #18,
 * docs/performance.md "Activity log"). Seeds its own schema (`bench_activity`, dropped at the end) in the database
 * of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), so it never touches the tables of the
 * server or of other test runs, then times ActivityLogService.list (the code behind GET /v1/activity-logs: scope
 * check, filters, page, count and the rows' names and sentences) for typical filters. Not a test: it prints
 * numbers, and exits 1 when a median is over the 100 ms budget.
 *
 * BENCH_EVENTS (default 1000000), BENCH_RUNS per query (default 15), BENCH_KEEP=1 keeps the schema and
 * BENCH_REUSE=1 times the queries on a kept one without seeding again,
 * BENCH_WITHOUT_INDEXES=1 measures without the indexes of migrations 0013 to 0016 (the table's earlier indexes
 * only; 0014's computed columns are still added, the code reads them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { ActivityLogQuery } from '../../contract/v1/activity-log';
import type { Db } from '../db/database';
import { serverI18n } from '../i18n/server-i18n';
import { migrationsFolder } from '../paths';
import { ActivityLogService } from '../modules/activity-log/activity-log-service';
import type { AuthContext } from '../modules/sessions/session-service';
import { AccessControl } from '../security/access-control';
import { OrganizationGate } from '../security/organization-gate';

const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const events = Number(process.env.BENCH_EVENTS || 1_000_000);
const runs = Number(process.env.BENCH_RUNS || 15);
const SCHEMA = 'bench_activity';
const BUDGET_MS = 100;
const INDEX_MIGRATIONS = [
  '0013_activity_log_indexes.sql',
  '0014_activity_log_search.sql',
  '0015_activity_log_type_index.sql',
  '0016_activity_log_people_search.sql',
];

/** The columns the list reads, as the migrations define them (server/db/schema.ts and the modules' schema.ts). */
const DDL = `
  create table users (id text primary key, email text not null, first_name text not null, last_name text not null,
    disabled boolean not null default false, language text);
  create table organizations (id text primary key, name text not null, time_zone text not null default 'UTC');
  create table memberships (organization_id text not null, user_id text not null, role text not null,
    created_at timestamptz not null default now(), primary key (organization_id, user_id));
  create table organization_roles (organization_id text not null, role_id text not null, name text,
    permissions jsonb not null, primary key (organization_id, role_id));
  create table ip_allow_lists (organization_id text primary key, ranges jsonb not null);
  create table apps (id text primary key, title text not null);
  create table activity_logs (id text primary key, event_type text not null, user_id text, organization_id text,
    email text, ip text, user_agent text, details jsonb, created_at timestamptz not null, seq bigserial not null);
  create index activity_logs_user_idx on activity_logs (user_id, created_at);
  create index activity_logs_org_idx on activity_logs (organization_id, created_at);
`;

const EVENT_MIX = [
  ...Array(6).fill('login.success'),
  ...Array(4).fill('organization.access'),
  ...Array(3).fill('app.launch'),
  'login.failure',
  'logout',
  'refresh.reuse',
  'password.changed',
  'two-factor.changed',
  'member.invited',
  'member.role-changed',
  'member.removed',
  'acl.updated',
  'ip-allow-list.updated',
  'billing.purchase',
  'branding.updated',
  'kyc.submitted',
];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
];
const literal = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

async function seed(client: pg.PoolClient): Promise<void> {
  await client.query(
    // public stays on the path: pg_trgm's operator classes live where the extension was created.
    `drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}; set search_path = ${SCHEMA}, public`,
  );
  await client.query(DDL);
  // In public, as a deployment has it, not in the bench's schema: dropping that at the end must not take the
  // extension (and other schemas' trigram indexes) with it.
  await client.query('create extension if not exists pg_trgm schema public');
  await client.query(`
    insert into users (id, email, first_name, last_name)
      select 'u' || n, 'user' || n || '@example.com', 'First' || n, 'Last' || n from generate_series(1, 10000) n;
    insert into organizations (id, name) select 'o' || n, 'Organisation ' || n from generate_series(1, 60) n;
    -- Every user belongs to one organisation; u1 owns the big one.
    insert into memberships (organization_id, user_id, role)
      select 'o' || (1 + n % 60), 'u' || n, case when n = 60 then 'owner' else 'member' end from generate_series(1, 10000) n;
    insert into memberships (organization_id, user_id, role) values ('o1', 'u1', 'owner');
    insert into apps (id, title) values ('a1', 'AI Redaction'), ('a2', 'E-Sign');`);
  // One organisation holds 30% of the events (the worst case for a page of it), 20% are account events. Written
  // in time order over the last year, as the append-only log is: rows of one day sit together on disk.
  const started = Date.now();
  await client.query(`
    insert into activity_logs (id, event_type, user_id, organization_id, email, ip, user_agent, details, created_at)
    select md5(n::text || random()::text),
           (${literal(EVENT_MIX)})[1 + floor(random() * ${EVENT_MIX.length})::int],
           'u' || (1 + floor(random() * 10000)::int),
           case when r < 0.2 then null when r < 0.5 then 'o1' else 'o' || (2 + floor(random() * 59)::int) end,
           null,
           '203.0.' || floor(random() * 255)::int || '.' || floor(random() * 255)::int,
           (${literal(AGENTS)})[1 + floor(random() * ${AGENTS.length})::int],
           jsonb_build_object('targetUserId', 'u' || (1 + floor(random() * 10000)::int), 'appId', 'a1', 'role', 'member'),
           now() - (${events} - n) * (interval '365 days' / ${events})
      from (select n, random() as r from generate_series(1, ${events}) n) s`);
  console.log(`seeded ${events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The activity log's columns and indexes, applied from their migrations exactly as a deployment gets them
  // (timed: 0014 computes two columns for every existing row and builds the trigram index).
  for (const name of INDEX_MIGRATIONS) {
    const migration = readFileSync(join(migrationsFolder, name), 'utf8');
    const applying = Date.now();
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (process.env.BENCH_WITHOUT_INDEXES === '1' && /\b(CREATE|DROP) INDEX\b/i.test(statement)) continue;
      await client.query(statement);
    }
    console.log(`applied ${name} in ${((Date.now() - applying) / 1000).toFixed(1)} s`);
  }
  await client.query('vacuum analyze activity_logs');
  await client.query('analyze');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${SCHEMA},public` });
  const client = await pool.connect();
  try {
    // BENCH_REUSE=1: time the queries on the schema a BENCH_KEEP=1 run left (changing the code, not the data).
    const kept = await client.query(`select 1 from pg_namespace where nspname = '${SCHEMA}'`);
    if (process.env.BENCH_REUSE === '1' && kept.rowCount) console.log(`reusing the ${SCHEMA} schema`);
    else await seed(client);
  } finally {
    client.release();
  }
  const db = drizzle(pool) as unknown as Db;
  const service = new ActivityLogService({
    db,
    clock: { now: () => new Date() },
    i18n: serverI18n(),
    access: new AccessControl(db),
    gate: new OrganizationGate(db),
  });
  const owner: AuthContext = {
    userId: 'u1',
    sessionId: 's',
    familyId: 's',
    organizationId: 'o1',
    role: 'owner',
    portal: null,
  };
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const cases: [string, ActivityLogQuery][] = [
    ['organisation (300k events), no filter', { type: 'organisation' }],
    [
      'organisation, category members, last 30 days',
      { type: 'organisation', eventType: 'members', fromDate: day(30), toDate: day(0) },
    ],
    ['organisation, category security (rare)', { type: 'organisation', eventType: 'security' }],
    ['organisation, search an actor', { type: 'organisation', search: 'user4242@' }],
    ['organisation, search an event type', { type: 'organisation', search: 'password.changed' }],
    ['organisation, search 111 people (Last12)', { type: 'organisation', search: 'Last12' }],
    ['organisation, search matching nothing', { type: 'organisation', search: 'nobody@nowhere.test' }],
    ['organisation, search matching nothing (%)', { type: 'organisation', search: '%' }],
    ['organisation, 89 days, page 50', { type: 'organisation', fromDate: day(89), offset: 50 }],
    ['user, category sign-in', { type: 'user', eventType: 'sign-in' }],
  ];
  const rows: string[] = [];
  let over = false;
  for (const [label, query] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs + 3; i++) {
      const start = performance.now();
      const page = await service.list(owner, { limit: 20, ...query }, 'en', '127.0.0.1');
      if (i >= 3) times.push(performance.now() - start);
      total = page.total;
    }
    const mid = median(times);
    over ||= mid > BUDGET_MS;
    rows.push(
      `| ${label.padEnd(46)} | ${String(total).padStart(7)} | ${mid.toFixed(1).padStart(6)} | ${p95(times).toFixed(1).padStart(6)} |`,
    );
  }
  console.log(
    `\nActivity log, first page (limit 20) with ${events} events on PostgreSQL, ${runs} runs each\n`,
  );
  console.log('| query                                          |   total | p50 ms | p95 ms |');
  console.log('|------------------------------------------------|---------|--------|--------|');
  for (const row of rows) console.log(row);
  console.log(over ? `\nA median is over ${BUDGET_MS} ms.` : `\nEvery median is under ${BUDGET_MS} ms.`);
  if (process.env.BENCH_KEEP !== '1') await pool.query(`drop schema if exists ${SCHEMA} cascade`);
  await pool.end();
  process.exitCode = over ? 1 : 0;
}

await main();
