import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { BILLING_REASON_MAX, CORRECTION_LINES_MAX } from '@pp/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { flash } from '../../ui/flash';
import { FormActions } from '../../ui/FormActions';
import { CockpitIssueCorrectionMutation } from '../billing/cockpitOperations';
import {
  type CorrectionFormValues,
  type CorrectionLineValues,
  checkCorrectionForm,
  EMPTY_CORRECTION_LINE,
} from '../billing/cockpitForms';
import { documentTypeLabel } from '../billing/invoiceColumns';
import type { InvoiceRow } from '../billing/operations';

const EMPTY: CorrectionFormValues = { documentType: 'credit-note', reason: '', lines: [EMPTY_CORRECTION_LINE] };

/**
 * Operators: a credit note (lowers) or a debit note (raises) correcting an invoice or a debit note, line by
 * line without VAT; the server prices the VAT with the document's shop rates and refuses a credit beyond
 * what the document still holds.
 */
export function BillingCorrectionDialog({
  document,
  onClose,
  onIssued,
}: {
  document: InvoiceRow | null;
  onClose: () => void;
  onIssued: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CorrectionFormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const documentId = document?.id;
  useEffect(() => {
    if (documentId) {
      setValues(EMPTY);
      setErrors({});
      setFailure(null);
    }
  }, [documentId]);

  const setLine = (index: number, field: keyof CorrectionLineValues, value: string) =>
    setValues((v) => ({ ...v, lines: v.lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)) }));

  const submit = async () => {
    if (!document) return;
    const checked = checkCorrectionForm(values, document.id, t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    try {
      const { cockpitIssueCorrection } = await api.request(CockpitIssueCorrectionMutation, checked.input);
      flash.success(
        t('billing.cockpit.correction.issued', {
          type: documentTypeLabel(t, cockpitIssueCorrection.documentType),
          number: cockpitIssueCorrection.invoiceNumber,
        }),
      );
      onIssued();
    } catch (error) {
      const fields = fieldErrors(error, t);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={t('billing.cockpit.correction.title', { number: document?.invoiceNumber ?? '' })}
      centered
      size="xl"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label={t('billing.cockpit.correction.type')}
            value={values.documentType}
            onChange={(value) =>
              setValues((v) => ({ ...v, documentType: value as CorrectionFormValues['documentType'] }))
            }
            error={errors.documentType}
          >
            <Group gap="lg" mt={6}>
              <Radio value="credit-note" label={documentTypeLabel(t, 'credit-note')} />
              <Radio value="debit-note" label={documentTypeLabel(t, 'debit-note')} />
            </Group>
          </Radio.Group>
          {values.lines.map((line, index) => (
            <Fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own before they are sent.
              key={index}
              legend={t('billing.cockpit.correction.line', { n: index + 1 })}
              p="sm"
            >
              <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
                <TextInput
                  label={t('billing.item.title')}
                  value={line.title}
                  onChange={(e) => setLine(index, 'title', e.currentTarget.value)}
                  error={errors[`lines.${index}.title`]}
                  withAsterisk
                />
                <TextInput
                  label={t('billing.item.quantity')}
                  value={line.quantity}
                  onChange={(e) => setLine(index, 'quantity', e.currentTarget.value)}
                  error={errors[`lines.${index}.quantity`]}
                  inputMode="decimal"
                  withAsterisk
                />
                <TextInput
                  label={t('billing.cockpit.correction.unitPrice')}
                  value={line.unitPrice}
                  onChange={(e) => setLine(index, 'unitPrice', e.currentTarget.value)}
                  error={errors[`lines.${index}.unitPrice`]}
                  inputMode="decimal"
                  withAsterisk
                />
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    label={t('billing.cockpit.correction.vatRate')}
                    value={line.vatRate}
                    onChange={(e) => setLine(index, 'vatRate', e.currentTarget.value)}
                    error={errors[`lines.${index}.vatRate`]}
                    inputMode="decimal"
                    withAsterisk
                    style={{ flex: 1 }}
                  />
                  {values.lines.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mb={errors[`lines.${index}.vatRate`] ? 22 : 0}
                      aria-label={t('billing.cockpit.correction.removeLine', { n: index + 1 })}
                      onClick={() => setValues((v) => ({ ...v, lines: v.lines.filter((_, i) => i !== index) }))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              </SimpleGrid>
            </Fieldset>
          ))}
          {errors.lines && (
            <Text size="sm" c="red.8" role="alert">
              {errors.lines}
            </Text>
          )}
          {values.lines.length < CORRECTION_LINES_MAX && (
            <Group>
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setValues((v) => ({ ...v, lines: [...v.lines, EMPTY_CORRECTION_LINE] }))}
              >
                {t('billing.cockpit.correction.addLine')}
              </Button>
            </Group>
          )}
          <Textarea
            label={t('billing.cockpit.correction.reason')}
            value={values.reason}
            onChange={(e) => {
              const reason = e.currentTarget.value;
              setValues((v) => ({ ...v, reason }));
            }}
            error={errors.reason}
            autosize
            minRows={2}
            maxLength={BILLING_REASON_MAX}
            withAsterisk
          />
          {failure ? (
            <Text size="sm" c="red.8" role="alert">
              {errorMessage(failure, t)}
            </Text>
          ) : null}
          <FormActions
            cancelLabel={t('billing.cockpit.cancel')}
            submitLabel={t('billing.cockpit.correction.submit')}
            onCancel={onClose}
            loading={sending}
            submitTestId="billing-correction-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
