import { type MallDeliveryFacts, methodDeleteRefusal, type MethodUse, pricingHeld } from '@pp/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { type Permission, usePermission } from '../../../app/session/permission';
import { useSession } from '../../../app/session/session';
import { useMallDelivery } from '../mall/useMallDelivery';
import { DeliveryMethodQuery, METHODS_KEY } from './operations';

type MethodFacts = { openOrders: number; mdpAllowed: boolean };

/**
 * The rules that keep a method as it is, judged in the browser the way the server judges them (domain
 * `method-rules.ts`): may it be deleted, is its pricing held, may it be offered through MALL Delivery. The
 * partner's MALL Delivery state comes from the session (kept current by the stream), the Spectrum switch from
 * the MALL Delivery query.
 */
export function useMethodRules() {
  const { t } = useTranslation();
  const session = useSession();
  const mall = useMallDelivery();
  const canDelete = usePermission('deliveries', 'delete');
  const mallDeliveryState = mall.data?.state ?? session.selectedPartner?.mdpStatus ?? 'inactive';
  const facts: MallDeliveryFacts = {
    state: mallDeliveryState,
    spectrumStatus: mall.data?.config.spectrumStatus ?? 'inactive',
  };
  const use = (method: MethodFacts): MethodUse => ({ ...method, mallDeliveryState });
  return {
    facts,
    /** The delete action of a method: the permission, or the rule's refusal with its reason. */
    deletePermission(method: MethodFacts): Permission {
      if (!canDelete.allowed) return canDelete;
      const refusal = methodDeleteRefusal(use(method));
      return refusal ? { allowed: false, reason: t(`errors.${refusal}`, { count: method.openOrders }) } : canDelete;
    },
    pricingHeld: (method: MethodFacts) => pricingHeld(use(method)),
  };
}

/** A saved method as the server holds it now (the detail page, the form and its MALL section share it). */
export function useStoredMethod(id: string | null | undefined) {
  return useQuery({
    queryKey: [...METHODS_KEY, 'detail', id],
    queryFn: ({ signal }) => api.request(DeliveryMethodQuery, { id: id! }, { signal }).then((r) => r.delivery),
    enabled: Boolean(id),
  });
}
