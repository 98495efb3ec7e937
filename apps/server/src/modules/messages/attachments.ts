import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import {
  attachmentKindOfName,
  DomainError,
  MESSAGE_ATTACHMENT_KINDS,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  type MessageAttachmentKind,
} from '@pp/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { cleanFileName, storeFile } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import { judgeUpload } from '../../platform/uploads/content';
import { type UploadBody, withSpooledUpload } from '../../platform/uploads/spool';
import { messages } from './tables';

/** The stored-file kind of message attachments: private to the partner and the operators, never public. */
export const ATTACHMENT_FILE_KIND = 'message-attachment';

export interface UploadedAttachment {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

const isAttachmentKind = (kind: string): kind is MessageAttachmentKind => kind in MESSAGE_ATTACHMENT_KINDS;

/**
 * What the file is, by the content check every private upload shares (documents too): a PDF by header and
 * trailer, an office file by its ZIP directory (no macros, no bomb), a picture by a bounded decode, text only
 * where the name claims text. Refused: MESSAGE_ATTACHMENT_TYPE, or IMAGE_TOO_MANY_PIXELS for a huge picture.
 */
async function attachmentKindOf(path: string, fileName: string, partnerId: number): Promise<MessageAttachmentKind> {
  const claimed = attachmentKindOfName(fileName);
  const verdict = await judgeUpload(path, {
    partnerId,
    textAs: claimed === 'txt' || claimed === 'csv' ? claimed : null,
  });
  if ('refused' in verdict) {
    throw new DomainError(verdict.refused === 'pixels' ? 'IMAGE_TOO_MANY_PIXELS' : 'MESSAGE_ATTACHMENT_TYPE');
  }
  if (!isAttachmentKind(verdict.kind)) throw new DomainError('MESSAGE_ATTACHMENT_TYPE');
  return verdict.kind;
}

/** The person's name for the file with the extension of what it really is (a PNG sent as .jpg stays a PNG). */
function storedName(fileName: string, kind: MessageAttachmentKind): string {
  const clean = cleanFileName(fileName || 'attachment');
  const claimed = attachmentKindOfName(clean);
  if (claimed === kind) return clean;
  const base = clean.slice(0, clean.length - extname(clean).length) || 'attachment';
  return `${base}.${MESSAGE_ATTACHMENT_KINDS[kind].extensions[0]}`;
}

/**
 * Spools an uploaded attachment to disk (cut off past the limit, never held whole), judges it by its content
 * and stores it for the partner with the usual lifetime: the message that uses it keeps it.
 * `accountId` is who uploaded it: only they may attach it to a message until a message uses it.
 */
export function storeAttachment(
  platform: Platform,
  input: { partnerId: number; accountId: number; body: UploadBody; fileName: string },
): Promise<UploadedAttachment> {
  const limit = { maxBytes: MESSAGE_ATTACHMENT_MAX_BYTES, tooLarge: 'MESSAGE_ATTACHMENT_TOO_LARGE' } as const;
  return withSpooledUpload(platform, input.body, limit, async (path, bytes) => {
    if (bytes === 0) throw new DomainError('MESSAGE_ATTACHMENT_TYPE');
    const kind = await attachmentKindOf(path, input.fileName, input.partnerId);
    const contentType = MESSAGE_ATTACHMENT_KINDS[kind].contentType;
    const stored = await storeFile(platform, {
      partnerId: input.partnerId,
      accountId: input.accountId,
      kind: ATTACHMENT_FILE_KIND,
      fileName: storedName(input.fileName, kind),
      contentType,
      body: createReadStream(path),
    });
    return { id: stored.id, name: stored.fileName, size: stored.size, contentType };
  });
}

/**
 * Checks that each id is an attachment the author may send in this partner's conversation: uploaded for
 * this partner by this author and not expired. Anything else (another partner's file, a product image,
 * another person's pending upload) is MESSAGE_ATTACHMENT_NOT_FOUND, so ids cannot be probed.
 */
export async function checkAttachments(
  tx: DbOrTx,
  partnerId: number,
  authorId: number,
  ids: readonly string[],
): Promise<void> {
  if (!ids.length) return;
  const found = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.partnerId, partnerId),
        inArray(storedFiles.id, [...ids]),
        eq(storedFiles.kind, ATTACHMENT_FILE_KIND),
        eq(storedFiles.accountId, authorId),
        sql`(${storedFiles.expiresAt} is null or ${storedFiles.expiresAt} > now())`,
      ),
    );
  if (found.length !== ids.length) throw new DomainError('MESSAGE_ATTACHMENT_NOT_FOUND');
}

export interface AttachmentView {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

/** Names and sizes of the attachments of some messages of one partner, by id. */
export async function attachmentsById(
  db: DbOrTx,
  partnerId: number,
  ids: readonly string[],
): Promise<Map<string, AttachmentView>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: storedFiles.id,
      name: storedFiles.fileName,
      size: storedFiles.size,
      contentType: storedFiles.contentType,
    })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.partnerId, partnerId),
        inArray(storedFiles.id, [...new Set(ids)]),
        eq(storedFiles.kind, ATTACHMENT_FILE_KIND),
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A message attachment someone may download: of the partner (null: any partner, for operators), and either
 * sent in one of its messages or still the caller's own pending upload. Anything else answers NOT_FOUND.
 */
export async function findDownloadableAttachment(
  db: DbOrTx,
  id: string,
  scope: { partnerId: number | null; accountId: number },
) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new DomainError('NOT_FOUND');
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, id),
        eq(storedFiles.kind, ATTACHMENT_FILE_KIND),
        scope.partnerId === null ? undefined : eq(storedFiles.partnerId, scope.partnerId),
      ),
    )
    .limit(1);
  if (!file || (file.expiresAt !== null && file.expiresAt.getTime() <= Date.now())) throw new DomainError('NOT_FOUND');
  if (file.accountId === scope.accountId) return file;
  const [used] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.partnerId, file.partnerId), sql`${messages.attachments} @> array[${id}]::uuid[]`))
    .limit(1);
  if (!used) throw new DomainError('NOT_FOUND');
  return file;
}
