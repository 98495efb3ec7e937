import multipart from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, DomainError } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { createRequestContext } from '../../platform/request-context';
import { uploadDocument } from './documents';
import { PARTNER_LOGO_TRANSPORT_MAX_BYTES, uploadPartnerLogo } from './logo';

/**
 * The partner info tab's uploads (spec: "documents add", "logo set"): multipart forms with one file, streamed
 * to a spool file and cut off past the limit. Same session headers as GraphQL.
 */
export async function registerPartnerRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PARTNER_LOGO_TRANSPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });
    scope.post('/portal/partner/logo', async (request) => {
      const ctx = await createRequestContext(platform, request);
      await ctx.require('partner', 'update');
      const part = request.isMultipart() ? await request.file() : undefined;
      if (part?.fieldname !== 'file') throw new DomainError('PARTNER_LOGO_TYPE');
      return uploadPartnerLogo(ctx, { body: part.file, fileName: part.filename });
    });
  });

  await app.register(async (scope) => {
    // One byte over the limit is enough for the parser to mark the file truncated.
    await scope.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });
    scope.post('/portal/partner/documents', async (request) => {
      const ctx = await createRequestContext(platform, request);
      await ctx.require('partner', 'create');
      const part = request.isMultipart() ? await request.file() : undefined;
      if (part?.fieldname !== 'file') throw new DomainError('DOCUMENT_TYPE_NOT_ALLOWED');
      // The text fields sent before the file (the web sends them first).
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(part.fields)) {
        const field = Array.isArray(value) ? value[0] : value;
        if (field && field.type === 'field' && typeof field.value === 'string') fields[name] = field.value;
      }
      return uploadDocument(ctx, { body: part.file, fileName: part.filename, fields });
    });
  });
}
