import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { createRequestContext } from '../../../platform/request-context';
import { BRANCH_UPLOAD_MAX_BYTES, startBranchUpload } from './upload';

/**
 * POST /api/cockpit/carrier-branches — an operator's branch file upload: multipart with the field "carrier"
 * first, then the file "file". Answers 202 with the load's id; the job loads it. Same session headers as
 * GraphQL; operators only, checked before a byte of the body is read.
 */
export async function registerBranchUploadRoute(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte past the limit: the spool measures a file just too large and refuses it with the rule's code.
      limits: { fileSize: BRANCH_UPLOAD_MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 64, parts: 3 },
    });
    scope.post('/api/cockpit/carrier-branches', async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      ctx.requireOperator('deliveries', 'update');
      const part = request.isMultipart() ? await request.file() : undefined;
      const file = part?.fieldname === 'file' ? part : undefined;
      const carrierField = part?.fields.carrier;
      const carrier =
        carrierField && !Array.isArray(carrierField) && carrierField.type === 'field'
          ? String(carrierField.value)
          : null;
      const answer = await startBranchUpload(ctx, carrier, file ? file.file : null, file?.filename ?? null);
      return reply.status(202).send(answer);
    });
  });
}
