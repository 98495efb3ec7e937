import { Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { OrderBranchUpdateMutation, OrderDestinationBranchesQuery } from './toolsOperations';

/**
 * Sends a pickup-point order to another branch of its destination. The server allows it while the order is
 * open or being shipped; the list is the carriers' branches in the order's destination country.
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
  const [chosen, setChosen] = useState<string | null>(branchId);
  useEffect(() => {
    if (opened) setChosen(branchId);
  }, [opened, branchId]);

  const branches = useQuery({
    queryKey: ['orders', 'destinationBranches', orderId],
    queryFn: ({ signal }) => api.request(OrderDestinationBranchesQuery, { orderId }, { signal }),
    enabled: opened,
  });

  const save = useMutation({
    mutationFn: (next: string) => api.request(OrderBranchUpdateMutation, { orderId, branchId: next }),
    onSuccess: () => {
      flash.success(t('orders.branch.saved'));
      void queryClient.invalidateQueries();
      onClose();
    },
  });

  const list = branches.data?.orderDestinationBranches ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.branch.title')} centered size="lg">
      <Stack gap="md" data-testid="branch-dialog">
        <Text size="sm" c="dimmed">
          {t('orders.branch.help')}
        </Text>
        {branches.isPending && <Loader size="sm" />}
        {branches.isError && <ErrorAlert error={branches.error} />}
        {branches.isSuccess && list.length === 0 && <Text size="sm">{t('orders.branch.none')}</Text>}
        {list.length > 0 && (
          <ScrollArea.Autosize mah={360}>
            <Radio.Group value={chosen} onChange={setChosen} aria-label={t('orders.branch.title')}>
              <Stack gap="xs">
                {list.map((branch) => (
                  <Radio
                    key={branch.id}
                    value={branch.id}
                    data-testid={`branch-${branch.id}`}
                    label={`${branch.carrier} – ${branch.name}${branch.id === branchId ? ` (${t('orders.branch.current')})` : ''}`}
                    description={`${branch.street}, ${branch.zip} ${branch.city}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </ScrollArea.Autosize>
        )}
        {save.isError && <ErrorAlert error={save.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!chosen || chosen === branchId}
            loading={save.isPending}
            onClick={() => chosen && save.mutate(chosen)}
            data-testid="branch-save"
          >
            {t('orders.branch.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
