import { isLanguage, type Language } from '@pp/domain';
import { translate } from '../i18n';

/** What one e-mail says; `renderMailHtml` and `renderMailText` make its two parts from the same texts. */
export interface MailContent {
  lang: string;
  heading: string;
  paragraphs: string[];
  /** The one thing the mail asks for: a button in HTML, the bare link in text. Only http(s) links. */
  action?: { label: string; url: string };
  /** Replaces the standard footer (`mail.layout.footer`). */
  footer?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every text that reaches the HTML part goes through here: names and company titles are the user's own. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A link in a mail is only ever http(s): a javascript: or data: URL never becomes an href. */
export function safeMailUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function languageOf(lang: string): Language {
  return isLanguage(lang) ? lang : 'en';
}

/** Line breaks inside a paragraph stay line breaks. */
const paragraphHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/**
 * The HTML part: one table-based column with inline styles only, because many mail clients drop <style>
 * blocks and external CSS. The link is repeated as text under the button for clients that block buttons.
 */
export function renderMailHtml(content: MailContent): string {
  const lang = languageOf(content.lang);
  const url = content.action ? safeMailUrl(content.action.url) : null;
  const footer = content.footer ?? translate(lang, 'mail.layout.footer');
  const font = 'font-family:Arial,Helvetica,sans-serif;';
  const paragraphs = content.paragraphs
    .map(
      (p) => `<p style="${font}font-size:15px;line-height:1.5;color:#212529;margin:0 0 16px">${paragraphHtml(p)}</p>`,
    )
    .join('\n');
  const action =
    content.action && url
      ? `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:6px;background:#1c7ed6"><a href="${escapeHtml(url)}" target="_blank" rel="noopener" style="${font}display:inline-block;padding:12px 24px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></td>
</tr></table>
<p style="${font}font-size:13px;line-height:1.5;color:#495057;margin:0 0 16px">${escapeHtml(translate(lang, 'mail.layout.linkHint'))}<br><a href="${escapeHtml(url)}" target="_blank" rel="noopener" style="color:#1c7ed6;word-break:break-all">${escapeHtml(url)}</a></p>`
      : '';
  return `<!DOCTYPE html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px 28px">
<p style="${font}font-size:13px;font-weight:bold;letter-spacing:.5px;color:#1c7ed6;margin:0 0 20px">${escapeHtml(translate(lang, 'mail.layout.brand'))}</p>
<h1 style="${font}font-size:22px;line-height:1.3;color:#212529;margin:0 0 20px">${escapeHtml(content.heading)}</h1>
${paragraphs}
${action}
</td></tr></table>
<p style="${font}font-size:12px;line-height:1.5;color:#868e96;margin:16px 0 0;max-width:600px">${paragraphHtml(footer)}</p>
</td></tr></table>
</body>
</html>`;
}

/** The text part of the same content: paragraphs, then the bare link, then the footer. */
export function renderMailText(content: MailContent): string {
  const lang = languageOf(content.lang);
  const url = content.action ? safeMailUrl(content.action.url) : null;
  const parts = [content.heading, ...content.paragraphs];
  if (content.action && url) parts.push(`${content.action.label}:\n${url}`);
  parts.push(`--\n${content.footer ?? translate(lang, 'mail.layout.footer')}`);
  return `${parts.join('\n\n')}\n`;
}

/** Both parts at once, the usual way a template makes its mail. */
export function renderMail(content: MailContent): { text: string; html: string } {
  return { text: renderMailText(content), html: renderMailHtml(content) };
}
