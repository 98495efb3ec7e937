import { Badge, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { ErrorAlert } from '../../ui/ErrorAlert';

export const AuditEntryFields = graphql(`
  fragment AuditEntryFields on AuditEntry @_unmask {
    id
    at
    action
    entity
    entityId
    partnerId
    partnerName
    accountEmail
    adminEmail
    apiKeyId
    changes {
      field
      before
      after
    }
    details {
      field
      value
    }
  }
`);

export const CockpitAuditEntryQuery = graphql(
  `
  query CockpitAuditEntry($id: ID!) {
    cockpitAuditEntry(id: $id) {
      ...AuditEntryFields
      requestId
      data
    }
  }
`,
  [AuditEntryFields],
);

export type AuditEntry = ResultOf<typeof AuditEntryFields>;

/** "Who": the account, and the operator behind it when an operator acted as the partner. */
export function AuditWho({ entry }: { entry: Pick<AuditEntry, 'accountEmail' | 'adminEmail' | 'apiKeyId'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm">
        {entry.accountEmail ??
          (entry.apiKeyId ? t('cockpitAudit.apiKey', { id: entry.apiKeyId }) : t('cockpitAudit.system'))}
      </Text>
      {entry.adminEmail && (
        <Badge variant="light" color="grape" size="sm" tt="none" data-testid="audit-impersonation">
          {t('cockpitAudit.asOperator', { email: entry.adminEmail })}
        </Badge>
      )}
    </Stack>
  );
}

/** The before/after of an entry, and the fields that describe it. */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'changes' | 'details'> }) {
  const { t } = useTranslation();
  const empty = <Text c="dimmed">—</Text>;
  if (!entry.changes.length && !entry.details.length)
    return (
      <Text size="sm" c="dimmed">
        {t('cockpitAudit.noData')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {entry.changes.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder fz="sm" data-testid="audit-changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cockpitAudit.field')}</Table.Th>
                <Table.Th>{t('cockpitAudit.before')}</Table.Th>
                <Table.Th>{t('cockpitAudit.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.changes.map((c) => (
                <Table.Tr key={c.field ?? ''}>
                  <Table.Td>{c.field ?? t('cockpitAudit.value')}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{c.before ?? empty}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{c.after ?? empty}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {entry.details.length > 0 && (
        <Table withTableBorder fz="sm" data-testid="audit-details">
          <Table.Tbody>
            {entry.details.map((d) => (
              <Table.Tr key={d.field}>
                <Table.Th w="35%">{d.field}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{d.value ?? empty}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** One entry opened: who, as whom, when, what, and its whole data. */
export function AuditEntryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery({
    queryKey: ['cockpitAuditEntry', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.request(CockpitAuditEntryQuery, { id: id! }, { signal }).then((r) => r.cockpitAuditEntry),
  });
  const entry = query.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} fz="lg">
          {t('cockpitAudit.detail')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('cockpitAudit.close') }}
    >
      {query.error && <ErrorAlert error={query.error} />}
      {entry && (
        <Stack gap="md" data-testid="audit-entry">
          <Table fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="35%">{t('cockpitAudit.columns.at')}</Table.Th>
                <Table.Td>{format.dateTime(entry.at)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('cockpitAudit.columns.account')}</Table.Th>
                <Table.Td>
                  <AuditWho entry={entry} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('cockpitAudit.columns.action')}</Table.Th>
                <Table.Td>
                  <Code>{entry.action}</Code>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('cockpitAudit.columns.entity')}</Table.Th>
                <Table.Td>
                  {entry.entity ?? '—'}
                  {entry.entityId ? ` #${entry.entityId}` : ''}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('cockpitAudit.columns.partnerId')}</Table.Th>
                <Table.Td>{entry.partnerId ? `${entry.partnerName ?? ''} (${entry.partnerId})` : '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('cockpitAudit.requestId')}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{entry.requestId ?? '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <AuditChanges entry={entry} />
          {entry.data && (
            <Stack gap={4}>
              <Group>
                <Text size="sm" fw={600}>
                  {t('cockpitAudit.raw')}
                </Text>
              </Group>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {JSON.stringify(JSON.parse(entry.data), null, 2)}
              </Code>
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
