import { describe, expect, it } from 'vitest';
import { renderMail, renderMailHtml } from './html';

describe('renderMailHtml', () => {
  it("escapes every text, the user's own included", () => {
    const html = renderMailHtml({
      lang: 'en',
      heading: 'Welcome, <b>Shop & Co</b>',
      paragraphs: ['Your shop "<script>alert(1)</script>" is registered.\nSee you soon.'],
      action: { label: 'Open <the> portal', url: 'https://portal.test/registration-confirm/a"b' },
      footer: '<img src=x onerror=alert(1)>',
    });
    expect(html).not.toMatch(/<script|<img|<b>|onerror=alert\(1\)>/);
    expect(html).toContain('Welcome, &lt;b&gt;Shop &amp; Co&lt;/b&gt;');
    expect(html).toContain('&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; is registered.<br>See you soon.');
    expect(html).toContain('Open &lt;the&gt; portal</a>');
    // The URL is normalised (the quote percent-encoded) before it goes into the attribute.
    expect(html).toContain('href="https://portal.test/registration-confirm/a%22b"');
  });

  it('makes a button only of an http(s) link', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'not a url']) {
      const html = renderMailHtml({ lang: 'en', heading: 'H', paragraphs: ['P'], action: { label: 'Go', url } });
      expect(html).not.toContain('href=');
      expect(html).not.toContain('Go</a>');
    }
  });

  it('writes both parts in the recipient language, with the standard footer', () => {
    const mail = renderMail({
      lang: 'sk',
      heading: 'Nadpis',
      paragraphs: ['Prvý odsek.'],
      action: { label: 'Otvoriť', url: 'http://localhost:3000/login' },
    });
    expect(mail.html).toContain('<html lang="sk">');
    expect(mail.html).toContain('Ak tlačidlo nefunguje');
    expect(mail.html).toContain('Tento e-mail vám poslal Partner Portal');
    expect(mail.text).toBe(
      'Nadpis\n\nPrvý odsek.\n\nOtvoriť:\nhttp://localhost:3000/login\n\n--\nTento e-mail vám poslal Partner Portal, portál trhoviska pre predajcov. Bol odoslaný automaticky; odpovede nikto nečíta.\n',
    );
  });
});
