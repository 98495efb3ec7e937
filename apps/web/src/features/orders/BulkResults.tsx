import { bulkStatusOutcome } from '@pp/domain';
import { Alert, Button, Group, ScrollArea, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface BulkResultRow {
  orderId: string | number;
  ok: boolean;
  code?: string | null;
  /** The server's reason in the person's language; the catalogue's text when absent. */
  message?: string | null;
  /** Shown in its own column when any row has one (a shipment's tracking number). */
  trackingNumber?: string | null;
}

/**
 * The answer of a bulk command per order (spec §8: statusesUpdate, statusesUpdateWithErr, statusesUpdateErr):
 * the outcome, then each order with "changed" (or `okLabel`) or the reason it did not change.
 */
export function BulkResults({
  results,
  okLabel,
  onClose,
}: {
  results: readonly BulkResultRow[];
  okLabel?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const outcome = bulkStatusOutcome(results);
  const changed = results.filter((r) => r.ok).length;
  const withTracking = results.some((r) => r.trackingNumber);
  return (
    <Stack gap="md" data-testid="status-bulk-answer">
      <Alert
        color={outcome === 'statusesUpdate' ? 'green' : outcome === 'statusesUpdateErr' ? 'red' : 'orange'}
        variant="light"
      >
        {t(`orders.flash.${outcome}`, { count: changed, failed: results.length - changed })}
      </Alert>
      <ScrollArea.Autosize mah={320}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.columns.id')}</Table.Th>
              {withTracking && <Table.Th>{t('orders.columns.trackingNumber')}</Table.Th>}
              <Table.Th>{t('orders.statusChange.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((r) => (
              <Table.Tr key={r.orderId} data-testid="status-bulk-row" data-order-id={r.orderId} data-ok={r.ok}>
                <Table.Td>{r.orderId}</Table.Td>
                {withTracking && <Table.Td>{r.trackingNumber || '—'}</Table.Td>}
                <Table.Td c={r.ok ? 'green.8' : 'red.8'}>
                  {r.ok
                    ? (okLabel ?? t('orders.statusChange.changed'))
                    : r.message || t(`errors.${r.code ?? 'UNKNOWN'}`)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </Stack>
  );
}
