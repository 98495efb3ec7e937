import { exportIntervalIssue, filterInterval } from '@pp/domain';
import { Button, Group, Menu, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage, isAbortError, toApiError } from '../../app/api/apiError';
import { APPLICATION_NAME } from '../../app/api/client';
import { currentLanguage } from '../../app/i18n/i18n';
import { sessionStore } from '../../app/session/sessionStore';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { graphql } from '../../graphql/graphql';
import { flash } from '../flash';
import type { GridRequestInput } from './gridState';

const ExportStartMutation = graphql(`
  mutation ExportStart($kind: String!, $format: ExportFormat!, $params: JSON) {
    exportStart(kind: $kind, format: $format, params: $params) { id kind status }
  }
`);

const ExportJobQuery = graphql(`
  query ExportJob($id: ID!) {
    exportJob(id: $id) { id status rows errorCode downloadPath }
  }
`);

type Format = 'CSV' | 'XLSX';

/** The live stream's `export_progress` event (server: platform/exports). */
interface ExportProgress {
  id: string;
  status: 'BEGIN' | 'PROGRESS' | 'END' | 'ERROR';
  done: number;
  total?: number;
  downloadPath?: string;
  fileName?: string;
  code?: string;
}

interface Running {
  id: string;
  format: Format;
  done: number;
  total: number | null;
}

/** If the stream is down the export still arrives: its state is asked for this often. */
const POLL_MS = 5_000;

/** What an export takes from the grid: what selects and orders rows, never the page (the file holds them all). */
export function exportParamsOf(request: GridRequestInput, params: Record<string, unknown> = {}) {
  return { filters: request.filters, sort: request.sort, search: request.search, ...params };
}

/** The file name of a download: the exact UTF-8 one (RFC 5987) when given, else the plain one, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] : undefined;
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // a malformed escape: the plain name below
    }
  }
  return (disposition && /filename="([^"]+)"/i.exec(disposition)?.[1]) || fallback;
}

/** Downloads a stored file with the session's headers (files are partner data, never public links). */
async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { token, partnerId } = sessionStore.get();
  const headers: Record<string, string> = {
    'x-application-name': APPLICATION_NAME,
    'accept-language': currentLanguage(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(partnerId ? { 'x-partner-id': partnerId } : {}),
  };
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError('SERVICE_UNAVAILABLE', '');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    throw toApiError([{ message: body?.message, extensions: { code: body?.code } }], response.status);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/**
 * Exports what the grid shows (its filters, sort and search; every page) as CSV or XLSX. The server makes
 * the file as a job; progress comes over the live stream and the file downloads itself when it is ready.
 */
export function ExportButton({
  kind,
  request,
  params,
  interval,
  label,
  testId = 'grid-export',
}: {
  kind: string;
  /** The button's text when a grid offers more than one export (e.g. a carrier's layout); "Export" otherwise. */
  label?: string;
  /** Prefix of the test ids, for a grid with more than one export button. */
  testId?: string;
  request: GridRequestInput;
  /** Further parameters of the export kind (e.g. the tab of a grid whose tab is not a filter). */
  params?: Record<string, unknown>;
  /**
   * The date column whose interval the export needs (at most three months, spec §5). When the grid's filters
   * do not bound it, or bound more, the button asks for the dates before anything is sent.
   */
  interval?: string;
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<Running | null>(null);
  const [starting, setStarting] = useState(false);
  const [lastFile, setLastFile] = useState<{ path: string; name: string } | null>(null);
  const [asking, setAsking] = useState<Format | null>(null);
  // One download per export, whether the stream or the poll tells first.
  const settled = useRef<Set<string>>(new Set());

  async function finish(id: string, outcome: { path: string; name: string } | { code: string }) {
    if (settled.current.has(id)) return;
    settled.current.add(id);
    setRunning((current) => (current?.id === id ? null : current));
    if ('code' in outcome) {
      flash.error(
        `${t('exports.failedTitle')}: ${t(`errors.${outcome.code}`, { defaultValue: t('errors.EXPORT_FAILED') })}`,
      );
      return;
    }
    try {
      const name = await downloadFile(outcome.path, outcome.name);
      setLastFile({ path: outcome.path, name });
      flash.success(t('exports.ready', { fileName: name }));
    } catch (error) {
      flash.error(errorMessage(error, t));
    }
  }

  // The poll below runs on a timer; it must reach the current finish, not the one of its first render.
  const finishLatest = useRef(finish);
  finishLatest.current = finish;

  useStreamEvent<ExportProgress>('export_progress', (event) => {
    const data = event.data;
    if (!data || data.id !== running?.id) return;
    if (data.status === 'END' && data.downloadPath) {
      void finish(data.id, {
        path: data.downloadPath,
        name: data.fileName ?? `${kind}.${running.format.toLowerCase()}`,
      });
    } else if (data.status === 'ERROR') {
      void finish(data.id, { code: data.code ?? 'EXPORT_FAILED' });
    } else {
      setRunning({ ...running, done: data.done, total: data.total ?? running.total });
    }
  });

  const runningId = running?.id;
  const runningFormat = running?.format;
  useEffect(() => {
    if (!runningId || !runningFormat) return;
    const timer = setInterval(() => {
      api
        .request(ExportJobQuery, { id: runningId })
        .then(({ exportJob }) => {
          if (exportJob.status === 'END' && exportJob.downloadPath) {
            void finishLatest.current(runningId, {
              path: exportJob.downloadPath,
              name: `${kind}.${runningFormat.toLowerCase()}`,
            });
          } else if (exportJob.status === 'ERROR') {
            void finishLatest.current(runningId, { code: exportJob.errorCode ?? 'EXPORT_FAILED' });
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [runningId, runningFormat, kind]);

  function choose(format: Format) {
    if (interval) {
      const chosen = filterInterval(request.filters ?? [], interval);
      if (!chosen.from || exportIntervalIssue(chosen.from, chosen.to)) {
        setAsking(format);
        return;
      }
    }
    void start(format);
  }

  async function start(format: Format, extraFilters: GridRequestInput['filters'] = []) {
    setStarting(true);
    try {
      const { exportStart } = await api.request(ExportStartMutation, {
        kind,
        format,
        params: exportParamsOf({ ...request, filters: [...(request.filters ?? []), ...(extraFilters ?? [])] }, params),
      });
      setRunning({ id: exportStart.id, format, done: 0, total: null });
    } catch (error) {
      // A refused interval or filter names its rule: that sentence helps more than "invalid input".
      const issue = error instanceof ApiError ? error.fields[0] : undefined;
      flash.error(issue ? t(`validation.${issue.rule}`, issue.params ?? {}) : errorMessage(error, t));
    } finally {
      setStarting(false);
    }
  }

  return (
    <Group gap="xs" wrap="nowrap" data-testid={testId}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} />}
            rightSection={<IconChevronDown size={14} />}
            loading={starting}
            disabled={running !== null}
            data-testid={`${testId}-button`}
          >
            {label ?? t('exports.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => choose('CSV')} data-testid={`${testId}-csv`}>
            {t('exports.csv')}
          </Menu.Item>
          <Menu.Item onClick={() => choose('XLSX')} data-testid={`${testId}-xlsx`}>
            {t('exports.xlsx')}
          </Menu.Item>
          {lastFile && (
            <>
              <Menu.Divider />
              <Menu.Item onClick={() => void finishAgain(lastFile, t)}>{t('exports.downloadAgain')}</Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {interval && (
        <IntervalModal
          opened={asking !== null}
          onClose={() => setAsking(null)}
          onConfirm={(from, to) => {
            const format = asking ?? 'CSV';
            setAsking(null);
            void start(format, [
              { field: interval, operator: 'BETWEEN', value: null, values: [from.toISOString(), to.toISOString()] },
            ]);
          }}
        />
      )}
      {running && (
        <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid={`${testId}-progress`}>
          <Progress
            w={80}
            size="sm"
            animated={!running.total}
            value={running.total ? Math.min(100, (running.done / running.total) * 100) : 100}
            aria-label={t('exports.preparing')}
          />
          <Text size="xs" c="dimmed">
            {running.total
              ? t('exports.progressOf', { done: running.done, total: running.total })
              : running.done > 0
                ? t('exports.progress', { done: running.done })
                : t('exports.preparing')}
          </Text>
        </Group>
      )}
    </Group>
  );
}

async function finishAgain(file: { path: string; name: string }, t: (key: string) => string) {
  try {
    await downloadFile(file.path, file.name);
  } catch (error) {
    flash.error(errorMessage(error, t as never));
  }
}

/** A date as the browser's date input holds it (the seller's own calendar day). */
function dayValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Asks for the days an export covers: the last three months at first, checked by the domain's rule as typed. */
function IntervalModal({
  opened,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (from: Date, to: Date) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => {
    const start = new Date();
    start.setMonth(start.getMonth() - 3);
    start.setDate(start.getDate() + 1);
    return dayValue(start);
  });
  const [to, setTo] = useState(() => dayValue(new Date()));
  // Local days: the first day from its first moment, the last one to its last.
  const start = from ? new Date(`${from}T00:00:00`) : null;
  const end = to ? new Date(`${to}T23:59:59.999`) : null;
  const rule = exportIntervalIssue(start, end);
  return (
    <Modal opened={opened} onClose={onClose} title={t('exports.intervalTitle')} data-testid="export-interval">
      <Stack gap="sm">
        <Text size="sm">{t('exports.intervalHint')}</Text>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('exports.intervalFrom')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            data-testid="export-interval-from"
          />
          <TextInput
            type="date"
            label={t('exports.intervalTo')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={rule ? t(`validation.${rule}`, { 0: '' }) : undefined}
            data-testid="export-interval-to"
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={rule !== null}
            onClick={() => start && end && onConfirm(start, end)}
            data-testid="export-interval-confirm"
          >
            {t('exports.button')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
