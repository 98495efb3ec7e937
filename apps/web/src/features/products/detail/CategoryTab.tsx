import type { ProductWarning } from '@pp/domain';
import { Alert, Checkbox, Stack } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CategoryPicker } from '../../catalog/CategoryPicker';
import type { CategoryDetail } from '../../catalog/operations';

/**
 * The product's category (spec §5): a locked one sends the seller to the category specialists, a
 * recycling-fee one asks for the fee to be confirmed, energy label and information sheet warn when missing.
 */
export function CategoryTab({
  categoryId,
  category,
  onChange,
  recyclingFeeConfirmed,
  onRecyclingFeeConfirmed,
  warnings,
  err,
}: {
  categoryId: number | null;
  category: CategoryDetail | null;
  onChange: (id: number | null, path: string[]) => void;
  recyclingFeeConfirmed: boolean;
  onRecyclingFeeConfirmed: (confirmed: boolean) => void;
  warnings: readonly ProductWarning[];
  err: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <CategoryPicker
        value={categoryId}
        onChange={(id, picked) => onChange(id, picked?.path ?? [])}
        error={err('categoryId')}
      />
      {category?.locked && (
        <Alert color="red" variant="light" icon={<IconLock size={18} />} data-testid="category-locked">
          {t('errors.CATEGORY_LOCKED')}
        </Alert>
      )}
      {category?.recyclingFee && (
        <Checkbox
          label={t('products.detail.category.recyclingFee')}
          checked={recyclingFeeConfirmed}
          onChange={(e) => onRecyclingFeeConfirmed(e.currentTarget.checked)}
          error={err('recyclingFeeConfirmed')}
          data-testid="recycling-fee-confirm"
        />
      )}
      {warnings.map((w) => (
        <Alert
          key={w}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid={`warning-${w}`}
        >
          {t(`products.detail.warnings.${w}`)}
        </Alert>
      ))}
    </Stack>
  );
}
