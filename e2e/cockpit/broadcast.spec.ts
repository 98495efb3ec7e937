import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test('an operator notice reaches a seller who has the portal open', async ({ browser }) => {
  const seller = await browser.newPage();
  const operator = await browser.newPage();
  await login(seller, 'partner@demo.test');
  await expect(seller.getByTestId('app-shell')).toHaveAttribute('data-stream-state', 'open');

  await login(operator, 'admin@demo.test');
  await operator.goto('/cockpit');
  await operator.getByTestId('broadcast-open').click();
  await operator.getByTestId('broadcast-review').click();
  await expect(operator.getByText('The field is mandatory')).toBeVisible();
  await operator.getByRole('textbox', { name: /notice/i }).fill('Planned maintenance tonight at 22:00');
  await operator.getByTestId('broadcast-review').click();
  // Previewed as sellers will see it, with its audience, before it goes.
  await expect(operator.getByTestId('broadcast-preview')).toContainText('Planned maintenance tonight at 22:00');
  await expect(operator.getByTestId('broadcast-audience')).toContainText('all markets');
  await operator.getByTestId('broadcast-send').click();
  await expect(operator.getByTestId('flash-success')).toBeVisible();

  await expect(seller.getByTestId('flash-info')).toContainText('Planned maintenance tonight at 22:00');
  await seller.close();
  await operator.close();
});
