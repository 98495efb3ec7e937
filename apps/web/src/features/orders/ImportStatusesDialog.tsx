import { STATUS_IMPORT_COLUMNS, STATUS_IMPORT_MAX_ROWS, type StatusImportResult } from '@pp/domain';
import { Badge, Button, Code, FileInput, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { downloadStoredFile, uploadFile } from '../../app/api/files';

export interface StatusImportRow {
  row: number;
  orderId: number | null;
  ok: boolean;
  code: string | null;
  message: string | null;
  attributes: Record<string, string>;
}

export interface StatusImportAnswer {
  importId: string;
  /** DONE: applied, rows listed. QUEUED: a job applies the long file; the stream brings its END. */
  status: 'DONE' | 'QUEUED';
  result: StatusImportResult | null;
  total: number;
  applied: number;
  failed: number;
  rows: StatusImportRow[];
}

/** What the stream says about one import. */
interface ImportEvent {
  importId?: string;
  status?: 'BEGIN' | 'PROGRESS' | 'END' | 'ERROR';
  done?: number;
  total?: number;
  result?: StatusImportResult;
  applied?: number;
  failed?: number;
  downloadPath?: string;
  fileName?: string;
  code?: string;
}

const RESULT_COLORS: Record<StatusImportResult, string> = { OK: 'green', NOK: 'orange', FAIL: 'red' };
/** The spec's flashes for a status change of many orders, reused for the import's verdict. */
const RESULT_FLASH: Record<StatusImportResult, 'success' | 'info' | 'error'> = {
  OK: 'success',
  NOK: 'info',
  FAIL: 'error',
};

/**
 * Uploads a CSV of status changes. The server checks the whole file first (header, UTF-8, size, rows) and
 * changes nothing when it is refused; otherwise each row is applied with the status rules and the answer
 * lists each row's result. Progress of long files arrives on the stream meanwhile.
 */
export function ImportStatusesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // The latest event of each import: a long file's END may arrive before its upload's answer is read.
  const latest = useRef(new Map<string, ImportEvent>());
  const [background, setBackground] = useState<{ importId: string; event: ImportEvent } | null>(null);

  const finished = (event: ImportEvent) => {
    if (event.status === 'END' && event.result) {
      const counts = { applied: event.applied ?? 0, failed: event.failed ?? 0, total: event.total ?? 0 };
      flash[RESULT_FLASH[event.result]](t(`orders.importStatuses.flash.${event.result}`, counts));
      void queryClient.invalidateQueries();
    }
  };

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadFile<StatusImportAnswer>('/api/orders/import-statuses', chosen),
    onMutate: () => {
      setProgress(null);
      setBackground(null);
    },
    onSuccess: (answer) => {
      if (answer.status === 'QUEUED') {
        const event = latest.current.get(answer.importId) ?? { status: 'BEGIN', done: 0, total: answer.total };
        setBackground({ importId: answer.importId, event });
        finished(event);
        return;
      }
      finished({ ...answer, status: 'END', result: answer.result ?? undefined });
    },
  });

  useStreamEvent<ImportEvent>('order_import_progress', (event) => {
    const data = event.data;
    if (!data?.importId) return;
    latest.current.set(data.importId, data);
    if (upload.isPending && data.total) setProgress({ done: data.done ?? 0, total: data.total });
    if (background?.importId === data.importId) {
      setBackground({ importId: data.importId, event: data });
      finished(data);
    }
  });

  const close = () => {
    if (upload.isPending) return;
    upload.reset();
    setFile(null);
    setProgress(null);
    setBackground(null);
    onClose();
  };

  const answer = upload.data;
  return (
    <Modal opened={opened} onClose={close} title={t('orders.importStatuses.title')} centered size="xl">
      <Stack gap="md" data-testid="import-statuses-dialog">
        <Text size="sm">{t('orders.importStatuses.help', { max: format.number(STATUS_IMPORT_MAX_ROWS) })}</Text>
        <Code block>{STATUS_IMPORT_COLUMNS.join(';')}</Code>
        <Text size="xs" c="dimmed">
          {t('orders.importStatuses.rules')}
        </Text>
        <FileInput
          label={t('orders.importStatuses.file')}
          placeholder={t('orders.importStatuses.choose')}
          accept=".csv,.txt,text/csv"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            upload.reset();
          }}
          clearable
          leftSection={<IconFileUpload size={16} />}
          data-testid="import-statuses-file"
        />
        {upload.isPending && (
          <Stack gap={4}>
            <Text size="sm">
              {progress
                ? t('orders.importStatuses.progress', { done: progress.done, total: progress.total })
                : t('orders.importStatuses.uploading')}
            </Text>
            <Progress value={progress ? (100 * progress.done) / progress.total : 100} animated striped={!progress} />
          </Stack>
        )}
        {upload.isError && <ErrorAlert error={upload.error} />}
        {background && <BackgroundImport event={background.event} />}
        {answer?.status === 'DONE' && answer.result && (
          <Stack gap="xs" data-testid="import-statuses-result">
            <Group gap="sm">
              <Badge color={RESULT_COLORS[answer.result]} size="lg" data-testid="import-statuses-verdict">
                {t(`orders.importStatuses.result.${answer.result}`)}
              </Badge>
              <Text size="sm">
                {t('orders.importStatuses.summary', {
                  applied: answer.applied,
                  failed: answer.failed,
                  total: answer.total,
                })}
              </Text>
            </Group>
            {answer.rows.length > 0 && (
              <ScrollArea.Autosize mah={360}>
                <Table striped withTableBorder stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('orders.importStatuses.row')}</Table.Th>
                      <Table.Th>{t('orders.importStatuses.order')}</Table.Th>
                      <Table.Th>{t('orders.importStatuses.outcome')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.rows.map((row) => (
                      <Table.Tr key={row.row} data-testid="import-statuses-row">
                        <Table.Td>{row.row}</Table.Td>
                        <Table.Td>{row.orderId ?? '—'}</Table.Td>
                        <Table.Td c={row.ok ? 'green' : 'red'}>
                          {row.ok ? t('orders.importStatuses.changed') : row.message}
                          {Object.entries(row.attributes)
                            .filter(([name]) => name !== 'orderId')
                            .map(([name, text]) => (
                              <Text key={name} size="xs" c="dimmed">
                                {name}: {text}
                              </Text>
                            ))}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={upload.isPending}>
            {t('common.close')}
          </Button>
          <Button
            leftSection={<IconFileUpload size={16} />}
            disabled={!file}
            loading={upload.isPending}
            onClick={() => file && upload.mutate(file)}
            data-testid="import-statuses-submit"
          >
            {t('orders.importStatuses.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A long file applied by a job: its progress, then its verdict and the result report of every row. */
function BackgroundImport({ event }: { event: ImportEvent }) {
  const { t } = useTranslation();
  const total = event.total ?? 0;
  const done = event.done ?? 0;
  if (event.status === 'ERROR') {
    return (
      <Text c="red" size="sm" role="alert">
        {t(`errors.${event.code ?? 'UNKNOWN'}`, { defaultValue: t('errors.UNKNOWN') })}
      </Text>
    );
  }
  if (event.status !== 'END' || !event.result) {
    return (
      <Stack gap={4} data-testid="import-statuses-background">
        <Text size="sm">{t('orders.importStatuses.queued', { total })}</Text>
        <Text size="sm">{t('orders.importStatuses.progress', { done, total })}</Text>
        <Progress value={total ? (100 * done) / total : 0} animated />
      </Stack>
    );
  }
  const path = event.downloadPath;
  return (
    <Stack gap="xs" data-testid="import-statuses-result">
      <Group gap="sm">
        <Badge color={RESULT_COLORS[event.result]} size="lg" data-testid="import-statuses-verdict">
          {t(`orders.importStatuses.result.${event.result}`)}
        </Badge>
        <Text size="sm">
          {t('orders.importStatuses.summary', { applied: event.applied ?? 0, failed: event.failed ?? 0, total })}
        </Text>
      </Group>
      {path && (
        <Group>
          <Button
            variant="light"
            onClick={() =>
              downloadStoredFile(path, event.fileName ?? 'status-import-result.csv').catch((error) =>
                flash.error(errorMessage(error, t)),
              )
            }
            data-testid="import-statuses-report"
          >
            {t('orders.importStatuses.downloadReport')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
