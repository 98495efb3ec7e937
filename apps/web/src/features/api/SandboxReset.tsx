import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { ResetSandboxMutation } from './operations';

/**
 * Puts the partner's REST API sandbox back as it started (its test products, orders and delivery methods),
 * after a confirmation: what an integrator's tries changed there is gone. Accounts and limits stay.
 */
export function SandboxResetButton() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => api.request(ResetSandboxMutation, {}),
    onSuccess: () => {
      flash.success(t('api.sandbox.resetDataDone'));
      setConfirming(false);
    },
  });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
        data-testid="sandbox-reset-data"
      >
        {t('api.sandbox.resetData')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('api.sandbox.resetDataTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text>{t('api.sandbox.resetDataText')}</Text>
          {reset.isError && <ErrorAlert error={reset.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={reset.isPending} onClick={() => reset.mutate()} data-testid="sandbox-reset-data-confirm">
              {t('api.sandbox.resetData')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
