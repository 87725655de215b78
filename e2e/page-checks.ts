import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels the specs hold every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's serious and critical violations on the page, one line each. */
export async function axeProblems(page: Page, where: string, include?: string): Promise<string[]> {
  // Dialogs fade in: axe would read half-transparent colours.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: [${v.impact}] ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.html.slice(0, 120)} — ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`).join(' | ')}`);
}

/** Until no loader or skeleton is left on the screen. */
export async function settled(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]:visible, .mantine-Loader-root:visible')).toHaveCount(0, { timeout: 15_000 });
}
