import { isLanguage, isShopId, type Language, MARKETS } from '@pp/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { accountPartners, partners } from '../partner/tables';
import { accounts } from './tables';

/**
 * The language each address of a partner's mail is written in. A person with an account reads the language
 * they chose (at registration from their browser, later in their profile). A contact or a custom address
 * without an account has no language of its own: it reads the partner's master account's, since the master
 * registered the shop and entered its contacts; only a partner without a master falls back to the shop's.
 * (An English registrant of a Czech shop used to get the workflow mails of its own contact address in Czech.)
 */
export async function mailLanguages(
  db: DbOrTx,
  partnerId: number,
  emails: readonly string[],
): Promise<Map<string, Language>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  const languages = new Map<string, Language>();
  if (wanted.length === 0) return languages;
  const own = await db
    .select({ email: sql<string>`lower(${accounts.email})`, lang: accounts.lang })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.email})`, wanted));
  for (const row of own) if (isLanguage(row.lang)) languages.set(row.email, row.lang);
  if (languages.size < wanted.length) {
    const fallback = await partnerLanguage(db, partnerId);
    for (const email of wanted) if (!languages.has(email)) languages.set(email, fallback);
  }
  return languages;
}

/** The master account's language, else the shop's, else English. */
export async function partnerLanguage(db: DbOrTx, partnerId: number): Promise<Language> {
  const [row] = await db
    .select({ master: accounts.lang, shopId: partners.shopId })
    .from(partners)
    .leftJoin(accountPartners, and(eq(accountPartners.partnerId, partners.id), eq(accountPartners.isMaster, true)))
    .leftJoin(accounts, eq(accounts.id, accountPartners.accountId))
    .where(eq(partners.id, partnerId))
    .limit(1);
  if (row?.master && isLanguage(row.master)) return row.master;
  return row && isShopId(row.shopId) ? MARKETS[row.shopId].language : 'en';
}
