import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { PermissionGate } from '../../../ui/PermissionGate';
import { ConfirmDelete } from '../../onboarding/steps/settings/ConfirmDelete';
import { useRemoveSetting } from '../../onboarding/steps/settings/editing';
import { draftOf, EMPTY_METHOD } from './draft';
import { MethodForm, refreshMethods } from './MethodForm';
import { DeleteDeliveryMethodMutation } from './operations';
import { useMethodRules, useStoredMethod } from './useMethodRules';
import { usePartnerMarket } from './usePartnerMarket';

/** `deliveries/detail/{id?}`: a new delivery method without an id, the partner's method with one. */
export function MethodDetailPage() {
  const { t } = useTranslation();
  useDocumentTitle('deliveryDetail');
  const { id } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const market = usePartnerMarket();
  const method = useStoredMethod(id);
  const rules = useMethodRules();
  const [confirming, setConfirming] = useState(false);
  const back = () => void navigate({ to: '/deliveries', ignoreBlocker: true });
  const remove = useRemoveSetting(
    (methodId) => api.request(DeleteDeliveryMethodMutation, { id: methodId }),
    t('deliveries.deleted'),
    () => setConfirming(false),
    refreshMethods,
  );

  if (!market) return null;
  const stored = method.data;
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            {id ? (stored?.title ?? t('deliveries.editTitle')) : t('deliveries.addTitle')}
          </Title>
          {id && stored && (
            <Text size="sm" c="dimmed">
              {stored.code} · {stored.transport}
            </Text>
          )}
        </div>
        {/* Open orders or an active MALL Delivery keep the method: the button says why before any click. */}
        {stored && (
          <PermissionGate permission={rules.deletePermission(stored)}>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              data-testid="method-delete"
            >
              {t('deliveries.delete', { carrier: stored.title })}
            </Button>
          </PermissionGate>
        )}
      </Group>
      {id && !method.isFetchedAfterMount && !method.isError && <Loader size="sm" aria-label={t('common.loading')} />}
      {method.isError && <ErrorAlert error={method.error} />}
      {/* The form starts from what the server holds now, not from a copy cached before the last save. */}
      {(!id || (stored && method.isFetchedAfterMount)) && (
        <MethodForm
          key={stored?.id ?? 'new'}
          id={id ?? null}
          initial={stored ? draftOf(stored) : EMPTY_METHOD}
          shopId={market.shopId}
          currency={market.currency}
          onSaved={back}
          onCancel={back}
        />
      )}
      <ConfirmDelete
        opened={confirming}
        text={t('deliveries.confirmDelete', { carrier: stored?.title ?? '' })}
        loading={remove.isPending}
        onConfirm={() => {
          if (!stored) return;
          remove.mutate(stored.id, { onSuccess: back });
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
