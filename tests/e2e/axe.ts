import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// WCAG 2.2 AA as axe knows it: every rule of these tags, any impact.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The axe violations of the page as it is now, each with its rule and elements, one string per
 * rule (none: an empty list).
 *
 * axe runs in the page itself (legacy mode): by default it finishes every scan in a new blank
 * page, whose renderer costs about a second on two cores, to merge results from cross-origin
 * frames. The shop's one frame, the contact page's map, is OpenStreetMap's own page; its
 * element (title and all) is still checked here. Only violations are reported in full.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.failureSummary ?? ''}`).join('\n'),
  );
}
