import { token } from '../di/container';
import type { PluginRegistry as Registry } from './plugin-host';

/** The enabled plugins' routes, menu and role rules; `href(routeId)` builds links by id. */
export type PluginRegistry = Registry;
export const PluginRegistry = token<PluginRegistry>('core.plugin-registry');
