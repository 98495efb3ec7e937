import { isShopId, MARKETS } from '@pp/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/api';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ContractQuery, SETTINGS_KEYS } from '../onboarding/steps/settings/operations';

/**
 * The partner's seat country (phone format of contacts, first country of a new address): the contract's
 * state, or the market's country while the contract is unknown or not readable by this account.
 */
export function useSeatCountry(): string {
  const session = useSession();
  const readable = canAccess(session, 'partner');
  const contract = useQuery({
    queryKey: SETTINGS_KEYS.contract,
    queryFn: ({ signal }) => api.request(ContractQuery, {}, { signal }).then((r) => r.contract),
    enabled: readable,
  });
  const shopId = session.selectedPartner?.shopId ?? '';
  return contract.data?.state || (isShopId(shopId) ? MARKETS[shopId].shortCode : '');
}
