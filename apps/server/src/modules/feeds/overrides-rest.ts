import multipart from '@fastify/multipart';
import { DomainError, type HeurekaOverrideKind, OVERRIDES_CSV_MAX_BYTES } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import type { UploadBody } from '../../platform/uploads/spool';
import { createRequestContext } from '../../platform/request-context';
import { uploadOverrides } from './overrides-csv';

/** The spec's upload paths of each kind. */
const PATHS: Record<HeurekaOverrideKind, string> = {
  CATEGORY: '/hci-v2/partners/:partnerId/category-overrides',
  BOX: '/hci-v2/partners/:partnerId/box-overrides',
  MEDIA: '/hci-v2/partners/:partnerId/media-overrides',
};

/** Room for the multipart envelope around a file of the largest size. */
const ENVELOPE = 64 * 1024;

/**
 * The override CSV uploads at the spec's paths, with the session headers of GraphQL (the path's partner must
 * be the selected one). The body is the CSV itself (text/csv, as the spec says) or a multipart form with one
 * file (what the portal's pages send); either way it is streamed to disk with the size bound, never buffered.
 */
export async function registerHeurekaOverrideRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: OVERRIDES_CSV_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });
    // The body is handed on as a stream: the spool counts and bounds it.
    scope.addContentTypeParser(
      ['text/csv', 'application/csv', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel'],
      (_request, payload, done) => done(null, payload),
    );
    for (const [kind, path] of Object.entries(PATHS) as [HeurekaOverrideKind, string][]) {
      scope.post<{ Params: { partnerId: string } }>(
        path,
        { bodyLimit: OVERRIDES_CSV_MAX_BYTES + ENVELOPE },
        async (request, reply) => {
          const ctx = await createRequestContext(platform, request);
          // A declared size over the limit is refused before a byte of the body is read.
          if (Number(request.headers['content-length'] ?? 0) > OVERRIDES_CSV_MAX_BYTES + ENVELOPE) {
            reply.header('connection', 'close');
            throw new DomainError('IMPORT_FILE_TOO_LARGE');
          }
          let body: UploadBody | null = null;
          if (request.isMultipart()) {
            const part = await request.file();
            body = part ? part.file : null;
          } else if (request.body && typeof (request.body as UploadBody).pipe === 'function') {
            body = request.body as UploadBody;
          }
          return uploadOverrides(ctx, kind, request.params.partnerId, body);
        },
      );
    }
  });
}
