import type { Action, Resource } from '@pp/domain';
import { useTranslation } from 'react-i18next';
import { canAccess } from './access';
import { useSession } from './session';

/** Whether the signed-in account may take an action here, and if not, the sentence that says why. */
export interface Permission {
  allowed: boolean;
  /** Translated, naming the permission the account lacks; null when allowed. */
  reason: string | null;
}

/**
 * The account's permission for one action of the selected partner, read from the session the routes check
 * too. The web shows the refusal before anything is filled in; the server still decides on every request.
 */
export function usePermission(resource: Resource, action: Action): Permission {
  const session = useSession();
  const { t } = useTranslation();
  const allowed = canAccess(session, resource, action);
  return {
    allowed,
    reason: allowed
      ? null
      : t('permissions.missing', {
          resource: t(`permissions.resources.${resource}`),
          action: t(`permissions.actions.${action}`),
        }),
  };
}
