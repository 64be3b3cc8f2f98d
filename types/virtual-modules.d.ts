declare module 'virtual:portal-plugins' {
  import type { AnyPortalPlugin } from '../core/plugin/plugin-types';
  /** One lazy loader per plugin the build knows; only enabled ones are ever called. */
  export const pluginLoaders: Record<string, () => Promise<{ default: AnyPortalPlugin }>>;
}

declare module 'virtual:portal-config-validator' {
  import type { ErrorObject } from 'ajv';
  interface Validator {
    (data: unknown): boolean;
    errors?: ErrorObject[] | null;
  }
  export const validateConfig: Validator;
}

declare module 'virtual:portal-theme-validator' {
  import type { ErrorObject } from 'ajv';
  interface Validator {
    (data: unknown): boolean;
    errors?: ErrorObject[] | null;
  }
  export const validateThemePreset: Validator;
}
