import {
  DELIVERY_METHODS,
  type DeliveryMethod,
  PAYMENT_TYPE_CODES,
  paymentGroupOf,
  TEST_ORDER_ITEMS_MAX,
  testOrderSchema,
} from '@pp/domain';
import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { fieldErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { OrderTestCreateMutation } from './toolsOperations';

interface ItemDraft {
  title: string;
  quantity: number | string;
  price: number | string;
}

const emptyItem = (): ItemDraft => ({ title: '', quantity: 1, price: '' });

/** The form's items as the domain schema reads them (empty numbers stay invalid rather than becoming 0). */
export function testOrderInput(deliveryType: string, paymentType: string, items: ItemDraft[]) {
  const number = (value: number | string) => (value === '' ? Number.NaN : Number(value));
  return {
    deliveryType,
    paymentType,
    items: items.map((item) => ({ title: item.title, quantity: number(item.quantity), price: number(item.price) })),
  };
}

/**
 * Creates a test order to try an integration with: the partner names the delivery method, the payment
 * type and 1–5 items. It is marked as a test and left out of the grids unless asked for; 50 a day at most.
 */
export function TestOrderDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deliveryType, setDeliveryType] = useState<DeliveryMethod>('ADDRESS');
  const [paymentType, setPaymentType] = useState('B');
  const [items, setItems] = useState<ItemDraft[]>([emptyItem()]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: (input: ReturnType<typeof testOrderInput>) => api.request(OrderTestCreateMutation, { input }),
    onSuccess: ({ orderTestCreate }) => {
      flash.success(t('orders.testOrder.created', orderTestCreate));
      void queryClient.invalidateQueries();
      setItems([emptyItem()]);
      setErrors({});
      onClose();
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = testOrderInput(deliveryType, paymentType, items);
    const parsed = testOrderSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        next[issue.path.join('.')] ??= t(`validation.${issue.message}`, { 0: TEST_ORDER_ITEMS_MAX });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(input);
  };

  const setItem = (index: number, patch: Partial<ItemDraft>) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.testOrder.title')} centered size="lg">
      <form onSubmit={submit} noValidate data-testid="test-order-dialog">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('orders.testOrder.help')}
          </Text>
          <Group grow>
            <Select
              label={t('orders.testOrder.deliveryType')}
              value={deliveryType}
              onChange={(value) => value && setDeliveryType(value as DeliveryMethod)}
              data={DELIVERY_METHODS.map((m) => ({ value: m, label: t(`orders.testOrder.deliveryTypes.${m}`) }))}
              allowDeselect={false}
              data-testid="test-order-delivery"
            />
            <Select
              label={t('orders.testOrder.paymentType')}
              value={paymentType}
              onChange={(value) => value && setPaymentType(value)}
              data={PAYMENT_TYPE_CODES.map((code) => ({
                value: code,
                label: `${code} – ${t(`orders.testOrder.paymentGroups.${paymentGroupOf(code)}`)}`,
              }))}
              allowDeselect={false}
              data-testid="test-order-payment"
            />
          </Group>
          <Text size="sm" fw={500}>
            {t('orders.testOrder.items')}
          </Text>
          {errors.items && (
            <Text size="sm" c="red">
              {errors.items}
            </Text>
          )}
          {items.map((item, i) => (
            // Items have no identity of their own before they are saved: their place is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                flex={1}
                label={t('orders.testOrder.itemTitle')}
                value={item.title}
                onChange={(e) => setItem(i, { title: e.currentTarget.value })}
                error={errors[`items.${i}.title`]}
                maxLength={250}
                data-testid={`test-order-title-${i}`}
              />
              <NumberInput
                w={100}
                label={t('orders.testOrder.quantity')}
                value={item.quantity}
                onChange={(value) => setItem(i, { quantity: value })}
                min={1}
                max={9999}
                allowDecimal={false}
                error={errors[`items.${i}.quantity`]}
                data-testid={`test-order-quantity-${i}`}
              />
              <NumberInput
                w={140}
                label={t('orders.testOrder.price')}
                value={item.price}
                onChange={(value) => setItem(i, { price: value })}
                min={0}
                decimalScale={2}
                decimalSeparator=","
                allowedDecimalSeparators={[',', '.']}
                error={errors[`items.${i}.price`]}
                data-testid={`test-order-price-${i}`}
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                disabled={items.length === 1}
                onClick={() => setItems((current) => current.filter((_, k) => k !== i))}
                aria-label={t('orders.testOrder.removeItem')}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              disabled={items.length >= TEST_ORDER_ITEMS_MAX}
              onClick={() => setItems((current) => [...current, emptyItem()])}
              data-testid="test-order-add-item"
            >
              {t('orders.testOrder.addItem')}
            </Button>
          </Group>
          {create.isError && Object.keys(fieldErrors(create.error, t)).length === 0 && (
            <ErrorAlert error={create.error} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="test-order-submit">
              {t('orders.testOrder.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
