import {
  type HeurekaOverrideKind,
  OVERRIDE_CSV_COLUMNS,
  OVERRIDE_CSV_SAMPLES,
  OVERRIDES_CSV_MAX_ROWS,
} from '@pp/domain';
import {
  Alert,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconDownload, IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { ApiError, errorMessage } from '../../../app/api/apiError';
import { saveFile, uploadFile } from '../../../app/api/files';
import { useFormat } from '../../../app/i18n/format';
import { canAccess } from '../../../app/session/access';
import { useSession } from '../../../app/session/session';
import type { GridRequestInput } from '../../../ui/DataGrid/gridState';
import { DataGrid, type DataGridCard, type DataGridColumn, type GridPageOf } from '../../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { ConfirmDialog } from '../../account/ConfirmDialog';
import { HeurekaOverridesDeleteMutation, OVERRIDE_KEYS, type OverrideUploadAnswer } from './overrideOperations';

/** The spec's upload path of each kind, under /hci-v2/partners/{partnerId}/. */
const UPLOAD_PATHS: Record<HeurekaOverrideKind, string> = {
  CATEGORY: 'category-overrides',
  BOX: 'box-overrides',
  MEDIA: 'media-overrides',
};

export interface OverridesManagerProps<Row extends { id: string }> {
  kind: HeurekaOverrideKind;
  /** The route's name for the document title (routes.*). */
  route: string;
  columns: DataGridColumn<Row>[];
  card: DataGridCard;
  fetch: (grid: GridRequestInput, signal: AbortSignal) => Promise<GridPageOf<Row>>;
}

/**
 * One page of the seller's Heureka overrides (products-management, box-management, media-management): the
 * upload of the kind's CSV with a short help of its columns and a sample to start from, the answer's counts or
 * the rows to correct, and the grid of the saved overrides, searched by product id, whose picked rows can be
 * deleted. The three pages differ only in their props.
 */
export function OverridesManager<Row extends { id: string }>(props: OverridesManagerProps<Row>) {
  const { t } = useTranslation();
  useDocumentTitle(props.route);
  const session = useSession();
  const canUpdate = canAccess(session, 'heurekaFeed', 'update');
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<{ ids: string[]; clear: () => void } | null>(null);
  const prefix = `feeds.heureka.overrides.${props.kind}`;

  const remove = useMutation({
    mutationFn: (ids: string[]) =>
      api.request(HeurekaOverridesDeleteMutation, { kind: props.kind, ids }).then((r) => r.heurekaOverridesDelete),
    onSuccess: (count) => {
      flash.success(t('feeds.heureka.overrides.deleted', { count }));
      deleting?.clear();
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: OVERRIDE_KEYS[props.kind] });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  return (
    <Stack gap="md" data-testid={`heureka-overrides-${props.kind.toLowerCase()}`}>
      <Text size="sm" c="dimmed" maw={760}>
        {t(`${prefix}.intro`)}
      </Text>
      {canUpdate && <OverrideUpload kind={props.kind} />}
      <DataGrid<Row>
        id={`heureka-overrides-${props.kind.toLowerCase()}`}
        columns={props.columns}
        queryKey={OVERRIDE_KEYS[props.kind]}
        rowKey={(row) => row.id}
        searchable
        initialSort={{ field: 'updated', direction: 'DESCENDING' }}
        card={props.card}
        selectable={canUpdate}
        bulkActions={
          canUpdate
            ? (selected, clear) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setDeleting({ ids: selected.map((row) => row.id), clear })}
                  data-testid="overrides-delete"
                >
                  {t('feeds.heureka.overrides.delete', { count: selected.length })}
                </Button>
              )
            : undefined
        }
        fetch={props.fetch}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('feeds.heureka.overrides.deleteTitle')}
        text={t('feeds.heureka.overrides.deleteConfirm', { count: deleting?.ids.length ?? 0 })}
        confirmLabel={t('feeds.heureka.overrides.delete', { count: deleting?.ids.length ?? 0 })}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.ids)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** A CSV line as the exports write it: semicolons, quotes only where needed. */
const csvLine = (cells: readonly string[]) =>
  cells.map((c) => (/[";\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(';');

/** The upload of one kind's CSV: help, sample, file, and what the server answered. */
function OverrideUpload({ kind }: { kind: HeurekaOverrideKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const prefix = `feeds.heureka.overrides.${kind}`;
  const { columns } = OVERRIDE_CSV_COLUMNS[kind];

  const upload = useMutation({
    mutationFn: (chosen: File) =>
      uploadFile<OverrideUploadAnswer>(
        `/hci-v2/partners/${session.selectedPartner?.id ?? ''}/${UPLOAD_PATHS[kind]}`,
        chosen,
      ),
    onSuccess: () => {
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: OVERRIDE_KEYS[kind] });
    },
  });

  const downloadSample = () => {
    // With a byte-order mark, as the exports, so that a spreadsheet reads the diacritics right.
    const text = `\uFEFF${[columns, ...OVERRIDE_CSV_SAMPLES[kind]].map(csvLine).join('\r\n')}\r\n`;
    saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${t(`${prefix}.sampleFileName`)}.csv`);
  };

  const rowErrors =
    upload.error instanceof ApiError && upload.error.code === 'HEUREKA_OVERRIDE_ROWS_INVALID'
      ? upload.error.fields
      : [];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('feeds.heureka.overrides.uploadTitle')}
        </Title>
        <Text size="sm">{t('feeds.heureka.overrides.uploadHelp', { max: format.number(OVERRIDES_CSV_MAX_ROWS) })}</Text>
        {/* Wrapped, not scrolled: a narrow screen shows the whole header, and there is no scroll box to reach. */}
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {csvLine(columns)}
        </Code>
        <List size="sm" spacing={2}>
          {columns.map((column) => (
            <List.Item key={column}>
              <Text span size="sm" fw={600}>
                {column}
              </Text>
              {' – '}
              {t(`${prefix}.help.${column}`)}
            </List.Item>
          ))}
        </List>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t('feeds.heureka.overrides.file')}
            placeholder={t('feeds.heureka.overrides.choose')}
            accept=".csv,.txt,text/csv"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              upload.reset();
            }}
            clearable
            leftSection={<IconFileUpload size={16} aria-hidden />}
            style={{ flex: '1 1 240px' }}
            data-testid="overrides-file"
          />
          <Button
            onClick={() => file && upload.mutate(file)}
            disabled={!file}
            loading={upload.isPending}
            data-testid="overrides-upload"
          >
            {t('feeds.heureka.overrides.upload')}
          </Button>
          <Button
            variant="subtle"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={downloadSample}
            data-testid="overrides-sample"
          >
            {t('feeds.heureka.overrides.sample')}
          </Button>
        </Group>
        {upload.isSuccess && (
          <Alert
            color="green"
            variant="light"
            icon={<IconCheck size={18} aria-hidden />}
            data-testid="overrides-result"
          >
            {t('feeds.heureka.overrides.result', {
              rows: format.number(upload.data.rows),
              created: format.number(upload.data.created),
              updated: format.number(upload.data.updated),
            })}
          </Alert>
        )}
        {upload.isError && <ErrorAlert error={upload.error} />}
        {rowErrors.length > 0 && (
          <ScrollArea.Autosize mah={320} type="auto">
            <Table striped withTableBorder data-testid="overrides-row-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('feeds.heureka.overrides.columns.line')}</Table.Th>
                  <Table.Th>{t('feeds.heureka.overrides.columns.column')}</Table.Th>
                  <Table.Th>{t('feeds.heureka.overrides.columns.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rowErrors.map((f) => (
                  <Table.Tr key={`${f.params?.row}-${f.field}-${f.rule}`}>
                    <Table.Td>{f.params?.row}</Table.Td>
                    <Table.Td>{f.field === 'row' ? t('feeds.heureka.overrides.wholeRow') : f.field}</Table.Td>
                    <Table.Td>{t(`validation.${f.rule}`, f.params ?? {})}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
