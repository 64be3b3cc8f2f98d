import { token } from '@core';
import type { HttpEmailChangeApi } from './email-change-api';

/**
 * The token of the email change's /v1 call, apart from its class so that the plugin's definition binds it without
 * loading the class (`bind.lazySingleton`).
 */
export type EmailChangeApi = Pick<HttpEmailChangeApi, keyof HttpEmailChangeApi>;
export const EmailChangeApi = token<EmailChangeApi>('two-factor.email-change-api');
