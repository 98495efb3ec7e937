import {
  isShopId,
  MALL_DELIVERY_REASON_MAX,
  mallDeliveryBranchesOf,
  mallDeliveryDecisionSchema,
  MARKETS,
} from '@pp/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowRight, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { ApiError, errorMessage, fieldErrors } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { PageFrame } from '../../../ui/PageFrame';
import { useUnsavedChanges } from '../../../ui/UnsavedChanges';
import { useFormFields } from '../../../ui/useFormFields';
import {
  COCKPIT_MALL_KEY,
  type CockpitMallDeliveryRequest,
  CockpitMallDeliveryQuery,
  CockpitMallDeliveryRequestsQuery,
  type MallDeliveryData,
  MallDeliveryDeactivateMutation,
  MallDeliveryDecideMutation,
} from './operations';
import { mallStateColor } from './useMallDelivery';

type Field = 'decision' | 'fee' | 'spectrumFee' | 'registerBranch' | 'returnBranch' | 'reason';
type Values = Record<Field, string>;
const EMPTY: Values = {
  decision: 'ACCEPT',
  fee: '',
  spectrumFee: '',
  registerBranch: '',
  returnBranch: '',
  reason: '',
};

function DecideForm({
  partnerName,
  data,
  onClose,
}: {
  partnerName: string;
  data: MallDeliveryData;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shopId = isShopId(data.shopId) ? data.shopId : 'CZ10MA';
  const branches = mallDeliveryBranchesOf(shopId).map((b) => ({ value: b.id, label: `${b.name} (${b.city})` }));
  const { values, setValues, errors, setErrors, set, formRef, dirty } = useFormFields<Values>({
    ...EMPTY,
    registerBranch: branches[0]?.value ?? '',
    returnBranch: branches[0]?.value ?? '',
  });
  const accept = values.decision === 'ACCEPT';
  const decide = useMutation({
    mutationFn: () =>
      api.request(MallDeliveryDecideMutation, {
        partnerId: data.partnerId,
        input: accept
          ? {
              decision: 'ACCEPT',
              fee: values.fee,
              spectrumFee: values.spectrumFee || null,
              registerBranch: values.registerBranch,
              returnBranch: values.returnBranch,
            }
          : { decision: 'DECLINE', reason: values.reason },
      }),
    onSuccess: () => {
      flash.success(
        t(accept ? 'cockpit.mallDelivery.accepted' : 'cockpit.mallDelivery.declined', { name: partnerName }),
      );
      void queryClient.invalidateQueries({ queryKey: COCKPIT_MALL_KEY });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length) setErrors(fieldErrors(error, t) as Partial<Values>);
      else flash.error(errorMessage(error, t));
    },
  });
  const unsaved = useUnsavedChanges(dirty && !decide.isPending);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mallDeliveryDecisionSchema(shopId).safeParse(
      accept
        ? {
            decision: 'ACCEPT',
            fee: values.fee,
            spectrumFee: values.spectrumFee,
            registerBranch: values.registerBranch,
            returnBranch: values.returnBranch,
          }
        : { decision: 'DECLINE', reason: values.reason },
    );
    if (!parsed.success) {
      const next: Partial<Values> = {};
      const currency = MARKETS[shopId].currency;
      for (const issue of parsed.error.issues) {
        const params = (issue as { params?: Record<string, string | number> }).params ?? {};
        const max = (issue as { maximum?: unknown }).maximum;
        next[String(issue.path[0]) as Field] ??= t(`validation.${issue.message}`, {
          0: max !== undefined ? Number(max) : currency,
          ...params,
        });
      }
      setErrors(next);
      return;
    }
    if (accept && data.readiness.length) return;
    decide.mutate();
  };
  const pick = (field: 'registerBranch' | 'returnBranch') => (value: string | null) => {
    setValues((v) => ({ ...v, [field]: value ?? '' }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        <SegmentedControl
          value={values.decision}
          onChange={(decision) => setValues((v) => ({ ...v, decision }))}
          data={[
            { value: 'ACCEPT', label: t('cockpit.mallDelivery.accept') },
            { value: 'DECLINE', label: t('cockpit.mallDelivery.decline') },
          ]}
          aria-label={t('cockpit.mallDelivery.decision')}
          data-testid="mall-decision"
        />
        {accept ? (
          <>
            {data.readiness.length > 0 && (
              <Alert color="orange" data-testid="mall-decide-not-ready">
                {data.readiness.map((code) => t(`errors.${code}`)).join(' ')}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('deliveries.mall.fields.fee')}
                description={MARKETS[shopId].currency}
                value={values.fee}
                onChange={set('fee')}
                error={errors.fee}
                inputMode="decimal"
                required
                data-testid="mall-fee"
              />
              <TextInput
                label={t('deliveries.mall.fields.spectrumFee')}
                description={t('cockpit.mallDelivery.spectrumFeeHelp')}
                value={values.spectrumFee}
                onChange={set('spectrumFee')}
                error={errors.spectrumFee}
                inputMode="decimal"
              />
              <Select
                label={t('deliveries.mall.fields.registerBranch')}
                data={branches}
                value={values.registerBranch || null}
                onChange={pick('registerBranch')}
                error={errors.registerBranch}
                required
                allowDeselect={false}
              />
              <Select
                label={t('deliveries.mall.fields.returnBranch')}
                data={branches}
                value={values.returnBranch || null}
                onChange={pick('returnBranch')}
                error={errors.returnBranch}
                required
                allowDeselect={false}
              />
            </SimpleGrid>
          </>
        ) : (
          <Textarea
            label={t('cockpit.mallDelivery.reason')}
            description={t('cockpit.mallDelivery.reasonHelp')}
            value={values.reason}
            onChange={set('reason')}
            error={errors.reason}
            maxLength={MALL_DELIVERY_REASON_MAX}
            autosize
            minRows={3}
            required
            data-testid="mall-reason"
          />
        )}
        {unsaved.prompt}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => unsaved.confirmDiscard(onClose)}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color={accept ? undefined : 'red'}
            loading={decide.isPending}
            disabled={accept && data.readiness.length > 0}
            data-testid="mall-decide-submit"
          >
            {t(accept ? 'cockpit.mallDelivery.acceptSubmit' : 'cockpit.mallDelivery.declineSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeactivateForm({ partnerId, onClose }: { partnerId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const off = useMutation({
    mutationFn: () => api.request(MallDeliveryDeactivateMutation, { partnerId, reason }),
    onSuccess: () => {
      flash.success(t('cockpit.mallDelivery.deactivated'));
      void queryClient.invalidateQueries({ queryKey: COCKPIT_MALL_KEY });
      onClose();
    },
    onError: (e) => flash.error(errorMessage(e, t)),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) setError(t('validation.required'));
        else off.mutate();
      }}
      noValidate
    >
      <Stack>
        <Textarea
          label={t('cockpit.mallDelivery.deactivateReason')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          maxLength={MALL_DELIVERY_REASON_MAX}
          autosize
          minRows={2}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={off.isPending}>
            {t('cockpit.mallDelivery.deactivate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DecideDialog({ row, onClose }: { row: CockpitMallDeliveryRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const mall = useQuery({
    queryKey: [...COCKPIT_MALL_KEY, 'partner', row.partnerId],
    queryFn: ({ signal }) =>
      api
        .request(CockpitMallDeliveryQuery, { partnerId: row.partnerId }, { signal })
        .then((r) => r.cockpitMallDelivery),
  });
  const data = mall.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('cockpit.mallDelivery.dialogTitle', { name: row.partnerName })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {mall.error ? (
        <ErrorAlert error={mall.error} />
      ) : !data ? (
        <Skeleton h={200} />
      ) : (
        <Stack>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('cockpit.mallDelivery.current')}
            </Text>
            <Badge variant="light" color={mallStateColor(data.state)} data-testid="mall-dialog-state">
              {t(`deliveries.mall.state.${data.state}`)}
            </Badge>
            {data.lastRequest && (
              <Text size="xs" c="dimmed">
                {t('cockpit.mallDelivery.requestedAt', { date: format.dateTime(data.lastRequest.requestedAt) })}
              </Text>
            )}
          </Group>
          <List size="sm" spacing={4}>
            <List.Item>
              {t('deliveries.mall.prepare.warehouse')}:{' '}
              {data.warehouse
                ? `${data.warehouse.street}, ${data.warehouse.zip} ${data.warehouse.city}, ${data.warehouse.state}`
                : t('deliveries.mall.prepare.missing')}
            </List.Item>
            <List.Item>
              {t('deliveries.mall.prepare.contact')}:{' '}
              {data.contact
                ? `${data.contact.firstName} ${data.contact.lastName}, ${data.contact.phone || '—'}, ${data.contact.email}`
                : t('deliveries.mall.prepare.missing')}
            </List.Item>
          </List>
          {data.state === 'requested' ? (
            <DecideForm partnerName={row.partnerName} data={data} onClose={onClose} />
          ) : data.state === 'active' ? (
            <DeactivateForm partnerId={data.partnerId} onClose={onClose} />
          ) : (
            <Text size="sm">{t('cockpit.mallDelivery.nothingToDecide')}</Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The operators' MALL Delivery requests: the oldest pending first; a dialog decides or switches a service off. */
export function CockpitMallDeliveryPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<CockpitMallDeliveryRequest | null>(null);
  useStreamEvent('mall_delivery_changed', () => {
    void queryClient.invalidateQueries({ queryKey: COCKPIT_MALL_KEY });
  });
  const columns = useMemo(
    (): DataGridColumn<CockpitMallDeliveryRequest>[] => [
      {
        field: 'partnerName',
        header: 'cockpit.mallDelivery.columns.partnerName',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Text size="sm" fw={600}>
            {row.partnerName}
          </Text>
        ),
      },
      {
        field: 'shopId',
        header: 'cockpit.mallDelivery.columns.shopId',
        sortable: true,
        render: (row) => t(`markets.${row.shopId}`, { defaultValue: row.shopId }),
      },
      {
        field: 'status',
        header: 'cockpit.mallDelivery.columns.status',
        filterType: 'ENUMS',
        sortable: true,
        options: ['pending', 'accepted', 'declined'].map((s) => ({
          value: s,
          label: t(`cockpit.mallDelivery.status.${s}`),
        })),
        render: (row) => (
          <Badge
            variant="light"
            color={row.status === 'pending' ? 'blue' : row.status === 'accepted' ? 'green' : 'red'}
            miw="max-content"
          >
            {t(`cockpit.mallDelivery.status.${row.status}`)}
          </Badge>
        ),
      },
      {
        field: 'requestedAt',
        header: 'cockpit.mallDelivery.columns.requestedAt',
        filterType: 'DATETIME',
        sortable: true,
        render: (row) => format.dateTime(row.requestedAt),
      },
      {
        field: 'decidedAt',
        header: 'cockpit.mallDelivery.columns.decidedAt',
        sortable: true,
        render: (row) => (row.decidedAt ? format.dateTime(row.decidedAt) : '—'),
      },
      {
        field: 'reason',
        header: 'cockpit.mallDelivery.columns.reason',
        defaultVisible: false,
        render: (row) => row.reason ?? '',
      },
    ],
    [t, format],
  );
  return (
    <PageFrame
      route="cockpitMallDelivery"
      description={t('cockpit.mallDelivery.subtitle')}
      actions={
        <Button component={Link} to="/cockpit" variant="default" leftSection={<IconUsers size={16} />}>
          {t('routes.cockpit')}
        </Button>
      }
    >
      <DataGrid
        id="cockpit-mall-delivery"
        columns={columns}
        queryKey={COCKPIT_MALL_KEY}
        rowKey={(row) => `${row.partnerId}-${row.id}`}
        fetch={(grid, signal) =>
          api.request(CockpitMallDeliveryRequestsQuery, { grid }, { signal }).then((r) => r.cockpitMallDeliveryRequests)
        }
        quickFilters={[
          {
            id: 'pending',
            label: 'cockpit.mallDelivery.quick.pending',
            filters: [{ field: 'status', operator: 'IN', values: ['pending'] }],
          },
        ]}
        initialSort={{ field: 'requestedAt', direction: 'ASCENDING' }}
        searchable
        rowActions={(row) => (
          <Button
            size="compact-sm"
            variant="light"
            rightSection={<IconArrowRight size={14} />}
            onClick={() => setOpen(row)}
            data-testid={`mall-open-${row.partnerId}`}
            aria-label={`${t('cockpit.mallDelivery.open')}: ${row.partnerName}`}
          >
            {t('cockpit.mallDelivery.open')}
          </Button>
        )}
      />
      {open && <DecideDialog row={open} onClose={() => setOpen(null)} />}
    </PageFrame>
  );
}
