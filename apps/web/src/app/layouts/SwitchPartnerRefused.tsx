import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RefusalPage } from '../../ui/RefusalPage';

/**
 * What /switch-partner/{id} shows when the account does not have that partner: the refusal stays on the
 * page (in the person's language, as it changes) instead of a notice that fades over the home page, and the
 * current partner stays selected.
 */
export function SwitchPartnerRefused() {
  const { t } = useTranslation();
  return (
    <RefusalPage
      route="switchPartner"
      icon={IconBuildingStore}
      message={t('layout.partnerSwitcher.notYours')}
      testId="switch-partner-refused"
      alert
    />
  );
}
