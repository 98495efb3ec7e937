import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError, isAllowed } from '@pp/domain';
import { and, asc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Platform, RequestContext } from '../context';
import type { DbOrTx } from '../db/client';
import { createRequestContext } from '../request-context';
import { accessOfFileKind } from './access';
import { createFileStorage, type FileStorage, storageKey } from './storage';
import { storedFiles } from './tables';

/** Made files are kept this long, then the daily clean-up removes them (they can be made again). */
export const FILE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const FILES_CLEANUP_JOB = 'files.cleanup';

export interface StoredFile {
  id: string;
  fileName: string;
  size: number;
  downloadPath: string;
}

const storages = new WeakMap<Platform, FileStorage>();

/** The storage of this server process, chosen by FILE_STORAGE (one per platform, made on first use). */
export function fileStorageOf(platform: Platform): FileStorage {
  let storage = storages.get(platform);
  if (!storage) {
    storage = createFileStorage(platform.config.fileStorage, platform.config.dataDir);
    storages.set(platform, storage);
  }
  return storage;
}

/** Where a file is written while it is being made: on local disk, so its size is known before upload. */
export function spoolFolder(platform: Platform): string {
  return join(platform.config.dataDir, 'spool');
}

export function downloadPath(id: string): string {
  return `/api/files/${id}`;
}

/** A file name fit for a download header and a file system: no path, no control characters, not too long. */
export function cleanFileName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .trim();
  return (cleaned || 'file').slice(0, 200);
}

/**
 * Stores a file for a partner: the body is spooled to disk as it comes (never held whole in memory), handed
 * to the storage, then listed in `stored_files`. Returns where the web downloads it.
 */
export async function storeFile(
  platform: Platform,
  input: {
    partnerId: number;
    accountId: number | null;
    kind: string;
    fileName: string;
    contentType: string;
    body: Readable | Uint8Array;
    /** Kept until its owner removes it (public product images, brand logos): no expiry. */
    keep?: boolean;
    /** An id the server derived (a thumbnail's from its image's); never one a caller sent. */
    id?: string;
  },
): Promise<StoredFile> {
  const id = input.id ?? randomUUID();
  const key = storageKey(input.partnerId, id);
  const folder = spoolFolder(platform);
  await mkdir(folder, { recursive: true });
  const spoolPath = join(folder, `${id}.part`);
  const storage = fileStorageOf(platform);
  const fileName = cleanFileName(input.fileName);
  try {
    const source = input.body instanceof Uint8Array ? Readable.from([input.body]) : input.body;
    await pipeline(source, createWriteStream(spoolPath, { mode: 0o600 }));
    const { size } = await stat(spoolPath);
    await storage.putFile(key, spoolPath, size, input.contentType);
    try {
      const now = Date.now();
      await platform.database.db.insert(storedFiles).values({
        partnerId: input.partnerId,
        id,
        kind: input.kind,
        fileName,
        contentType: input.contentType,
        size,
        storageKey: key,
        accountId: input.accountId,
        createdAt: new Date(now),
        expiresAt: input.keep ? null : new Date(now + FILE_LIFETIME_MS),
      });
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
    return { id, fileName, size, downloadPath: downloadPath(id) };
  } finally {
    await rm(spoolPath, { force: true });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A stored file the caller may download: of the selected partner, of a kind whose right the caller holds
 * there (accessOfFileKind), made for this account (or for the whole partner), not expired. Anything else is
 * NOT_FOUND, so ids cannot be probed. Membership and rights are read as every request reads them: a right
 * or a membership taken away stops the very next download.
 */
export async function openStoredFile(ctx: RequestContext, id: string) {
  const auth = ctx.requireAuth();
  const { partnerId, policies } = await ctx.requirePartner();
  if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
  const [file] = await ctx.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, id)));
  if (!file || (file.expiresAt !== null && file.expiresAt.getTime() <= Date.now())) throw new DomainError('NOT_FOUND');
  if (file.accountId !== null && file.accountId !== auth.account.id) throw new DomainError('NOT_FOUND');
  const access = accessOfFileKind(file.kind);
  if (!access || !isAllowed(policies, access.resource, access.action)) throw new DomainError('NOT_FOUND');
  const body = await fileStorageOf(ctx.platform).get(file.storageKey);
  return { file, body };
}

/** RFC 6266 / RFC 5987: an ASCII fallback name for old clients and the exact UTF-8 name for the rest. */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /api/files/:id — streams a stored file to a signed-in caller who may read it (openStoredFile), with the
 * session headers GraphQL takes.
 */
export function registerFileRoutes(app: FastifyInstance, platform: Platform) {
  app.get<{ Params: { id: string } }>('/api/files/:id', async (request, reply) => {
    const ctx = await createRequestContext(platform, request);
    const { file, body } = await openStoredFile(ctx, request.params.id);
    reply.header('content-type', file.contentType);
    reply.header('content-length', String(file.size));
    reply.header('content-disposition', contentDisposition(file.fileName));
    // Partner data: never kept by a shared cache, nor by the browser beyond this download.
    reply.header('cache-control', 'private, no-store');
    return reply.send(body);
  });
}

/**
 * Keeps the partner's files for good once something refers to them (a saved product's image, a brand
 * request's logo). Uploads start with the usual lifetime, so a picture never saved anywhere is removed by the
 * clean-up job instead of staying public for ever (free image hosting otherwise).
 */
export async function keepStoredFiles(db: DbOrTx, partnerId: number, ids: string[]): Promise<void> {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  if (!wanted.length) return;
  await db
    .update(storedFiles)
    .set({ expiresAt: null })
    .where(
      and(eq(storedFiles.partnerId, partnerId), inArray(storedFiles.id, wanted), isNotNull(storedFiles.expiresAt)),
    );
}

/** Kinds the marketplace shows to anybody (product pictures, brand logos, shop logos): served without a session. */
export const PUBLIC_FILE_KINDS: readonly string[] = ['product-image', 'product-thumb', 'brand-logo', 'partner-logo'];

/** Where anybody fetches a public file; the same path is kept in the database and the API. */
export function publicMediaPath(id: string): string {
  return `/media/${id}`;
}

/**
 * GET /media/:id — a public file (PUBLIC_FILE_KINDS) to anybody, without a session: the marketplace shows
 * these pictures. Its id never changes content, so browsers and CDNs keep it for a year. Any other kind,
 * an unknown id or anything that is not a uuid answers 404, so exports stay behind /api/files.
 */
export function registerPublicMediaRoute(app: FastifyInstance, platform: Platform) {
  app.get<{ Params: { id: string } }>('/media/:id', async (request, reply) => {
    const id = request.params.id.toLowerCase();
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
    const [file] = await platform.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.id, id), inArray(storedFiles.kind, [...PUBLIC_FILE_KINDS])))
      .limit(1);
    if (!file || (file.expiresAt !== null && file.expiresAt.getTime() <= Date.now())) {
      throw new DomainError('NOT_FOUND');
    }
    const body = await fileStorageOf(platform).get(file.storageKey);
    reply.header('content-type', file.contentType);
    reply.header('content-length', String(file.size));
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    // A picture, never a document: a file that were HTML after all must not run in the portal's origin.
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(body);
  });
}

/** Removes expired files from the storage and the list, in batches (the daily clean-up job). */
export async function purgeExpiredFiles(platform: Platform, now = new Date(), batch = 500): Promise<number> {
  const db = platform.database.db;
  const storage = fileStorageOf(platform);
  let removed = 0;
  for (;;) {
    const expired = await db
      .select({ partnerId: storedFiles.partnerId, id: storedFiles.id, storageKey: storedFiles.storageKey })
      .from(storedFiles)
      .where(lt(storedFiles.expiresAt, now))
      .orderBy(asc(storedFiles.expiresAt))
      .limit(batch);
    if (!expired.length) return removed;
    for (const file of expired) {
      try {
        await storage.delete(file.storageKey);
      } catch (error) {
        // Listed again tomorrow; the file stays unreachable meanwhile because it is expired.
        platform.log.warn({ err: error, fileId: file.id }, 'expired file not removed from the storage');
        return removed;
      }
      await db.delete(storedFiles).where(and(eq(storedFiles.partnerId, file.partnerId), eq(storedFiles.id, file.id)));
      removed += 1;
    }
    if (expired.length < batch) return removed;
  }
}
