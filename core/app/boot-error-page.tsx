/* eslint-disable i18next/no-literal-string -- shown when i18n itself may have failed to start; see the comment below */
import type { BootError } from '../plugin/plugin-host';

/**
 * Shown when the portal cannot start: an invalid `portal.config.json` or a plugin set-up error.
 * Plain markup on purpose: i18n, theme and antd may be exactly what failed to start, and the audience is
 * the deployer, so the text is English and lists every problem.
 */
export function BootErrorPage({ error }: { error: BootError }) {
  return (
    <main className="portal-boot-error" role="alert">
      <h1>{error.kind === 'config' ? 'The portal configuration is invalid' : 'The portal could not start'}</h1>
      <p>
        {error.kind === 'config'
          ? 'Fix these entries in portal.config.json and reload the page:'
          : 'Fix these plugin problems and reload the page:'}
      </p>
      <ul>
        {error.problems.map((problem) => (
          <li key={problem}>
            <code>{problem}</code>
          </li>
        ))}
      </ul>
    </main>
  );
}
