import { describe, expect, it } from 'vitest';
import { sanitizeLongDesc } from './sanitize';

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
});
