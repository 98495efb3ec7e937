import { describe, expect, it } from 'vitest';
import { linkPieces } from './mailbox';

describe('linkPieces', () => {
  it('turns each http(s) address into a link and keeps the text around it', () => {
    expect(linkPieces('Open http://localhost:3000/registration-confirm/abc_-1 within 24 hours.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', url: 'http://localhost:3000/registration-confirm/abc_-1' },
      { kind: 'text', text: ' within 24 hours.' },
    ]);
  });

  it('keeps a sentence full stop out of the link and leaves other schemes as text', () => {
    expect(linkPieces('See https://portal.test/login.\njavascript:alert(1)')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', url: 'https://portal.test/login' },
      { kind: 'text', text: '.\njavascript:alert(1)' },
    ]);
  });
});
