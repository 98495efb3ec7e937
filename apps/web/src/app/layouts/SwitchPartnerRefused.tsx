import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame';

/**
 * What /switch-partner/{id} shows when the account does not have that partner: the refusal stays on the
 * page (in the person's language, as it changes) instead of a notice that fades over the home page, and the
 * current partner stays selected.
 */
export function SwitchPartnerRefused() {
  const { t } = useTranslation();
  return (
    <PageFrame route="switchPartner">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <IconBuildingStore size={34} stroke={1.5} />
          </ThemeIcon>
          <Text size="lg" fw={600} role="alert" data-testid="switch-partner-refused">
            {t('layout.partnerSwitcher.notYours')}
          </Text>
          <Button component={Link} to="/" variant="light">
            {t('common.backToHome')}
          </Button>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
