import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage, fieldErrors, toApiError } from '../../app/api/apiError';
import { downloadStoredFile } from '../../app/api/files';
import { useFormat } from '../../app/i18n/format';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { flash } from '../../ui/flash';
import { useFormFields } from '../../ui/useFormFields';
import { billingFilePaths } from './downloads';
import { dayOf } from './invoiceColumns';
import { checkExportRange, previousMonthRange } from './exportRange';
import { BillingExportQuery, CreateInvoiceExportMutation } from './exportOperations';

/** The live stream's `portal_new_invoice_export`: the export's zip is ready (or could not be made). */
interface ExportReady {
  exportId?: string | number;
  status?: 'DONE' | 'ERROR';
  fileName?: string;
  code?: string;
}

/** How often a waiting export's state is asked for, besides the stream's event. */
const POLL_MS = 5_000;

/**
 * Exports awaited by this tab, kept beyond the section: leaving the tab and coming back before the zip is
 * ready still shows "preparing" and still downloads it.
 */
const awaited = new Map<string, { from: string; to: string }>();

/** Downloads a finished export's zip; an id the server does not know says the export was not found. */
export async function downloadExport(exportId: string, fileName: string | undefined, t: TFunction) {
  try {
    await downloadStoredFile(billingFilePaths.exportZip(exportId), fileName ?? 'billings.zip');
    flash.success(t('billing.export.downloaded'));
  } catch (error) {
    flash.error(`${t('billing.export.failed')} ${errorMessage(error, t)}`);
  }
}

/**
 * The billing export (spec §4): a range of at most three months; a job builds the zip of every document's
 * PDF with an XLSX summary, and the stream says when it is ready — then the download starts by itself.
 */
export function InvoiceExportSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const form = useFormFields(previousMonthRange(new Date()));
  const { values, errors, setErrors, set, formRef } = form;
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(() => [...awaited.entries()]);
  const sync = () => setPending([...awaited.entries()]);
  useEffect(sync, []);

  // Stream and poll may both bring the end of one export: the first to take it off the list downloads it.
  const finish = (id: string, outcome: { fileName?: string | null } | { error: unknown }) => {
    if (!awaited.delete(id)) return;
    sync();
    if ('error' in outcome) flash.error(`${t('billing.export.failed')} ${errorMessage(outcome.error, t)}`);
    else void downloadExport(id, outcome.fileName ?? undefined, t);
  };
  const finishLatest = useRef(finish);
  finishLatest.current = finish;

  useStreamEvent<ExportReady>('portal_new_invoice_export', (event) => {
    const data = event.data;
    const id = data?.exportId == null ? null : String(data.exportId);
    if (!id) return;
    if (data?.status === 'ERROR')
      finish(id, { error: toApiError([{ extensions: { code: data.code ?? 'EXPORT_FAILED' } }]) });
    else finish(id, { fileName: data?.fileName });
  });

  // If the stream is down the export still arrives: its state is asked for now and then.
  const waiting = pending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      for (const id of awaited.keys()) {
        api
          .request(BillingExportQuery, { id })
          .then(({ billingExport }) => {
            if (billingExport.status === 'DONE') finishLatest.current(id, { fileName: billingExport.fileName });
            else if (billingExport.status === 'ERROR') {
              finishLatest.current(id, { error: new ApiError('EXPORT_FAILED', '') });
            }
          })
          .catch((error) => {
            if (error instanceof ApiError && error.code === 'EXPORT_NOT_FOUND') finishLatest.current(id, { error });
          });
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  const submit = async () => {
    const checked = checkExportRange(values, t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const { createInvoiceExport } = await api.request(CreateInvoiceExportMutation, checked.input);
      awaited.set(String(createInvoiceExport.id), checked.input);
      sync();
    } catch (error) {
      const fields = fieldErrors(error, t);
      if (Object.keys(fields).length) setErrors(fields);
      else flash.error(errorMessage(error, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="billing-export-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="billing-export-heading">
          {t('billing.export.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('billing.export.intro')}
        </Text>
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={t('billing.export.from')}
              value={values.from}
              onChange={set('from')}
              error={errors.from}
              required
              w={{ base: '100%', xs: 200 }}
            />
            <TextInput
              type="date"
              label={t('billing.export.to')}
              value={values.to}
              onChange={set('to')}
              error={errors.to}
              required
              w={{ base: '100%', xs: 200 }}
            />
            <Button
              type="submit"
              leftSection={<IconFileZip size={16} />}
              loading={sending}
              data-testid="billing-export-submit"
            >
              {t('billing.export.submit')}
            </Button>
          </Group>
        </form>
        {/* One live region, present before anything is waited for, so "preparing" is read out when it appears. */}
        <Stack gap="xs" role="status">
          {pending.map(([id, range]) => (
            <Alert key={id} color="blue" variant="light" data-testid="billing-export-preparing">
              <Group gap="xs" wrap="nowrap">
                <Loader size="xs" aria-hidden />
                <Text size="sm">
                  {t('billing.export.preparing', {
                    from: format.date(dayOf(range.from)),
                    to: format.date(dayOf(range.to)),
                  })}
                </Text>
              </Group>
            </Alert>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
