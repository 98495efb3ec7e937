import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { JobProgress } from './JobProgress';
import { ProductsActivateAllMutation } from './operations';
import { useJobProgress } from './useProductsLive';

/**
 * "Activate all": every inactive product of the partner becomes active, by a job working in batches of 1,000
 * (spec §4). Asked first, because it reaches products the seller may have switched off on purpose.
 */
export function ActivateAllButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const progress = useJobProgress('product_activation_progress', jobId);
  const start = useMutation({
    mutationFn: () => api.request(ProductsActivateAllMutation, {}).then((r) => r.productsActivateAll.jobId),
    onSuccess: (id) => setJobId(id),
  });
  const running = !!progress && progress.status !== 'END' && progress.status !== 'ERROR';

  const close = () => {
    setOpened(false);
    // A running job goes on; the grid refreshes on its own when it ends (useProductsLive).
    setJobId(null);
    start.reset();
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPlayerPlay size={16} />}
        onClick={() => setOpened(true)}
        data-testid="products-activate-all"
      >
        {t('products.grid.activateAll')}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={opened}
        onClose={close}
        title={t('products.grid.activateAllTitle')}
        centered
      >
        <Stack gap="md" data-testid="activate-all-dialog">
          {!jobId && <Text size="sm">{t('products.grid.activateAllConfirm')}</Text>}
          {start.isError && <ErrorAlert error={start.error} />}
          {progress && <JobProgress event={progress} testId="activate-all" />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t(jobId ? 'common.close' : 'common.cancel')}
            </Button>
            {!jobId && (
              <Button
                loading={start.isPending || running}
                onClick={() => start.mutate()}
                data-testid="activate-all-submit"
              >
                {t('products.grid.activateAll')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
