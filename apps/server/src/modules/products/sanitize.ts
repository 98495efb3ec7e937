import sanitizeHtml from 'sanitize-html';

/**
 * The long description is shown on the marketplace's product page: only formatting survives, never a
 * script, a style, an event handler or a link that runs code. Anything outside the list is dropped with its
 * tag kept as text where it held text (a <div> becomes its content), so a seller's words are not lost.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // `rel` only ever comes from the transform below, which replaces whatever attributes the input had.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style content is code, not the seller's text: removed with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link leaves the marketplace: search engines must not follow it and the target gets no opener.
    a: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = attribs.href
        ? { href: attribs.href, rel: 'nofollow noopener' }
        : { rel: 'nofollow noopener' };
      return { tagName, attribs: kept };
    },
  },
};

/** The allow-list sanitiser of the long description; the 13,000 limit counts what it returns. */
export function sanitizeLongDesc(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
