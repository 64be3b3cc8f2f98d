/**
 * The ajv options of the portal config's validators: the browser's (compiled at build time,
 * tooling/vite-portal-plugins.ts) and the API server's (server/web/portal-document.ts) must fill in the same
 * defaults and refuse the same documents.
 */
export const CONFIG_AJV_OPTIONS = {
  allErrors: true,
  useDefaults: true,
  strict: true,
  allowUnionTypes: true,
} as const;
