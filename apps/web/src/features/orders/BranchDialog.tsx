import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { BRANCH_OPTIONS, BranchSelect } from '../deliveries/branches/BranchSelect';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { type CarrierBranch, OrderBranchUpdateMutation, OrderDestinationBranchesQuery } from './toolsOperations';

/**
 * Sends a pickup-point order to another branch of its destination. The server allows it while the order is
 * open or being shipped; the seller finds the branch by typing its town, zip, street or name among the
 * active branches of the order's carrier in its destination country.
 */
export function BranchDialog({
  orderId,
  branchId,
  opened,
  onClose,
}: {
  orderId: string;
  branchId: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<CarrierBranch | null>(null);
  useEffect(() => {
    if (opened) setChosen(null);
  }, [opened]);

  const save = useMutation({
    mutationFn: (next: string) => api.request(OrderBranchUpdateMutation, { orderId, branchId: next }),
    onSuccess: () => {
      flash.success(t('orders.branch.saved'));
      void queryClient.invalidateQueries();
      onClose();
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('orders.branch.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="branch-dialog">
        <Text size="sm" c="dimmed">
          {t('orders.branch.help')}
        </Text>
        {branchId && <Text size="sm">{t('orders.branch.currentBranch', { branch: branchId })}</Text>}
        <BranchSelect
          scope={['order', orderId]}
          load={(search, signal) =>
            api
              .request(
                OrderDestinationBranchesQuery,
                { orderId, search: search || null, first: BRANCH_OPTIONS },
                { signal },
              )
              .then((r) => r.orderDestinationBranches)
          }
          value={chosen}
          onChange={(branch) => setChosen(branch as CarrierBranch | null)}
          label={t('orders.branch.pick')}
        />
        {chosen && (
          <Paper withBorder p="sm" data-testid="branch-chosen">
            <Text size="sm" fw={600}>
              {chosen.carrierTitle} – {chosen.name}
            </Text>
            <Text size="sm">
              {chosen.street}, {chosen.zip} {chosen.city}
            </Text>
            {chosen.openingHours && (
              <Text size="xs" c="dimmed">
                {t('deliveries.branches.hours')}: {chosen.openingHours}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {chosen.codAllowed ? t('deliveries.branches.cod') : t('deliveries.branches.noCod')}
            </Text>
          </Paper>
        )}
        {save.isError && <ErrorAlert error={save.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!chosen || chosen.id === branchId}
            loading={save.isPending}
            onClick={() => chosen && save.mutate(chosen.id)}
            data-testid="branch-save"
          >
            {t('orders.branch.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
