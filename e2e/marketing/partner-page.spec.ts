import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login, seriousAxeFindings, watchProblems } from '../helpers';
import { lookAtBothWidths } from '../look';

/**
 * Issue 22 point 6 in the browser: a seller of the Czech demo shop (partner@, every right) opens its public
 * page under Marketing, finds the seeded texts in the form and in the preview, is stopped before sending a
 * script link and a broken e-mail, saves a good edit and finds it again after a reload.
 */

const SHOTS = process.env.ISSUE22_SHOTS ?? '/tmp/shots/issue22';
mkdirSync(SHOTS, { recursive: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

test('a seller edits its public page, is stopped on a bad link and e-mail, and sees the saved page', async ({
  page,
}) => {
  const problems = watchProblems(page);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('SavePartnerPage')) {
      saves.push(request.postData() ?? '');
    }
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'partner@demo.test');

  // Marketing in the navigation, then its partner page tab.
  await page.getByRole('navigation').getByRole('link', { name: 'Marketing' }).click();
  await page.getByRole('tab', { name: 'Partner page' }).click();
  await expect(page).toHaveURL(/\/marketing\/partner-page$/);

  // The seeded page, in the form and in the preview as a shopper sees it.
  const tagline = page.getByRole('textbox', { name: 'Tagline' });
  await expect(tagline, problems()).toHaveValue('Vybavení na běh, kolo a hory od roku 2009');
  const preview = page.getByTestId('partner-page-preview');
  await expect(preview.getByTestId('preview-title')).toHaveText('sport-demo');
  await expect(preview.getByTestId('preview-tagline')).toHaveText('Vybavení na běh, kolo a hory od roku 2009');
  await expect(preview.getByTestId('preview-description')).toContainText('Jsme rodinný obchod z Prahy');
  await expect(preview.getByTestId('preview-description').getByRole('listitem')).toHaveCount(3);
  await expect(preview.getByTestId('preview-email')).toHaveText('obchod@sport-demo.cz');
  await expect(preview.getByTestId('preview-phone')).toHaveText('+420 601 123 456');
  await expect(preview.getByRole('link', { name: 'www.sport-demo.cz' }).first()).toHaveAttribute(
    'href',
    'https://www.sport-demo.cz',
  );
  await expect(page.getByText(/^Last saved /)).toBeVisible();
  await lookAtBothWidths(page, `${SHOTS}/partner-page`, () =>
    expect(page.getByTestId('partner-page-preview')).toBeVisible(),
  );

  // A script link and a broken e-mail are refused on their fields before anything is sent.
  const website = page.getByRole('textbox', { name: 'Website' });
  const email = page.getByRole('textbox', { name: /^Customer e-mail/ });
  await website.fill('javascript:alert(1)');
  await email.fill('obchod@@sport-demo');
  // The preview never offers a link or an address the page could not be saved with.
  await expect(preview.getByTestId('preview-webUrl')).toHaveCount(0);
  await expect(preview.getByTestId('preview-email')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  // The first field to fix, in reading order, has the focus.
  await expect(email).toBeFocused();
  await expect(page.getByText('not a valid URL')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/partner-page-refused-1440.png`, fullPage: true });
  expect(await seriousAxeFindings(page), 'the refused form').toEqual([]);
  expect(saves).toEqual([]);

  // A good edit: a new tagline, a link of the English site, another e-mail and a line of description.
  await tagline.fill('Running, cycling and mountain gear since 2009');
  await website.fill('https://www.sport-demo.cz/en');
  await email.fill('shop@sport-demo.cz');
  await expect(website).not.toHaveAttribute('aria-invalid', 'true');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  const description = page.getByRole('textbox', { name: 'About the shop' });
  // A paragraph after the list: a click right of its last item's text, then Enter twice leaves the list.
  const lastItem = description.getByRole('listitem').last();
  await expect(lastItem).toHaveText('Poradíme s výběrem na telefonu i e-mailem');
  const box = await lastItem.boundingBox();
  await lastItem.click({ position: { x: (box?.width ?? 0) - 4, y: 8 } });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Open Monday to Saturday.');
  // The preview follows the draft before it is saved.
  await expect(preview.getByTestId('preview-tagline')).toHaveText('Running, cycling and mountain gear since 2009');
  await expect(preview.getByTestId('preview-description').locator(':scope > *').last()).toHaveText(
    'Open Monday to Saturday.',
  );
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Shop page saved.')).toBeVisible();
  expect(saves).toHaveLength(1);

  // The saved page comes back after a reload, in the form and in the preview.
  await page.reload();
  await expect(tagline).toHaveValue('Running, cycling and mountain gear since 2009');
  await expect(website).toHaveValue('https://www.sport-demo.cz/en');
  await expect(email).toHaveValue('shop@sport-demo.cz');
  await expect(description).toContainText('Open Monday to Saturday.');
  await expect(preview.getByTestId('preview-tagline')).toHaveText('Running, cycling and mountain gear since 2009');
  await expect(preview.getByTestId('preview-description').locator(':scope > *').last()).toHaveText(
    'Open Monday to Saturday.',
  );
  await expect(preview.getByTestId('preview-email')).toHaveText('shop@sport-demo.cz');
  await expect(preview.getByTestId('preview-webUrl')).toHaveAttribute('href', 'https://www.sport-demo.cz/en');
  await lookAtBothWidths(page, `${SHOTS}/partner-page-saved`, () =>
    expect(page.getByTestId('partner-page-preview')).toBeVisible(),
  );

  // A click into the saved text changes nothing: the page is left without a question.
  await description.getByText('Open Monday to Saturday.').click();
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/marketing\/campaigns$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
