// axe-core on a Playwright page, as the browser tests run it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Every rule's violations on the page. Legacy mode runs axe in the page itself instead of opening a
 * blank page per analysis to merge the frames' results (the site has no cross-origin frames); the
 * passing, inapplicable and incomplete results, which no test reads, are not collected.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return violations;
}
