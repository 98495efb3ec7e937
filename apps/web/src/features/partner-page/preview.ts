import { PARTNER_PAGE_LINKS, type PartnerPageLink, partnerPageLinkIssue } from '@pp/domain';

/** The tags the preview keeps: the server's allow-list for descriptions (modules/products/sanitize.ts). */
const KEPT = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'UL',
  'OL',
  'LI',
  'H2',
  'H3',
  'H4',
  'A',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);
/** Tags whose content is code, not the seller's words: dropped with what they hold. */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'TEXTAREA',
  'OPTION',
  'NOSCRIPT',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'MATH',
]);

function cleanInto(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    if (!KEPT.has(tag)) {
      // An unknown wrapper (a <div>, a <span>) gives its words, not itself.
      cleanInto(element, target, doc);
      continue;
    }
    const copy = doc.createElement(tag.toLowerCase());
    if (tag === 'A') {
      const href = element.getAttribute('href') ?? '';
      if (/^(https?:|mailto:)/i.test(href.trim())) copy.setAttribute('href', href.trim());
      copy.setAttribute('rel', 'nofollow noopener');
      copy.setAttribute('target', '_blank');
    }
    cleanInto(element, copy, doc);
    target.appendChild(copy);
  }
}

/**
 * The description as the preview may show it while the partner types: the same allow-list the server applies
 * on save, without a single attribute but a link's http(s) or mailto target. The editor only produces such
 * markup, and what the server sent back is already clean; this is the preview's own guard all the same, since
 * the markup goes into the page as HTML. DOMParser runs no script and loads no image.
 */
export function previewHtml(html: string): string {
  if (html.trim() === '') return '';
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  cleanInto(parsed.body, root, out);
  return root.innerHTML;
}

/** The links a shopper sees: only those filled in and valid, in the page's order. */
export function previewLinks(values: Record<PartnerPageLink, string>): { kind: PartnerPageLink; href: string }[] {
  return PARTNER_PAGE_LINKS.flatMap((kind) => {
    const href = values[kind].trim();
    return href !== '' && partnerPageLinkIssue(href) === null ? [{ kind, href }] : [];
  });
}

/** The host a link shows as its text ("www.sport-demo.cz"), so a shopper sees where it leads. */
export function hostOf(href: string): string {
  try {
    return new URL(href).host;
  } catch {
    return href;
  }
}

/** The letters standing in for a logo not uploaded yet: the first of the first two words. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[-_]+/g, ' ')
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => (word.match(/[\p{L}\p{N}]/u)?.[0] ?? '').toUpperCase())
    .join('');
}

/** A phone as a tel: target: digits and a leading +, what a dialler takes. */
export function telOf(phone: string): string {
  const compact = phone.trim().replace(/[^\d+]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}
