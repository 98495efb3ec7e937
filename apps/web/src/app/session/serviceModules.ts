import type { ServiceModule } from '@pp/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../graphql/graphql';
import { api } from '../api/api';
import { useStreamEvent } from '../stream/StreamProvider';

/**
 * The selected partner's service modules, under the permission editor's key and with its fields (one cache
 * entry for both). Availability and MALL Delivery take no whole resource away, so no policy says they are
 * off: the controls of their commands ask here, and follow an operator's switch at once.
 */
const OwnServiceModulesQuery = graphql(`
  query OwnServiceModules {
    serviceModules {
      module
      enabled
      resources
    }
  }
`);

export const SERVICE_MODULES_KEY = ['serviceModules'] as const;

/**
 * Why the module's commands are unavailable (translated), or null while it is on or not yet known: the
 * control is shown disabled with this reason rather than let the server refuse it.
 */
export function useModuleOffReason(module: ServiceModule): string | null {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const modules = useQuery({
    queryKey: SERVICE_MODULES_KEY,
    queryFn: ({ signal }) => api.request(OwnServiceModulesQuery, {}, { signal }).then((r) => r.serviceModules),
  });
  useStreamEvent(
    'service_modules_changed',
    () => void queryClient.invalidateQueries({ queryKey: SERVICE_MODULES_KEY }),
  );
  const off = modules.data?.some((m) => m.module === module && !m.enabled) ?? false;
  return off ? t('serviceModules.disabledReason', { module: t(`serviceModules.modules.${module}`) }) : null;
}
