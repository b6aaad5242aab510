import axe from 'axe-core';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { settle } from './browser.ts';

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** The impacts a screen may not have: moderate ones too (a control outside a landmark, a skipped heading level). */
const FAILING_IMPACTS = ['critical', 'serious', 'moderate'];

/**
 * Runs axe-core on the page as it is now and fails, listing rule id, impact and target selectors, on every
 * critical, serious or moderate violation. Evaluated through the DevTools protocol, so the app's CSP does
 * not block it.
 */
export async function expectNoA11yViolations(
  page: Page,
  label: string,
  { skipRules = [] }: { skipRules?: string[] } = {},
) {
  // axe checks inside frames too (an embedded map, say): each frame needs its own copy, or axe waits for it.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => typeof window.axe !== 'undefined'))) await frame.evaluate(axe.source);
  }
  // A colour caught mid-fade has a contrast no one sees.
  await settle(page);
  const violations = await page.evaluate(
    async ({ failing, skipped }) => {
      const { violations } = await window.axe!.run(document, { resultTypes: ['violations'] });
      return violations
        .filter((v) => failing.includes(v.impact ?? '') && !skipped.includes(v.id))
        .map((v) => ({
          rule: v.id,
          impact: v.impact,
          targets: v.nodes.map((n) => n.target.join(' ')),
          summary: v.nodes[0]?.failureSummary?.split('\n').slice(1).join(' ').trim(),
        }));
    },
    { failing: FAILING_IMPACTS, skipped: skipRules },
  );
  const report = violations
    .map((v) => `${v.rule} (${v.impact}): ${v.targets.join(', ')}\n    ${v.summary}`)
    .join('\n  ');
  expect(violations.length, `axe on ${label}:\n  ${report}`).toBe(0);
}

/** The name the checks had when only serious and critical violations failed; it now fails moderate ones too. */
export const expectNoSeriousA11yViolations = expectNoA11yViolations;

/** On a phone the page fits the screen's width: nothing to scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label} is ${scrollWidth}px wide on a ${innerWidth}px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** The theme is applied, not only chosen: the root carries it and the page is painted in its colours. */
export async function expectTheme(page: Page, theme: 'light' | 'dark') {
  const painted = () =>
    page.evaluate(() => {
      const [r = 0, g = 0, b = 0] = getComputedStyle(document.body)
        .backgroundColor.match(/\d+/g)!
        .map(Number);
      const lightness = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      return {
        chosen: document.documentElement.dataset.theme,
        background: lightness < 0.5 ? 'dark' : 'light',
      };
    });
  await expect.poll(painted).toEqual({ chosen: theme, background: theme });
}

/**
 * Chooses the dark theme with the header's toggle and waits until the page is painted in it. A click that
 * lands just as the shell draws itself again after signing in can be lost (seen on a loaded machine, the
 * theme left light): the toggle is then pressed once more.
 */
export async function switchToDarkTheme(page: Page) {
  const applied = () => page.evaluate(() => document.documentElement.dataset.theme === 'dark');
  for (let attempt = 0; attempt < 2 && !(await applied()); attempt++) {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect
      .poll(applied, { timeout: 2000 })
      .toBe(true)
      .catch(() => undefined);
  }
  await expectTheme(page, 'dark');
}
