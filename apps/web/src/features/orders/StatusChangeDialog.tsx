import {
  bulkStatusOutcome,
  deliveryDateRefusal,
  needsConfirmation,
  type OrderStatus,
  statusChangeSchema,
  TRACKING_NUMBER_MAX,
  TRACKING_URL_MAX,
} from '@pp/domain';
import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage, fieldErrors, issueErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FormActions } from '../../ui/FormActions';
import { flash } from '../../ui/flash';
import { useFormFields } from '../../ui/useFormFields';
import { BulkResults } from './BulkResults';
import {
  type BulkStatusAnswer,
  type OrderStatusInput,
  OrdersStatusUpdateMutation,
  OrderUpdateMutation,
} from './operations';

type Fields = { trackingNumber: string; trackingUrl: string; deliveredAt: string; firstDeliveryAttemptAt: string };
const FORM_FIELDS: readonly (keyof Fields)[] = [
  'trackingNumber',
  'trackingUrl',
  'deliveredAt',
  'firstDeliveryAttemptAt',
];

/** The moment as a datetime-local input shows it, to the minute (never later than the moment itself). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function toInstant(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? 'invalid' : date.toISOString();
}

/** What the dialog sends for the chosen status: only the fields that status takes (spec §4). */
export function statusInput(target: OrderStatus, values: Fields): Record<string, unknown> {
  if (target === 'shipped') {
    return { status: target, trackingNumber: values.trackingNumber.trim(), trackingUrl: values.trackingUrl.trim() };
  }
  if (target === 'delivered') {
    const firstAttempt = toInstant(values.firstDeliveryAttemptAt);
    return {
      status: target,
      deliveredAt: toInstant(values.deliveredAt) ?? undefined,
      ...(firstAttempt ? { firstDeliveryAttemptAt: firstAttempt } : {}),
    };
  }
  return { status: target };
}

/**
 * The field a date rule of the domain speaks about, and its message, checked before sending. Many orders
 * are judged against the newest of them: a delivery before one order's creation is the server's to
 * report per order.
 */
function dateIssues(createdAt: Date | null, change: { deliveredAt: Date; firstDeliveryAttemptAt?: Date | null }) {
  const refusal = deliveryDateRefusal({ createdAt: createdAt ?? new Date(0) }, change, new Date());
  if (!refusal) return null;
  return refusal === 'FIRST_DELIVERY_ATTEMPT_INVALID'
    ? { field: 'firstDeliveryAttemptAt' as const, code: refusal }
    : { field: 'deliveredAt' as const, code: refusal };
}

export interface StatusTarget {
  /** Order ids the change is for; one for the detail page, the selection for the grid. */
  orderIds: string[];
  /** Their creation times, for the delivery date rules. */
  createdAt: string[];
  status: OrderStatus;
}

/**
 * The status dialog of one order or many (spec §4): shipped asks an optional tracking number and URL,
 * delivered the delivery date and the first attempt, cancelled and returned ask to confirm. Many orders go
 * through the bulk change, whose answer is shown per order.
 */
export function StatusChangeDialog({
  target,
  onClose,
  onDone,
}: {
  target: StatusTarget | null;
  onClose: () => void;
  /** After a change went through (for many: some did); gets the ids that changed. */
  onDone?: (changed: string[]) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { values, setValues, errors, setErrors, set, formRef } = useFormFields<Fields>({
    trackingNumber: '',
    trackingUrl: '',
    deliveredAt: '',
    firstDeliveryAttemptAt: '',
  });
  const [answer, setAnswer] = useState<BulkStatusAnswer | null>(null);
  const bulk = (target?.orderIds.length ?? 0) > 1;
  const status = target?.status;

  const refresh = (orderIds: readonly string[]) => {
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['orderStatusCounts'] });
    for (const id of orderIds) void queryClient.invalidateQueries({ queryKey: ['order', id] });
  };

  const change = useMutation({
    mutationFn: async (data: OrderStatusInput) => {
      if (!target) throw new Error('no target');
      if (!bulk) {
        await api.request(OrderUpdateMutation, { orderId: target.orderIds[0]!, data });
        return null;
      }
      return (await api.request(OrdersStatusUpdateMutation, { orderIds: target.orderIds, data })).ordersStatusUpdate;
    },
    onSuccess: (result) => {
      if (!target) return;
      if (!result) {
        flash.success(t('orders.statusChange.done', { status: t(`orders.status.${target.status}`) }));
        refresh(target.orderIds);
        onDone?.(target.orderIds);
        close();
        return;
      }
      const changed = result.results.filter((r) => r.ok).map((r) => String(r.orderId));
      const failed = result.results.length - changed.length;
      const outcome = bulkStatusOutcome(result.results);
      const text = t(`orders.flash.${outcome}`, { count: changed.length, failed });
      if (outcome === 'statusesUpdate') flash.success(text);
      else flash.error(text);
      refresh(target.orderIds);
      if (changed.length) onDone?.(changed);
      // All changed: nothing more to read. Otherwise the dialog shows which orders did not change and why.
      if (failed === 0) close();
      else setAnswer(result);
    },
    onError: (error) => {
      // Issues of the form's own fields go under them; anything else is the alert's to say.
      const fields = Object.fromEntries(
        Object.entries(fieldErrors(error, t)).filter(([field]) => FORM_FIELDS.includes(field as keyof Fields)),
      );
      if (Object.keys(fields).length) setErrors(fields);
      // Date rules the server checked come back as codes; they belong under their field.
      if (error instanceof ApiError) {
        if (error.code === 'DELIVERY_DATE_BEFORE_CREATION' || error.code === 'DELIVERY_DATE_IN_FUTURE') {
          setErrors({ deliveredAt: errorMessage(error, t) });
        } else if (error.code === 'FIRST_DELIVERY_ATTEMPT_INVALID') {
          setErrors({ firstDeliveryAttemptAt: errorMessage(error, t) });
        }
      }
    },
  });

  function close() {
    setValues({ trackingNumber: '', trackingUrl: '', deliveredAt: '', firstDeliveryAttemptAt: '' });
    setErrors({});
    setAnswer(null);
    change.reset();
    onClose();
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || !status) return;
    // The delivery date starts at now: shown in the field, and sent unless the person changes it.
    const filled = { ...values, deliveredAt: values.deliveredAt || toLocalInput(new Date()) };
    const input = statusInput(status, filled);
    const parsed = statusChangeSchema.safeParse(input);
    if (!parsed.success) {
      const at = (field: keyof Fields, max: number) =>
        issueErrors<keyof Fields>(
          parsed.error.issues.filter((i) => i.path[0] === field),
          t,
          { 0: max },
        )[field];
      const invalidDate = (field: keyof Fields) =>
        parsed.error.issues.some((i) => i.path[0] === field)
          ? filled[field]
            ? t('validation.date')
            : t('validation.required')
          : undefined;
      setErrors({
        trackingNumber: at('trackingNumber', TRACKING_NUMBER_MAX),
        trackingUrl: at('trackingUrl', TRACKING_URL_MAX),
        deliveredAt: invalidDate('deliveredAt'),
        firstDeliveryAttemptAt: invalidDate('firstDeliveryAttemptAt'),
      });
      return;
    }
    if (parsed.data.status === 'delivered') {
      const created = target.createdAt.map((c) => new Date(c).getTime()).filter((n) => !Number.isNaN(n));
      const issue = dateIssues(created.length ? new Date(Math.min(...created)) : null, parsed.data);
      if (issue) {
        setErrors({ [issue.field]: t(`errors.${issue.code}`) });
        return;
      }
    }
    change.mutate(input as OrderStatusInput);
  };

  const statusLabel = status ? t(`orders.status.${status}`) : '';
  const count = target?.orderIds.length ?? 0;
  const confirm = status ? needsConfirmation(status) : false;
  const now = toLocalInput(new Date());

  return (
    <Modal
      opened={!!target}
      onClose={close}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={
        bulk
          ? t('orders.statusChange.titleMany', { status: statusLabel, count })
          : t('orders.statusChange.title', { status: statusLabel })
      }
      size="lg"
    >
      {answer ? (
        <BulkResults results={answer.results} onClose={close} />
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="md">
            {confirm && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                {t(bulk ? 'orders.statusChange.confirmMany' : 'orders.statusChange.confirm', {
                  status: statusLabel,
                  count,
                })}
              </Alert>
            )}
            {!confirm && status !== 'shipped' && status !== 'delivered' && (
              <Text>
                {t(bulk ? 'orders.statusChange.questionMany' : 'orders.statusChange.question', {
                  status: statusLabel,
                  count,
                })}
              </Text>
            )}
            {status === 'shipped' && (
              <>
                <TextInput
                  label={t('orders.statusChange.trackingNumber')}
                  description={t('orders.statusChange.trackingNumberHint')}
                  value={values.trackingNumber}
                  onChange={set('trackingNumber')}
                  error={errors.trackingNumber}
                  maxLength={TRACKING_NUMBER_MAX}
                  autoComplete="off"
                  data-autofocus
                  data-testid="status-tracking-number"
                />
                <TextInput
                  label={t('orders.statusChange.trackingUrl')}
                  placeholder="https://"
                  value={values.trackingUrl}
                  onChange={set('trackingUrl')}
                  error={errors.trackingUrl}
                  type="url"
                  data-testid="status-tracking-url"
                />
              </>
            )}
            {status === 'delivered' && (
              <>
                <TextInput
                  type="datetime-local"
                  label={t('orders.statusChange.deliveredAt')}
                  withAsterisk
                  value={values.deliveredAt || now}
                  max={now}
                  onChange={set('deliveredAt')}
                  error={errors.deliveredAt}
                  data-testid="status-delivered-at"
                />
                <TextInput
                  type="datetime-local"
                  label={t('orders.statusChange.firstDeliveryAttemptAt')}
                  description={t('orders.statusChange.firstDeliveryAttemptHint')}
                  value={values.firstDeliveryAttemptAt}
                  max={values.deliveredAt || now}
                  onChange={set('firstDeliveryAttemptAt')}
                  error={errors.firstDeliveryAttemptAt}
                  data-testid="status-first-attempt"
                />
              </>
            )}
            {change.isError && !Object.values(errors).some(Boolean) && <ErrorAlert error={change.error} />}
            <FormActions
              cancelLabel={t('common.cancel')}
              submitLabel={t(confirm ? 'orders.statusChange.confirmSubmit' : 'orders.statusChange.submit', {
                status: statusLabel,
              })}
              onCancel={close}
              loading={change.isPending}
              submitTestId="status-submit"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
