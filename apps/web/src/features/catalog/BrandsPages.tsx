import { BRAND_LETTERS, type BrandRequestStatus } from '@pp/domain';
import { Alert, Avatar, Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import type { SectionTab } from '../../ui/SectionTabs';
import { TabbedArea } from '../../ui/TabbedArea';
import { brandRequestColor } from './brandStatus';
import { type BrandRequestRow, type BrandRow, BrandRequestsQuery, BrandsQuery } from './operations';

/** The brands area (spec §2): the list, the partner's requests, and a new request. */
export const BRAND_TABS = [
  { to: '/brands', label: 'brands.tabs.overview', resource: 'brands' },
  { to: '/brands/history', label: 'brands.tabs.history', resource: 'brands' },
  { to: '/brands/request', label: 'brands.tabs.request', resource: 'brands', action: 'create' },
  { to: '/brands/price-list', label: 'brands.tabs.priceList', resource: 'brands' },
] as const satisfies readonly SectionTab[];

/** Requests and filtered lists show this many at a time (spec §9 "brand lists 5"). */
export const BRAND_HISTORY_PAGE = 5;
/** The spec's "history and filtered lists show 5 per page": a list under one letter is short and read whole. */
export const BRAND_FILTERED_PAGE = 5;

/** Keeps the lists current while an operator decides a request, and tells the seller the outcome. */
function useBrandRequestsLive() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useStreamEvent<{ requestId?: string | number; name?: string; status?: string }>('brand_request_decided', (event) => {
    void queryClient.invalidateQueries({ queryKey: ['brandRequests'] });
    void queryClient.invalidateQueries({ queryKey: ['brands'] });
    const name = event.data?.name ?? '';
    if (event.data?.status === 'ACCEPTED') flash.success(t('brands.live.accepted', { name }));
    else if (event.data?.status === 'REJECTED') flash.info(t('brands.live.rejected', { name }));
  });
}

export function BrandsLayout() {
  const session = useSession();
  useBrandRequestsLive();
  const tabs = BRAND_TABS.filter((tab) => canAccess(session, tab.resource, 'action' in tab ? tab.action : 'read'));
  return <TabbedArea heading="routes.brands" description="brands.description" tabs={tabs} />;
}

/** The alphabet index of the list: one letter, digits, everything else, or all brands. */
function LetterIndex({ value, onChange }: { value: string | null; onChange: (letter: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} role="group" aria-label={t('brands.letters.label')} data-testid="brand-letters">
      <Button
        size="compact-sm"
        variant={value === null ? 'filled' : 'default'}
        aria-pressed={value === null}
        onClick={() => onChange(null)}
      >
        {t('brands.letters.all')}
      </Button>
      {BRAND_LETTERS.map((letter) => (
        <Button
          key={letter}
          size="compact-sm"
          miw={32}
          px={6}
          variant={value === letter ? 'filled' : 'default'}
          aria-pressed={value === letter}
          aria-label={
            letter === '#' ? t('brands.letters.other') : letter === '0-9' ? t('brands.letters.digits') : undefined
          }
          onClick={() => onChange(letter)}
          data-testid={`brand-letter-${letter}`}
        >
          {letter}
        </Button>
      ))}
    </Group>
  );
}

function BrandLogo({ url, name }: { url: string | null; name: string }) {
  return (
    <Avatar src={url} alt={name} radius="sm" size={32} color="gray" variant="light">
      <IconPhoto size={16} aria-hidden />
    </Avatar>
  );
}

export function BrandsOverviewPage() {
  const { t } = useTranslation();
  useDocumentTitle('brands');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const letter = typeof search.letter === 'string' && BRAND_LETTERS.includes(search.letter) ? search.letter : null;

  const columns = useMemo(
    (): DataGridColumn<BrandRow>[] => [
      {
        field: 'logoUrl',
        header: 'brands.columns.logo',
        render: (row) => <BrandLogo url={row.logoUrl} name={row.name} />,
      },
      {
        field: 'name',
        header: 'brands.columns.name',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
        ),
      },
      { field: 'id', header: 'brands.columns.id', filterType: 'TEXT', sortable: true, render: (row) => row.id },
      {
        field: 'mallBrand',
        header: 'brands.columns.mallBrand',
        filterType: 'BOOLEAN',
        render: (row) => (row.mallBrand ? t('catalog.yes') : t('catalog.no')),
      },
      {
        field: 'description',
        header: 'brands.columns.description',
        render: (row) => (
          <Text size="sm" lineClamp={2} maw={420}>
            {row.description || '—'}
          </Text>
        ),
      },
    ],
    [t],
  );

  return (
    <Stack gap="sm">
      <LetterIndex
        value={letter}
        onChange={(next) =>
          void navigate({
            to: '.',
            // A letter starts the list from its first page.
            search: ((prev: Record<string, unknown>) => ({
              ...prev,
              letter: next ?? undefined,
              page: undefined,
            })) as never,
            replace: true,
          })
        }
      />
      <DataGrid
        id="brands"
        columns={columns}
        queryKey={['brands', 'grid', letter]}
        rowKey={(row) => row.id}
        initialSort={{ field: 'name', direction: 'ASCENDING' }}
        card={{ media: 'logoUrl', title: 'name', fields: ['id', 'mallBrand', 'description'] }}
        fetch={(grid, signal) => api.request(BrandsQuery, { grid, letter }, { signal }).then((r) => r.brands)}
        fixedPerPage={letter ? BRAND_FILTERED_PAGE : undefined}
      />
    </Stack>
  );
}

export function BrandRequestsHistoryPage() {
  const { t } = useTranslation();
  useDocumentTitle('brands');
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['brandRequests', page],
    queryFn: ({ signal }) =>
      api
        .request(BrandRequestsQuery, { grid: { page, perPage: BRAND_HISTORY_PAGE } }, { signal })
        .then((r) => r.brandRequests),
    placeholderData: (previous) => previous,
  });

  if (history.isPending) return <Skeleton h={240} />;
  if (history.isError) return <ErrorAlert error={history.error} />;
  const { items, total } = history.data;
  if (!total) {
    return (
      <Alert variant="light" color="gray" data-testid="brand-history-empty">
        {t('brands.history.empty')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="brand-history">
      <Text size="sm" c="dimmed">
        {t('brands.history.help')}
      </Text>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((request) => (
          <BrandRequestItem key={request.id} request={request} />
        ))}
      </Stack>
      {total > BRAND_HISTORY_PAGE && (
        <Pagination
          total={Math.ceil(total / BRAND_HISTORY_PAGE)}
          value={page}
          onChange={setPage}
          size="sm"
          data-testid="brand-history-pagination"
        />
      )}
    </Stack>
  );
}

function BrandRequestItem({ request }: { request: BrandRequestRow }) {
  const { t } = useTranslation();
  const format = useFormat();
  const status = request.status as BrandRequestStatus;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid={`brand-request-${request.id}`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <BrandLogo url={request.logoUrl} name={request.name} />
          <Stack gap={0} miw={0}>
            <Text fw={600}>{request.name}</Text>
            <Text size="xs" c="dimmed">
              {request.brandId} · {t('brands.history.requestedAt', { date: format.dateTime(request.requestedAt) })}
              {request.decidedAt && ` · ${t('brands.history.decidedAt', { date: format.dateTime(request.decidedAt) })}`}
            </Text>
          </Stack>
        </Group>
        <Badge color={brandRequestColor(status)} variant="light" miw="max-content" data-testid="brand-request-status">
          {t(`brands.status.${status}`, { defaultValue: status })}
        </Badge>
      </Group>
      {status === 'REJECTED' && request.reason && (
        <Text size="sm" mt="xs" data-testid="brand-request-reason">
          {t('brands.history.reason')}: {request.reason}
        </Text>
      )}
      {status === 'PENDING' && (
        <Text size="xs" mt="xs" c="dimmed">
          {t('brands.history.pendingHelp')}
        </Text>
      )}
    </Paper>
  );
}
