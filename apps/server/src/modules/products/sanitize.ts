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

/**
 * Text without `<` or `&` holds no tag, comment or character reference: the sanitiser would give it back
 * with each `>` escaped and nothing else changed (proved against it in sanitize.test.ts), so it is not run.
 * Most feeds' descriptions are plain text, and the sanitiser is the dearest step of an import's item.
 */
const MARKUP = /[<&]/;

/** Allowed tags without attributes that the sanitiser gives back as they are (`a` gains `rel`, so it is not here). */
const PLAIN_TAGS = new Set([
  'p',
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
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
/**
 * The open elements the HTML parser (htmlparser2, under sanitize-html) closes by itself when one of these
 * tags opens, as a browser does: such markup changes shape, so it takes the sanitiser's path.
 */
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
const IMPLIED_CLOSE: Record<string, string[]> = {
  tr: ['tr', 'th', 'td'],
  th: ['th'],
  td: ['thead', 'th', 'td'],
  li: ['li'],
  p: ['p'],
  h2: HEADINGS,
  h3: HEADINGS,
  h4: HEADINGS,
  ol: ['p'],
  ul: ['p'],
  table: ['p'],
  tbody: ['thead', 'tbody'],
};
const TAG = /<(\/?)([a-z][a-z0-9]*)( ?\/)?>/y;

/**
 * The sanitiser's answer for the markup a feed usually sends, without running it: allowed tags without
 * attributes, properly nested, no character reference. Anything else answers null (the sanitiser decides).
 * What it gives is what the sanitiser gives: `<br>` written `<br />`, `>` in text escaped, trimmed
 * (proved against the sanitiser in sanitize.test.ts).
 */
export function simpleMarkup(html: string): string | null {
  if (html.includes('&')) return null;
  const open: string[] = [];
  let out = '';
  let at = 0;
  for (;;) {
    const lt = html.indexOf('<', at);
    out += (lt < 0 ? html.slice(at) : html.slice(at, lt)).replace(/>/g, '&gt;');
    if (lt < 0) break;
    TAG.lastIndex = lt;
    const tag = TAG.exec(html);
    if (!tag) return null;
    const [text, closing, name = '', selfClosing] = tag;
    at = lt + text.length;
    if (name === 'br') {
      if (closing) return null;
      out += '<br />';
    } else if (!PLAIN_TAGS.has(name) || selfClosing) {
      return null;
    } else if (closing) {
      if (open.pop() !== name) return null;
      out += text;
    } else {
      const top = open.at(-1);
      if (top !== undefined && IMPLIED_CLOSE[name]?.includes(top)) return null;
      open.push(name);
      out += text;
    }
  }
  return open.length ? null : out.trim();
}

/** The allow-list sanitiser of the long description; the 13,000 limit counts what it returns. */
export function sanitizeLongDesc(html: string): string {
  if (!MARKUP.test(html)) return html.replace(/>/g, '&gt;').trim();
  return simpleMarkup(html) ?? sanitizeHtml(html, OPTIONS).trim();
}

/** The sanitiser itself, for the test that proves the plain-text path gives what it gives. */
export function sanitizeLongDescFully(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
