import type { ParameterValues } from '@pp/domain';
import { Alert, Badge, Group, MultiSelect, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CategoryParameter as ProductCategoryParameter } from '../../catalog/operations';

function ParameterLabel({ parameter }: { parameter: ProductCategoryParameter }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <span>{parameter.unit ? `${parameter.name} (${parameter.unit})` : parameter.name}</span>
      {parameter.mandatoryForListing && (
        <Badge size="xs" variant="light" color="orange" component="span">
          {t('products.detail.parameters.forListing')}
        </Badge>
      )}
    </Group>
  );
}

function ParameterInput({
  parameter,
  value,
  onChange,
  error,
}: {
  parameter: ProductCategoryParameter;
  value: string | string[] | undefined;
  onChange: (value: string | string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const label = <ParameterLabel parameter={parameter} />;
  const testId = `parameter-${parameter.code}`;
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const single = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  const options = parameter.options.map((o) => ({ value: o.value, label: o.text || o.value }));

  if (parameter.class === 'BOOLEAN') {
    return (
      <Select
        label={label}
        data={[
          { value: 'true', label: t('grid.boolean.true') },
          { value: 'false', label: t('grid.boolean.false') },
        ]}
        value={single || null}
        onChange={(v) => onChange(v ?? '')}
        clearable
        error={error}
        data-testid={testId}
      />
    );
  }
  if (parameter.class === 'ENUM' || options.length > 0) {
    return parameter.multiple ? (
      <MultiSelect
        label={label}
        data={options}
        value={list}
        onChange={onChange}
        searchable
        clearable
        error={error}
        data-testid={testId}
      />
    ) : (
      <Select
        label={label}
        data={options}
        value={single || null}
        onChange={(v) => onChange(v ?? '')}
        searchable
        clearable
        error={error}
        data-testid={testId}
      />
    );
  }
  if (parameter.multiple) {
    return <TagsInput label={label} value={list} onChange={onChange} error={error} data-testid={testId} />;
  }
  return (
    <TextInput
      label={label}
      value={single}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode={parameter.class === 'NUMBER' ? 'decimal' : undefined}
      rightSection={parameter.unit && parameter.class === 'NUMBER' ? parameter.unit : undefined}
      rightSectionWidth={parameter.unit ? Math.max(36, parameter.unit.length * 9 + 16) : undefined}
      error={error}
      data-testid={testId}
    />
  );
}

/**
 * One input per parameter of the product's category, by its class (spec §3 "Category parameter"). The
 * variant parameters chosen on the variants tab are set per variant, so they are not asked here.
 */
export function ParametersTab({
  parameters,
  values,
  variantCodes,
  onChange,
  fieldError,
  hasCategory,
}: {
  parameters: readonly ProductCategoryParameter[];
  values: ParameterValues;
  variantCodes: readonly string[];
  onChange: (values: ParameterValues) => void;
  fieldError: (field: string) => string | undefined;
  hasCategory: boolean;
}) {
  const { t } = useTranslation();
  if (!hasCategory) {
    return (
      <Alert color="blue" variant="light">
        {t('products.detail.parameters.chooseCategory')}
      </Alert>
    );
  }
  const shown = parameters.filter((p) => !variantCodes.includes(p.code));
  if (shown.length === 0) {
    return (
      <Alert color="gray" variant="light">
        {t('products.detail.parameters.none')}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {shown.map((parameter) => (
        <ParameterInput
          key={parameter.code}
          parameter={parameter}
          value={values[parameter.code]}
          onChange={(v) => onChange({ ...values, [parameter.code]: v })}
          error={fieldError(`parameters.${parameter.code}`)}
        />
      ))}
    </SimpleGrid>
  );
}
