import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { availableShopIds, BILLING_REASON_MAX } from '@pp/domain';
import { IconFilePlus, IconGavel } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { DataGrid, type DataGridColumn } from '../../ui/DataGrid/DataGrid';
import { flash } from '../../ui/flash';
import {
  COCKPIT_BILLING_KEYS,
  CockpitIssuePenaltyMutation,
  CockpitPartnerInvoicesQuery,
} from '../billing/cockpitOperations';
import { checkPenaltyForm } from '../billing/cockpitForms';
import { INVOICE_CARD, invoiceColumns } from '../billing/invoiceColumns';
import { useBillingFormat } from '../billing/money';
import type { InvoiceRow } from '../billing/operations';
import { BillingCorrectionDialog } from './BillingCorrectionDialog';
import { PartnerPicker } from './PartnerPicker';

/** Operators: one partner's documents, a penalty invoice, and credit or debit notes correcting a document. */
export function BillingPartnerDocuments() {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useBillingFormat();
  const shops = availableShopIds(useFeatureFlags());
  const queryClient = useQueryClient();
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<InvoiceRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: COCKPIT_BILLING_KEYS.invoices });

  const columns = useMemo(
    (): DataGridColumn<InvoiceRow>[] =>
      invoiceColumns(t, format, money, (row) => (
        <Text size="sm" fw={500}>
          {row.invoiceNumber}
        </Text>
      )),
    [t, format, money],
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="billing-partner-documents-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="billing-partner-documents-heading">
          {t('billing.cockpit.documents.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('billing.cockpit.documents.intro')}
        </Text>
        <PartnerPicker
          shops={shops}
          label={t('billing.cockpit.documents.partner')}
          value={partnerId}
          onChange={setPartnerId}
        />
        {partnerId && (
          <>
            <PenaltyForm partnerId={partnerId} onIssued={refresh} />
            <DataGrid
              id="cockpit-partner-invoices"
              urlPrefix="docs"
              columns={columns}
              queryKey={[...COCKPIT_BILLING_KEYS.invoices, partnerId]}
              rowKey={(row) => row.id}
              initialSort={{ field: 'createdAt', direction: 'DESCENDING' }}
              savedViews={false}
              searchable
              card={INVOICE_CARD}
              rowActions={(row) =>
                row.documentType === 'credit-note' ? null : (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconFilePlus size={14} aria-hidden />}
                    onClick={() => setCorrecting(row)}
                    aria-label={`${t('billing.cockpit.correction.open')}: ${row.invoiceNumber}`}
                  >
                    {t('billing.cockpit.correction.open')}
                  </Button>
                )
              }
              fetch={(grid, signal) =>
                api
                  .request(CockpitPartnerInvoicesQuery, { partnerId, grid }, { signal })
                  .then((r) => r.cockpitPartnerInvoices)
              }
            />
          </>
        )}
      </Stack>
      <BillingCorrectionDialog
        document={correcting}
        onClose={() => setCorrecting(null)}
        onIssued={() => {
          setCorrecting(null);
          refresh();
        }}
      />
    </Card>
  );
}

function PenaltyForm({ partnerId, onIssued }: { partnerId: string; onIssued: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const checked = checkPenaltyForm({ amount, reason }, partnerId, t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const { cockpitIssuePenalty } = await api.request(CockpitIssuePenaltyMutation, checked.input);
      flash.success(t('billing.cockpit.penalty.issued', { number: cockpitIssuePenalty.invoiceNumber }));
      setAmount('');
      setReason('');
      onIssued();
    } catch (error) {
      const fields = fieldErrors(error, t);
      if (Object.keys(fields).length) setErrors(fields);
      else flash.error(errorMessage(error, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="billing-penalty-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md" id="billing-penalty-heading">
          {t('billing.cockpit.penalty.title')}
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('billing.cockpit.penalty.amount')}
            description={t('billing.cockpit.penalty.amountHelp')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
            inputMode="decimal"
            w={{ base: '100%', xs: 220 }}
          />
          <Textarea
            label={t('billing.cockpit.penalty.reason')}
            description={t('billing.cockpit.penalty.reasonHelp')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            autosize
            minRows={1}
            maxLength={BILLING_REASON_MAX}
            withAsterisk
            style={{ flex: '1 1 260px' }}
          />
        </Group>
        <Group>
          <Button
            type="submit"
            variant="default"
            leftSection={<IconGavel size={16} aria-hidden />}
            loading={sending}
            data-testid="billing-penalty-submit"
          >
            {t('billing.cockpit.penalty.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
