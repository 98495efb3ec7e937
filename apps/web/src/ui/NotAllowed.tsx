import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RefusalPage } from './RefusalPage';

export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <RefusalPage
      route="notAllowed"
      icon={IconLock}
      message={t('notAllowed.text')}
      hint={t('notAllowed.hint')}
      testId="not-allowed"
    />
  );
}
