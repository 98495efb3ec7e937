import { expect, type Page } from '@playwright/test';
import { seriousAxeFindings } from './helpers';

/**
 * Looks at a page as a person would, at 1440 px and at a 390 px phone (reloaded, as a phone opens it): a full
 * picture at `${shot}-<width>.png`, no page wider than the screen, and axe with no serious finding. `ready`
 * brings the page to the state to look at after each load; the page is left at 1440 px, reloaded and ready.
 */
export async function lookAtBothWidths(page: Page, shot: string, ready: () => Promise<void>) {
  const name = shot.split('/').pop();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (width === 390) await page.reload();
    await expect(page.locator('main')).toBeVisible();
    await ready();
    await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
    // From the top: a full-page picture of a scrolled page draws the fixed header in the middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shot}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
      width,
    );
    expect(await seriousAxeFindings(page), `${name} at ${width}`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await ready();
}

/** A day `n` days from today in the browser's calendar, as a date field takes it. */
export function dayFromToday(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
