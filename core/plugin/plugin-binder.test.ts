import { createPortalContainer, token } from '../di/container';
import { HttpClient } from '../http/http-client';
import { SessionStore } from '../session/session-store';
import { ChangePasswordDialog } from './extension-points';
import { createBindingAudit, pluginBinder } from './plugin-binder';

const page = { pluginId: 'two-factor', load: async () => ({ default: () => null }) };

describe('plugin binder (a plugin binds only what it owns)', () => {
  it("binds the plugin's own tokens", () => {
    const container = createPortalContainer();
    const audit = createBindingAudit();
    const Greeting = token<string>('billing.greeting');
    pluginBinder(container, 'billing', audit).constant(Greeting, 'hello');
    expect(container.get(Greeting)).toBe('hello');
    expect(audit.problems).toEqual([]);
  });

  it("refuses core tokens and another plugin's tokens, naming the plugin and the token, and keeps what was bound", () => {
    const container = createPortalContainer();
    const core = { get: () => Promise.resolve({ data: null, msg: '' }) } as unknown as HttpClient;
    container.constant(HttpClient, core);
    const audit = createBindingAudit();
    const binder = pluginBinder(container, 'billing', audit);
    binder.constant(HttpClient, {} as HttpClient);
    binder.constant(SessionStore, {} as SessionStore);
    binder.constant(token<string>('auth.api'), 'stolen');
    // A name that only starts like the plugin's is not the plugin's.
    binder.constant(token<string>('billing-extra.api'), 'x');
    expect(audit.problems).toEqual([
      'Plugin "billing" binds token "core.http-client", which it does not own (its tokens are named "billing.…")',
      'Plugin "billing" binds token "SessionStore", which it does not own (its tokens are named "billing.…")',
      'Plugin "billing" binds token "auth.api", which it does not own (its tokens are named "billing.…")',
      'Plugin "billing" binds token "billing-extra.api", which it does not own (its tokens are named "billing.…")',
    ]);
    expect(container.get(HttpClient)).toBe(core);
    expect(container.has(SessionStore)).toBe(false);
  });

  it('lets one plugin provide an extension point and refuses a second provider', () => {
    const container = createPortalContainer();
    const audit = createBindingAudit();
    pluginBinder(container, 'two-factor', audit).constant(ChangePasswordDialog, page);
    pluginBinder(container, 'rival', audit).constant(ChangePasswordDialog, { ...page, pluginId: 'rival' });
    expect(container.get(ChangePasswordDialog)).toBe(page);
    expect(audit.problems).toEqual([
      'Plugins "two-factor" and "rival" both provide "core.change-password-dialog"; only one may',
    ]);
  });
});
