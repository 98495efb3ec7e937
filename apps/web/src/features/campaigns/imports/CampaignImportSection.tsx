import {
  CAMPAIGN_IMPORT_MAX_BYTES,
  CAMPAIGN_IMPORT_STATUSES,
  CAMPAIGN_IMPORT_UNFINISHED,
  type CampaignImportStatus,
  campaignFileExtensionAllowed,
} from '@pp/domain';
import { Alert, Badge, Button, Card, FileInput, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { downloadStoredFile } from '../../../app/api/files';
import { useFormat } from '../../../app/i18n/format';
import { sessionStore } from '../../../app/session/sessionStore';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import {
  allowProcessCampaignImport,
  type CampaignImportAnswer,
  type CampaignImportData,
  type CampaignImportErrorData,
  CampaignImportErrorsQuery,
  type CampaignImportEvent,
  CampaignImportsQuery,
  CampaignLastImportQuery,
  uploadCampaignFile,
} from './operations';

const STATUS_COLORS: Record<CampaignImportStatus, string> = {
  QUEUED: 'gray',
  CHECKING: 'blue',
  ERROR: 'red',
  CONFIRM: 'orange',
  ACCEPTED: 'green',
  FAILED: 'red',
  CANCELLED: 'gray',
};
/** The spec's product errors show 100 a page; a file's errors are read the same way. */
const ERRORS_PAGE = 100;
/** While an import is being checked and the stream is silent (reconnecting), its state is asked this often. */
const POLL_MS = 3000;
const MAX_MB = CAMPAIGN_IMPORT_MAX_BYTES / 1024 / 1024;

const isUnfinished = (status: string | undefined) =>
  status !== undefined && (CAMPAIGN_IMPORT_UNFINISHED as readonly string[]).includes(status);

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge miw="max-content" variant="light" color={STATUS_COLORS[status as CampaignImportStatus] ?? 'gray'}>
      {t(`campaignImport.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function downloadImport(campaignId: string, row: CampaignImportData) {
  const partnerId = sessionStore.get().partnerId ?? '';
  return downloadStoredFile(
    `/portal/campaign/${encodeURIComponent(campaignId)}/import/${encodeURIComponent(row.id)}/download?partnerId=${encodeURIComponent(partnerId)}`,
    row.fileName,
  );
}

/** The refusal of a chosen file the server would answer too, told before a byte is sent (same messages). */
export function fileProblem(file: File | null, t: TFunction): string | null {
  if (!file) return null;
  if (!campaignFileExtensionAllowed(file.name)) return t('errors.UnsupportedExtension');
  if (file.size > CAMPAIGN_IMPORT_MAX_BYTES) return t('errors.CAMPAIGN_IMPORT_TOO_LARGE', { 0: MAX_MB });
  return null;
}

export function UploadForm({
  campaignId,
  onUploaded,
}: {
  campaignId: string;
  onUploaded: (answer: CampaignImportAnswer) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const problem = fileProblem(file, t);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      setSent(0);
      return uploadCampaignFile(campaignId, chosen, setSent);
    },
    onSuccess: (answer) => {
      setFile(null);
      onUploaded(answer);
    },
  });
  return (
    <Stack gap="xs">
      <Text size="sm">{t('campaignImport.formatHelp')}</Text>
      <FileInput
        label={t('campaignImport.file')}
        placeholder={t('campaignImport.filePlaceholder')}
        accept=".csv,.txt,text/csv,text/plain"
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          upload.reset();
        }}
        error={problem}
        clearable
        leftSection={<IconFileUpload size={16} />}
      />
      {upload.isPending && (
        <Stack gap={4}>
          <Text size="sm">{t('campaignImport.uploading')}</Text>
          <Progress value={sent} animated aria-label={t('campaignImport.uploading')} />
        </Stack>
      )}
      {upload.isError && <ErrorAlert error={upload.error} />}
      <Group>
        <Button
          onClick={() => file && upload.mutate(file)}
          disabled={!file || problem !== null}
          loading={upload.isPending}
          leftSection={<IconFileUpload size={16} />}
        >
          {t('campaignImport.upload')}
        </Button>
      </Group>
    </Stack>
  );
}

function ConfirmDialog({
  campaignId,
  last,
  opened,
  onClose,
  onAnswered,
}: {
  campaignId: string;
  last: CampaignImportData;
  opened: boolean;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const { t } = useTranslation();
  const answer = useMutation({
    mutationFn: (allowToImport: boolean) =>
      allowProcessCampaignImport({
        importId: last.id,
        partnerId: sessionStore.get().partnerId ?? '',
        campaignId,
        status: last.status,
        allowToImport,
      }),
    onSuccess: () => {
      onAnswered();
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('campaignImport.confirmTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('campaignImport.confirmText', { count: last.confirmCount })}</Text>
        {answer.isError && <ErrorAlert error={answer.error} />}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => answer.mutate(false)}
            loading={answer.isPending && answer.variables === false}
          >
            {t('campaignImport.decline')}
          </Button>
          <Button
            color="orange"
            onClick={() => answer.mutate(true)}
            loading={answer.isPending && answer.variables === true}
          >
            {t('campaignImport.allow')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ErrorsGrid({ importId }: { importId: string }) {
  const { t } = useTranslation();
  const columns = useMemo(
    (): DataGridColumn<CampaignImportErrorData>[] => [
      {
        field: 'line',
        header: 'campaignImport.columns.line',
        sortable: true,
        render: (row) => row.line ?? t('campaignImport.wholeFile'),
      },
      { field: 'articleId', header: 'campaignImport.columns.articleId', filterType: 'TEXT', sortable: true },
      {
        field: 'message',
        header: 'campaignImport.columns.message',
        wrap: true,
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'normal', minWidth: 220 }}>
            {row.message}
          </Text>
        ),
      },
    ],
    [t],
  );
  return (
    <DataGrid
      id="campaign-import-errors"
      urlPrefix="errors"
      columns={columns}
      queryKey={['campaignImport', 'errors', importId]}
      rowKey={(row) => row.id}
      fetch={(grid, signal) =>
        api.request(CampaignImportErrorsQuery, { importId, grid }, { signal }).then((r) => r.campaignImportErrors)
      }
      initialSort={{ field: 'line', direction: 'ASCENDING' }}
      fixedPerPage={ERRORS_PAGE}
      savedViews={false}
      card={{ title: 'articleId', subtitle: ['line'], fields: ['message'] }}
    />
  );
}

function ImportsGrid({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = useMemo(
    (): DataGridColumn<CampaignImportData>[] => [
      {
        field: 'createdAt',
        header: 'campaignImport.columns.createdAt',
        sortable: true,
        render: (row) => format.dateTime(row.createdAt),
      },
      { field: 'fileName', header: 'campaignImport.columns.fileName', filterType: 'TEXT', sortable: true },
      {
        field: 'status',
        header: 'campaignImport.columns.status',
        filterType: 'ENUMS',
        options: CAMPAIGN_IMPORT_STATUSES.map((value) => ({ value, label: t(`campaignImport.status.${value}`) })),
        sortable: true,
        render: (row) => <StatusBadge status={row.status} />,
      },
      { field: 'productsCount', header: 'campaignImport.columns.productsCount', sortable: true, align: 'right' },
      { field: 'errorsCount', header: 'campaignImport.columns.errorsCount', sortable: true, align: 'right' },
    ],
    [t, format],
  );
  return (
    <DataGrid
      id="campaign-imports"
      urlPrefix="imports"
      columns={columns}
      queryKey={['campaignImport', 'imports', campaignId]}
      rowKey={(row) => row.id}
      fetch={(grid, signal) =>
        api.request(CampaignImportsQuery, { campaignId, grid }, { signal }).then((r) => r.campaignImports)
      }
      initialSort={{ field: 'createdAt', direction: 'DESCENDING' }}
      savedViews={false}
      card={{ title: 'fileName', subtitle: ['createdAt'], fields: ['status', 'productsCount', 'errorsCount'] }}
      rowActions={(row) => (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconDownload size={14} />}
          onClick={() => void downloadImport(campaignId, row)}
          aria-label={`${t('campaignImport.download')}: ${row.fileName}`}
        >
          {t('campaignImport.download')}
        </Button>
      )}
    />
  );
}

/**
 * The campaign detail's import part (issue 22 point 2): the upload while the campaign is joinable, the last
 * import's state (live from `update_campaign`, polled while unfinished as a fallback), its errors, the
 * confirmation of reductions over the allowed percent, the file's download and the imports grid.
 */
export function CampaignImportSection({ campaignId, joinable }: { campaignId: string; joinable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [processed, setProcessed] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const last = useQuery({
    queryKey: ['campaignImport', 'last', campaignId],
    queryFn: () => api.request(CampaignLastImportQuery, { campaignId }).then((r) => r.campaignLastImport),
    refetchInterval: (query) =>
      isUnfinished(query.state.data?.status) && query.state.data?.status !== 'CONFIRM' ? POLL_MS : false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['campaignImport'] });

  useStreamEvent<CampaignImportEvent>('update_campaign', (event) => {
    const data = event.data;
    if (!data?.importId || String(data.id) !== String(campaignId)) return;
    if (typeof data.processed === 'number') setProcessed(data.processed);
    if (data.status === 'ACCEPTED' && last.data?.status !== 'ACCEPTED') flash.success(t('campaignImport.accepted'));
    void refresh();
  });

  const current = last.data ?? null;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={3}>{t('campaignImport.title')}</Title>
        {joinable ? (
          <UploadForm
            campaignId={campaignId}
            onUploaded={() => {
              setProcessed(0);
              void refresh();
            }}
          />
        ) : (
          <Alert color="gray">{t('campaignImport.notJoinable')}</Alert>
        )}
        {last.isError && <ErrorAlert error={last.error} />}
        {current ? (
          <Stack gap="xs" aria-live="polite" data-testid="campaign-last-import">
            <Title order={4}>{t('campaignImport.lastImport')}</Title>
            <Group gap="sm" wrap="wrap">
              <StatusBadge status={current.status} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {current.fileName}
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconDownload size={14} />}
                onClick={() => void downloadImport(campaignId, current)}
              >
                {t('campaignImport.download')}
              </Button>
            </Group>
            {isUnfinished(current.status) && current.status !== 'CONFIRM' && (
              <Stack gap={4}>
                <Text size="sm">{t('campaignImport.progress', { processed: processed ?? 0 })}</Text>
                <Progress value={100} animated striped aria-label={t(`campaignImport.status.${current.status}`)} />
              </Stack>
            )}
            {!isUnfinished(current.status) || current.status === 'CONFIRM' ? (
              <Text size="sm">
                {t('campaignImport.counts', { products: current.productsCount, errors: current.errorsCount })}
              </Text>
            ) : null}
            {current.fileErrorMessage && (
              <Alert color="red" role="alert">
                {current.fileErrorMessage}
              </Alert>
            )}
            {current.status === 'CONFIRM' && (
              <Group>
                <Button color="orange" onClick={() => setConfirming(true)}>
                  {t('campaignImport.review')}
                </Button>
                <ConfirmDialog
                  campaignId={campaignId}
                  last={current}
                  opened={confirming}
                  onClose={() => setConfirming(false)}
                  onAnswered={() => void refresh()}
                />
              </Group>
            )}
            {(current.errorsCount > 0 || current.confirmCount > 0) && (
              <Stack gap="xs" data-testid="campaign-import-errors">
                <Title order={5}>{t('campaignImport.errorsTitle')}</Title>
                <ErrorsGrid importId={current.id} />
              </Stack>
            )}
          </Stack>
        ) : (
          last.isSuccess && (
            <Text size="sm" c="dimmed">
              {t('campaignImport.noImports')}
            </Text>
          )
        )}
        <Title order={4}>{t('campaignImport.imports')}</Title>
        <ImportsGrid campaignId={campaignId} />
      </Stack>
    </Card>
  );
}
