import { INTEGRATION_KINDS } from '@pp/domain';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useFormat } from '../../app/i18n/format';
import type { DataGridColumn } from '../../ui/DataGrid/types';

interface Application {
  name: string | null;
  version: string | null;
  tag: string | null;
  lastSeen: string;
}

/**
 * An application an API key was used by, as its X-Application-Name/-Version/-Tag headers named it, with when
 * it was last seen on hover: the cockpit's partner and API limits grids and the partner's keys list.
 */
export function ApiApplication({ application }: { application: Application | null }) {
  const format = useFormat();
  if (!application) return '—';
  const label = [application.name, application.version, application.tag].filter(Boolean).join(' ');
  return (
    <Text span size="sm" title={format.dateTime(application.lastSeen)}>
      {label || '—'}
    </Text>
  );
}

/**
 * The integration columns of the cockpit's partner grids: the kind the partner connects with (filtered by the
 * domain's kinds) and what its API keys were last used by (read, not filtered). Hidden until chosen.
 */
export function integrationColumns<Row extends { pluginProvider: string | null; apiApplication: Application | null }>(
  t: TFunction,
): DataGridColumn<Row>[] {
  return [
    {
      field: 'pluginProvider',
      header: 'cockpit.columns.pluginProvider',
      filterType: 'ENUMS',
      sortable: true,
      defaultVisible: false,
      options: INTEGRATION_KINDS.map((k) => ({ value: k, label: t(`integrations.kinds.${k}`) })),
      render: (row) =>
        row.pluginProvider ? t(`integrations.kinds.${row.pluginProvider}`, { defaultValue: row.pluginProvider }) : '—',
    },
    {
      field: 'apiApplication',
      header: 'cockpit.columns.apiApplication',
      defaultVisible: false,
      render: (row) => <ApiApplication application={row.apiApplication} />,
    },
  ];
}
