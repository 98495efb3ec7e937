import { type Currency, DELIVERY_DELAY_MAX, MAX_VARIANT_PARAMETERS, STOCK_MAX } from '@pp/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/format';
import type { MediaRow, PromotionRow, VariantRow } from './formState';
import type { CategoryParameter as ProductCategoryParameter } from '../../catalog/operations';

export interface VariantsTabProps {
  parameters: readonly ProductCategoryParameter[];
  hasCategory: boolean;
  variableParameters: string[];
  variantValues: Record<string, string[]>;
  variants: VariantRow[];
  media: readonly MediaRow[];
  currency: string;
  /** The campaigns' prices of single variants (read-only promotions naming a variant), shown under its price. */
  campaignPrices?: readonly PromotionRow[];
  onParametersChange: (codes: string[], values: Record<string, string[]>) => void;
  onVariantsChange: (variants: VariantRow[]) => void;
  /** Builds the variants from the chosen parameters and values. */
  onGenerate: () => void;
  /** Whether generating would change the structure of the variants there are (then it asks first). */
  structureChanged: boolean;
  fieldError: (field: string) => string | undefined;
  canGenerate: boolean;
}

/**
 * Variants from up to two variant parameters (spec §5): pick the parameters and their values, generate
 * (asking first when that replaces variants of another structure), then each variant's own price, stock,
 * barcode, image, delivery delay and status.
 */
export function VariantsTab(props: VariantsTabProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const campaignDay = (day: string) => (day ? format.date(day) : '…');
  const [tooMany, setTooMany] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const capable = props.parameters.filter((p) => p.variant);

  const toggle = (code: string, on: boolean) => {
    if (on && props.variableParameters.length >= MAX_VARIANT_PARAMETERS) {
      setTooMany(true);
      return;
    }
    setTooMany(false);
    const codes = on ? [...props.variableParameters, code] : props.variableParameters.filter((c) => c !== code);
    const values = Object.fromEntries(codes.map((c) => [c, props.variantValues[c] ?? []]));
    props.onParametersChange(codes, values);
  };
  const update = (index: number, patch: Partial<VariantRow>) =>
    props.onVariantsChange(props.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  const generate = () => {
    if (props.variants.length > 0 && props.structureChanged) setConfirming(true);
    else props.onGenerate();
  };
  const images = props.media
    .filter((m) => !m.excluded)
    .map((m, i) => ({ value: m.url, label: t('products.detail.media.imageAlt', { n: i + 1 }) }));

  if (!props.hasCategory) {
    return (
      <Alert color="blue" variant="light">
        {t('products.detail.parameters.chooseCategory')}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      {capable.length === 0 ? (
        <Alert color="gray" variant="light">
          {t('products.detail.variants.noParameters')}
        </Alert>
      ) : (
        <Input.Wrapper
          label={t('products.detail.variants.parameters', { max: MAX_VARIANT_PARAMETERS })}
          error={tooMany ? t('errors.HCI_API_TOO_MANY_PARAMS') : (props.fieldError('variableParameters') ?? undefined)}
        >
          <Group gap="lg" mt={6} data-testid="variant-parameters">
            {capable.map((p) => (
              <Checkbox
                key={p.code}
                label={p.unit ? `${p.name} (${p.unit})` : p.name}
                checked={props.variableParameters.includes(p.code)}
                onChange={(e) => toggle(p.code, e.currentTarget.checked)}
                data-testid={`variant-parameter-${p.code}`}
              />
            ))}
          </Group>
        </Input.Wrapper>
      )}

      {props.variableParameters.map((code) => {
        const parameter = props.parameters.find((p) => p.code === code);
        const label = t('products.detail.variants.values', { name: parameter?.name ?? code });
        const values = props.variantValues[code] ?? [];
        const set = (next: string[]) =>
          props.onParametersChange(props.variableParameters, { ...props.variantValues, [code]: next });
        return parameter && parameter.options.length > 0 ? (
          <MultiSelect
            key={code}
            label={label}
            data={parameter.options.map((o) => ({ value: o.value, label: o.text || o.value }))}
            value={values}
            onChange={set}
            searchable
            data-testid={`variant-values-${code}`}
          />
        ) : (
          <TagsInput
            key={code}
            label={label}
            description={t('products.detail.variants.valuesHint')}
            value={values}
            onChange={set}
            data-testid={`variant-values-${code}`}
          />
        );
      })}

      {props.variableParameters.length > 0 && (
        <Group>
          <Button
            leftSection={<IconWand size={16} />}
            onClick={generate}
            disabled={!props.canGenerate}
            data-testid="variants-generate"
          >
            {t('products.detail.variants.generate')}
          </Button>
          {!props.canGenerate && (
            <Text size="sm" c="dimmed">
              {t('products.detail.variants.generateNeeds')}
            </Text>
          )}
        </Group>
      )}

      {props.variants.length > 0 && (
        <Table.ScrollContainer minWidth={1000}>
          <Table verticalSpacing="xs" data-testid="variants-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.detail.fields.id')}</Table.Th>
                <Table.Th>{t('products.detail.fields.title')}</Table.Th>
                <Table.Th>{t('products.detail.fields.price', { currency: props.currency })}</Table.Th>
                <Table.Th>{t('products.detail.fields.inStock')}</Table.Th>
                <Table.Th>{t('products.detail.fields.barcode')}</Table.Th>
                <Table.Th>{t('products.detail.variants.image')}</Table.Th>
                <Table.Th>{t('products.detail.fields.deliveryDelay')}</Table.Th>
                <Table.Th>{t('products.detail.fields.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.variants.map((v, i) => {
                const err = (field: string) => props.fieldError(`variants.${i}.${field}`);
                const name = (field: string) =>
                  `${t(`products.detail.fields.${field}`, { currency: props.currency })} ${v.id}`;
                return (
                  <Table.Tr key={v.id} data-testid="variant-row">
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {v.id}
                      </Text>
                      {err('id') && (
                        <Text size="xs" c="red">
                          {err('id')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" data-testid="variant-title">
                        {v.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={name('price')}
                        value={v.price}
                        inputMode="decimal"
                        w={120}
                        error={err('price')}
                        onChange={(e) => update(i, { price: e.currentTarget.value })}
                        data-testid="variant-price"
                      />
                      {(props.campaignPrices ?? [])
                        .filter((c) => c.variantId === v.id)
                        .map((c) => (
                          <Text key={`${c.from}-${c.price}`} size="xs" c="grape" data-testid="variant-campaign-price">
                            {t('promotions.variantCampaignPrice', {
                              price: format.money(Number(c.price), props.currency as Currency),
                              from: campaignDay(c.from),
                              to: campaignDay(c.to),
                            })}
                          </Text>
                        ))}
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={name('inStock')}
                        value={v.inStock}
                        min={0}
                        max={STOCK_MAX}
                        clampBehavior="none"
                        allowDecimal={false}
                        allowNegative={false}
                        w={100}
                        error={err('inStock')}
                        onChange={(n) => update(i, { inStock: typeof n === 'number' ? n : 0 })}
                        data-testid="variant-stock"
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={name('barcode')}
                        value={v.barcode}
                        inputMode="numeric"
                        w={160}
                        error={err('barcode')}
                        onChange={(e) => update(i, { barcode: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`${t('products.detail.variants.image')} ${v.id}`}
                        data={images}
                        value={v.imageUrl}
                        onChange={(url) => update(i, { imageUrl: url })}
                        clearable
                        w={150}
                        error={err('imageUrl')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={name('deliveryDelay')}
                        value={v.deliveryDelay}
                        min={0}
                        max={DELIVERY_DELAY_MAX}
                        clampBehavior="none"
                        allowDecimal={false}
                        allowNegative={false}
                        w={90}
                        error={err('deliveryDelay')}
                        onChange={(n) => update(i, { deliveryDelay: typeof n === 'number' ? n : 0 })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={name('status')}
                        data={[
                          { value: 'ACTIVE', label: t('products.detail.status.ACTIVE') },
                          { value: 'INACTIVE', label: t('products.detail.status.INACTIVE') },
                        ]}
                        value={v.status}
                        allowDeselect={false}
                        onChange={(s) => update(i, { status: s === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE' })}
                        w={130}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('products.detail.variants.regenerateTitle')}
        centered
      >
        <Text size="sm" mb="md">
          {t('products.detail.variants.regenerateText')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="orange"
            onClick={() => {
              setConfirming(false);
              props.onGenerate();
            }}
            data-testid="variants-regenerate-confirm"
          >
            {t('products.detail.variants.regenerate')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
