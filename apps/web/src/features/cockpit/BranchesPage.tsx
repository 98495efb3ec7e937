import { BRANCH_FILE_COLUMNS, BRANCH_FILE_ERRORS_KEPT, BRANCH_FILE_MAX_ROWS, DELIVERY_CARRIERS } from '@pp/domain';
import {
  Badge,
  Button,
  Card,
  Code,
  FileInput,
  Group,
  List,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { uploadFile } from '../../app/api/files';
import { useFormat } from '../../app/i18n/format';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { type BranchLoad, CockpitBranchLoadsQuery } from './operations';

const LOADS_KEY = ['cockpitBranchLoads'] as const;
/** The server's upload limit (the catalogue's "larger than 50 MB"). */
const MAX_MB = 50;
const STATUS_COLORS: Record<string, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };
/** Pickup-point carriers first: theirs are the networks with files. */
const CARRIERS = [...DELIVERY_CARRIERS].sort((a, b) => Number(b.isPickupPoint) - Number(a.isPickupPoint));

/** What the stream says about a load (server: carriers/upload.ts). */
interface LoadEvent {
  loadId?: number;
  status?: 'BEGIN' | 'PROGRESS' | 'END' | 'ERROR';
  done?: number;
  total?: number;
}

/**
 * The operators' upload of a carrier's branch file (issue 19 point 6): pick the carrier, send the file; a job
 * loads it whole or not at all, its progress arrives on the live stream, and the list below keeps every
 * load's outcome with the first bad rows by line.
 */
export function BranchesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [carrier, setCarrier] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Record<string, { done: number; total: number }>>({});
  const loads = useQuery({
    queryKey: LOADS_KEY,
    queryFn: ({ signal }) => api.request(CockpitBranchLoadsQuery, {}, { signal }).then((r) => r.cockpitBranchLoads),
  });

  useStreamEvent<LoadEvent>('carrier_branches_load_progress', (event) => {
    const data = event.data;
    if (!data?.loadId) return;
    if (data.status === 'PROGRESS' && data.total) {
      setProgress((all) => ({ ...all, [String(data.loadId)]: { done: data.done ?? 0, total: data.total ?? 0 } }));
      return;
    }
    // Begun, ended or refused: the list has the news.
    void queryClient.invalidateQueries({ queryKey: LOADS_KEY });
  });

  const upload = useMutation({
    mutationFn: (chosen: { carrier: string; file: File }) =>
      uploadFile<{ loadId: number }>('/api/cockpit/carrier-branches', chosen.file, undefined, {
        carrier: chosen.carrier,
      }),
    onSuccess: () => {
      flash.success(t('cockpit.branches.queued'));
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: LOADS_KEY });
    },
  });

  // The rules the server keeps, shown before the request: one load per carrier at a time, the size limit.
  const busy = !!carrier && (loads.data ?? []).some((l) => isUnfinished(l) && l.carrier === carrier);
  const tooLarge = !!file && file.size > MAX_MB * 1024 * 1024;

  return (
    <PageFrame route="cockpitBranches" description={t('cockpit.branches.subtitle')}>
      <Card withBorder padding="lg" component="section" aria-labelledby="branch-upload-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="branch-upload-title">
            {t('cockpit.branches.uploadTitle')}
          </Title>
          <Text size="sm">{t('cockpit.branches.help')}</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {BRANCH_FILE_COLUMNS.join(';')}
          </Code>
          <Text size="xs" c="dimmed">
            {t('cockpit.branches.rules', { max: format.number(BRANCH_FILE_MAX_ROWS) })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('cockpit.branches.carrier')}
              placeholder={t('cockpit.branches.carrierPlaceholder')}
              data={CARRIERS.map((c) => ({ value: c.code, label: `${c.title} (${c.code})` }))}
              value={carrier}
              onChange={(value) => {
                setCarrier(value);
                upload.reset();
              }}
              searchable
              allowDeselect={false}
              required
              error={busy ? t('cockpit.branches.busy') : undefined}
              data-testid="branches-carrier"
            />
            <FileInput
              label={t('cockpit.branches.file')}
              placeholder={t('cockpit.branches.choose')}
              accept=".csv,.txt,text/csv"
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                upload.reset();
              }}
              clearable
              required
              error={tooLarge ? t('cockpit.branches.tooLarge', { max: MAX_MB }) : undefined}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              // Mantine's placeholder grey is under 4.5:1 on white, and this one is shown as text.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              data-testid="branches-file"
            />
          </SimpleGrid>
          {upload.isError && <ErrorAlert error={upload.error} />}
          <Group justify="flex-end">
            <Button
              leftSection={<IconFileUpload size={16} aria-hidden />}
              disabled={!carrier || !file || busy || tooLarge}
              loading={upload.isPending}
              onClick={() => carrier && file && upload.mutate({ carrier, file })}
              data-testid="branches-submit"
            >
              {t('cockpit.branches.submit')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="branch-loads-title">
        <Title order={2} size="h4" id="branch-loads-title">
          {t('cockpit.branches.historyTitle')}
        </Title>
        {loads.isError && <ErrorAlert error={loads.error} />}
        {loads.data?.length === 0 && <Text c="dimmed">{t('cockpit.branches.empty')}</Text>}
        {loads.data?.map((load) => (
          <LoadCard key={load.id} load={load} progress={progress[load.id]} />
        ))}
      </Stack>
    </PageFrame>
  );
}

const isUnfinished = (load: BranchLoad) => load.status === 'queued' || load.status === 'running';

/** One load: who sent which file when, its state, its counts, and why it was refused, row by row. */
function LoadCard({ load, progress }: { load: BranchLoad; progress?: { done: number; total: number } }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const counts = [
    ['lines', load.lines],
    ['inserted', load.inserted],
    ['updated', load.updated],
    ['deactivated', load.deactivated],
  ] as const;
  // A refused file's own text when the page has one (the catalogue's names the status import's limits).
  const refusal = load.errorCode
    ? i18n.exists(`cockpit.branches.code.${load.errorCode}`)
      ? t(`cockpit.branches.code.${load.errorCode}`, { max: format.number(BRANCH_FILE_MAX_ROWS) })
      : t(`errors.${load.errorCode}`, { defaultValue: t('errors.UNKNOWN') })
    : null;
  return (
    <Card withBorder padding="md" data-testid="branch-load" data-status={load.status}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge color={STATUS_COLORS[load.status] ?? 'gray'} variant="light" data-testid="branch-load-status">
              {t(`cockpit.branches.status.${load.status}`, { defaultValue: load.status })}
            </Badge>
            <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
              {load.carrier ?? '—'}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {format.dateTime(load.createdAt)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {load.fileName ?? '—'} · {load.accountEmail ?? t('cockpit.branches.commandLine')}
        </Text>
        {isUnfinished(load) && (
          <Stack gap={4}>
            <Text size="sm">
              {progress
                ? t('cockpit.branches.progress', {
                    done: format.number(progress.done),
                    total: format.number(progress.total),
                  })
                : t(`cockpit.branches.status.${load.status}`)}
            </Text>
            <Progress
              value={progress ? (100 * progress.done) / Math.max(1, progress.total) : 100}
              animated
              striped={!progress}
              aria-label={load.fileName ?? load.id}
            />
          </Stack>
        )}
        {load.status === 'done' && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {counts.map(([key, value]) => (
              <Stack gap={0} key={key}>
                <Text size="xs" c="dimmed">
                  {t(`cockpit.branches.counts.${key}`)}
                </Text>
                <Text fw={600} data-testid={`branch-load-${key}`}>
                  {format.number(value)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        {refusal && (
          <Text size="sm" c="red.8" data-testid="branch-load-refusal">
            {refusal}
          </Text>
        )}
        {load.errors.length > 0 && (
          <List size="sm" spacing={2} data-testid="branch-load-errors">
            {load.errors.map((e) => (
              <List.Item key={`${e.line}-${e.field}-${e.rule}`}>
                <Text span size="sm" fw={600}>
                  {t('cockpit.branches.line', { line: e.line })}
                </Text>
                {e.field !== 'row' && (
                  <>
                    {' · '}
                    <Code>{e.field}</Code>
                  </>
                )}
                {' — '}
                {t(`cockpit.branches.rule.${e.rule}`, { defaultValue: t('validation.invalid') })}
              </List.Item>
            ))}
          </List>
        )}
        {load.errorCount > Math.min(load.errors.length, BRANCH_FILE_ERRORS_KEPT) && (
          <Text size="xs" c="dimmed">
            {t('cockpit.branches.moreErrors', { count: load.errorCount })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
