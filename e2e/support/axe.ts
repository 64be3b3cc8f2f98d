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

/** Until no finite animation or transition runs (spinners loop forever and are left out): antd zooms a dialog in and
 * fades a submit button from its disabled colours, and axe must judge the colours the person ends up with. */
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

async function runAxe(page: Page, include: string | null): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async (selector) => {
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
    },
    include,
  );
}

const serious = (violations: Violation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/**
 * axe's serious and critical findings over `include` (a CSS selector; the whole document when left out), once no
 * animation runs, one line per element.
 *
 * The portal's Content-Security-Policy refuses an injected inline script, so the axe source is evaluated through the
 * browser's protocol (as @axe-core/playwright does), which CSP does not govern.
 */
export async function seriousFindings(
  page: Page,
  options: { include?: string } = {},
): Promise<string[]> {
  const include = options.include ?? null;
  await waitForAnimations(page);
  let violations = serious(await runAxe(page, include));
  // A form's async rules can resolve while axe runs and start its submit button's fade from the disabled colours
  // (seen on a busy machine): look once more after the page is still again. A colour that is really too faint is
  // still there the second time, so this hides nothing a person would see.
  if (violations.length > 0) {
    await page.waitForTimeout(400);
    await waitForAnimations(page);
    violations = serious(await runAxe(page, include));
  }
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `[${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    ),
  );
}

/** Fails with every serious or critical finding over `include` (see `seriousFindings`). */
export async function expectNoSeriousViolations(page: Page, options: { include?: string } = {}): Promise<void> {
  // antd's modal root is a zero-size wrapper: the open dialog inside it is what must be on screen.
  if (options.include) await expect(page.getByRole('dialog').or(page.getByRole('alertdialog')).first()).toBeVisible();
  const found = await seriousFindings(page, options);
  expect(found, `axe on ${options.include ?? 'the page'} at ${new URL(page.url()).pathname}`).toEqual([]);
}
