import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test('a notice to chosen markets is previewed, confirmed, and reaches the sellers of those markets', async ({
  browser,
}) => {
  // multi@demo.test works for a Slovak partner (among others): the stream reaches it by partner.
  const seller = await browser.newPage();
  const operator = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await login(seller, 'multi@demo.test');
  await expect(seller.getByTestId('app-shell')).toHaveAttribute('data-stream-state', 'open');

  await login(operator, 'admin@demo.test');
  await operator.goto('/cockpit');
  await operator.getByTestId('broadcast-open').click();
  await operator.getByTestId('broadcast-chosen').check();
  await operator.getByRole('textbox', { name: /notice/i }).fill('Slovak warehouse closed on Friday');
  await operator.getByTestId('broadcast-review').click();
  await expect(operator.getByText('Choose at least one market.')).toBeVisible();
  await operator.getByRole('checkbox', { name: 'Slovakia' }).check();
  await operator.getByTestId('broadcast-review').click();

  await expect(operator.getByTestId('broadcast-preview')).toContainText('Slovak warehouse closed on Friday');
  await expect(operator.getByTestId('broadcast-audience')).toHaveText('sellers in Slovakia');
  await operator.screenshot({ path: '/tmp/shots/cockpit-broadcast-confirm-1440.png' });
  // Back to editing keeps what was written.
  await operator.getByTestId('broadcast-back').click();
  await expect(operator.getByRole('textbox', { name: /notice/i })).toHaveValue('Slovak warehouse closed on Friday');
  await operator.getByTestId('broadcast-review').click();
  await operator.getByTestId('broadcast-send').click();
  await expect(operator.getByTestId('flash-success')).toBeVisible();

  await expect(seller.getByTestId('flash-info')).toContainText('Slovak warehouse closed on Friday');
  await seller.close();
  await operator.close();
});
