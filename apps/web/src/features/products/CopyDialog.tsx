import { isProductId, PRODUCT_ID_MAX } from '@pp/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { ProductCopyMutation } from './operations';
import { refreshProducts } from './useProductsLive';

/**
 * Copies a product under a new id the seller types (spec §2 "copy"). The id is checked with the domain's
 * rule before sending; a taken id comes back from the server as PRODUCT_ALREADY_EXISTS. The copy opens in
 * the detail, because a copy is made to be changed.
 */
export function CopyDialog({ sourceId, onClose }: { sourceId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [newId, setNewId] = useState('');
  const [touched, setTouched] = useState(false);
  const copy = useMutation({
    mutationFn: (vars: { id: string; newId: string }) => api.request(ProductCopyMutation, vars),
    onSuccess: ({ productCopy }) => {
      refreshProducts(queryClient);
      flash.success(t('products.grid.copied', { id: productCopy.id }));
      close();
      void navigate({ to: '/products/detail/{-$id}', params: { id: productCopy.id } });
    },
  });

  const trimmed = newId.trim();
  const issue = copyIdIssue(newId);
  const localError = issue ? t(`validation.${issue}`, { 0: PRODUCT_ID_MAX }) : null;
  const serverField = copy.error instanceof ApiError ? copy.error.fields.find((f) => f.field === 'newId') : undefined;

  function close() {
    setNewId('');
    setTouched(false);
    copy.reset();
    onClose();
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localError || !sourceId) return;
    copy.mutate({ id: sourceId, newId: trimmed });
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={sourceId !== null}
      onClose={close}
      title={t('products.grid.copyTitle')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" data-testid="product-copy-dialog">
          <Text size="sm">{t('products.grid.copyHelp', { id: sourceId ?? '' })}</Text>
          <TextInput
            label={t('products.grid.copyNewId')}
            value={newId}
            onChange={(e) => setNewId(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            maxLength={PRODUCT_ID_MAX}
            required
            data-autofocus
            error={
              (touched && localError) ||
              (serverField ? t(`validation.${serverField.rule}`, serverField.params ?? {}) : undefined)
            }
            data-testid="product-copy-id"
          />
          {copy.isError && !serverField && <ErrorAlert error={copy.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={copy.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={copy.isPending} data-testid="product-copy-submit">
              {t('products.grid.copy')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Why a typed id would be refused, for tests and the dialog alike (null: fine). */
export function copyIdIssue(value: string): 'required' | 'productId' | null {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  return isProductId(trimmed) ? null : 'productId';
}
