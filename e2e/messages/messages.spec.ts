import { expect, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * A PDF as small as a PDF can be, with the cross-reference table its trailer points at: header, catalogue, an
 * empty page tree, xref with each object's byte offset, trailer and startxref.
 */
function tinyPdf(): Buffer {
  const objects = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[]/Count 0>>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj${object}endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}
const PDF = tinyPdf();

test.beforeEach(async ({ page }) => {
  // The portal in English (the demo accounts' own language is Czech).
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

test('a partner writes with an attachment, an operator answers, the answer arrives live', async ({ page, browser }) => {
  const subject = `Payout question ${Date.now()}`;
  await login(page, 'partner@demo.test');
  await page.goto('/user/messages');
  // The demo shop's earlier conversations are listed, unread answers marked.
  const answered = page.getByTestId('grid-row').filter({ hasText: 'Výplata za březen' });
  await expect(answered.getByLabel('Unread messages: 1')).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.getByTestId('write-message').click();
  await expect(page).toHaveURL(/\/user\/send-message$/);
  // Sending an empty form names what is missing, on the fields.
  await page.getByTestId('message-send').click();
  await expect(page.getByTestId('message-subject')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('message-department').click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await page.getByTestId('message-subject').fill(subject);
  await page
    .getByTestId('message-body')
    .fill('Hello,\nour March payout has not arrived yet. The statement is attached.');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  // A text file dressed as a PDF is refused by its content, with the reason shown on that file.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  const picked = page.getByTestId('attachments');
  await expect(picked.getByRole('alert')).toContainText('cannot be attached');
  await page.getByRole('button', { name: 'Remove fake.pdf' }).click();
  await expect(picked).toContainText('statement.pdf');
  await expect(page.getByTestId('message-send')).toBeEnabled();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/messages-send-1440.png', fullPage: true });
  await page.getByTestId('message-send').click();

  await expect(page).toHaveURL(/\/user\/conversation\/\d+$/);
  await expect(page.getByTestId('conversation-subject')).toHaveText(subject);
  await expect(page.getByTestId('message-partner')).toContainText('our March payout has not arrived yet');
  await expect(page.getByTestId('message-partner')).toContainText('statement.pdf');
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-stream-state', 'open');

  // An operator, in a session of their own, finds it among those waiting for an answer.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await operator.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  await login(operator, 'admin@demo.test');
  await operator.getByTestId('cockpit-nav-messages').click();
  await expect(operator).toHaveURL(/\/cockpit\/messages/);
  await operator.getByRole('button', { name: 'Waiting for us' }).click();
  const row = operator.getByTestId('grid-row').filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Demo');
  expect(await seriousAxeFindings(operator)).toEqual([]);
  await row.getByRole('link', { name: subject }).click();
  await expect(operator.getByTestId('message-partner')).toContainText('our March payout has not arrived yet');
  await expect(operator.getByRole('button', { name: 'Download statement.pdf' })).toBeVisible();
  await operator.getByTestId('reply-message').fill('Paid on Friday; you will see it on Monday.');
  await operator.getByTestId('reply-send').click();
  await expect(operator.getByTestId('message-operator')).toContainText('Paid on Friday');
  expect(await seriousAxeFindings(operator)).toEqual([]);
  await operator.screenshot({ path: '.tmp/messages-cockpit-1440.png', fullPage: true });
  await operatorContext.close();

  // The partner's open conversation shows the answer without a reload, and the partner's message as read.
  await expect(page.getByTestId('message-operator')).toContainText('Paid on Friday; you will see it on Monday.');
  await expect(page.getByTestId('message-partner')).toContainText('Read');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/messages-conversation-1440.png', fullPage: true });

  // Closing it; a reply would open it again.
  await page.getByTestId('conversation-toggle').click();
  await expect(page.getByText('This conversation is closed.')).toBeVisible();
  await page.getByTestId('conversation-toggle').click();
  await expect(page.getByTestId('conversation-toggle')).toHaveText('Close conversation');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('message-operator')).toBeVisible();
  await page.screenshot({ path: '.tmp/messages-conversation-390.png', fullPage: true });
  await page.goto('/user/messages');
  await expect(page.getByTestId('grid-row').first()).toBeVisible();
  await page.screenshot({ path: '.tmp/messages-list-390.png', fullPage: true });
});

test("the marketplace contacts name the shop's team, the market's support and the departments", async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/user/contacts');
  await expect(page.getByTestId('marketplace-people')).toContainText('Key account manager');
  await expect(page.getByTestId('marketplace-people')).toContainText('Jana Nováková');
  await expect(page.getByTestId('marketplace-support').getByRole('link', { name: 'partneri@mall.cz' })).toHaveAttribute(
    'href',
    'mailto:partneri@mall.cz',
  );
  await expect(page.getByTestId('marketplace-departments')).toContainText('Returns and complaints');
  await expect(page.getByTestId('marketplace-departments')).not.toContainText('User');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/messages-contacts-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/messages-contacts-390.png', fullPage: true });
});
