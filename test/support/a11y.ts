/**
 * Accessibility and layout checks inside a browser test: axe-core (the exact version in
 * package.json) run in the page, and the "no sideways scrolling" rule of narrow screens.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const WIDE = { width: 1280, height: 800 } as const;
export const NARROW = { width: 390, height: 844 } as const;

let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The critical and serious axe violations of the page as it is now, and a page without a level-one heading (`page-has-heading-one`), one line each (empty: none). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, not as a <script> tag: the app's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.id === 'page-has-heading-one')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** How wide the document is (more than the viewport: the page scrolls sideways). */
export function documentScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The level-one headings a user meets on the page (rendered, even if only for screen readers): a page has exactly one. */
export function visibleHeadingsOne(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, [role="heading"][aria-level="1"]')].filter((h) => h.checkVisibility()).map((h) => h.textContent?.trim() ?? ''),
  );
}

/**
 * Both widths of one screen in one page load: at 1280 × 800 and at 390 × 844, no critical or
 * serious axe violation, exactly one level-one heading and no sideways scrolling. Returns the
 * problems found ('' per width: none).
 */
export async function checkScreen(page: Page, name: string): Promise<string[]> {
  const before = page.viewportSize() ?? WIDE;
  const problems: string[] = [];
  // A page loads lazily: its heading comes with it (none after a while is reported below).
  await page.locator('h1').first().waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    // one frame for the layout to follow the new width
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const width = await documentScrollWidth(page);
    if (width > viewport.width) problems.push(`${name} @${viewport.width}: scrollWidth ${width}`);
    for (const v of await seriousAxeViolations(page)) problems.push(`${name} @${viewport.width}: ${v}`);
    const headings = await visibleHeadingsOne(page);
    if (headings.length !== 1) problems.push(`${name} @${viewport.width}: ${headings.length} level-one headings ${JSON.stringify(headings)}`);
  }
  await page.setViewportSize(before);
  return problems;
}

/** axe's `region` rule (content outside landmarks), which checkScreen's serious-only filter leaves out. */
async function regionViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['region'], resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`));
  });
}

/** checkScreen, and every piece of content inside a landmark at 1280 and 390 px (axe `region`). */
export async function checkScreenWithLandmarks(page: Page, name: string): Promise<string[]> {
  const before = page.viewportSize() ?? WIDE;
  const problems = await checkScreen(page, name);
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    for (const v of await regionViolations(page)) problems.push(`${name} @${viewport.width}: ${v}`);
  }
  await page.setViewportSize(before);
  return problems;
}
