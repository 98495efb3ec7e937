import { Anchor, Box, Button, Code, Stack, Text } from '@mantine/core';
import { availableShopIds, type GridSort } from '@pp/domain';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { graphql } from '../../graphql/graphql';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { readGridUrlState, type SearchParams, writeGridUrlState } from '../../ui/DataGrid/gridState';
import { PageFrame } from '../../ui/PageFrame';
import { type AuditEntry, AuditEntryDrawer, AuditEntryFields, AuditWho } from './AuditEntryDrawer';
import { PartnerPicker } from './PartnerPicker';

export const CockpitAuditLogQuery = graphql(
  `
  query CockpitAuditLog($grid: GridInput) {
    cockpitAuditLog(grid: $grid) {
      items {
        ...AuditEntryFields
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`,
  [AuditEntryFields],
);

const DAY_MS = 86_400_000;
const NEWEST_FIRST: GridSort = { field: 'at', direction: 'DESCENDING' };

/**
 * The partner filter by name: the picker puts the chosen partner's id into the grid's `partnerId` filter (in the
 * URL, like every grid filter), so the chip, saved views and a shared link carry it.
 */
function AuditPartnerFilter() {
  const { t } = useTranslation();
  const shops = availableShopIds(useFeatureFlags());
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as SearchParams;
  const state = readGridUrlState(search);
  const current = state.filters.find((f) => f.field === 'partnerId' && f.operator === 'EQUAL')?.value ?? null;
  const choose = (partnerId: string | null) => {
    const filters = state.filters.filter((f) => f.field !== 'partnerId');
    if (partnerId) filters.push({ field: 'partnerId', operator: 'EQUAL', value: partnerId });
    void navigate({
      to: '.',
      search: ((prev: SearchParams) =>
        writeGridUrlState(
          prev,
          { ...readGridUrlState(prev), filters, page: 1 },
          { defaultSort: NEWEST_FIRST },
        )) as never,
      replace: true,
    });
  };
  return (
    <Box maw={420}>
      <PartnerPicker shops={shops} value={current} onChange={choose} label={t('cockpitAudit.partnerFilter')} />
    </Box>
  );
}

/** A short line of what changed, for the grid; the drawer shows all of it. */
function changeSummary(entry: AuditEntry, valueWord: string): string {
  const first = entry.changes[0];
  if (first) {
    const line = `${first.field ?? valueWord}: ${first.before ?? '—'} → ${first.after ?? '—'}`;
    return entry.changes.length > 1 ? `${line} (+${entry.changes.length - 1})` : line;
  }
  return entry.details
    .slice(0, 2)
    .map((d) => `${d.field}: ${d.value ?? '—'}`)
    .join(', ');
}

/**
 * Operators (administrator, support): who changed what, when and as whom. Filters are exact (an e-mail, an id,
 * an action) or a time range, each read through its own index; the trail pages by cursor.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [openId, setOpenId] = useState<string | null>(null);

  const columns = useMemo(
    (): DataGridColumn<AuditEntry>[] => [
      {
        field: 'at',
        header: 'cockpitAudit.columns.at',
        filterType: 'DATETIME',
        sortable: true,
        render: (row) => (
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setOpenId(row.id)}>
            {format.dateTime(row.at)}
          </Anchor>
        ),
      },
      {
        field: 'account',
        header: 'cockpitAudit.columns.account',
        filterType: 'AUTO_COMPLETE',
        render: (row) => <AuditWho entry={row} />,
      },
      {
        field: 'operator',
        header: 'cockpitAudit.columns.operator',
        filterType: 'AUTO_COMPLETE',
        defaultVisible: false,
        render: (row) => row.adminEmail ?? '—',
      },
      {
        field: 'partnerId',
        header: 'cockpitAudit.columns.partnerId',
        filterType: 'NUMBER',
        number: 'int4',
        wrap: true,
        render: (row) => (row.partnerId ? `${row.partnerName ?? ''} (${row.partnerId})` : '—'),
      },
      {
        field: 'action',
        header: 'cockpitAudit.columns.action',
        filterType: 'AUTO_COMPLETE',
        render: (row) => <Code>{row.action}</Code>,
      },
      {
        field: 'entity',
        header: 'cockpitAudit.columns.entity',
        filterType: 'AUTO_COMPLETE',
        render: (row) => row.entity ?? '—',
      },
      {
        field: 'entityId',
        header: 'cockpitAudit.columns.entityId',
        filterType: 'AUTO_COMPLETE',
        render: (row) => row.entityId ?? '—',
      },
      {
        field: 'changes',
        header: 'cockpitAudit.columns.changes',
        wrap: true,
        render: (row) => (
          <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {changeSummary(row, t('cockpitAudit.value'))}
          </Text>
        ),
      },
    ],
    [format, t],
  );

  return (
    <PageFrame route="cockpitAudit" description={t('cockpitAudit.subtitle')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('cockpitAudit.filtersHelp')}
        </Text>
        <AuditPartnerFilter />
        <DataGrid
          id="cockpit-audit"
          columns={columns}
          queryKey={['cockpitAuditLog']}
          rowKey={(row) => row.id}
          initialSort={NEWEST_FIRST}
          searchable={false}
          card={{ title: 'at', subtitle: ['action'], fields: ['account', 'partnerId', 'changes'] }}
          quickFilters={[
            {
              id: 'day',
              label: 'cockpitAudit.quick.day',
              filters: (now) => [
                {
                  field: 'at',
                  operator: 'GREATER_THAN_OR_EQUAL',
                  value: new Date(now.getTime() - DAY_MS).toISOString(),
                },
              ],
            },
            {
              id: 'week',
              label: 'cockpitAudit.quick.week',
              filters: (now) => [
                {
                  field: 'at',
                  operator: 'GREATER_THAN_OR_EQUAL',
                  value: new Date(now.getTime() - 7 * DAY_MS).toISOString(),
                },
              ],
            },
          ]}
          rowActions={(row) => (
            <Button variant="subtle" size="compact-sm" onClick={() => setOpenId(row.id)}>
              {t('cockpitAudit.open')}
            </Button>
          )}
          fetch={(grid, signal) =>
            api.request(CockpitAuditLogQuery, { grid }, { signal }).then((r) => r.cockpitAuditLog)
          }
        />
      </Stack>
      <AuditEntryDrawer id={openId} onClose={() => setOpenId(null)} />
    </PageFrame>
  );
}
