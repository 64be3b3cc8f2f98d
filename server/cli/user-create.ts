import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { AuditTrail } from '../audit/audit-trail';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { messageTranslator } from '../i18n/message-translator';
import { FALLBACK_LANGUAGE, serverI18n } from '../i18n/server-i18n';
import { PasswordHasher } from '../security/password-hasher';
import { CommonPasswords } from '../security/password-policy';
import { PasswordRules } from '../security/password-rules';
import { InvalidUserAccount, createUserAccount } from './create-user-account';
import { runCli } from './run-cli';

const USAGE = `Creates a user who can log in at once (email verified), e.g. the first owner of a production install.

  npm run user:create -- --email <email> --first-name <name> --last-name <name> [--organization "Name"]

  --organization   also creates a business organisation of that name, owned by the user
                   (every user has a personal organisation).

The password comes from the USER_PASSWORD environment variable, or is asked for (twice, not echoed); it must
follow the portal's password rules. Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server
first: one process per folder). See docs/production.md.`;

const options = {
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  organization: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

/** One line from the terminal without echoing it, or the first line of piped input. */
async function readSecretLine(prompt: string): Promise<string> {
  const interactive = Boolean(process.stdin.isTTY);
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: interactive });
  try {
    return await new Promise<string>((resolve, reject) => {
      rl.question(prompt, (answer) => resolve(answer));
      rl.once('close', () => reject(new UsageError('no password given')));
      muted = interactive;
    });
  } finally {
    muted = false;
    if (interactive) process.stderr.write('\n');
    rl.close();
  }
}

async function password(): Promise<string> {
  const fromEnv = process.env.USER_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await readSecretLine('Password: ');
  if (!process.stdin.isTTY) return first;
  const again = await readSecretLine('Password again: ');
  if (again !== first) throw new UsageError('the two passwords differ');
  return first;
}

/** `npm run user:create -- ...`: see USAGE. */
async function main(argv: string[]): Promise<number> {
  let flags;
  try {
    flags = parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!flags.email || !flags['first-name'] || !flags['last-name']) {
    process.stderr.write(`--email, --first-name and --last-name are required\n\n${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  let secret: string;
  try {
    secret = await password();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const created = await createUserAccount(
      {
        db: database.db,
        hasher: new PasswordHasher(),
        passwordRules: new PasswordRules(
          config.passwordPolicy,
          new CommonPasswords({ productNames: [config.brandName] }),
        ),
        clock: systemClock,
        audit: new AuditTrail(database.db, systemClock),
      },
      {
        email: flags.email,
        firstName: flags['first-name'],
        lastName: flags['last-name'],
        password: secret,
        organization: flags.organization,
      },
    );
    const lines = [
      `Created ${flags.email.trim().toLowerCase()} (user ${created.userId}); the email counts as verified.`,
    ];
    if (created.businessOrganizationId)
      lines.push(
        `Owner of "${flags.organization?.trim()}" (organisation ${created.businessOrganizationId}).`,
      );
    lines.push(`Log in at ${config.publicUrl}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof InvalidUserAccount) {
      const translate = messageTranslator(serverI18n(), FALLBACK_LANGUAGE);
      for (const problem of error.problems)
        process.stderr.write(`${problem.field}: ${translate(problem.message)}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCli(main);
