import { isProductLabel, PRODUCT_LABELS } from '@pp/domain';
import { ActionIcon, Badge, Button, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LabelRow, PromotionRow } from './formState';

type Row = PromotionRow | LabelRow;

function isPromotion(row: Row): row is PromotionRow {
  return 'price' in row;
}

/**
 * Promotions (price with validity) or labels (a label with validity). Campaign ones belong to the
 * marketplace's campaigns: shown, never editable and never sent back (spec §3).
 */
export function PromotionsEditor<R extends Row>({
  kind,
  rows,
  onChange,
  fieldError,
  currency,
}: {
  kind: 'promotions' | 'labels';
  rows: R[];
  onChange: (rows: R[]) => void;
  fieldError: (index: number, field: string) => string | undefined;
  currency: string;
}) {
  const { t } = useTranslation();
  const p = (key: string, params?: Record<string, unknown>) => t(`products.detail.${kind}.${key}`, params ?? {});
  const labelName = (code: string) => (isProductLabel(code) ? t(`productLabels.${code}`) : code);
  const update = (index: number, patch: Partial<R>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const add = () =>
    onChange([
      ...rows,
      (kind === 'promotions'
        ? { price: '', from: '', to: '', source: 'PARTNER' }
        : { label: '', from: '', to: '', source: 'PARTNER' }) as R,
    ]);

  return (
    <Input.Wrapper label={p('title')}>
      <Stack gap="xs" mt={4} data-testid={`product-${kind}`}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {p('empty')}
          </Text>
        )}
        {rows.map((row, i) => {
          const readOnly = row.source === 'CAMPAIGN';
          const n = i + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; they are edited in place
            <Group key={i} gap="xs" align="flex-end" wrap="wrap">
              {isPromotion(row) ? (
                <TextInput
                  label={p('price', { currency })}
                  aria-label={`${p('price', { currency })} ${n}`}
                  value={row.price}
                  readOnly={readOnly}
                  inputMode="decimal"
                  w={140}
                  error={fieldError(i, 'price')}
                  onChange={(e) => update(i, { price: e.currentTarget.value } as unknown as Partial<R>)}
                />
              ) : readOnly ? (
                <TextInput
                  label={p('label')}
                  aria-label={`${p('label')} ${n}`}
                  value={labelName(row.label)}
                  readOnly
                  w={200}
                />
              ) : (
                // Picked from the marketplace's labels (domain PRODUCT_LABELS), never typed.
                <Select
                  label={p('label')}
                  aria-label={`${p('label')} ${n}`}
                  placeholder={p('pick')}
                  data={[
                    ...PRODUCT_LABELS.map((code) => ({ value: code, label: labelName(code) })),
                    // A label saved before the list existed is shown as it is, with the rule's message.
                    ...(row.label && !isProductLabel(row.label) ? [{ value: row.label, label: row.label }] : []),
                  ]}
                  value={row.label || null}
                  allowDeselect={false}
                  w={200}
                  error={fieldError(i, 'label')}
                  onChange={(label) => update(i, { label: label ?? '' } as unknown as Partial<R>)}
                  data-testid={`product-label-${i}`}
                />
              )}
              <TextInput
                type="date"
                label={p('from')}
                aria-label={`${p('from')} ${n}`}
                value={row.from}
                readOnly={readOnly}
                w={170}
                error={fieldError(i, 'from')}
                onChange={(e) => update(i, { from: e.currentTarget.value } as unknown as Partial<R>)}
              />
              <TextInput
                type="date"
                label={p('to')}
                aria-label={`${p('to')} ${n}`}
                value={row.to}
                readOnly={readOnly}
                w={170}
                error={fieldError(i, 'to')}
                onChange={(e) => update(i, { to: e.currentTarget.value } as unknown as Partial<R>)}
              />
              {readOnly && isPromotion(row) && row.variantId ? (
                // A campaign's price of one variant: that variant's price during the campaign, not the product's.
                <Badge variant="light" color="grape" mb={8}>
                  {t('promotions.forVariant', { variant: row.variantId })}
                </Badge>
              ) : readOnly ? (
                <Badge variant="light" color="grape" mb={8}>
                  {t('products.detail.campaign')}
                </Badge>
              ) : (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={`${p('remove')} ${n}`}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          );
        })}
        <Group>
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={add}>
            {p('add')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
