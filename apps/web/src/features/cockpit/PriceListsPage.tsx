import { Badge, Button, Card, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { SHOP_IDS, type ShopId } from '@pp/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageFrame } from '../../ui/PageFrame';
import { CockpitPriceListsQuery } from '../price-lists/operations';
import { AssignForm } from './PriceListAssignForm';
import { NewListForm, NewVersionForm } from './PriceListCreateForms';
import { PriceListVersionEditor } from './PriceListVersionEditor';
import { addDays, dayOf, PRICE_LISTS_KEY, STATE_COLORS } from './priceListsShared';

/** Operators: the shops' price lists, their versions (a new one from a later day), trees and partners. */
export function PriceListsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [shopId, setShopId] = useState<ShopId>('CZ10MA');
  const [versionId, setVersionId] = useState<string | null>(null);
  const lists = useQuery({
    queryKey: [...PRICE_LISTS_KEY, shopId],
    queryFn: ({ signal }) => api.request(CockpitPriceListsQuery, { shopId }, { signal }),
  });
  return (
    <PageFrame
      route="cockpitPriceLists"
      actions={
        <Button
          renderRoot={(props) => <Link {...props} to="/cockpit" />}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('priceLists.cockpit.back')}
        </Button>
      }
    >
      <NativeSelect
        label={t('priceLists.cockpit.shop')}
        value={shopId}
        onChange={(e) => {
          setShopId(e.currentTarget.value as ShopId);
          setVersionId(null);
        }}
        data={SHOP_IDS.map((s) => ({ value: s, label: `${t(`markets.${s}`)} (${s})` }))}
        w={{ base: '100%', xs: 280 }}
        data-testid="price-lists-shop"
      />
      {lists.error && <ErrorAlert error={lists.error} />}
      {lists.data?.cockpitPriceLists.map((list) => (
        <Fragment key={list.id}>
          <Card withBorder padding="lg" data-testid={`cockpit-price-list-${list.id}`}>
            <Stack gap="md">
              <Title order={3} fz="lg">
                {list.name}
              </Title>
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('priceLists.cockpit.validFrom')}</Table.Th>
                      <Table.Th>{t('priceLists.cockpit.validTo')}</Table.Th>
                      <Table.Th>{t('priceLists.cockpit.state')}</Table.Th>
                      <Table.Th ta="right">{t('priceLists.defaultCommission')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.versions.map((v) => (
                      <Table.Tr key={v.id} data-testid="price-list-version-row">
                        <Table.Td>{format.date(dayOf(v.validFrom))}</Table.Td>
                        <Table.Td>{v.validTo ? format.date(dayOf(addDays(dayOf(v.validTo), -1))) : '—'}</Table.Td>
                        <Table.Td>
                          <Badge color={STATE_COLORS[v.state] ?? 'gray'} variant="light" miw="max-content">
                            {t(`priceLists.state.${v.state}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">{format.number(v.commission)} %</Table.Td>
                        <Table.Td ta="right">
                          <Button size="compact-sm" variant="default" onClick={() => setVersionId(v.id)}>
                            {t('priceLists.cockpit.open')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <NewVersionForm priceListId={list.id} onCreated={setVersionId} />
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('priceLists.cockpit.partners', { n: list.partners.length })}
                </Text>
                <Text size="sm" c="dimmed">
                  {list.partners.map((p) => `${p.name} (${p.id})`).join(', ') || t('priceLists.cockpit.noPartners')}
                </Text>
              </Stack>
              <AssignForm priceListId={list.id} shopId={shopId} />
            </Stack>
          </Card>
          {/* The version opened, right below its list (a new list's first version below the new list's form). */}
          {versionId && list.versions.some((v) => v.id === versionId) && (
            <PriceListVersionEditor key={versionId} versionId={versionId} />
          )}
        </Fragment>
      ))}
      <NewListForm shopId={shopId} onCreated={setVersionId} />
      {versionId &&
        lists.data &&
        !lists.isFetching &&
        !lists.data.cockpitPriceLists.some((l) => l.versions.some((v) => v.id === versionId)) && (
          <PriceListVersionEditor key={versionId} versionId={versionId} />
        )}
    </PageFrame>
  );
}
