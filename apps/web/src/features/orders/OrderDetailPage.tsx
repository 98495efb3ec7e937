import {
  allowedStatusMoves,
  DELIVERY_CARRIERS,
  needsConfirmation,
  type OrderStatus,
  paymentGroupOf,
  statusChangeRefusal,
} from '@pp/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconChevronDown,
  IconExternalLink,
  IconMapPin,
  IconPrinter,
  IconTruckDelivery,
  IconUserShield,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { usePermission } from '../../app/session/permission';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageFrame } from '../../ui/PageFrame';
import { PermissionGate } from '../../ui/PermissionGate';
import { BranchDialog } from './BranchDialog';
import { DeliveryNoteButton } from './DeliveryNoteButton';
import { LabelsDialog } from './LabelsDialog';
import { type OrderDetail, OrderQuery } from './operations';
import { countryName, formatOrderMoney, OrderChips, StatusBadge, statusColor } from './orderLabels';
import { StatusChangeDialog, type StatusTarget } from './StatusChangeDialog';
import { useOrdersLive } from './useOrdersLive';

/** One labelled value of a card; empty values show a dash so the layout does not jump. */
function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ta="right" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId} component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={8}>
        <Title order={2} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function StatusActions({ order, onPick }: { order: OrderDetail; onPick: (to: OrderStatus) => void }) {
  const { t } = useTranslation();
  const may = usePermission('orders', 'update');
  const facts = { status: order.status as OrderStatus, confirmed: order.confirmed, mallDelivery: order.isMallDelivery };
  const moves = allowedStatusMoves(facts);
  if (moves.length === 0) return null;
  if (!may.allowed) {
    return (
      <PermissionGate permission={may}>
        <Button rightSection={<IconChevronDown size={16} />} data-testid="order-change-status">
          {t('orders.detail.changeStatus')}
        </Button>
      </PermissionGate>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button rightSection={<IconChevronDown size={16} />} data-testid="order-change-status">
          {t('orders.detail.changeStatus')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {moves.map((to) => (
          <Menu.Item
            key={to}
            color={needsConfirmation(to) ? 'red' : undefined}
            onClick={() => onPick(to)}
            data-testid={`order-status-${to}`}
          >
            {t(`orders.status.${to}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Why the status cannot be changed now (blocked, unconfirmed, MALL Delivery), or null. */
function lockedReason(order: OrderDetail): string | null {
  const facts = { status: order.status as OrderStatus, confirmed: order.confirmed, mallDelivery: order.isMallDelivery };
  if (allowedStatusMoves(facts).length > 0) return null;
  const refusal = statusChangeRefusal(facts, 'shipped');
  return refusal && refusal !== 'INVALID_OPERATION' ? refusal : null;
}

export function OrderDetailPage() {
  const { orderId } = useParams({ strict: false }) as { orderId: string };
  const { t } = useTranslation();
  const format = useFormat();
  useOrdersLive();
  const query = useQuery({
    queryKey: ['order', orderId],
    queryFn: ({ signal }) => api.request(OrderQuery, { orderId }, { signal }).then((r) => r.order),
  });
  const [statusTarget, setStatusTarget] = useState<StatusTarget | null>(null);
  const [labelsOpened, labels] = useDisclosure(false);
  const [branchOpened, branch] = useDisclosure(false);
  const mayUpdate = usePermission('orders', 'update');
  const order = query.data;
  const heading = t('orders.detail.heading', { id: orderId });
  const back = (
    <Anchor component={Link} to="/orders" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('orders.detail.back')}
      </Group>
    </Anchor>
  );

  if (query.isError) {
    return (
      <PageFrame route="orderDetail" heading={heading}>
        {back}
        <ErrorAlert error={query.error} />
      </PageFrame>
    );
  }
  if (!order) {
    return (
      <PageFrame route="orderDetail" heading={heading}>
        <Skeleton h={120} radius="md" />
        <Skeleton h={240} radius="md" />
      </PageFrame>
    );
  }

  const money = (amount: number | null | undefined) =>
    amount === null || amount === undefined ? null : formatOrderMoney(amount, order.currency, format.locale);
  const date = (value: string | null | undefined) => (value ? format.dateTime(value) : null);
  const locked = lockedReason(order);
  const paymentGroup = paymentGroupOf(order.paymentType);
  const chips = [
    ...(paymentGroup === 'CASH_ON_DELIVERY' ? ['cashOnDelivery'] : []),
    ...(order.deliveryType === 'ADDRESS' ? ['deliveryToAddress'] : []),
    ...(order.isMallDelivery ? ['mallDelivery'] : []),
    ...(order.deliveryType === 'PERSONAL_PICKUP' ? ['personalPickup'] : []),
    ...(order.readyToReturn ? ['readyToReturn'] : []),
    ...(order.status === 'open' && !order.confirmed ? ['waitingForPayment'] : []),
  ];
  const itemsTotal = order.items.reduce((sum, item) => sum + item.unitPrice * item.quantity - item.totalDiscount, 0);

  return (
    <PageFrame
      route="orderDetail"
      heading={heading}
      description={
        <Group gap="xs" component="span">
          <StatusBadge status={order.status} />
          <OrderChips chips={chips} isTest={order.isTest} />
        </Group>
      }
      actions={
        <Group gap="xs" wrap="wrap">
          <StatusActions
            order={order}
            onPick={(to) => setStatusTarget({ orderIds: [order.id], createdAt: [order.createdAt], status: to })}
          />
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={labels.open}
            data-testid="order-labels"
          >
            {t('orders.detail.labels')}
          </Button>
          <DeliveryNoteButton orderId={order.id} />
          {order.deliveryType === 'PICKUP_POINT' && (
            <PermissionGate permission={mayUpdate}>
              <Button
                variant="default"
                leftSection={<IconMapPin size={16} />}
                onClick={branch.open}
                data-testid="order-change-branch"
              >
                {t('orders.detail.changeBranch')}
              </Button>
            </PermissionGate>
          )}
        </Group>
      }
    >
      {back}
      {locked && (
        <Alert color="gray" variant="light" data-testid="order-locked">
          {t(`errors.${locked}`)}
        </Alert>
      )}
      {order.cancelRequestedAt && ['open', 'shipping', 'shipped'].includes(order.status) && (
        <Alert color="orange" variant="light" data-testid="order-cancel-requested">
          {t('orders.detail.cancelRequested')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Section title={t('orders.detail.order')}>
          <Field label={t('orders.columns.id')}>{order.id}</Field>
          <Field label={t('orders.columns.purchaseId')}>{order.purchaseId}</Field>
          <Field label={t('orders.columns.externalId')}>{order.externalId}</Field>
          <Field label={t('orders.detail.orderType')}>
            {t(`orders.orderType.${order.orderType}`, { defaultValue: order.orderType })}
          </Field>
          <Field label={t('orders.columns.createdAt')}>{date(order.createdAt)}</Field>
          {(order.blockedAt || order.status === 'blocked') && (
            <Field label={t('orders.detail.blockedAt')} testId="order-blocked-at">
              {date(order.blockedAt)}
            </Field>
          )}
          <Field label={t('orders.columns.confirmed')}>
            {t(order.confirmed ? 'grid.boolean.true' : 'grid.boolean.false')}
          </Field>
          <Field label={t('orders.detail.invoiceNumber')}>{order.invoiceNumber}</Field>
          <Field label={t('orders.detail.necessaryInspection')}>
            {t(order.necessaryInspection ? 'grid.boolean.true' : 'grid.boolean.false')}
          </Field>
          <Field label={t('orders.columns.readyToReturn')}>
            {t(order.readyToReturn ? 'grid.boolean.true' : 'grid.boolean.false')}
          </Field>
        </Section>

        <Section title={t('orders.detail.customer')}>
          <Field label={t('orders.columns.customerName')} testId="order-customer">
            {order.customerName}
          </Field>
          <Field label={t('orders.detail.email')}>
            {order.customerEmail && <Anchor href={`mailto:${order.customerEmail}`}>{order.customerEmail}</Anchor>}
          </Field>
          <Field label={t('orders.detail.phone')}>
            {order.customerPhone && <Anchor href={`tel:${order.customerPhone}`}>{order.customerPhone}</Anchor>}
          </Field>
          <Field label={t('orders.detail.company')}>{order.deliveryCompany}</Field>
          <Field label={t('orders.detail.address')}>
            {[order.deliveryStreet, [order.deliveryZip, order.deliveryCity].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ') || null}
          </Field>
          <Field label={t('orders.columns.deliveryCountry')}>
            {order.deliveryCountry ? countryName(order.deliveryCountry, format.locale) : null}
          </Field>
        </Section>

        <Section title={t('orders.detail.transport')}>
          <Field label={t('orders.columns.deliveryType')}>
            {order.deliveryType
              ? t(`orders.deliveryMethod.${order.deliveryType}`, { defaultValue: order.deliveryType })
              : null}
          </Field>
          <Field label={t('orders.detail.transportId')} testId="order-transport-id">
            {order.transportId === 'MALL_DELIVERY'
              ? t('orders.chips.mallDelivery')
              : order.transportId
                ? (DELIVERY_CARRIERS.find((c) => c.code === order.transportId)?.title ?? order.transportId)
                : null}
          </Field>
          <Field label={t('orders.detail.branch')} testId="order-branch">
            {order.branchId}
          </Field>
          <Field label={t('orders.detail.secondaryBranch')}>{order.secondaryBranchId}</Field>
          <Field label={t('orders.columns.isMallDelivery')} testId="order-mall-delivery">
            {t(order.isMallDelivery ? 'grid.boolean.true' : 'grid.boolean.false')}
          </Field>
          {order.isMallDelivery && (
            <Field label={t('orders.detail.mallDeliveryService')} testId="order-mall-delivery-service">
              {order.isDip
                ? t('orders.detail.service.dip')
                : order.isMdp
                  ? t('orders.detail.service.mdp')
                  : t('orders.detail.service.other')}
            </Field>
          )}
          <Field label={t('orders.columns.parcelCount')}>{format.number(order.parcelCount)}</Field>
          <Field label={t('orders.columns.trackingNumber')} testId="order-tracking">
            {order.trackingNumber &&
              (order.trackingUrl ? (
                <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                  <Group gap={4} component="span" wrap="nowrap">
                    {order.trackingNumber}
                    <IconExternalLink size={14} aria-label={t('orders.detail.opensNewTab')} />
                  </Group>
                </Anchor>
              ) : (
                order.trackingNumber
              ))}
          </Field>
          {!order.trackingNumber && order.trackingUrl && (
            <Field label={t('orders.detail.trackingUrl')}>
              <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                {t('orders.detail.trackParcel')}
              </Anchor>
            </Field>
          )}
          <Field label={t('orders.columns.deliveryDate')}>
            {order.deliveryDate ? format.date(order.deliveryDate) : null}
          </Field>
          <Field label={t('orders.columns.shippedAt')}>{date(order.shippedAt)}</Field>
          <Field label={t('orders.columns.deliveredAt')}>{date(order.deliveredAt)}</Field>
          <Field label={t('orders.detail.firstDeliveryAttemptAt')}>{date(order.firstDeliveryAttemptAt)}</Field>
        </Section>
      </SimpleGrid>

      <Section title={t('orders.detail.items')}>
        {/* The items scroll sideways on a phone: the region takes focus so keyboards can scroll it too. */}
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('orders.detail.items') }}>
          <Table
            striped
            verticalSpacing="xs"
            miw={1000}
            data-testid="order-items"
            styles={{ th: { whiteSpace: 'nowrap' }, td: { whiteSpace: 'nowrap' } }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.items.title')}</Table.Th>
                <Table.Th>{t('orders.items.article')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.quantity')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.discount')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.vat')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.commission')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.codFee')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.prepaid')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.purchasePrice')}</Table.Th>
                <Table.Th>{t('orders.items.serialNumbers')}</Table.Th>
                <Table.Th>{t('orders.items.references')}</Table.Th>
                <Table.Th ta="right">{t('orders.items.lineTotal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td fw={500} miw={220} style={{ whiteSpace: 'normal' }}>
                    {item.title}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{item.partnerArticleId ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {item.articleId ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{format.number(item.quantity)}</Table.Td>
                  <Table.Td ta="right">{money(item.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{item.totalDiscount ? money(item.totalDiscount) : '—'}</Table.Td>
                  <Table.Td ta="right">{`${format.number(item.vat)} %`}</Table.Td>
                  <Table.Td ta="right">{money(item.commission)}</Table.Td>
                  <Table.Td ta="right">{item.codFee ? money(item.codFee) : '—'}</Table.Td>
                  <Table.Td ta="right">{item.prepaid ? money(item.prepaid) : '—'}</Table.Td>
                  <Table.Td ta="right">{money(item.purchasePrice) ?? '—'}</Table.Td>
                  <Table.Td>{item.serialNumbers.length ? item.serialNumbers.join(', ') : '—'}</Table.Td>
                  <Table.Td data-testid="order-item-references">
                    {item.references.length ? item.references.join(', ') : '—'}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(item.unitPrice * item.quantity - item.totalDiscount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Section title={t('orders.detail.payment')}>
          <Field label={t('orders.columns.paymentType')}>
            {`${order.paymentType} · ${t(`orders.paymentType.${order.paymentType}`, { defaultValue: order.paymentType })}`}
          </Field>
          <Field label={t('orders.columns.paymentGroup')}>{t(`orders.paymentGroup.${paymentGroup}`)}</Field>
          <Field label={t('orders.columns.currency')}>{order.currency}</Field>
          <Field label={t('orders.detail.itemsTotal')}>{money(itemsTotal)}</Field>
          <Field label={t('orders.detail.totalDiscount')}>{money(order.totalDiscount)}</Field>
          <Field label={t('orders.detail.deliveryPrice')}>{money(order.deliveryPrice)}</Field>
          <Field label={t('orders.columns.cod')}>{money(order.cod)}</Field>
          <Field label={t('orders.detail.codFee')}>{money(order.codFee)}</Field>
          <Field label={t('orders.columns.total')} testId="order-total">
            <Text fw={700} span>
              {money(order.total)}
            </Text>
          </Field>
        </Section>

        <Section title={t('orders.detail.statusHistory')}>
          {order.statusHistory.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('orders.detail.noHistory')}
            </Text>
          ) : (
            <Timeline
              active={order.statusHistory.length - 1}
              bulletSize={18}
              lineWidth={2}
              data-testid="status-history"
            >
              {order.statusHistory.map((entry, index) => (
                <Timeline.Item
                  // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id of their own and never reorder
                  key={index}
                  color={statusColor(entry.status)}
                  title={t(`orders.status.${entry.status}`, { defaultValue: entry.status })}
                  data-testid="status-history-entry"
                >
                  <Text size="xs" c="dimmed">
                    {format.dateTime(entry.at)}
                  </Text>
                  <Group gap={6} mt={2}>
                    <Text size="xs">{t(`orders.source.${entry.source}`, { defaultValue: entry.source })}</Text>
                    {entry.accountName && (
                      <Text size="xs" fw={600} data-testid="status-history-author">
                        {entry.accountName}
                      </Text>
                    )}
                    {entry.byOperator && (
                      <Badge
                        size="xs"
                        variant="light"
                        color="grape"
                        leftSection={<IconUserShield size={10} />}
                        tt="none"
                      >
                        {t('orders.detail.byOperator')}
                      </Badge>
                    )}
                  </Group>
                  {entry.trackingNumber && (
                    <Text size="xs" mt={2}>
                      {t('orders.columns.trackingNumber')}: {entry.trackingNumber}
                    </Text>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Section>

        <Section title={t('orders.detail.shipmentHistory')}>
          {order.shipmentHistory.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('orders.detail.noShipmentHistory')}
            </Text>
          ) : (
            <Timeline
              active={order.shipmentHistory.length - 1}
              bulletSize={18}
              lineWidth={2}
              data-testid="shipment-history"
            >
              {order.shipmentHistory.map((entry, index) => (
                <Timeline.Item
                  // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id of their own and never reorder
                  key={index}
                  bullet={<IconTruckDelivery size={11} />}
                  title={t(`orders.shipmentStatus.${entry.status}`, { defaultValue: entry.status })}
                >
                  <Text size="xs" c="dimmed">
                    {format.dateTime(entry.at)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Section>
      </SimpleGrid>

      <StatusChangeDialog target={statusTarget} onClose={() => setStatusTarget(null)} />
      <LabelsDialog orderIds={[order.id]} opened={labelsOpened} onClose={labels.close} />
      {order.deliveryType === 'PICKUP_POINT' && (
        <BranchDialog orderId={order.id} branchId={order.branchId} opened={branchOpened} onClose={branch.close} />
      )}
    </PageFrame>
  );
}
