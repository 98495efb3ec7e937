import type { Locator } from '@playwright/test';

/**
 * Whether a grid's table fits the box it scrolls in (no sideways scrolling), and which of its visible cells do
 * not show their whole value: a cell, or anything inside it (a badge's label, a link), whose content is wider
 * than its clipping box, unless it ends in an ellipsis with the whole text as its title.
 */
export async function gridFit(grid: Locator): Promise<{ scroll: number; client: number; cut: string[] }> {
  return grid
    .locator('table')
    .first()
    .evaluate((table) => {
      const box = table.parentElement!;
      const cut: string[] = [];
      for (const cell of table.querySelectorAll<HTMLElement>('th, td')) {
        for (const el of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
          const style = getComputedStyle(el);
          if (style.overflowX === 'visible' && el !== cell) continue;
          if (el.scrollWidth <= el.clientWidth + 1) continue;
          const text = el.innerText.trim();
          if (style.textOverflow === 'ellipsis' && el.title === text) continue;
          cut.push(`"${text || cell.innerText.trim()}" is cut`);
          break;
        }
      }
      return { scroll: box.scrollWidth, client: box.clientWidth, cut };
    });
}
