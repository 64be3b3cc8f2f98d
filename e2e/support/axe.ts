import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core inside a journey (docs/accessibility.md): the route walk in accessibility.spec.ts checks every page as it
 * loads, but a dialog only exists once a journey opens it. A journey calls `expectNoSeriousViolations(page, { include })`
 * while its dialog is open; the same rule set as the walk, and the same bar: no serious or critical violation.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The part of the page a journey's dialogs live in: antd's modal root and anything announced as a dialog. */
export const DIALOGS = '.ant-modal-root, [role="dialog"], [role="alertdialog"]';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Until no finite animation runs: antd zooms a dialog in, and axe must judge the colours the person ends up with. */
async function waitForAnimations(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running')
            .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime))).length,
      ),
    )
    .toBe(0);
}

/**
 * Runs axe over `include` (a CSS selector; the whole document when left out) and fails with every serious or
 * critical finding. The portal's Content-Security-Policy refuses an injected inline script, so the axe source is
 * evaluated through the browser's protocol (as @axe-core/playwright does), which CSP does not govern.
 */
export async function expectNoSeriousViolations(page: Page, options: { include?: string } = {}): Promise<void> {
  const include = options.include ?? null;
  // antd's modal root is a zero-size wrapper: the open dialog inside it is what must be on screen.
  if (include) await expect(page.getByRole('dialog').or(page.getByRole('alertdialog')).first()).toBeVisible();
  await waitForAnimations(page);
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      // Experimental in axe 4.x, but WCAG 2.5.3 (label in name) is part of the target.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations;
  }, include);
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `[${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
  expect(found, `axe on ${include ?? 'the page'} at ${new URL(page.url()).pathname}`).toEqual([]);
}
