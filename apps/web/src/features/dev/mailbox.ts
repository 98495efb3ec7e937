/** One message the demo mailbox delivered (GET /dev/mailbox/messages). */
export interface MailboxMessage {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  template: string | null;
  deliveredAt: string;
}

/** Thrown when the server has no demo mailbox (an SMTP relay delivers, or production). */
export class MailboxUnavailable extends Error {}

export async function fetchMailbox(recipient: string): Promise<MailboxMessage[]> {
  const query = recipient ? `?to=${encodeURIComponent(recipient)}` : '';
  const response = await fetch(`/dev/mailbox/messages${query}`, { headers: { accept: 'application/json' } });
  if (response.status === 404) throw new MailboxUnavailable();
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; url: string };

/**
 * A plain-text message cut into text and links, so each http(s) address becomes a real link the reader can
 * click. Trailing punctuation stays text: a sentence ending in an address keeps its full stop.
 */
export function linkPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const pattern = /https?:\/\/[^\s<>"']+/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index ?? 0;
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    pieces.push({ kind: 'link', url });
    last = start + url.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
