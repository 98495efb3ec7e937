import { BATCH_FIELDS, type BatchField, isShopId } from '@pp/domain';
import { Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { fieldErrors } from '../../app/api/apiError';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { useModuleOffReason } from '../../app/session/serviceModules';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { BrandSelect } from '../catalog/BrandSelect';
import { batchFieldKind, batchValue } from './batchFields';
import { JobProgress } from './JobProgress';
import { ProductsBatchApplyMutation } from './operations';
import { PriceHoldsPanel } from './PriceHoldsPanel';
import { useJobProgress } from './useProductsLive';

/**
 * "Batch apply" (spec §2): one field set to one value on every picked product. The value is checked with the
 * form's bounds before sending; the server runs a job and reports on 'product_batch_progress'. A price that
 * would move by more than 30 % is held per product: the end lists those for the seller to confirm.
 */
export function BatchApplyDialog({
  productIds,
  onClose,
  onDone,
}: {
  productIds: string[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  // Stock is the availability module's: switched off by an operator, a batch of it would be refused.
  const stockOff = useModuleOffReason('availability');
  const shopId =
    session.selectedPartner && isShopId(session.selectedPartner.shopId) ? session.selectedPartner.shopId : null;
  const [field, setField] = useState<BatchField>('deliveryDelay');
  const [raw, setRaw] = useState<string | boolean | null>('');
  const [touched, setTouched] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const progress = useJobProgress('product_batch_progress', jobId);
  const apply = useMutation({
    mutationFn: (vars: { ids: string[]; field: string; value: unknown }) =>
      api.request(ProductsBatchApplyMutation, vars).then((r) => r.productsBatchApply.jobId),
    onSuccess: (id) => setJobId(id),
  });

  const ended = progress?.status === 'END';
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (ended) doneRef.current();
  }, [ended]);

  const kind = batchFieldKind(field, shopId);
  const checked = batchValue(field, raw, shopId);
  const issue = 'issue' in checked ? t(checked.issue.key, checked.issue.params) : null;
  // The server judges the value again (and whether a brand exists): its refusal is shown on the value too.
  const serverIssue = apply.isError ? (fieldErrors(apply.error, t).value ?? null) : null;

  const change = (next: string | boolean) => {
    setRaw(next);
    if (apply.isError) apply.reset();
  };

  const close = () => {
    setField('deliveryDelay');
    setRaw('');
    setTouched(false);
    setJobId(null);
    apply.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!productIds || 'issue' in checked) return;
    apply.mutate({ ids: productIds, field, value: checked.value });
  };

  const choiceLabel = (value: string) =>
    field === 'vat' ? `${value} %` : t(`products.grid.${field === 'stage' ? 'stage' : 'status'}.${value}`);

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={productIds !== null}
      onClose={close}
      title={t('products.batch.title')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" data-testid="batch-apply-dialog">
          <Text size="sm">{t('products.batch.help', { count: productIds?.length ?? 0 })}</Text>
          <Select
            label={t('products.batch.field')}
            data={BATCH_FIELDS.map((f) => ({
              value: f,
              label: t(`products.batch.fields.${f}`),
              disabled: f === 'inStock' && stockOff !== null,
            }))}
            description={stockOff ?? undefined}
            value={field}
            allowDeselect={false}
            disabled={!!jobId}
            onChange={(next) => {
              if (!next) return;
              const nextField = next as BatchField;
              setField(nextField);
              setRaw(batchFieldKind(nextField, shopId).kind === 'boolean' ? false : '');
              setTouched(false);
            }}
            data-testid="batch-apply-field"
          />
          {kind.kind === 'integer' && (
            <TextInput
              label={t('products.batch.value')}
              inputMode="numeric"
              value={typeof raw === 'string' ? raw : ''}
              onChange={(e) => change(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              description={t('products.batch.integerRange', { min: kind.min, max: kind.max })}
              error={(touched && issue) || serverIssue}
              disabled={!!jobId}
              required
              data-testid="batch-apply-value"
            />
          )}
          {kind.kind === 'price' && (
            <TextInput
              label={t('products.batch.fields.price')}
              inputMode="decimal"
              value={typeof raw === 'string' ? raw : ''}
              onChange={(e) => change(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              description={t('products.batch.priceHelp', { currency: kind.currency ?? '' })}
              error={(touched && issue) || serverIssue}
              disabled={!!jobId}
              required
              data-testid="batch-apply-value"
            />
          )}
          {kind.kind === 'choice' && (
            <Select
              label={t('products.batch.value')}
              data={kind.options.map((value) => ({ value, label: choiceLabel(value) }))}
              value={typeof raw === 'string' && raw ? raw : null}
              onChange={(value) => change(value ?? '')}
              error={(touched && issue) || serverIssue}
              disabled={!!jobId}
              required
              data-testid="batch-apply-value"
            />
          )}
          {kind.kind === 'boolean' && (
            <Switch
              label={t(`products.batch.fields.${field}`)}
              checked={raw === true}
              onChange={(e) => change(e.currentTarget.checked)}
              disabled={!!jobId}
              data-testid="batch-apply-value"
            />
          )}
          {kind.kind === 'brand' && (
            <BrandSelect
              label={t('products.batch.value')}
              value={typeof raw === 'string' && raw ? raw : null}
              onChange={(id) => change(id ?? '')}
              error={serverIssue ?? undefined}
            />
          )}
          {apply.isError && !serverIssue && <ErrorAlert error={apply.error} />}
          {progress && <JobProgress event={progress} testId="batch-apply" />}
          {ended && jobId && (progress?.held ?? 0) > 0 && (
            <PriceHoldsPanel sourceId={jobId} canApply={canAccess(session, 'products', 'update')} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={apply.isPending}>
              {t(jobId ? 'common.close' : 'common.cancel')}
            </Button>
            {!jobId && (
              <Button type="submit" loading={apply.isPending} data-testid="batch-apply-submit">
                {t('products.batch.submit', { count: productIds?.length ?? 0 })}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
