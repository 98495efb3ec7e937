import { z } from 'zod';
import { CONTACT_GROUPS } from '../partner/partner';
import { safeText } from '../text/safeText';

/**
 * The marketplace departments a partner may write to. The spec makes a department a contact group; every
 * group is a team on the marketplace's side too, except USER, which names a person, not a team.
 */
export const MESSAGE_DEPARTMENTS = CONTACT_GROUPS.filter(
  (group): group is Exclude<(typeof CONTACT_GROUPS)[number], 'USER'> => group !== 'USER',
);
export type MessageDepartment = (typeof MESSAGE_DEPARTMENTS)[number];

export function isMessageDepartment(value: string): value is MessageDepartment {
  return (MESSAGE_DEPARTMENTS as readonly string[]).includes(value);
}

export const CONVERSATION_STATES = ['opened', 'closed'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

export const CONVERSATION_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;
export const MESSAGE_ATTACHMENTS_MAX = 5;
/** One attachment at most: enough for a scanned contract or a spreadsheet, not for a product catalogue. */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What an attachment may be, judged by its content (the server decodes it), never by its name. The
 * extension only names the stored file; the content type is the one the server sends it back with.
 */
export const MESSAGE_ATTACHMENT_KINDS = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
  txt: { contentType: 'text/plain; charset=utf-8', extensions: ['txt'] },
  csv: { contentType: 'text/csv; charset=utf-8', extensions: ['csv'] },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
} as const;
export type MessageAttachmentKind = keyof typeof MESSAGE_ATTACHMENT_KINDS;

/** The file chooser's hint (`accept`): the extensions above. The server decides by content all the same. */
export const MESSAGE_ATTACHMENT_ACCEPT = Object.values(MESSAGE_ATTACHMENT_KINDS)
  .flatMap((kind) => kind.extensions.map((ext) => `.${ext}`))
  .join(',');

/** The kind a file name claims by its extension, or null: text files are told apart from CSV by this. */
export function attachmentKindOfName(fileName: string): MessageAttachmentKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (!ext) return null;
  for (const [kind, spec] of Object.entries(MESSAGE_ATTACHMENT_KINDS)) {
    if ((spec.extensions as readonly string[]).includes(ext)) return kind as MessageAttachmentKind;
  }
  return null;
}

const messageBody = safeText({ multiline: true }).trim().min(1, 'required').max(MESSAGE_BODY_MAX, 'max');
const attachmentIds = z
  .array(z.uuid('invalid'))
  .max(MESSAGE_ATTACHMENTS_MAX, 'max')
  .refine((ids) => new Set(ids).size === ids.length, 'invalid')
  .default([]);

/** A new conversation: the partner writes to a department. */
export const conversationSchema = z.object({
  subject: safeText().trim().min(1, 'required').max(CONVERSATION_SUBJECT_MAX, 'max'),
  department: z.enum(MESSAGE_DEPARTMENTS, 'invalid'),
  message: messageBody,
  attachments: attachmentIds,
});
export type ConversationInput = z.input<typeof conversationSchema>;

/** A reply in a conversation, by the partner or by an operator. */
export const replySchema = z.object({
  message: messageBody,
  attachments: attachmentIds,
});
export type ReplyInput = z.input<typeof replySchema>;
