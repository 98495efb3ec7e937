import { type Browser, expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

async function englishPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  return context.newPage();
}

/** limited@demo.test works for the Czech shop with everything but the orders; partner@demo.test is its master. */
test('granting and revoking a permission changes what the other account can open', async ({ browser }, testInfo) => {
  const limited = await englishPage(browser);
  await login(limited, 'limited@demo.test');
  await expect(limited.getByTestId('nav-orders')).toHaveCount(0);

  const master = await englishPage(browser);
  await login(master, 'partner@demo.test');
  // From the accounts tab, the row's menu leads to that account's permissions.
  await master.goto('/partner/accounts');
  await master.getByRole('button', { name: 'Actions for Lukáš Malý' }).click();
  await master.getByRole('menuitem', { name: 'Edit permissions' }).click();
  await expect(master).toHaveURL(/\/partner\/permissions\?account=/);
  await expect(master.getByTestId('permissions-account').locator('option:checked')).toHaveText(
    'Lukáš Malý (limited@demo.test)',
  );
  const ordersRead = master.getByRole('checkbox', { name: 'Orders: Read' });
  await expect(ordersRead).not.toBeChecked();
  expect(await seriousAxeFindings(master)).toEqual([]);
  for (const width of [1440, 390]) {
    await master.setViewportSize({ width, height: 900 });
    // The navigation bar slides away below its breakpoint: the picture waits for it.
    await master.waitForTimeout(600);
    await master.screenshot({ path: testInfo.outputPath(`permissions-${width}.png`), fullPage: true });
  }
  await master.setViewportSize({ width: 1400, height: 900 });

  await ordersRead.check();
  await master.getByTestId('permissions-save').click();
  await expect(master.getByTestId('flash-success')).toContainText('The permissions have been saved.');

  await limited.goto('/orders');
  await expect(limited.getByTestId('nav-orders')).toBeVisible();
  await expect(limited.getByTestId('not-allowed')).toHaveCount(0);

  await ordersRead.uncheck();
  await master.getByTestId('permissions-save').click();
  await expect(master.getByTestId('flash-success').last()).toContainText('The permissions have been saved.');
  await limited.goto('/orders');
  await expect(limited.getByTestId('not-allowed')).toHaveText('You do not have access to this page.');
  await expect(limited.getByTestId('nav-orders')).toHaveCount(0);

  // The master's own row is shown whole and cannot be changed.
  await master.getByTestId('permissions-account').selectOption({ label: 'Jan Novák (partner@demo.test) · Master' });
  await expect(master.getByText('is the master account and always holds every permission')).toBeVisible();
  await expect(master.getByRole('checkbox', { name: 'Orders: Delete' })).toBeChecked();
  await expect(master.getByRole('checkbox', { name: 'Orders: Delete' })).toBeDisabled();
});
