import { type Currency, DELIVERY_DELAY_LIMIT, DELIVERY_DELAY_MIN, deliverySchema, type ShopId } from '@pp/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api/api';
import { errorMessage, fieldErrors } from '../../../../app/api/apiError';
import { useFormat } from '../../../../app/i18n/format';
import { ErrorAlert } from '../../../../ui/ErrorAlert';
import { flash } from '../../../../ui/flash';
import { ConfirmDelete } from './ConfirmDelete';
import {
  type ChecklistData,
  DeleteDeliveryMutation,
  type DeliveryData,
  DeliveriesQuery,
  SaveDeliveryMutation,
  SETTINGS_KEYS,
} from './operations';
import { refreshOnboarding } from './refresh';
import { RowActions, useRemoveSetting, useSettingsDraft } from './editing';
import { SectionCard } from './SectionCard';
import { useUnsavedChanges } from '../../../../ui/UnsavedChanges';

type Carrier = { code: string; title: string; isPickupPoint: boolean };
type Draft = { code: string; price: string; codPrice: string; freeLimit: string; deliveryDelay: number | string };
const EMPTY: Draft = { code: '', price: '', codPrice: '', freeLimit: '', deliveryDelay: 1 };

const money = (value: number | null) => (value === null ? '' : String(value));

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
  const deliveries = useQuery({
    queryKey: SETTINGS_KEYS.deliveries,
    queryFn: ({ signal }) => api.request(DeliveriesQuery, {}, { signal }),
  });
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<DeliveryData | null>(null);

  const remove = useRemoveSetting(
    (id) => api.request(DeleteDeliveryMutation, { id }),
    t('deliveries.deleted'),
    () => setDeleting(null),
  );

  const rows = deliveries.data?.partnerDeliveries ?? [];
  const carriers = deliveries.data?.deliveryCarriers ?? [];
  const unused = carriers.filter((c) => !rows.some((r) => r.code === c.code));

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
              onEdit={() =>
                setEditing({
                  id: row.id,
                  draft: {
                    code: row.code,
                    price: money(row.price),
                    codPrice: money(row.codPrice),
                    freeLimit: money(row.freeLimit),
                    deliveryDelay: row.deliveryDelay,
                  },
                })
              }
              onDelete={() => setDeleting(row)}
            />
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={deliveries.isPending || unused.length === 0}
          onClick={() => setEditing({ id: null, draft: EMPTY })}
        >
          {t('deliveries.add')}
        </Button>
      </Group>
      {editing && (
        <DeliveryModal
          editing={editing}
          carriers={editing.id ? carriers.filter((c) => c.code === editing.draft.code) : unused}
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

function DeliveryModal({
  editing,
  carriers,
  shopId,
  currency,
  onClose,
}: {
  editing: { id: string | null; draft: Draft };
  carriers: Carrier[];
  shopId: ShopId;
  currency: Currency;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { draft, errors, setForm, showErrors, change, dirty } = useSettingsDraft<Draft>(editing.draft);
  const input = () => ({
    code: draft.code,
    price: draft.price,
    codPrice: draft.codPrice.trim() || null,
    freeLimit: draft.freeLimit.trim() || null,
    deliveryDelay: typeof draft.deliveryDelay === 'number' ? draft.deliveryDelay : Number.NaN,
  });

  const save = useMutation({
    mutationFn: () => api.request(SaveDeliveryMutation, { id: editing.id, input: input() }),
    onSuccess: () => {
      flash.success(t('deliveries.saved'));
      void refreshOnboarding(queryClient);
      onClose();
    },
    onError: (error) => showErrors(fieldErrors(error, t)),
  });
  // A dialog with changes asks before it closes (the close button, Escape, Cancel, a link or the back button).
  const unsaved = useUnsavedChanges(dirty && !save.isPending);
  const close = () => unsaved.confirmDiscard(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = input();
    const parsed = deliverySchema(shopId).safeParse({
      ...values,
      deliveryDelay: Number.isNaN(values.deliveryDelay) ? '' : values.deliveryDelay,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const raw = issue as unknown as { params?: Record<string, string | number> };
        next[key] ??= t(`validation.${issue.message}`, {
          ...(raw.params ?? {}),
          ...(key === 'deliveryDelay' ? { 0: DELIVERY_DELAY_MIN, 1: DELIVERY_DELAY_LIMIT } : {}),
        });
      }
      if (!draft.code) next.code = t('validation.required');
      showErrors(next);
      return;
    }
    save.mutate();
  };

  const priceInput = (field: 'price' | 'codPrice' | 'freeLimit', required: boolean) => (
    <TextInput
      label={t(`deliveries.fields.${field}`)}
      description={field === 'price' ? undefined : t('deliveries.optional')}
      value={draft[field]}
      onChange={(e) => change({ [field]: e.currentTarget.value })}
      error={errors[field]}
      required={required}
      inputMode="decimal"
      rightSection={
        <Text size="xs" c="dimmed">
          {currency}
        </Text>
      }
      rightSectionWidth={48}
    />
  );

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={close}
      title={editing.id ? t('deliveries.editTitle') : t('deliveries.addTitle')}
      centered
    >
      {unsaved.prompt}
      <form ref={setForm} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('deliveries.fields.code')}
            data={carriers.map((c) => ({
              value: c.code,
              label: c.isPickupPoint ? `${c.title} (${t('deliveries.pickupPoint')})` : c.title,
            }))}
            value={draft.code || null}
            onChange={(value) => change({ code: value ?? '' })}
            error={errors.code}
            disabled={editing.id !== null}
            required
            allowDeselect={false}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {priceInput('price', true)}
            <NumberInput
              label={t('deliveries.fields.deliveryDelay')}
              value={draft.deliveryDelay}
              onChange={(value) => change({ deliveryDelay: value })}
              error={errors.deliveryDelay}
              min={DELIVERY_DELAY_MIN}
              max={DELIVERY_DELAY_LIMIT}
              allowDecimal={false}
              allowNegative={false}
              required
            />
            {priceInput('codPrice', false)}
            {priceInput('freeLimit', false)}
          </SimpleGrid>
          {save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('deliveries.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
