import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { draftOf, EMPTY_METHOD } from './draft';
import { MethodForm } from './MethodForm';
import { DeliveryMethodQuery, METHODS_KEY } from './operations';
import { usePartnerMarket } from './usePartnerMarket';

/** `deliveries/detail/{id?}`: a new delivery method without an id, the partner's method with one. */
export function MethodDetailPage() {
  const { t } = useTranslation();
  useDocumentTitle('deliveryDetail');
  const { id } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const market = usePartnerMarket();
  const method = useQuery({
    queryKey: [...METHODS_KEY, 'detail', id],
    queryFn: ({ signal }) => api.request(DeliveryMethodQuery, { id: id! }, { signal }).then((r) => r.delivery),
    enabled: Boolean(id),
  });
  const back = () => void navigate({ to: '/deliveries', ignoreBlocker: true });

  if (!market) return null;
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={2} size="h3">
          {id ? (method.data?.title ?? t('deliveries.editTitle')) : t('deliveries.addTitle')}
        </Title>
        {id && method.data && (
          <Text size="sm" c="dimmed">
            {method.data.code} · {method.data.transport}
          </Text>
        )}
      </div>
      {id && !method.isFetchedAfterMount && !method.isError && <Loader size="sm" aria-label={t('common.loading')} />}
      {method.isError && <ErrorAlert error={method.error} />}
      {/* The form starts from what the server holds now, not from a copy cached before the last save. */}
      {(!id || (method.data && method.isFetchedAfterMount)) && (
        <MethodForm
          key={method.data?.id ?? 'new'}
          id={id ?? null}
          initial={method.data ? draftOf(method.data) : EMPTY_METHOD}
          shopId={market.shopId}
          currency={market.currency}
          onSaved={back}
          onCancel={back}
        />
      )}
    </Stack>
  );
}
