import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../app/session/sessionStore';

/**
 * On the login page after the server ended the session (expired, signed out elsewhere, password reset):
 * says why the user is here instead of showing the form without a word. Shown once.
 */
export function SessionEndedNotice() {
  const { t } = useTranslation();
  const [ended] = useState(sessionStore.peekSessionEnded);
  useEffect(() => {
    sessionStore.takeSessionEnded();
  }, []);
  if (!ended) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconClockExclamation size={18} />} data-testid="session-expired">
      {t('auth.sessionExpired')}
    </Alert>
  );
}
