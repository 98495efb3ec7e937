import {
  DELIVERY_DELAY_MAX,
  MARKETS,
  PACKAGE_SIZES,
  PRODUCT_ID_MAX,
  SHORT_DESC_MAX,
  type ShopId,
  STOCK_MAX,
  TITLE_MAX,
  VAT_RATES,
} from '@pp/domain';
import {
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useModuleOffReason } from '../../../app/session/serviceModules';
import { BrandSelect } from '../../catalog/BrandSelect';
import { ProductDeliveryCheck } from '../../deliveries/ProductDeliveryCheck';
import { type ProductForm, sentIndex } from './formState';
import { MediaEditor } from './MediaEditor';
import { PromotionsEditor } from './PromotionsEditor';
import { TaricSelect } from './TaricSelect';

// The rich text editor (ProseMirror) is most of the page's code: it follows the form instead of holding it up.
const LongDescriptionEditor = lazy(() =>
  import('./LongDescriptionEditor').then((m) => ({ default: m.LongDescriptionEditor })),
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export interface BasicTabProps {
  form: ProductForm;
  set: (patch: Partial<ProductForm>) => void;
  err: (field: string) => string | undefined;
  shopId: ShopId;
  isNew: boolean;
  title: string;
}

/** The basic tab: identity and texts, prices and stock, delivery and package, status, promotions, media. */
export function BasicTab({ form, set, err, shopId, isNew, title }: BasicTabProps) {
  const { t } = useTranslation();
  // Stock is the availability module's: switched off by an operator, the server refuses a change of it.
  const stockOff = useModuleOffReason('availability');
  const market = MARKETS[shopId];
  const currency = market.currency;
  const f = (key: string) => t(`products.detail.fields.${key}`, { currency });
  const priceHint = t(market.wholePrices ? 'products.detail.priceWhole' : 'products.detail.priceDecimal');
  const text = (key: keyof ProductForm & string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      label={f(key)}
      value={form[key] as string}
      onChange={(e) => set({ [key]: e.currentTarget.value } as Partial<ProductForm>)}
      error={err(key)}
      data-testid={`product-${key}`}
      {...extra}
    />
  );
  const price = (key: 'price' | 'rrp' | 'purchasePrice' | 'fairPrice' | 'weeeFee') =>
    text(key, {
      inputMode: 'decimal',
      description: key === 'weeeFee' ? undefined : priceHint,
      rightSection: currency,
      rightSectionWidth: 48,
    });
  const promotionIndex = sentIndex(form.promotions, (p) => p.source === 'PARTNER');
  const labelIndex = sentIndex(form.labels, (l) => l.source === 'PARTNER');
  const mediaIndex = sentIndex(form.media, (m) => !m.excluded);
  const indexed = (prefix: string, map: (i: number) => number | null) => (index: number, field?: string) => {
    const n = map(index);
    return n === null ? undefined : err(field ? `${prefix}.${n}.${field}` : `${prefix}.${n}`);
  };

  return (
    <Stack gap="md">
      <Section title={t('products.detail.sections.identity')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {isNew ? (
            text('id', {
              required: true,
              maxLength: PRODUCT_ID_MAX,
              description: t('products.detail.idHint', { max: PRODUCT_ID_MAX }),
            })
          ) : (
            <TextInput label={f('id')} value={form.id} readOnly data-testid="product-id" />
          )}
          <BrandSelect
            label={f('brand')}
            value={form.brandId}
            onChange={(brandId, brandName) => set({ brandId, brandName })}
            error={err('brandId')}
          />
          {text('productType', { required: true, description: t('products.detail.productTypeHint') })}
          {text('line')}
        </SimpleGrid>
        <Group gap="xs" wrap="nowrap" align="baseline">
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {f('title')}:
          </Text>
          <Text size="sm" fw={600} data-testid="product-title" style={{ overflowWrap: 'anywhere' }}>
            {title || '—'}
          </Text>
          <Text size="xs" c={title.length > TITLE_MAX ? 'red' : 'dimmed'} style={{ flexShrink: 0 }}>
            {title.length}/{TITLE_MAX}
          </Text>
        </Group>
        <Textarea
          label={f('shortDesc')}
          value={form.shortDesc}
          onChange={(e) => set({ shortDesc: e.currentTarget.value })}
          autosize
          minRows={2}
          error={err('shortDesc')}
          description={t('products.detail.counter', { count: form.shortDesc.length, max: SHORT_DESC_MAX })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-testid="product-shortDesc"
        />
        <Suspense fallback={<Skeleton h={220} radius="sm" />}>
          <LongDescriptionEditor
            value={form.longDesc}
            onChange={(longDesc) => set({ longDesc })}
            error={err('longDesc')}
          />
        </Suspense>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('barcode', { inputMode: 'numeric', description: t('products.detail.barcodeHint') })}
          <TaricSelect
            label={f('taricCode')}
            value={form.taricCode}
            onChange={(taricCode) => set({ taricCode })}
            error={err('taricCode')}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('products.detail.sections.prices')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {price('price')}
          {price('rrp')}
          {price('purchasePrice')}
          {price('fairPrice')}
          {price('weeeFee')}
          <Select
            label={f('vat')}
            data={VAT_RATES[shopId].map((rate) => ({ value: String(rate), label: `${rate} %` }))}
            value={form.vat || null}
            onChange={(vat) => set({ vat: vat ?? '' })}
            clearable
            error={err('vat')}
            data-testid="product-vat"
          />
        </SimpleGrid>
        <Checkbox
          label={f('forcePrice')}
          description={t('products.detail.forcePriceHint')}
          checked={form.forcePrice}
          onChange={(e) => set({ forcePrice: e.currentTarget.checked })}
          data-testid="product-forcePrice"
        />
        <PromotionsEditor
          kind="promotions"
          rows={form.promotions}
          onChange={(promotions) => set({ promotions })}
          fieldError={indexed('promotions', promotionIndex)}
          currency={currency}
        />
        <PromotionsEditor
          kind="labels"
          rows={form.labels}
          onChange={(labels) => set({ labels })}
          fieldError={indexed('labels', labelIndex)}
          currency={currency}
        />
      </Section>

      <Section title={t('products.detail.sections.availability')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Select
            label={f('status')}
            data={
              form.status === 'NOT_FOR_RESALE'
                ? [{ value: 'NOT_FOR_RESALE', label: t('products.detail.status.NOT_FOR_RESALE') }]
                : [
                    { value: 'ACTIVE', label: t('products.detail.status.ACTIVE') },
                    { value: 'INACTIVE', label: t('products.detail.status.INACTIVE') },
                  ]
            }
            value={form.status}
            readOnly={form.status === 'NOT_FOR_RESALE'}
            description={form.status === 'NOT_FOR_RESALE' ? t('errors.PRODUCT_NOT_FOR_RESALE') : undefined}
            allowDeselect={false}
            onChange={(s) => set({ status: s === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE' })}
            error={err('status')}
            data-testid="product-status"
          />
          {/* No clamping here or below: 12,000 must show the rule's message, not quietly become 9,999. */}
          <NumberInput
            label={f('inStock')}
            value={form.inStock}
            min={0}
            max={STOCK_MAX}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            onChange={(n) => set({ inStock: typeof n === 'number' ? n : 0 })}
            disabled={stockOff !== null}
            description={stockOff ?? undefined}
            error={err('inStock')}
            data-testid="product-inStock"
          />
          <NumberInput
            label={f('deliveryDelay')}
            value={form.deliveryDelay}
            min={0}
            max={DELIVERY_DELAY_MAX}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            onChange={(n) => set({ deliveryDelay: typeof n === 'number' ? n : 0 })}
            error={err('deliveryDelay')}
            data-testid="product-deliveryDelay"
          />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox
            label={f('freeDelivery')}
            checked={form.freeDelivery}
            onChange={(e) => set({ freeDelivery: e.currentTarget.checked })}
          />
          <Checkbox
            label={f('mallboxAllowed')}
            checked={form.mallboxAllowed}
            onChange={(e) => set({ mallboxAllowed: e.currentTarget.checked })}
          />
        </Group>
      </Section>

      <Section title={t('products.detail.sections.package')}>
        <Text size="sm" c="dimmed">
          {t('products.detail.packageHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="md">
          <Select
            label={f('packageSize')}
            data={PACKAGE_SIZES.map((size) => ({ value: size, label: t(`products.detail.packageSizes.${size}`) }))}
            value={form.packageSize}
            onChange={(packageSize) => set({ packageSize })}
            clearable
            error={err('packageSize')}
            data-testid="product-packageSize"
          />
          {text('weight', { inputMode: 'decimal', rightSection: 'kg', rightSectionWidth: 36 })}
          {text('width', { inputMode: 'decimal', rightSection: 'cm', rightSectionWidth: 36 })}
          {text('length', { inputMode: 'decimal', rightSection: 'cm', rightSectionWidth: 36 })}
          {text('height', { inputMode: 'decimal', rightSection: 'cm', rightSectionWidth: 36 })}
        </SimpleGrid>
        {!isNew && form.id && <ProductDeliveryCheck productId={form.id} form={form} />}
      </Section>

      <Section title={t('products.detail.sections.media')}>
        <MediaEditor
          media={form.media}
          onChange={(media) => set({ media })}
          error={err('media')}
          fieldError={(i) => indexed('media', mediaIndex)(i, 'url')}
        />
      </Section>
    </Stack>
  );
}
