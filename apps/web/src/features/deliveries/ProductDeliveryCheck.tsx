import { parseDecimal } from '@pp/domain';
import { Alert, Anchor, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { type DeliveryProblemRow, ProductDeliveryCheckQuery } from './checksOperations';
import { deliveryProblemText } from './deliveryCheckText';
import { CodOffNotice } from './warehouse/CodOffNotice';

/**
 * A saved product's delivery check beside its package size and dimensions: green when a delivery method takes
 * it, red with the reasons when none does (or a weight-levels method misses its weight), and the methods that
 * refuse it as notes. Under the key ['products', …] so a save or a products job refreshes it.
 */
export interface PackageFields {
  packageSize: string | null;
  weight: string;
  width: string;
  length: string;
  height: string;
}

const MEASURES = ['weight', 'width', 'length', 'height'] as const;

/** A problem names its method, measure and bound at most once (deliveryChecks). */
const problemKey = (p: DeliveryProblemRow) => `${p.kind}-${p.methodId ?? ''}-${p.measure ?? ''}-${p.bound ?? ''}`;

/**
 * The delivery part of a product's page: the check of the saved product against the methods, and, when the shop
 * has switched cash on delivery off, the same notice the orders area shows (customers cannot pay on delivery).
 */
export function ProductDeliveryCheck({ productId, form }: { productId: string; form: PackageFields }) {
  return (
    <>
      <DeliveryCheckAlert productId={productId} form={form} />
      <CodOffNotice />
    </>
  );
}

function DeliveryCheckAlert({ productId, form }: { productId: string; form: PackageFields }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const session = useSession();
  const measures = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }), [locale]);
  const query = useQuery({
    queryKey: ['products', 'deliveryCheck', productId],
    queryFn: ({ signal }) =>
      api.request(ProductDeliveryCheckQuery, { id: productId }, { signal }).then((r) => r.product ?? null),
  });
  if (query.isPending) return <Skeleton h={48} />;
  const saved = query.data;
  if (!saved) return null;
  const check = saved.deliveryCheck;
  // The check is of the saved product: say so while the form's package fields differ from it.
  const dirty =
    (form.packageSize ?? null) !== (saved.packageSize ?? null) ||
    MEASURES.some((m) => {
      const typed = parseDecimal(form[m]);
      return (typed === null || Number.isNaN(typed) ? null : typed) !== (saved[m] ?? null);
    });
  const number = (value: number) => measures.format(value);
  const blocking = check.problems.filter((p) => p.blocking);
  const notes = check.problems.filter((p) => !p.blocking);
  const methodsLink = canAccess(session, 'deliveries', 'read') ? (
    <Anchor component={Link} to="/deliveries" size="sm">
      {t('deliveries.checks.methods')}
    </Anchor>
  ) : null;
  return (
    <Alert
      variant="light"
      color={check.ok ? 'green' : 'red'}
      title={`${t('deliveries.checks.title')}: ${t(`deliveries.checks.state.${check.ok ? 'OK' : 'PROBLEM'}`)}`}
      icon={check.ok ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
      data-testid="product-delivery-check"
      data-state={check.ok ? 'OK' : 'PROBLEM'}
    >
      <Stack gap={6}>
        {check.ok ? (
          <Text size="sm">{t('deliveries.checks.ok')}</Text>
        ) : (
          <List size="sm" spacing={2} data-testid="product-delivery-problems">
            {blocking.map((p) => (
              <List.Item key={problemKey(p)}>{deliveryProblemText(p, t, number)}</List.Item>
            ))}
          </List>
        )}
        {notes.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {t('deliveries.checks.notes')}
            </Text>
            <List size="sm" spacing={2} data-testid="product-delivery-notes">
              {notes.map((p) => (
                <List.Item key={problemKey(p)}>{deliveryProblemText(p, t, number)}</List.Item>
              ))}
            </List>
          </>
        )}
        {dirty && (
          <Text size="xs" c="dimmed">
            {t('deliveries.checks.okAfterSave')}
          </Text>
        )}
        {methodsLink}
      </Stack>
    </Alert>
  );
}
