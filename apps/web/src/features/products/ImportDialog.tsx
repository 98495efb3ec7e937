import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { uploadFile } from '../../app/api/files';
import { type ProductImport, type ProductImportEvent, ProductImportLatestQuery } from './operations';
import { PriceHoldsPanel } from './PriceHoldsPanel';

const IMPORT_URL = '/portal/import/partner-products';
/** product_imports.status of an import not finished yet (one at a time per partner). */
const RUNNING = ['QUEUED', 'RUNNING'];

const POLL_MS = 5000;

const ended = (event: ProductImportEvent) => event.status === 'END' || event.status === 'ERROR';

/** An import's record (productImportLatest) as the stream would have reported it. */
export function importEventOf(record: ProductImport): ProductImportEvent {
  const status =
    record.status === 'DONE'
      ? 'END'
      : record.status === 'FAILED'
        ? 'ERROR'
        : record.status === 'QUEUED'
          ? 'BEGIN'
          : 'PROGRESS';
  return {
    importId: record.id,
    status,
    done: record.done,
    created: record.created,
    updated: record.updated,
    failed: record.failed,
    held: record.held,
    forced: record.forced,
    code: record.errorCode ?? undefined,
  };
}

/** The import the dialog follows: the one just uploaded, or one still running when the dialog opened. */
interface Followed {
  importId: string;
  fileName: string | null;
  event: ProductImportEvent;
}

/**
 * Uploads a product XML file (contract §D, H4). The server answers at once with the import's id and works
 * through the file as a job; its BEGIN / PROGRESS / END arrive on the live stream with the counts. Refused
 * items land in the errors tab, so the end links there when any failed. Price changes over 30 % are not
 * applied: the end lists them with the button that applies them (PriceHoldsPanel).
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [followed, setFollowed] = useState<Followed | null>(null);
  // Events by import id: a small file may end before its upload's answer has been read.
  const seen = useRef(new Map<string, ProductImportEvent>());

  // An import already running when the dialog opens (this tab's or a colleague's) is shown instead of a
  // new upload, which the server would refuse with IMPORT_IN_PROGRESS. While one runs, its record is read
  // now and then too: should the stream miss the end (a reconnect), the record still tells it.
  const polling = useRef(false);
  const latest = useQuery({
    queryKey: ['productImportLatest'],
    queryFn: ({ signal }) => api.request(ProductImportLatestQuery, {}, { signal }).then((r) => r.productImportLatest),
    enabled: opened,
    refetchInterval: () => (polling.current ? POLL_MS : false),
  });
  const record = latest.data ?? null;
  const running = record && RUNNING.includes(record.status) ? record : null;
  // A finished import with price changes still waiting is shown too: the seller confirms them later.
  const waiting = record && record.status === 'DONE' && record.held > 0 ? record : null;
  const opening = running ?? waiting;
  let shown: Followed | null =
    followed ??
    (opening
      ? {
          importId: opening.id,
          fileName: opening.fileName,
          event: seen.current.get(opening.id) ?? importEventOf(opening),
        }
      : null);
  if (shown && record?.id === shown.importId && !ended(shown.event) && !RUNNING.includes(record.status)) {
    shown = { ...shown, event: importEventOf(record) };
  }
  // A finished import opened for its waiting price changes stays shown once they are applied (its held count
  // then drops to 0), so the seller reads the confirmation instead of the dialog falling back to a new upload.
  const waitingShown = !followed && shown && waiting && shown.importId === waiting.id ? shown : null;
  useEffect(() => {
    if (waitingShown) setFollowed(waitingShown);
  }, [waitingShown]);
  const busy = !!shown && !ended(shown.event);
  polling.current = opened && busy;

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadFile<{ importId: string }>(IMPORT_URL, chosen),
    onMutate: () => setFollowed(null),
    onSuccess: ({ importId }, chosen) =>
      setFollowed({
        importId,
        fileName: chosen.name,
        event: seen.current.get(importId) ?? { importId, status: 'BEGIN', done: 0 },
      }),
  });

  useStreamEvent<ProductImportEvent>('product_import_progress', (event) => {
    const data = event.data;
    const importId = data?.importId;
    if (!data || !importId) return;
    seen.current.set(importId, data);
    const shownRunning = running;
    setFollowed((current) => {
      if (current?.importId === importId) return { ...current, event: data };
      // The running import the dialog showed from productImportLatest: follow it from now on.
      if (!current && shownRunning?.id === importId) {
        return { importId, fileName: shownRunning.fileName, event: data };
      }
      return current;
    });
  });

  const close = () => {
    if (upload.isPending) return;
    upload.reset();
    setFile(null);
    setFollowed(null);
    onClose();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={close}
      title={t('products.import.title')}
      centered
      size="lg"
    >
      <Stack gap="md" data-testid="products-import-dialog">
        <Text size="sm">{t('products.import.help')}</Text>
        <FileInput
          label={t('products.import.file')}
          accept=".xml,application/xml,text/xml"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            upload.reset();
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('products.import.clearFile') }}
          disabled={busy}
          leftSection={<IconFileUpload size={16} />}
          data-testid="products-import-file"
        />
        {upload.isPending && (
          <Stack gap={4}>
            <Text size="sm">{t('products.import.uploading')}</Text>
            <Progress value={100} animated striped aria-label={t('products.import.uploading')} />
          </Stack>
        )}
        {upload.isError && <ErrorAlert error={upload.error} />}
        {shown && <ImportProgress followed={shown} onOpenErrors={close} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={upload.isPending}>
            {t('common.close')}
          </Button>
          <Button
            leftSection={<IconFileUpload size={16} />}
            disabled={!file || busy}
            loading={upload.isPending}
            onClick={() => file && upload.mutate(file)}
            data-testid="products-import-submit"
          >
            {t('products.import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const STATUS_COLORS = { BEGIN: 'blue', PROGRESS: 'blue', END: 'green', ERROR: 'red' } as const;

function ImportProgress({ followed, onOpenErrors }: { followed: Followed; onOpenErrors: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const { event } = followed;
  const status = event.status ?? 'BEGIN';
  const failed = event.failed ?? 0;
  const counts: [string, number][] = [
    ['done', event.done ?? 0],
    ['created', event.created ?? 0],
    ['updated', event.updated ?? 0],
    ['failed', failed],
  ];
  return (
    <Stack gap="sm" data-testid="products-import-progress" data-status={status}>
      <Group gap="sm">
        <Badge color={STATUS_COLORS[status]} data-testid="products-import-status">
          {t(`products.import.status.${status}`)}
        </Badge>
        {followed.fileName && (
          <Text size="sm" c="dimmed" truncate maw={320}>
            {followed.fileName}
          </Text>
        )}
      </Group>
      {(status === 'BEGIN' || status === 'PROGRESS') && (
        <Progress value={100} animated striped aria-label={t(`products.import.status.${status}`)} />
      )}
      {status === 'ERROR' ? (
        <Alert color="red" variant="light" role="alert" data-testid="products-import-error">
          {t(`errors.${event.code ?? 'UNKNOWN'}`, { defaultValue: t('errors.UNKNOWN') })}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          {counts.map(([name, value]) => (
            <Stack key={name} gap={0}>
              <Text size="xs" c="dimmed">
                {t(`products.import.counts.${name}`)}
              </Text>
              <Text fw={700} data-testid={`products-import-${name}`}>
                {format.number(value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {status === 'END' && failed > 0 && (
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/products/errors" onClick={onOpenErrors} />}
          data-testid="products-import-errors-link"
        >
          {t('products.import.seeErrors', { count: failed })}
        </Anchor>
      )}
      {status === 'END' && (event.forced ?? 0) > 0 && (
        <Text size="sm" data-testid="products-import-forced">
          {t('products.import.forced', { count: event.forced ?? 0 })}
        </Text>
      )}
      {status === 'END' && (event.held ?? 0) > 0 && (
        <PriceHoldsPanel sourceId={followed.importId} canApply={canAccess(session, 'products', 'update')} />
      )}
    </Stack>
  );
}
