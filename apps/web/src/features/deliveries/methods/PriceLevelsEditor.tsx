import { type Currency, PRICE_LEVELS_MAX, PRICING_TYPES, type PricingType } from '@pp/domain';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { levelKey, type MethodDraft } from './draft';

/**
 * The pricing of a method: one type at a time (fixed, by order price, by weight) and, for the level types,
 * the rows of levels. A level applies from its limit on, the limit included; below the first the base price.
 */
export function PriceLevelsEditor({
  draft,
  errors,
  change,
  currency,
  disabled,
}: {
  draft: MethodDraft;
  errors: Record<string, string | undefined>;
  change: (patch: Partial<MethodDraft>) => void;
  currency: Currency;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const levels = draft.priceLevels;
  const unit = draft.pricing === 'WEIGHT_LEVELS' ? 'kg' : currency;
  const setLevel = (index: number, patch: Partial<{ limit: string; price: string }>) =>
    change({ priceLevels: levels.map((l, i) => (i === index ? { ...l, ...patch } : l)) });
  const switchType = (pricing: PricingType) =>
    change({
      pricing,
      // Levels of one type mean nothing in the other: a switch starts with one empty row (none for fixed).
      priceLevels: pricing === 'FIXED' ? [] : [{ key: levelKey(), limit: '', price: '' }],
    });

  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} id="pricing-type-label">
          {t('deliveries.methods.fields.pricing')}
        </Text>
        <SegmentedControl
          aria-labelledby="pricing-type-label"
          value={draft.pricing}
          onChange={(v) => switchType(v as PricingType)}
          disabled={disabled}
          data={PRICING_TYPES.map((p) => ({ value: p, label: t(`deliveries.methods.pricing.${p}`) }))}
          fullWidth
          styles={{ root: { flexWrap: 'wrap' } }}
        />
      </div>
      {draft.pricing !== 'FIXED' && (
        <Stack gap="xs" data-testid="price-levels">
          <Text size="xs" c="dimmed">
            {t(
              draft.pricing === 'WEIGHT_LEVELS'
                ? 'deliveries.methods.levelsWeightHint'
                : 'deliveries.methods.levelsPriceHint',
            )}
          </Text>
          {errors.priceLevels && (
            <Text size="sm" c="red" role="alert">
              {errors.priceLevels}
            </Text>
          )}
          {levels.map((level, i) => (
            <Group key={level.key} align="flex-start" wrap="nowrap" gap="xs">
              <TextInput
                style={{ flex: 1 }}
                label={t('deliveries.methods.levelFrom', { n: i + 1 })}
                value={level.limit}
                onChange={(e) => setLevel(i, { limit: e.currentTarget.value })}
                error={errors[`priceLevels.${i}.limit`]}
                inputMode="decimal"
                rightSection={
                  <Text size="xs" c="dimmed">
                    {unit}
                  </Text>
                }
                rightSectionWidth={48}
                disabled={disabled}
                required
              />
              <TextInput
                style={{ flex: 1 }}
                label={t('deliveries.methods.levelPrice', { n: i + 1 })}
                value={level.price}
                onChange={(e) => setLevel(i, { price: e.currentTarget.value })}
                error={errors[`priceLevels.${i}.price`]}
                inputMode="decimal"
                rightSection={
                  <Text size="xs" c="dimmed">
                    {currency}
                  </Text>
                }
                rightSectionWidth={48}
                disabled={disabled}
                required
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={t('deliveries.methods.removeLevel', { n: i + 1 })}
                onClick={() => change({ priceLevels: levels.filter((_, j) => j !== i) })}
                disabled={disabled}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => change({ priceLevels: [...levels, { key: levelKey(), limit: '', price: '' }] })}
              disabled={disabled || levels.length >= PRICE_LEVELS_MAX}
            >
              {t('deliveries.methods.addLevel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
