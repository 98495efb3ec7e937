import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/PageFrame';
import { SENT_TO_KEY } from './draft';
import { RegistrationCard } from './RegistrationCard';

/** registration-submit: the registration is in; the next step waits in the mailbox. */
export function RegistrationSubmitPage() {
  const { t } = useTranslation();
  useDocumentTitle('registrationSubmit');
  const [email] = useState(() => {
    try {
      return window.sessionStorage.getItem(SENT_TO_KEY);
    } catch {
      return null;
    }
  });
  return (
    <RegistrationCard>
      <Stack gap="md" align="center" ta="center" data-testid="registration-submitted">
        <ThemeIcon size={56} radius="xl" variant="light" color="green">
          <IconMailForward size={30} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t('registration.submitted.title')}
        </Title>
        <Text size="sm">
          {email ? t('registration.submitted.sentTo', { email }) : t('registration.submitted.sent')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('registration.submitted.hint')}
        </Text>
        <Anchor component={Link} to="/login" size="sm">
          {t('registration.backToLogin')}
        </Anchor>
      </Stack>
    </RegistrationCard>
  );
}
