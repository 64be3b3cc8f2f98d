import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AuditTrail } from '../audit/audit-trail';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import {
  InvalidSsoApplication,
  SSO_ALGORITHMS,
  SsoApplications,
  generateSharedSecret,
  type SsoAlgorithm,
  type SsoApplicationChange,
} from '../modules/sso/sso-applications';
import { runCli } from './run-cli';

const USAGE = `Partner applications for single sign-on (docs/apps-and-sso.md SSO flow).

  npm run sso:app -- list
  npm run sso:app -- add <id> --name <name> --redirect-url <url> [key] [--require-terms] [--require-password] [--disabled]
  npm run sso:app -- update <id> [--name <name>] [--redirect-url <url>] [key] [--require-terms|--no-require-terms]
                                 [--require-password|--no-require-password] [--enable|--disable]
  npm run sso:app -- remove <id>

  key, one of:
    --generate-secret                      HS256 with a new random secret, printed once: give it to the partner
    --secret-file <file>                   HS256 with the secret in that file (at least 32 characters)
    --public-key-file <pem> [--algorithm RS256|ES256]
                                           the partner signs with its private key; only the public key is stored

The application id is the token's issuer (iss); the audience (aud) is SSO_AUDIENCE, default PUBLIC_URL.
Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: one process per folder).`;

const options = {
  name: { type: 'string' },
  'redirect-url': { type: 'string' },
  'generate-secret': { type: 'boolean' },
  'secret-file': { type: 'string' },
  'public-key-file': { type: 'string' },
  algorithm: { type: 'string' },
  'require-terms': { type: 'boolean' },
  'no-require-terms': { type: 'boolean' },
  'require-password': { type: 'boolean' },
  'no-require-password': { type: 'boolean' },
  enable: { type: 'boolean' },
  disable: { type: 'boolean' },
  disabled: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

class UsageError extends Error {}

/** The key flags, or undefined when none was given; the generated secret is returned to be printed once. */
function keyFrom(
  flags: Flags,
): { algorithm: SsoAlgorithm; verificationKey: string; generated?: string } | undefined {
  const given = [flags['generate-secret'], flags['secret-file'], flags['public-key-file']].filter(
    Boolean,
  ).length;
  if (given > 1) throw new UsageError('give only one of --generate-secret, --secret-file, --public-key-file');
  if (flags['generate-secret']) {
    const secret = generateSharedSecret();
    return { algorithm: 'HS256', verificationKey: secret, generated: secret };
  }
  if (flags['secret-file'])
    return { algorithm: 'HS256', verificationKey: readFileSync(flags['secret-file'], 'utf8').trim() };
  if (flags['public-key-file']) {
    const algorithm = (flags.algorithm ?? 'RS256') as SsoAlgorithm;
    if (algorithm === 'HS256' || !SSO_ALGORITHMS.includes(algorithm))
      throw new UsageError('--algorithm must be RS256 or ES256 with a public key');
    return { algorithm, verificationKey: readFileSync(flags['public-key-file'], 'utf8').trim() };
  }
  return undefined;
}

function toggle(on: boolean | undefined, off: boolean | undefined, name: string): boolean | undefined {
  if (on && off) throw new UsageError(`--${name} and --no-${name} contradict each other`);
  return on ? true : off ? false : undefined;
}

async function run(
  registry: SsoApplications,
  command: string | undefined,
  id: string | undefined,
  flags: Flags,
): Promise<string> {
  switch (command) {
    case 'list': {
      const list = await registry.list();
      if (list.length === 0) return 'No partner applications.';
      return list
        .map(
          (a) =>
            `${a.id}  "${a.name}"  ${a.algorithm} (${a.keyKind})  ${a.enabled ? 'enabled' : 'DISABLED'}  terms=${a.requireTerms}  password=${a.requirePassword}  redirect=${a.redirectUrl}`,
        )
        .join('\n');
    }
    case 'add': {
      if (!id || !flags.name || !flags['redirect-url'])
        throw new UsageError('add needs <id>, --name and --redirect-url');
      const key = keyFrom(flags);
      if (!key)
        throw new UsageError('add needs a key: --generate-secret, --secret-file or --public-key-file');
      const created = await registry.create({
        id,
        name: flags.name,
        redirectUrl: flags['redirect-url'],
        algorithm: key.algorithm,
        verificationKey: key.verificationKey,
        requireTerms: flags['require-terms'] ?? false,
        requirePassword: flags['require-password'] ?? false,
        enabled: !flags.disabled,
      });
      const lines = [`Added "${created.id}" (${created.algorithm}).`];
      if (key.generated)
        lines.push(
          `Shared secret (shown once; give it to the partner over a secure channel):\n${key.generated}`,
        );
      return lines.join('\n');
    }
    case 'update': {
      if (!id) throw new UsageError('update needs <id>');
      const key = keyFrom(flags);
      const enable = toggle(flags.enable, flags.disable, 'enable');
      const change: SsoApplicationChange = {
        name: flags.name,
        redirectUrl: flags['redirect-url'],
        requireTerms: toggle(flags['require-terms'], flags['no-require-terms'], 'require-terms'),
        requirePassword: toggle(flags['require-password'], flags['no-require-password'], 'require-password'),
        enabled: enable,
        ...(key ? { algorithm: key.algorithm, verificationKey: key.verificationKey } : {}),
      };
      const updated = await registry.update(id, change);
      const lines = [`Updated "${updated.id}".`];
      if (key?.generated)
        lines.push(`New shared secret (shown once; the old one stops working now):\n${key.generated}`);
      return lines.join('\n');
    }
    case 'remove': {
      if (!id) throw new UsageError('remove needs <id>');
      return (await registry.remove(id)) ? `Removed "${id}".` : `No application "${id}".`;
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'a command is needed');
  }
}

/** `npm run sso:app -- ...`: manage the partner applications of single sign-on. */
async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const [command, id, ...rest] = parsed.positionals;
  if (parsed.values.help || rest.length > 0) {
    process.stdout.write(`${USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const registry = new SsoApplications(database.db, systemClock, new AuditTrail(database.db, systemClock));
    process.stdout.write(`${await run(registry, command, id, parsed.values)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof InvalidSsoApplication) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCli(main);
