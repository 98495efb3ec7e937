import type { Currency, ShopId } from '@pp/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api/api';
import { useFormat } from '../../../../app/i18n/format';
import { usePermission } from '../../../../app/session/permission';
import { ErrorAlert } from '../../../../ui/ErrorAlert';
import { PermissionGate } from '../../../../ui/PermissionGate';
import { type DeliveryMethodRow, PartnerMethodsQuery } from '../../../deliveries/methods/operations';
import { draftOf, EMPTY_METHOD, type MethodDraft } from '../../../deliveries/methods/draft';
import { MethodDialog } from '../../../deliveries/methods/MethodDialog';
import { refreshMethods } from '../../../deliveries/methods/MethodForm';
import { ConfirmDelete } from './ConfirmDelete';
import { type ChecklistData, DeleteDeliveryMutation, SETTINGS_KEYS } from './operations';
import { RowActions, useRemoveSetting } from './editing';
import { SectionCard } from './SectionCard';

/**
 * Onboarding step 3's transport: the partner's delivery methods, each edited in the same form as the
 * deliveries detail page (MethodDialog), so both follow one set of rules and one server operation.
 */
export function TransportSection({
  checklist,
  shopId,
  currency,
}: {
  checklist: ChecklistData | undefined;
  shopId: ShopId;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const create = usePermission('deliveries', 'create');
  const deliveries = useQuery({
    queryKey: SETTINGS_KEYS.deliveries,
    queryFn: ({ signal }) => api.request(PartnerMethodsQuery, {}, { signal }),
  });
  const [editing, setEditing] = useState<{ id: string | null; draft: MethodDraft } | null>(null);
  const [deleting, setDeleting] = useState<DeliveryMethodRow | null>(null);

  const remove = useRemoveSetting(
    (id) => api.request(DeleteDeliveryMutation, { id }),
    t('deliveries.deleted'),
    () => setDeleting(null),
    refreshMethods,
  );

  const rows = deliveries.data?.partnerDeliveries ?? [];
  const unused = deliveries.data?.availableTransports ?? [];
  // A new method starts on the first carrier not offered yet: the usual next step of a seller.
  const startNew = () => {
    const next = unused[0];
    setEditing({
      id: null,
      draft: next
        ? {
            ...EMPTY_METHOD,
            transport: next.code,
            code: next.code,
            title: next.title,
            isPickupPoint: next.isPickupPoint,
          }
        : EMPTY_METHOD,
    });
  };

  return (
    <SectionCard
      id="transport"
      title={t('deliveries.title')}
      intro={t('deliveries.intro')}
      done={checklist?.transport ?? null}
    >
      {deliveries.isError && <ErrorAlert error={deliveries.error} />}
      {deliveries.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('deliveries.empty')}
        </Text>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => (
          <Group key={row.id} component="li" justify="space-between" wrap="nowrap" data-testid="delivery-row">
            <div>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {row.title}
                </Text>
                {row.isPickupPoint && (
                  <Badge size="xs" variant="light">
                    {t('deliveries.pickupPoint')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {row.code} ·{' '}
                {t('deliveries.summary', {
                  price: format.money(row.price, currency),
                  days: row.deliveryDelay,
                })}
                {row.codPrice !== null &&
                  ` · ${t('deliveries.codSummary', { price: format.money(row.codPrice, currency) })}`}
                {row.freeLimit !== null &&
                  ` · ${t('deliveries.freeSummary', { price: format.money(row.freeLimit, currency) })}`}
              </Text>
            </div>
            <RowActions
              editLabel={t('deliveries.edit', { carrier: row.title })}
              deleteLabel={t('deliveries.delete', { carrier: row.title })}
              onEdit={() => setEditing({ id: row.id, draft: draftOf(row) })}
              onDelete={() => setDeleting(row)}
            />
          </Group>
        ))}
      </Stack>
      <Group>
        <PermissionGate permission={create}>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={deliveries.isPending}
            onClick={startNew}
          >
            {t('deliveries.add')}
          </Button>
        </PermissionGate>
      </Group>
      {editing && (
        <MethodDialog
          id={editing.id}
          initial={editing.draft}
          shopId={shopId}
          currency={currency}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        text={t('deliveries.confirmDelete', { carrier: deleting?.title ?? '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
  );
}
