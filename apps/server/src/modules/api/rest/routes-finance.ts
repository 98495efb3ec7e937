import { DomainError, type V1Paging, v1Page, v1PageRequest, v1PagingQuery } from '@pp/domain';
import { z } from 'zod';
import { v1Route } from './route';

/**
 * Invoices and offsets: billing does not exist in this portal yet, so the collections answer empty lists
 * (never 404) and a document asked for by id is not found, with the billing permission checked as it will be.
 */
function emptyFinanceList(path: string, summary: string) {
  return v1Route({
    method: 'GET',
    path,
    summary,
    tag: 'Finance',
    query: v1PagingQuery,
    data: z.array(z.object({ id: z.string() })),
    paged: true,
    async handler(ctx, { query }): Promise<{ data: { id: string }[]; paging: V1Paging }> {
      await ctx.require('billing', 'read');
      const { items, paging } = v1Page([] as { id: string }[], v1PageRequest(query));
      return { data: items, paging };
    },
  });
}

function financeDocument(path: string, summary: string) {
  return v1Route({
    method: 'GET',
    path,
    summary,
    tag: 'Finance',
    params: z.object({ id: z.string().max(64) }),
    data: z.object({ id: z.string() }),
    async handler(ctx): Promise<{ data: { id: string } }> {
      await ctx.require('billing', 'read');
      throw new DomainError('DOCUMENT_NOT_FOUND');
    },
  });
}

export const FINANCE_ROUTES = [
  emptyFinanceList('/invoices', "The partner's invoices (none until billing exists)"),
  financeDocument('/invoices/:id', 'One invoice (none until billing exists)'),
  financeDocument('/invoices/:id/download', "One invoice's PDF (none until billing exists)"),
  emptyFinanceList('/offsets', "The partner's offsets (none until billing exists)"),
  financeDocument('/offsets/:id', 'One offset (none until billing exists)'),
  financeDocument('/offsets/:id/download', "One offset's PDF (none until billing exists)"),
];
