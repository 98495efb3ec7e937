import { Alert, Box, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatOrderMoney } from '../orders/orderLabels';
import { ProductPriceHoldsApplyMutation, ProductPriceHoldsDiscardMutation, ProductPriceHoldsQuery } from './operations';
import { refreshProducts } from './useProductsLive';

/**
 * The price changes over the 30 % bound that an XML import or a batch apply (`sourceId`, the import's or the
 * job's id) wrote nothing for: the list the seller checks, 100 at a time with "show more" until every one is
 * in view, and two buttons: apply them all, as the product form's confirmation does for one product, or
 * reject them all (the prices stay). The server applies only what still starts from the price shown;
 * anything else is counted as skipped.
 */
export function PriceHoldsPanel({ sourceId, canApply }: { sourceId: string; canApply: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const holds = useInfiniteQuery({
    queryKey: ['productPriceHolds', sourceId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.request(ProductPriceHoldsQuery, { sourceId, after: pageParam }, { signal }).then((r) => r.productPriceHolds),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  // Confirmed or rejected, the list is gone: a later look (the import dialog reopened) reads it afresh.
  const settled = () => {
    refreshProducts(queryClient);
    void queryClient.invalidateQueries({ queryKey: ['productPriceHolds', sourceId] });
  };
  const apply = useMutation({
    mutationFn: () => api.request(ProductPriceHoldsApplyMutation, { sourceId }).then((r) => r.productPriceHoldsApply),
    onSuccess: settled,
  });
  const discard = useMutation({
    mutationFn: () =>
      api.request(ProductPriceHoldsDiscardMutation, { sourceId }).then((r) => r.productPriceHoldsDiscard),
    onSuccess: settled,
  });

  if (discard.data) {
    return (
      <Alert color="gray" variant="light" role="status" data-testid="price-holds-discarded">
        <Text size="sm">{t('products.priceHolds.discarded', { count: discard.data.discarded })}</Text>
      </Alert>
    );
  }
  if (apply.data) {
    return (
      <Alert color="green" variant="light" role="status" data-testid="price-holds-applied">
        <Text size="sm">{t('products.priceHolds.applied', { applied: format.number(apply.data.applied) })}</Text>
        {apply.data.skipped > 0 && (
          <Text size="sm">{t('products.priceHolds.skipped', { skipped: format.number(apply.data.skipped) })}</Text>
        )}
      </Alert>
    );
  }
  const pages = holds.data?.pages ?? [];
  const first = pages[0];
  if (holds.isError && !first) return <ErrorAlert error={holds.error} />;
  if (!first || first.total === 0) return null;
  const list = { ...first, items: pages.flatMap((page) => page.items) };
  const money = (amount: number) => formatOrderMoney(amount, list.currency, format.locale);
  const busy = apply.isPending || discard.isPending;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('products.priceHolds.title', { count: list.total })}
      // The body may shrink below the table's width, so that the table scrolls instead of the dialog.
      styles={{ body: { minWidth: 0 } }}
      data-testid="price-holds"
    >
      <Stack gap="sm">
        <Text size="sm">{t('products.priceHolds.help')}</Text>
        {/* A region a keyboard can scroll: a long list or a narrow phone scrolls here, not the dialog. */}
        <Box
          role="region"
          aria-label={t('products.priceHolds.tableLabel')}
          tabIndex={0}
          style={{ overflow: 'auto', maxHeight: 280 }}
        >
          <Table striped withTableBorder fz="sm" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.priceHolds.product')}</Table.Th>
                <Table.Th ta="right">{t('products.priceHolds.from')}</Table.Th>
                <Table.Th ta="right">{t('products.priceHolds.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((item) => (
                <Table.Tr key={`${item.productId}\n${item.variantId ?? ''}`} data-testid="price-hold">
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    <Text size="sm" fw={500}>
                      {item.productId}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.variantId ? t('products.priceHolds.variant', { id: item.variantId }) : item.title}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(item.priceFrom)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{money(item.priceTo)}</Text>
                    {/* The change under the new price: three columns fit a phone's dialog. */}
                    <Text size="xs" fw={700} data-testid="price-hold-percent">
                      <VisuallyHidden>{t('products.priceHolds.change')}: </VisuallyHidden>
                      {`${item.percent > 0 ? '+' : ''}${format.number(item.percent)} %`}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
        {holds.hasNextPage && (
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" data-testid="price-holds-shown">
              {t('products.priceHolds.more', {
                shown: format.number(list.items.length),
                total: format.number(list.total),
              })}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              loading={holds.isFetchingNextPage}
              onClick={() => void holds.fetchNextPage()}
              data-testid="price-holds-more"
            >
              {t('products.priceHolds.loadMore')}
            </Button>
          </Group>
        )}
        {holds.isError && <ErrorAlert error={holds.error} />}
        {apply.isError && <ErrorAlert error={apply.error} />}
        {discard.isError && <ErrorAlert error={discard.error} />}
        {canApply && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              loading={discard.isPending}
              disabled={busy && !discard.isPending}
              onClick={() => discard.mutate()}
              data-testid="price-holds-discard"
            >
              {t('products.priceHolds.discard', { count: list.total })}
            </Button>
            <Button
              color="yellow"
              loading={apply.isPending}
              disabled={busy && !apply.isPending}
              onClick={() => apply.mutate()}
              data-testid="price-holds-apply"
            >
              {t('products.priceHolds.apply', { count: list.total })}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
