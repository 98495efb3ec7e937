import { describe, expect, it } from 'vitest';
import { hostOf, initialsOf, previewHtml, previewLinks, telOf } from './preview';

describe('partner page preview', () => {
  it('keeps the formatting of the description and drops code', () => {
    expect(previewHtml('<p>We <strong>test</strong> <em>everything</em></p><ul><li>fast</li></ul>')).toBe(
      '<p>We <strong>test</strong> <em>everything</em></p><ul><li>fast</li></ul>',
    );
    const hostile =
      '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror="alert(1)"><div>inside</div>' +
      '<style>p{}</style><a href="javascript:alert(1)">bad</a><a href="https://shop.cz" onmouseover="x()">good</a>';
    const clean = previewHtml(hostile);
    expect(clean).toBe(
      '<p>Hi</p>inside<a rel="nofollow noopener" target="_blank">bad</a>' +
        '<a href="https://shop.cz" rel="nofollow noopener" target="_blank">good</a>',
    );
    expect(previewHtml('   ')).toBe('');
    expect(previewHtml('a < b & c')).toBe('a &lt; b &amp; c');
  });

  it('shows only the links that are filled and valid, in order', () => {
    expect(
      previewLinks({
        webUrl: ' https://shop.cz ',
        termsUrl: 'javascript:alert(1)',
        complaintsUrl: 'https://shop.cz/r',
      }),
    ).toEqual([
      { kind: 'webUrl', href: 'https://shop.cz' },
      { kind: 'complaintsUrl', href: 'https://shop.cz/r' },
    ]);
    expect(previewLinks({ webUrl: '', termsUrl: 'shop.cz', complaintsUrl: '' })).toEqual([]);
  });

  it('names a link by its host, a missing logo by initials, a phone as a dialler takes it', () => {
    expect(hostOf('https://www.sport-demo.cz/obchodni-podminky')).toBe('www.sport-demo.cz');
    expect(initialsOf('sport-demo')).toBe('SD');
    expect(initialsOf('Žlutý kůň s.r.o.')).toBe('ŽK');
    expect(initialsOf('')).toBe('');
    expect(telOf('+420 601 123 456')).toBe('+420601123456');
    expect(telOf('00421 (902) 123-456')).toBe('+421902123456');
  });
});
