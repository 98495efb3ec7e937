import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DomainError } from '@pp/domain';
import { AwsClient } from 'aws4fetch';
import type { FileStorageConfig } from '../config';

/**
 * Where stored files' bytes live. Keys are made by the server (`<partnerId>/<uuid>`), never taken from a
 * caller, and every adapter refuses anything else, so no request can name a path or an object of its own.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Takes a finished file from the spool folder (moved or uploaded, then gone from the spool). */
  putFile(key: string, spoolPath: string, size: number, contentType: string): Promise<void>;
  /** The bytes of a stored file as a stream; NOT_FOUND when the storage no longer has it. */
  get(key: string): Promise<Readable>;
  /** Removes a file; a file already gone is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^\d{1,10}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function storageKey(partnerId: number, id: string): string {
  return checkedKey(`${partnerId}/${id}`);
}

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error('refused storage key');
  return key;
}

/** A folder on the server's disk (under DATA_DIR): the default, and what a single-machine install needs. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));
  return {
    kind: 'local',
    async putFile(key, spoolPath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // The spool folder lies under the same DATA_DIR, so this is a rename, not a copy.
      await rename(spoolPath, target);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        throw new DomainError('NOT_FOUND');
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph, R2 …), path-style addressing. Uploads stream the spooled file
 * with its length (S3 refuses chunked uploads of unknown length) and an unsigned payload, so neither side
 * holds the file in memory.
 */
export function s3Storage(settings: Extract<FileStorageConfig, { kind: 's3' }>): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const urlOf = (key: string) =>
    `${settings.endpoint}/${encodeURIComponent(settings.bucket)}/${checkedKey(key)
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`;
  async function failed(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '');
    throw new Error(`S3 ${what} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return {
    kind: 's3',
    async putFile(key, spoolPath, size, contentType) {
      try {
        const body = Readable.toWeb(createReadStream(spoolPath)) as unknown as ReadableStream;
        const response = await client.fetch(urlOf(key), {
          method: 'PUT',
          body,
          headers: { 'content-type': contentType, 'content-length': String(size) },
          // Node's fetch streams a request body only in half-duplex mode.
          duplex: 'half',
        } as RequestInit);
        if (!response.ok) await failed(response, 'upload');
        await response.body?.cancel();
      } finally {
        await rm(spoolPath, { force: true });
      }
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        throw new DomainError('NOT_FOUND');
      }
      if (!response.ok || !response.body) return failed(response, 'download');
      return Readable.fromWeb(response.body as unknown as WebReadableStream);
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await failed(response, 'delete');
      await response.body?.cancel();
    },
  };
}

export function createFileStorage(config: FileStorageConfig, dataDir: string): FileStorage {
  return config.kind === 's3' ? s3Storage(config) : localStorage(join(dataDir, 'files'));
}
