/**
 * What a log line may say about an error: its class and its code, and those of its causes. Never its message,
 * its stack or its other properties: a database driver's message holds the SQL with its parameters, and its
 * `detail` the failing row (issue #17, finding 3: a sign-up's log line held the new user's email and argon2id
 * hash). The class and code are enough to find the failure: `DrizzleQueryError` caused by PostgreSQL `23514`
 * (check_violation), `ECONNREFUSED`, `FST_ERR_…`. server/README.md, "Security".
 */
export interface ErrorSummary {
  type: string;
  /** Not `code`: the loggers redact every `*.code` (one-time codes in bodies: server/app.ts REDACTED_PATHS). */
  errorCode?: string;
  cause?: ErrorSummary;
}

// A code is a short identifier (SQLSTATE, errno name, Fastify code); anything else could be data.
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const TYPE = /^[A-Za-z0-9_$.]{1,80}$/;
const MAX_CAUSES = 3;

function isSummary(value: unknown): value is ErrorSummary {
  if (!value || typeof value !== 'object' || value instanceof Error) return false;
  const { type, errorCode: code, cause, ...rest } = value as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof type === 'string' &&
    TYPE.test(type) &&
    (code === undefined || (typeof code === 'string' && CODE.test(code))) &&
    (cause === undefined || isSummary(cause))
  );
}

function typeOf(error: unknown): string {
  if (error === null || typeof error !== 'object') return typeof error;
  const name = (error as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof name === 'string' && TYPE.test(name) && name !== 'Object') return name;
  const own = (error as { name?: unknown }).name;
  return typeof own === 'string' && TYPE.test(own) ? own : 'Object';
}

/**
 * The error's class and code, and its causes' (up to three deep). Idempotent: a summary passes unchanged, so
 * a log site may summarise and the logger's `err` serializer (server/logging.ts) summarise again.
 * @example summariseError(drizzleError) // { type: 'DrizzleQueryError', cause: { type: 'DatabaseError', errorCode: '23514' } }
 */
export function summariseError(error: unknown, depth = 0): ErrorSummary {
  if (isSummary(error)) return error;
  const summary: ErrorSummary = { type: typeOf(error) };
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if ((typeof code === 'string' || typeof code === 'number') && CODE.test(String(code)))
      summary.errorCode = String(code);
    const cause = (error as { cause?: unknown }).cause;
    if (cause !== undefined && depth < MAX_CAUSES) summary.cause = summariseError(cause, depth + 1);
  }
  return summary;
}
