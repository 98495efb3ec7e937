import { describe, expect, it } from 'vitest';
import {
  attachmentKindOfName,
  CONVERSATION_SUBJECT_MAX,
  conversationSchema,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_DEPARTMENTS,
  replySchema,
} from './messages';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const valid = { subject: 'Invoice question', department: 'FINANCE', message: 'Hello', attachments: [] };
const rules = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('departments', () => {
  it('are the contact groups but USER', () => {
    expect(MESSAGE_DEPARTMENTS).toContain('MALL_DELIVERY');
    expect(MESSAGE_DEPARTMENTS).toContain('FINANCE');
    expect(MESSAGE_DEPARTMENTS).not.toContain('USER');
    expect(rules(conversationSchema.safeParse({ ...valid, department: 'USER' }))).toEqual(['department:invalid']);
  });
});

describe('a new conversation', () => {
  it('takes a subject of 1 to 150 characters', () => {
    expect(rules(conversationSchema.safeParse({ ...valid, subject: 'x'.repeat(CONVERSATION_SUBJECT_MAX) }))).toEqual(
      [],
    );
    expect(
      rules(conversationSchema.safeParse({ ...valid, subject: 'x'.repeat(CONVERSATION_SUBJECT_MAX + 1) })),
    ).toEqual(['subject:max']);
    expect(rules(conversationSchema.safeParse({ ...valid, subject: '  ' }))).toEqual(['subject:required']);
    expect(rules(conversationSchema.safeParse({ ...valid, subject: 'a' }))).toEqual([]);
  });

  it('takes a message of 1 to 5000 characters over several lines, without control characters', () => {
    expect(rules(conversationSchema.safeParse({ ...valid, message: 'x'.repeat(MESSAGE_BODY_MAX) }))).toEqual([]);
    expect(rules(conversationSchema.safeParse({ ...valid, message: 'x'.repeat(MESSAGE_BODY_MAX + 1) }))).toEqual([
      'message:max',
    ]);
    expect(rules(conversationSchema.safeParse({ ...valid, message: '' }))).toEqual(['message:required']);
    expect(rules(conversationSchema.safeParse({ ...valid, message: 'line 1\nline 2\ttab' }))).toEqual([]);
    expect(rules(conversationSchema.safeParse({ ...valid, message: 'a\u0000b' }))).toEqual([
      'message:invalidCharacters',
    ]);
    expect(rules(conversationSchema.safeParse({ ...valid, subject: 'a\nb' }))).toEqual(['subject:invalidCharacters']);
  });

  it('takes at most 5 distinct attachment ids', () => {
    const five = [1, 2, 3, 4, 5].map(id);
    expect(rules(conversationSchema.safeParse({ ...valid, attachments: five }))).toEqual([]);
    expect(rules(conversationSchema.safeParse({ ...valid, attachments: [...five, id(6)] }))).toEqual([
      'attachments:max',
    ]);
    expect(MESSAGE_ATTACHMENTS_MAX).toBe(5);
    expect(rules(conversationSchema.safeParse({ ...valid, attachments: [id(1), id(1)] }))).toEqual([
      'attachments:invalid',
    ]);
    expect(rules(conversationSchema.safeParse({ ...valid, attachments: ['../etc/passwd'] }))).toEqual([
      'attachments.0:invalid',
    ]);
    expect(conversationSchema.parse({ ...valid, attachments: undefined }).attachments).toEqual([]);
  });
});

describe('a reply', () => {
  it('has the same bounds on its message', () => {
    expect(rules(replySchema.safeParse({ message: 'x'.repeat(MESSAGE_BODY_MAX) }))).toEqual([]);
    expect(rules(replySchema.safeParse({ message: 'x'.repeat(MESSAGE_BODY_MAX + 1) }))).toEqual(['message:max']);
    expect(rules(replySchema.safeParse({ message: ' ' }))).toEqual(['message:required']);
  });
});

describe('attachment kinds by name', () => {
  it('knows the allowed extensions, case aside', () => {
    expect(attachmentKindOfName('Contract.PDF')).toBe('pdf');
    expect(attachmentKindOfName('photo.jpeg')).toBe('jpeg');
    expect(attachmentKindOfName('data.csv')).toBe('csv');
    expect(attachmentKindOfName('setup.exe')).toBeNull();
    expect(attachmentKindOfName('noextension')).toBeNull();
  });
});
