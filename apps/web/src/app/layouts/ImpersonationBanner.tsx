import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowBackUp, IconSpy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndImpersonation } from '../../features/auth/useEndImpersonation';

/**
 * An administrator acting as a partner must never forget it: everything they do is done for that partner.
 * The way back ends the impersonation and returns the tab to the operator's own cockpit.
 */
export function ImpersonationBanner({
  partnerName,
  adminEmail,
  readOnly = false,
}: {
  partnerName: string;
  adminEmail: string;
  /** An operator who may only look (support): it is told before it tries to change something. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const endImpersonation = useEndImpersonation();
  const [leaving, setLeaving] = useState(false);
  return (
    <Paper data-testid="impersonation-banner" role="status" radius={0} px="md" py={6} bg="orange.6" c="white">
      <Group gap="sm" justify="center" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconSpy size={18} />
          <Text size="sm" fw={600}>
            {t('layout.impersonation', { partner: partnerName, adminEmail })}
          </Text>
          {readOnly && (
            <Badge color="dark" variant="filled" data-testid="impersonation-read-only">
              {t('layout.impersonationReadOnly')}
            </Badge>
          )}
        </Group>
        <Button
          size="compact-sm"
          variant="white"
          color="orange.9"
          leftSection={<IconArrowBackUp size={16} />}
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void endImpersonation();
          }}
          data-testid="impersonation-exit"
        >
          {t('layout.impersonationExit')}
        </Button>
      </Group>
    </Paper>
  );
}
