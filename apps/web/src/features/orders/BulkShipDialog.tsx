import { bulkStatusOutcome, TRACKING_NUMBER_MAX, TRACKING_URL_MAX } from '@pp/domain';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClipboardEvent, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FormActions } from '../../ui/FormActions';
import { flash } from '../../ui/flash';
import { type BulkResultRow, BulkResults } from './BulkResults';
import {
  fillFromPaste,
  type PasteFill,
  type ShipOrder,
  shipItems,
  shipRefusal,
  trackingIssue,
  trackingUrlIssue,
} from './bulkShip';
import { OrdersShipMutation } from './operations';
import { StatusBadge } from './orderLabels';

/** The key of a row's field in the dialog's errors: the tracking number by the order id, the link beside it. */
const linkKey = (orderId: string) => `${orderId}:url`;

/**
 * Ships the selected orders at once, each with its own tracking number and optional tracking link: typed per
 * row, or the numbers pasted as two columns from a spreadsheet (order number and tracking number). Orders the
 * rules do not let ship say why on their row and are not sent; the answer lists every order with its result.
 */
export function BulkShipDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: readonly ShipOrder[] | null;
  onClose: () => void;
  /** After some orders shipped; gets their ids. */
  onDone?: (shipped: string[]) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery('(max-width: 36em)');
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const [links, setLinks] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pasted, setPasted] = useState('');
  const [fill, setFill] = useState<Omit<PasteFill, 'tracking'> | null>(null);
  const [answer, setAnswer] = useState<BulkResultRow[] | null>(null);
  const list = orders ?? [];
  const shippable = list.filter((o) => !shipRefusal(o));

  // A new selection starts from the tracking numbers the orders already have.
  useEffect(() => {
    setTracking(Object.fromEntries((orders ?? []).map((o) => [o.id, o.trackingNumber ?? ''])));
    setLinks({});
  }, [orders]);

  const ship = useMutation({
    mutationFn: async (items: ReturnType<typeof shipItems>) =>
      (await api.request(OrdersShipMutation, { items })).ordersShip,
    onSuccess: (result, items) => {
      const sent = new Map(items.map((i) => [i.orderId, i.trackingNumber]));
      const byId = new Map(result.results.map((r) => [String(r.orderId), r]));
      // Every selected order in the order shown: the server's answer, or the rule that kept it back.
      const rows: BulkResultRow[] = list.map((o) => {
        const r = byId.get(o.id);
        if (r) return { ...r, trackingNumber: sent.get(o.id) || null };
        return { orderId: o.id, ok: false, code: shipRefusal(o) };
      });
      const shipped = rows.filter((r) => r.ok).map((r) => String(r.orderId));
      const outcome = bulkStatusOutcome(rows);
      const text = t(`orders.flash.${outcome}`, { count: shipped.length, failed: rows.length - shipped.length });
      if (outcome === 'statusesUpdate') flash.success(text);
      else flash.error(text);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['orderStatusCounts'] });
      for (const id of sent.keys()) void queryClient.invalidateQueries({ queryKey: ['order', id] });
      if (shipped.length) onDone?.(shipped);
      setAnswer(rows);
    },
    onError: (error) => {
      // The server's rule per row (items.N.trackingNumber, items.N.trackingUrl) goes under that row's field.
      if (!(error instanceof ApiError)) return;
      const sent = shipItems(list, tracking, links);
      const next: Record<string, string> = {};
      for (const issue of error.fields) {
        const match = /^items\.(\d+)\.(\w+)$/.exec(issue.field);
        const item = match ? sent[Number(match[1])] : undefined;
        if (!item) continue;
        next[match?.[2] === 'trackingUrl' ? linkKey(item.orderId) : item.orderId] = t(
          `validation.${issue.rule}`,
          issue.params ?? {},
        );
      }
      setErrors(next);
    },
  });

  function close() {
    setErrors({});
    setPasted('');
    setFill(null);
    setAnswer(null);
    ship.reset();
    onClose();
  }

  function applyPaste(text: string) {
    const result = fillFromPaste(list, tracking, text);
    setTracking(result.tracking);
    setFill({ filled: result.filled, notSelected: result.notSelected, unreadable: result.unreadable });
    setErrors({});
  }

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!text) return;
    event.preventDefault();
    setPasted(text);
    applyPaste(text);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const order of shippable) {
      const issue = trackingIssue(tracking[order.id] ?? '');
      if (issue) found[order.id] = t(`validation.${issue.rule}`, issue.params);
      const linkIssue = trackingUrlIssue(links[order.id] ?? '');
      if (linkIssue) found[linkKey(order.id)] = t(`validation.${linkIssue.rule}`, linkIssue.params);
    }
    setErrors(found);
    if (Object.keys(found).length || shippable.length === 0) return;
    ship.mutate(shipItems(list, tracking, links));
  };

  return (
    <Modal
      opened={!!orders}
      onClose={close}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('orders.ship.title', { count: list.length })}
      size="xl"
      fullScreen={!!narrow}
    >
      {answer ? (
        <BulkResults results={answer} okLabel={t('orders.ship.shipped')} onClose={close} />
      ) : (
        <form onSubmit={submit} noValidate data-testid="bulk-ship-form">
          <Stack gap="md">
            <Text size="sm">{t('orders.ship.intro')}</Text>
            <Stack gap={6}>
              <Textarea
                label={t('orders.ship.paste')}
                placeholder={t('orders.ship.pastePlaceholder')}
                value={pasted}
                onChange={(e) => setPasted(e.currentTarget.value)}
                onPaste={onPaste}
                autosize
                minRows={2}
                maxRows={6}
                data-testid="bulk-ship-paste"
              />
              <Group justify="flex-end">
                <Button
                  variant="light"
                  size="compact-sm"
                  onClick={() => applyPaste(pasted)}
                  disabled={!pasted.trim()}
                  data-testid="bulk-ship-fill"
                >
                  {t('orders.ship.fill')}
                </Button>
              </Group>
              {fill && (
                <Alert
                  color={fill.notSelected.length || fill.unreadable.length ? 'orange' : 'blue'}
                  variant="light"
                  data-testid="bulk-ship-fill-summary"
                >
                  <Stack gap={2}>
                    <Text size="sm">{t('orders.ship.filled', { count: fill.filled })}</Text>
                    {fill.notSelected.length > 0 && (
                      <Text size="sm">{t('orders.ship.notSelected', { ids: fill.notSelected.join(', ') })}</Text>
                    )}
                    {fill.unreadable.length > 0 && (
                      <Text size="sm">{t('orders.ship.unreadable', { lines: fill.unreadable.join(', ') })}</Text>
                    )}
                  </Stack>
                </Alert>
              )}
            </Stack>
            {shippable.length === 0 && (
              <Alert color="orange" variant="light">
                {t('orders.ship.noneToShip')}
              </Alert>
            )}
            <ScrollArea.Autosize mah={narrow ? undefined : 380}>
              <Table verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orders.columns.id')}</Table.Th>
                    <Table.Th>{t('orders.ship.trackingColumn')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((order) => {
                    const refusal = shipRefusal(order);
                    return (
                      <Table.Tr key={order.id} data-testid="bulk-ship-row" data-order-id={order.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {order.id}
                          </Text>
                          <Group gap={6} wrap="nowrap">
                            <StatusBadge status={order.status} />
                            <Text size="xs" c="dimmed" truncate maw={160}>
                              {order.customerName}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td w="60%">
                          {refusal ? (
                            <Text size="sm" c="red.8">
                              {t('orders.ship.cannotShip', { reason: t(`errors.${refusal}`) })}
                            </Text>
                          ) : (
                            <Stack gap={4}>
                              <TextInput
                                aria-label={t('orders.ship.trackingOf', { id: order.id })}
                                value={tracking[order.id] ?? ''}
                                onChange={(e) => {
                                  const value = e.currentTarget.value;
                                  setTracking((prev) => ({ ...prev, [order.id]: value }));
                                }}
                                error={errors[order.id]}
                                maxLength={TRACKING_NUMBER_MAX}
                                autoComplete="off"
                                size="sm"
                                data-testid="bulk-ship-tracking"
                              />
                              <TextInput
                                aria-label={t('orders.ship.trackingUrlOf', { id: order.id })}
                                placeholder={t('orders.ship.trackingUrlPlaceholder')}
                                value={links[order.id] ?? ''}
                                onChange={(e) => {
                                  const value = e.currentTarget.value;
                                  setLinks((prev) => ({ ...prev, [order.id]: value }));
                                }}
                                error={errors[linkKey(order.id)]}
                                maxLength={TRACKING_URL_MAX}
                                type="url"
                                inputMode="url"
                                autoComplete="off"
                                size="sm"
                                data-testid="bulk-ship-tracking-url"
                              />
                            </Stack>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Text size="xs" c="dimmed">
              {t('orders.statusChange.trackingNumberHint')} {t('orders.ship.trackingUrlHint')}
            </Text>
            {ship.isError && !Object.values(errors).some(Boolean) && <ErrorAlert error={ship.error} />}
            <FormActions
              cancelLabel={t('common.cancel')}
              submitLabel={t('orders.ship.submit', { count: shippable.length })}
              onCancel={close}
              loading={ship.isPending}
              submitTestId="bulk-ship-submit"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
