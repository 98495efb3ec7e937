import multipart from '@fastify/multipart';
import { DomainError, MESSAGE_ATTACHMENT_MAX_BYTES } from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Platform } from '../../platform/context';
import { contentDisposition, fileStorageOf } from '../../platform/files';
import type { storedFiles } from '../../platform/files/tables';
import { idArg } from '../../platform/graphql/builder';
import { createRequestContext } from '../../platform/request-context';
import { findDownloadableAttachment, storeAttachment } from './attachments';
import { conversations } from './tables';

async function sendAttachment(platform: Platform, reply: FastifyReply, file: typeof storedFiles.$inferSelect) {
  const body = await fileStorageOf(platform).get(file.storageKey);
  reply.header('content-type', file.contentType);
  reply.header('content-length', String(file.size));
  // Always a download, never shown in the portal's origin: a PDF or a picture cannot run anything there.
  reply.header('content-disposition', contentDisposition(file.fileName));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('cache-control', 'private, no-store');
  return reply.send(body);
}

/**
 * Message attachments (multipart field "file", one file, streamed to disk and cut off just past the limit)
 * and their downloads: the partner's people under /api/messages, the operators under /api/cockpit/messages.
 * Same session headers as GraphQL.
 */
export async function registerMessageRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte past the limit: a file just too large is measured and refused with the rule's message.
      limits: { fileSize: MESSAGE_ATTACHMENT_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });
    scope.post('/api/messages/attachments', async (request) => {
      const ctx = await createRequestContext(platform, request);
      const { partnerId } = await ctx.require('messages', 'create');
      const auth = ctx.requireAuth();
      const part = request.isMultipart() ? await request.file() : undefined;
      if (part?.fieldname !== 'file') throw new DomainError('MESSAGE_ATTACHMENT_TYPE');
      return storeAttachment(platform, {
        partnerId,
        accountId: auth.account.id,
        body: part.file,
        fileName: part.filename,
      });
    });
    // The operator's files belong to the conversation's partner: its people download them like their own.
    scope.post<{ Params: { conversationId: string } }>(
      '/api/cockpit/messages/:conversationId/attachments',
      async (request) => {
        const ctx = await createRequestContext(platform, request);
        const admin = ctx.requireOperator('messages', 'update');
        const [conversation] = await ctx.db
          .select({ partnerId: conversations.partnerId })
          .from(conversations)
          .where(eq(conversations.id, idArg(request.params.conversationId)));
        if (!conversation) throw new DomainError('CONVERSATION_NOT_FOUND');
        const part = request.isMultipart() ? await request.file() : undefined;
        if (part?.fieldname !== 'file') throw new DomainError('MESSAGE_ATTACHMENT_TYPE');
        return storeAttachment(platform, {
          partnerId: conversation.partnerId,
          accountId: admin.account.id,
          body: part.file,
          fileName: part.filename,
        });
      },
    );
  });

  app.get<{ Params: { id: string } }>('/api/messages/attachments/:id', async (request, reply) => {
    const ctx = await createRequestContext(platform, request);
    const { partnerId } = await ctx.require('messages', 'read');
    const auth = ctx.requireAuth();
    const file = await findDownloadableAttachment(ctx.db, request.params.id.toLowerCase(), {
      partnerId,
      accountId: auth.account.id,
    });
    return sendAttachment(platform, reply, file);
  });

  app.get<{ Params: { id: string } }>('/api/cockpit/messages/attachments/:id', async (request, reply) => {
    const ctx = await createRequestContext(platform, request);
    const admin = ctx.requireOperator('messages', 'read');
    const file = await findDownloadableAttachment(ctx.db, request.params.id.toLowerCase(), {
      partnerId: null,
      accountId: admin.account.id,
    });
    return sendAttachment(platform, reply, file);
  });
}
