import { expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { login, seriousAxeFindings } from '../helpers';

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 18 });
  return Buffer.from(await doc.save());
}

const info = (page: Page, section: string) => page.getByTestId(`info-${section}`);

test.describe('partner info tab', () => {
  // The portal in English (the demo accounts speak Czech).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('a seller keeps its company details, logo and documents', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.goto('/partner');
    await expect(page.getByRole('heading', { name: 'Shop profile' })).toBeVisible();
    await expect(page.getByTestId('public-title')).toHaveText('sport-demo');
    await expect(page.getByTestId('public-title-fixed')).toBeVisible();
    await expect(info(page, 'terms').getByTestId('terms-consent-state')).toBeVisible();

    // Company details: a wrong IBAN is caught on the field before anything is sent.
    const contractSaves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('SaveContract')) {
        contractSaves.push(request.url());
      }
    });
    const contract = info(page, 'contract');
    await contract.getByRole('button', { name: 'Edit company details' }).click();
    await contract.getByRole('textbox', { name: /^Company ID/ }).fill('27082440');
    await contract.getByRole('textbox', { name: /^Street and number/ }).fill('Dlouhá 12');
    await contract.getByRole('textbox', { name: /^City/ }).fill('Praha');
    await contract.getByRole('textbox', { name: /^Postal code/ }).fill('110 00');
    await contract.getByRole('textbox', { name: /^Website/ }).fill('https://www.sport-demo.cz');
    await contract.getByRole('textbox', { name: /^First name/ }).fill('Jan');
    await contract.getByRole('textbox', { name: /^Last name/ }).fill('Novák');
    await contract.getByRole('textbox', { name: /^E-mail/ }).fill('jan@sport-demo.cz');
    await contract.getByRole('textbox', { name: /^Phone/ }).fill('+420 601 123 456');
    const bank = contract.getByRole('textbox', { name: /^Bank account/ });
    await bank.fill('CZ65 0800 0000 1920 0014 5398');
    await contract.getByRole('button', { name: 'Save company details' }).click();
    await expect(bank).toHaveAttribute('aria-invalid', 'true');
    await expect(contract.getByText('The bank account is not a valid IBAN')).toBeVisible();
    expect(contractSaves).toEqual([]);
    // A Czech account number is taken and saved as its IBAN.
    await bank.fill('19-2000145399/0800');
    await contract.getByRole('button', { name: 'Save company details' }).click();
    await expect(page.getByText('Company details saved.')).toBeVisible();
    await expect(contract.getByTestId('contract-bank-account')).toHaveText('CZ65 0800 0000 1920 0014 5399');
    expect(contractSaves).toHaveLength(1);

    // Logo: a real picture, shown from the public media route.
    const png = await sharp({ create: { width: 240, height: 120, channels: 3, background: '#0b7285' } })
      .png()
      .toBuffer();
    await info(page, 'logo')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Logo saved.')).toBeVisible();
    const logo = page.getByTestId('partner-logo');
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

    // Documents: the marketplace's contract cannot be deleted by the seller.
    const documents = info(page, 'documents');
    const contractRow = documents.getByTestId('document-row').filter({ hasText: 'Rámcová smlouva' });
    await expect(contractRow).toContainText('Marketplace');
    await expect(contractRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await documents.getByRole('button', { name: 'Upload document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload document' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'dodatek.pdf', mimeType: 'application/pdf', buffer: await pdf('Amendment 2') });
    await dialog.getByRole('combobox', { name: 'Document type' }).click();
    await page.getByRole('option', { name: 'Amendment' }).click();
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Dodatek č. 2');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = documents.getByTestId('document-row').filter({ hasText: 'Dodatek č. 2' });
    await expect(row).toContainText('Amendment');
    await expect(row).toContainText('Jan Novák');

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download Dodatek č. 2' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('dodatek.pdf');

    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: '.tmp/partner-info-1440.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '.tmp/partner-info-390.png', fullPage: true });
    await page.setViewportSize({ width: 1400, height: 900 });

    await row.getByRole('button', { name: 'Delete Dodatek č. 2' }).click();
    await page
      .getByRole('dialog', { name: 'Delete document' })
      .getByRole('button', { name: 'Delete document' })
      .click();
    await expect(page.getByText('Document deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await documents.getByRole('switch', { name: 'Show deleted' }).check();
    await expect(documents.getByTestId('document-row').filter({ hasText: 'Dodatek č. 2' })).toContainText('Deleted');
  });

  test('a shop without a public name sets it once, then it is fixed', async ({ page }) => {
    // multi@demo.test opens its Slovak shop, which has no public name yet.
    await login(page, 'multi@demo.test');
    await page.goto('/partner');
    const profile = info(page, 'profile');
    await expect(profile.getByText('Not set yet')).toBeVisible();
    const input = profile.getByRole('textbox', { name: /^Public shop name/ });
    await input.fill('x');
    await profile.getByRole('button', { name: 'Set the name' }).click();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await input.fill('Záhrada Demo SK');
    await profile.getByRole('button', { name: 'Set the name' }).click();
    await page.getByTestId('public-title-confirm').click();
    await expect(page.getByText('Public shop name saved.')).toBeVisible();
    await expect(page.getByTestId('public-title')).toHaveText('Záhrada Demo SK');
    await expect(page.getByTestId('public-title-fixed')).toBeVisible();
    await expect(profile.getByRole('textbox', { name: /^Public shop name/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('public-title')).toHaveText('Záhrada Demo SK');
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
