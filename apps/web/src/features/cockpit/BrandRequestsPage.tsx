import { BRAND_REQUEST_STATUSES } from '@pp/domain';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck, IconPhoto, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { brandRequestColor } from '../catalog/brandStatus';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';

const CockpitBrandRequestFields = graphql(`
  fragment CockpitBrandRequestFields on CockpitBrandRequestRow @_unmask {
    id
    partnerId
    partnerName
    brandId
    name
    status
    reason
    requestedAt
    decidedAt
    logoUrl
    email
    webTitle
    description
    manufacturer
    responsiblePerson
    translations
  }
`);

export const CockpitBrandRequestsQuery = graphql(
  `
  query CockpitBrandRequests($grid: GridInput, $status: String) {
    cockpitBrandRequests(grid: $grid, status: $status) {
      items {
        ...CockpitBrandRequestFields
      }
      total
      totalExact
      page
      perPage
    }
  }
`,
  [CockpitBrandRequestFields],
);

export const BrandRequestAcceptMutation = graphql(
  `
  mutation BrandRequestAccept($id: ID!, $partnerId: Int!) {
    brandRequestAccept(id: $id, partnerId: $partnerId) {
      ...CockpitBrandRequestFields
    }
  }
`,
  [CockpitBrandRequestFields],
);

export const BrandRequestRejectMutation = graphql(
  `
  mutation BrandRequestReject($id: ID!, $partnerId: Int!, $reason: String!) {
    brandRequestReject(id: $id, partnerId: $partnerId, reason: $reason) {
      ...CockpitBrandRequestFields
    }
  }
`,
  [CockpitBrandRequestFields],
);

type Row = ResultOf<typeof CockpitBrandRequestsQuery>['cockpitBrandRequests']['items'][number];

/** A rejection reason the partner reads: long enough to say why, short enough to be read. */
export const REJECT_REASON_MAX = 500;

type Party = Partial<Record<'name' | 'street' | 'city' | 'country' | 'zip' | 'email', string>>;
type Translations = { languageId: string; name: string; description?: string }[];

function asParty(value: unknown): Party | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Party) : null;
}

function asTranslations(value: unknown): Translations {
  return Array.isArray(value) ? (value as Translations).filter((t) => t && typeof t.languageId === 'string') : [];
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={brandRequestColor(status)} variant="light" miw="max-content">
      {t(`brands.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/**
 * Keeps the queue current while sellers ask and other operators decide: the live stream tells every operator,
 * and the grid reads its page again rather than patching rows (sorting and paging stay the server's).
 */
function useBrandRequestsLive() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['cockpitBrandRequests'] });
  useStreamEvent<{ name?: string }>('brand_request_created', (event) => {
    refresh();
    flash.info(t('cockpit.brandRequests.live.created', { name: event.data?.name ?? '' }));
  });
  useStreamEvent('brand_request_decided', refresh);
}

/** The operators' queue of brand requests: pending first, each accepted or rejected with a reason. */
export function BrandRequestsPage() {
  const { t } = useTranslation();
  useBrandRequestsLive();
  const format = useFormat();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const status =
    typeof search.status === 'string' && (BRAND_REQUEST_STATUSES as readonly string[]).includes(search.status)
      ? search.status
      : search.status === 'ALL'
        ? null
        : 'PENDING';
  const [open, setOpen] = useState<Row | null>(null);

  const columns = useMemo(
    (): DataGridColumn<Row>[] => [
      {
        field: 'logoUrl',
        header: 'cockpit.brandRequests.columns.logo',
        render: (row) => (
          <Avatar src={row.logoUrl} alt={row.name} radius="sm" size={32} color="gray" variant="light">
            <IconPhoto size={16} aria-hidden />
          </Avatar>
        ),
      },
      {
        field: 'name',
        header: 'cockpit.brandRequests.columns.name',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {row.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.brandId}
            </Text>
          </Stack>
        ),
      },
      {
        field: 'partnerName',
        header: 'cockpit.brandRequests.columns.partner',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.partnerName}</Text>
            <Text size="xs" c="dimmed">
              {row.email ?? ''}
            </Text>
          </Stack>
        ),
      },
      {
        field: 'manufacturer',
        header: 'cockpit.brandRequests.columns.manufacturer',
        render: (row) => {
          const m = asParty(row.manufacturer);
          return m ? `${m.name ?? ''}${m.country ? ` (${m.country})` : ''}` : '—';
        },
      },
      {
        field: 'status',
        header: 'cockpit.brandRequests.columns.status',
        render: (row) => <StatusBadge status={row.status} />,
      },
      {
        field: 'requestedAt',
        header: 'cockpit.brandRequests.columns.requestedAt',
        sortable: true,
        render: (row) => format.dateTime(row.requestedAt),
      },
    ],
    [format],
  );

  return (
    <PageFrame route="cockpitBrandRequests" description={t('cockpit.brandRequests.subtitle')}>
      <SegmentedControl
        value={status ?? 'ALL'}
        onChange={(next) =>
          void navigate({
            to: '.',
            search: ((prev: Record<string, unknown>) => ({
              ...prev,
              status: next === 'PENDING' ? undefined : next,
              page: undefined,
            })) as never,
            replace: true,
          })
        }
        data={[...BRAND_REQUEST_STATUSES, 'ALL'].map((s) => ({
          value: s,
          label: s === 'ALL' ? t('cockpit.brandRequests.all') : t(`brands.status.${s}`),
        }))}
        aria-label={t('cockpit.brandRequests.statusFilter')}
        data-testid="brand-requests-status"
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      <DataGrid
        id="cockpit-brand-requests"
        columns={columns}
        queryKey={['cockpitBrandRequests', status]}
        rowKey={(row) => `${row.partnerId}-${row.id}`}
        initialSort={{ field: 'requestedAt', direction: 'ASCENDING' }}
        card={{
          media: 'logoUrl',
          title: 'name',
          subtitle: ['partnerName'],
          fields: ['status', 'requestedAt', 'manufacturer'],
        }}
        fetch={(grid, signal) =>
          api.request(CockpitBrandRequestsQuery, { grid, status }, { signal }).then((r) => r.cockpitBrandRequests)
        }
        rowActions={(row) => (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setOpen(row)}
            data-testid={`brand-request-open-${row.id}`}
          >
            {row.status === 'PENDING' ? t('cockpit.brandRequests.review') : t('cockpit.brandRequests.show')}
          </Button>
        )}
      />
      <BrandRequestDialog request={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}

function PartyBlock({ title, party }: { title: string; party: Party | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {party ? (
        <>
          <Text size="sm">{party.name}</Text>
          <Text size="sm">{party.street}</Text>
          <Text size="sm">
            {party.zip} {party.city}, {party.country}
          </Text>
          {party.email && <Text size="sm">{party.email}</Text>}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('cockpit.brandRequests.notGiven')}
        </Text>
      )}
    </Stack>
  );
}

function BrandRequestDialog({ request, onClose }: { request: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);

  const done = (row: Row, message: string) => {
    flash.success(message);
    void queryClient.invalidateQueries({ queryKey: ['cockpitBrandRequests'] });
    setReason('');
    setRejecting(false);
    onClose();
    return row;
  };
  const accept = useMutation({
    mutationFn: (row: Row) => api.request(BrandRequestAcceptMutation, { id: row.id, partnerId: row.partnerId }),
    onSuccess: (r) =>
      done(r.brandRequestAccept, t('cockpit.brandRequests.accepted', { name: r.brandRequestAccept.name })),
  });
  const reject = useMutation({
    mutationFn: (row: Row) =>
      api.request(BrandRequestRejectMutation, { id: row.id, partnerId: row.partnerId, reason: reason.trim() }),
    onSuccess: (r) =>
      done(r.brandRequestReject, t('cockpit.brandRequests.rejected', { name: r.brandRequestReject.name })),
  });
  const failure = accept.error ?? reject.error;

  const close = () => {
    setRejecting(false);
    setReason('');
    setReasonError(null);
    accept.reset();
    reject.reset();
    onClose();
  };

  if (!request) return null;
  const translations = asTranslations(request.translations);
  return (
    <Modal
      opened
      onClose={close}
      title={t('cockpit.brandRequests.dialogTitle', { name: request.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="brand-request-dialog">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={request.logoUrl} alt={request.name} size={80} radius="sm" color="gray" variant="light">
            <IconPhoto size={28} aria-hidden />
          </Avatar>
          <Stack gap={2} miw={0}>
            <Title order={3} fz="lg">
              {request.name}
            </Title>
            <Text size="sm" c="dimmed">
              {request.brandId}
            </Text>
            <Text size="sm">
              {request.partnerName} · {request.email ?? ''}
            </Text>
            <Text size="xs" c="dimmed">
              {format.dateTime(request.requestedAt)}
            </Text>
          </Stack>
          <StatusBadge status={request.status} />
        </Group>
        {(request.webTitle || request.description) && (
          <Stack gap={2}>
            {request.webTitle && (
              <Text size="sm">
                <strong>{t('brands.request.webTitle')}:</strong> {request.webTitle}
              </Text>
            )}
            {request.description && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {request.description}
              </Text>
            )}
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PartyBlock title={t('brands.request.manufacturer')} party={asParty(request.manufacturer)} />
          <PartyBlock title={t('brands.request.responsiblePerson')} party={asParty(request.responsiblePerson)} />
        </SimpleGrid>
        {translations.length > 0 && (
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('brands.request.translations')}>
            <Table withTableBorder fz="sm" miw={400}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('brands.request.language')}</Table.Th>
                  <Table.Th>{t('brands.request.translatedName')}</Table.Th>
                  <Table.Th>{t('brands.request.translatedDescription')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {translations.map((tr) => (
                  <Table.Tr key={tr.languageId}>
                    <Table.Td>{t(`languages.${tr.languageId}`, { defaultValue: tr.languageId })}</Table.Td>
                    <Table.Td>{tr.name}</Table.Td>
                    <Table.Td>{tr.description || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
        {request.status === 'REJECTED' && request.reason && (
          <Text size="sm">
            {t('brands.history.reason')}: {request.reason}
          </Text>
        )}
        {failure && <ErrorAlert error={failure} />}
        {request.status === 'PENDING' &&
          (rejecting ? (
            <Stack gap="xs">
              <Textarea
                label={t('cockpit.brandRequests.reason')}
                description={t('cockpit.brandRequests.reasonHelp')}
                required
                autosize
                minRows={3}
                maxLength={REJECT_REASON_MAX}
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setReasonError(null);
                }}
                error={reasonError}
                data-autofocus
                data-testid="brand-request-reason"
              />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setRejecting(false)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  color="red"
                  leftSection={<IconX size={16} />}
                  loading={reject.isPending}
                  onClick={() => {
                    if (!reason.trim()) {
                      setReasonError(t('validation.required'));
                      return;
                    }
                    reject.mutate(request);
                  }}
                  data-testid="brand-request-reject-confirm"
                >
                  {t('cockpit.brandRequests.reject')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                color="red"
                leftSection={<IconX size={16} />}
                onClick={() => setRejecting(true)}
                data-testid="brand-request-reject"
              >
                {t('cockpit.brandRequests.reject')}
              </Button>
              <Button
                color="green"
                leftSection={<IconCheck size={16} />}
                loading={accept.isPending}
                onClick={() => accept.mutate(request)}
                data-testid="brand-request-accept"
              >
                {t('cockpit.brandRequests.accept')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Modal>
  );
}
