import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { CAMPAIGN_IMPORT_MAX_BYTES, DomainError } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { contentDisposition } from '../../platform/files';
import { createRequestContext } from '../../platform/request-context';
import { allowCampaignImport, openCampaignImportFile, startCampaignImport } from './import';

/** Ids as the web sends them: numbers or their text. */
const intId = z.coerce.number('invalid').int('invalid').positive('invalid').max(2_147_483_647, 'invalid');

const allowSchema = z.object({
  importId: z.string('required').min(1, 'required'),
  partnerId: intId,
  campaignId: intId,
  status: z.string().nullish(),
  allowToImport: z.boolean('required'),
});

/**
 * The campaign import over HTTP (spec commerce §7 "Campaigns"): the upload (multipart: the field campaignId,
 * then the file; campaignId may also be a query parameter), the answer to a confirmation, the file's download.
 * Same session headers as GraphQL.
 */
export async function registerCampaignImportRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the limit reaches the import's own count, which refuses with the translated code.
      limits: { fileSize: CAMPAIGN_IMPORT_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });

    scope.post('/portal/campaign-import', async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      await ctx.require('campaigns', 'update');
      if (Number(request.headers['content-length'] ?? 0) > CAMPAIGN_IMPORT_MAX_BYTES + 64 * 1024) {
        reply.header('connection', 'close');
        throw new DomainError('CAMPAIGN_IMPORT_TOO_LARGE', { 0: CAMPAIGN_IMPORT_MAX_BYTES / 1024 / 1024 });
      }
      if (!request.isMultipart()) throw new DomainError('IMPORT_FILE_MISSING');
      let campaignId = (request.query as { campaignId?: string }).campaignId;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'campaignId') campaignId = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const id = intId.safeParse(campaignId);
        if (!id.success) {
          part.file.resume();
          throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'campaignId', rule: 'required', params: {} }]);
        }
        const answer = await startCampaignImport(ctx, {
          campaignId: id.data,
          upload: part.file as Readable & { truncated?: boolean },
          fileName: part.filename,
        });
        return reply.status(202).send(answer);
      }
      throw new DomainError('IMPORT_FILE_MISSING');
    });

    scope.post('/portal/allow-process-campaign-import', async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      const parsed = allowSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const answer = await allowCampaignImport(ctx, parsed.data);
      return reply.status(202).send(answer);
    });

    scope.get<{ Params: { campaignId: string; importId: string }; Querystring: { partnerId?: string } }>(
      '/portal/campaign/:campaignId/import/:importId/download',
      async (request, reply) => {
        const ctx = await createRequestContext(platform, request);
        const raw = request.query.partnerId;
        const partnerId = raw === undefined || raw === '' ? null : Number(raw);
        const file = await openCampaignImportFile(ctx, {
          campaignId: Number(request.params.campaignId),
          importId: request.params.importId,
          partnerId: partnerId === null || Number.isSafeInteger(partnerId) ? partnerId : -1,
        });
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', contentDisposition(file.fileName));
        reply.header('cache-control', 'private, no-store');
        return reply.send(file.body);
      },
    );
  });
}
