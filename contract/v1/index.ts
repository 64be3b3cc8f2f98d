/**
 * The /v1 contract: TypeBox schemas the server validates and serialises with, and their `Static` types.
 * The portal must `import type` from here so no schema code enters the browser bundle; runtime constants
 * the portal needs live in `./constants`.
 */
export * from './common';
export * from './auth';
export * from './organization';
export * from './organization-members';
export * from './user';
export * from './user-security';
export * from './passkeys';
export * from './apps';
export * from './sso';
