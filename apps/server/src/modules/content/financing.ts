import { createHmac } from 'node:crypto';
import { DomainError, isHttpUrl } from '@pp/domain';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Config } from '../../platform/config';
import type { RequestContext } from '../../platform/context';
import { partnerContracts, partners } from '../partner/tables';

/** Who the provider makes an offer for: the shop as the marketplace knows it. */
export interface FinancingApplicant {
  partnerId: number;
  sapId: string | null;
  shopId: string;
  country: string;
  companyName: string;
  companyId: string;
  vatId: string;
  lang: string;
}

/** A financing provider: gives the partner's personal offer address, or throws FINANCING_ERROR. */
export interface FinancingProvider {
  offerLink(applicant: FinancingApplicant): Promise<string>;
}

/**
 * The provider's API: POST {url}/offer-links with the applicant as JSON (and the key as a bearer token) answers
 * 200 with `{ "url": "https://…" }`. Anything else — a timeout, a refusal, an answer without an http(s) link —
 * is the spec's financing error: the page says so and the partner can try again later.
 */
export function httpFinancingProvider(options: { url: string; apiKey: string; timeoutMs: number }): FinancingProvider {
  return {
    async offerLink(applicant) {
      let response: Response;
      try {
        response = await fetch(`${options.url}/offer-links`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify(applicant),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch {
        throw new DomainError('FINANCING_ERROR');
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DomainError('FINANCING_ERROR');
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new DomainError('FINANCING_ERROR');
      }
      const url = (body as { url?: unknown } | null)?.url;
      // The page opens the link in the partner's browser: only an ordinary web address, never javascript: or data:.
      if (typeof url !== 'string' || !isHttpUrl(url)) throw new DomainError('FINANCING_ERROR');
      return url.trim();
    },
  };
}

/**
 * The demo's stand-in for the provider (no provider is reachable from a demo machine): the offer is the
 * portal's public demo offer page, named by a token that does not reveal the partner's id.
 */
export function demoFinancingProvider(publicUrl: string, secret: string): FinancingProvider {
  return {
    async offerLink(applicant) {
      const token = createHmac('sha256', secret).update(`financing:${applicant.partnerId}`).digest('base64url');
      return `${publicUrl.replace(/\/+$/, '')}/offer/financing-demo?offer=${token.slice(0, 16)}`;
    },
  };
}

export function financingProviderOf(config: Config): FinancingProvider {
  const settings = config.financing;
  if (settings.kind === 'http') return httpFinancingProvider(settings);
  if (settings.kind === 'demo') return demoFinancingProvider(config.publicUrl, config.remoteLoginSecret);
  return {
    offerLink: async () => {
      throw new DomainError('FINANCING_ERROR');
    },
  };
}

/**
 * The selected partner's financing offer link ("financing link", spec §7). Any member of the partner may ask
 * (the page has no resource). The request is recorded in the audit trail: it sends the shop's company data
 * to a third party.
 */
export async function financingLink(ctx: RequestContext): Promise<string> {
  const { partnerId } = await ctx.requirePartner();
  const [row] = await ctx.db
    .select({
      sapId: partners.sapId,
      shopId: partners.shopId,
      country: partners.country,
      partnerName: partners.partnerName,
      company: partnerContracts.company,
      companyId: partnerContracts.companyId,
      vatId: partnerContracts.vatId,
    })
    .from(partners)
    .leftJoin(partnerContracts, eq(partnerContracts.partnerId, partners.id))
    .where(eq(partners.id, partnerId));
  if (!row) throw new DomainError('ACCESS_DENIED');
  const applicant: FinancingApplicant = {
    partnerId,
    sapId: row.sapId,
    shopId: row.shopId,
    country: row.country,
    companyName: row.company || row.partnerName,
    companyId: row.companyId ?? '',
    vatId: row.vatId ?? '',
    lang: ctx.lang,
  };
  let url: string | null = null;
  try {
    url = await financingProviderOf(ctx.platform.config).offerLink(applicant);
    return url;
  } finally {
    await recordAudit(ctx.db, ctx.actor(partnerId), {
      action: 'content.financing.link',
      entity: 'partner',
      entityId: partnerId,
      data: { ok: url !== null },
    });
  }
}
