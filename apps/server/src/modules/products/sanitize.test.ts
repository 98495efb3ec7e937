import { describe, expect, it } from 'vitest';
import { sanitizeLongDesc, sanitizeLongDescFully, simpleMarkup } from './sanitize';

describe('sanitizeLongDesc', () => {
  it('keeps the formatting a seller uses', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <em>it</em> <u>u</u><br></p><ul><li>a</li></ul><ol><li>b</li></ol>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>';
    expect(sanitizeLongDesc(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('removes scripts, styles, event handlers and every attribute but href', () => {
    expect(sanitizeLongDesc('<p onclick="x()" style="color:red" class="c">Hi<script>alert(1)</script></p>')).toBe(
      '<p>Hi</p>',
    );
    expect(sanitizeLongDesc('<img src=x onerror="alert(1)"><p>ok</p><style>p{}</style>')).toBe('<p>ok</p>');
    expect(sanitizeLongDesc('<div><span>text kept</span></div><iframe src="https://e.x">in</iframe>')).toBe(
      'text kept',
    );
  });

  it('keeps http(s) and mailto links with nofollow, drops javascript: and data: ones', () => {
    expect(sanitizeLongDesc('<a href="https://shop.example/x" rel="opener" target="_blank">go</a>')).toBe(
      '<a href="https://shop.example/x" rel="nofollow noopener">go</a>',
    );
    expect(sanitizeLongDesc('<a href="mailto:a@b.cz">mail</a>')).toBe(
      '<a href="mailto:a@b.cz" rel="nofollow noopener">mail</a>',
    );
    expect(sanitizeLongDesc('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="nofollow noopener">x</a>');
    expect(sanitizeLongDesc('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(sanitizeLongDesc('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).not.toContain('data:');
  });

  it('gives plain text (no < or &) exactly what the sanitiser gives, without running it', () => {
    const samples = [
      '',
      '   ',
      'Plain words',
      '  padded \n text \t ',
      'a > b, "quoted" and \'single\'',
      '>>> arrows >',
      'Žluťoučký kůň 😀 \u00a0nbsp\u00a0 \ufeffbom \u2028line',
      'null \u0000 char and ]]> and --> and /> and =',
      '\r\nwindows\r\n',
    ];
    // And random text over an alphabet of everything but < and &, the sanitiser's special characters.
    const alphabet = [
      'a',
      'Z',
      ' ',
      '\n',
      '\r',
      '\t',
      '>',
      '"',
      "'",
      '\u0000',
      '\u00a0',
      '\ufeff',
      'č',
      '😀',
      '=',
      '/',
      '!',
      '?',
      ';',
      '#',
      ']]>',
      '-->',
      '\u2028',
      '\f',
      '\v',
      'gt;',
      '\u0085',
      '\u200b',
    ];
    let seed = 8;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 5000; n++) {
      let text = '';
      for (let i = Math.floor(random() * 40); i > 0; i--) text += alphabet[Math.floor(random() * alphabet.length)];
      samples.push(text);
    }
    for (const text of samples) expect(sanitizeLongDesc(text)).toBe(sanitizeLongDescFully(text));
    expect(sanitizeLongDesc(' 5 > 3 ')).toBe('5 &gt; 3');
  });

  it('still sanitises anything with < or &', () => {
    expect(sanitizeLongDesc('Tom & Jerry')).toBe(sanitizeLongDescFully('Tom & Jerry'));
    expect(sanitizeLongDesc('&lt;script&gt;')).toBe('&lt;script&gt;');
    expect(sanitizeLongDesc('a <script>alert(1)</script> b')).toBe('a  b');
    expect(sanitizeLongDesc('x &#60;img src=x onerror=alert(1)&#62;')).toBe(
      sanitizeLongDescFully('x &#60;img src=x onerror=alert(1)&#62;'),
    );
  });

  it('gives simple markup (allowed tags without attributes, well nested) exactly what the sanitiser gives', () => {
    const typical = '<p>Boils <strong>fast</strong>.</p><ul><li>1.7 l</li><li>a > b<br>c<br/>d<br />e</li></ul>';
    expect(simpleMarkup(typical)).not.toBeNull();
    expect(sanitizeLongDesc(typical)).toBe(sanitizeLongDescFully(typical));
    // Markup the parser reshapes, attributes, other tags, references, comments: the sanitiser's path.
    for (const html of [
      '<p>a<p>b</p></p>',
      '<p>x<ul><li>y</li></ul></p>',
      '<li>a<li>b</li></li>',
      '<p class="x">a</p>',
      '<a href="https://x.cz">x</a>',
      '<div>x</div>',
      '<P>x</P>',
      '<p>a &amp; b</p>',
      '<!-- c --><p>x</p>',
      '<p>open',
      'close</p>',
      '<p/>',
      '</br>',
      '<table><tr><td>a<tr><td>b</td></tr></td></tr></table>',
      '<h2>a<h3>b</h3></h2>',
    ]) {
      expect(simpleMarkup(html), html).toBeNull();
      expect(sanitizeLongDesc(html), html).toBe(sanitizeLongDescFully(html));
    }
    // And random markup: mostly the allowed tags, well or badly nested, with text and hostile bits between.
    const tags = [
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
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'a',
      'div',
      'span',
      'h1',
      'script',
      'P',
      'tfoot',
      'img',
      'hr',
    ];
    const texts = [
      'x',
      ' ',
      'Hello world',
      '>',
      '"',
      "'",
      '\n',
      '\t',
      '1.7 l',
      '&',
      '&amp;',
      '<',
      '< p>',
      '<!-- c -->',
      '<p class=x>',
      '<br/>',
      '<br />',
      '</br>',
      '<p/>',
      '=',
      '\u0000',
      'č😀',
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(list: T[], first = list.length) =>
      list[Math.floor(random() * (random() < 0.8 ? first : list.length))]!;
    let simple = 0;
    for (let n = 0; n < 20_000; n++) {
      let html = '';
      const open: string[] = [];
      for (let i = Math.floor(random() * 25); i > 0; i--) {
        const r = random();
        if (r < 0.35) {
          const tag = pick(tags, 19);
          html += `<${tag}>`;
          if (tag !== 'br') open.push(tag);
        } else if (r < 0.6 && open.length) html += `</${random() < 0.9 ? open.pop() : pick(tags)}>`;
        else html += pick(texts, 9);
      }
      if (random() < 0.97) while (open.length) html += `</${open.pop()}>`;
      if (simpleMarkup(html) !== null) simple++;
      expect(sanitizeLongDesc(html), html).toBe(sanitizeLongDescFully(html));
    }
    expect(simple).toBeGreaterThan(5000);
  });
});
