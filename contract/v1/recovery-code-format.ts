/**
 * The shape of recovery codes (docs/recovery-codes.md), shared by the server that makes them and the portal that
 * takes them. Like ./constants.ts, this file must not import a schema library: the portal bundles it.
 */

/** Codes in a set. */
export const RECOVERY_CODE_COUNT = 10;
/** The page warns when this many codes or fewer are left. */
export const RECOVERY_CODES_LOW = 2;
/** Characters of a code, shown in two groups of five: `k7m2p-x9qdw`. */
export const RECOVERY_CODE_LENGTH = 10;
/** What a field accepts: the code with its hyphen, or spaced out, with room for a stray space. */
export const RECOVERY_CODE_MAX_LENGTH = 32;
