import type { AddressType } from '@pp/domain';
import { Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/format';
import { countryOptions } from '../../catalog/countries';

export type AddressDraft = { street: string; city: string; state: string; zip: string; types: string[] };

export const emptyAddressDraft = (state: string): AddressDraft => ({ street: '', city: '', state, zip: '', types: [] });

/** The fields of an address form; onboarding step 3 and the partner area share them. */
export function AddressFields({
  draft,
  errors,
  change,
  offeredTypes,
}: {
  draft: AddressDraft;
  errors: Record<string, string | undefined>;
  change: (patch: Partial<AddressDraft>) => void;
  offeredTypes: readonly AddressType[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const countries = useMemo(() => countryOptions(format.locale), [format.locale]);
  return (
    <>
      <TextInput
        label={t('addresses.fields.street')}
        value={draft.street}
        onChange={(e) => change({ street: e.currentTarget.value })}
        error={errors.street}
        required
        autoComplete="street-address"
        data-autofocus
      />
      <TextInput
        label={t('addresses.fields.city')}
        value={draft.city}
        onChange={(e) => change({ city: e.currentTarget.value })}
        error={errors.city}
        required
        autoComplete="address-level2"
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('addresses.fields.zip')}
          value={draft.zip}
          onChange={(e) => change({ zip: e.currentTarget.value })}
          error={errors.zip}
          required
          autoComplete="postal-code"
        />
        <Select
          label={t('addresses.fields.state')}
          data={countries}
          value={draft.state || null}
          onChange={(value) => change({ state: value ?? '' })}
          error={errors.state}
          required
          searchable
          allowDeselect={false}
        />
      </Group>
      <Checkbox.Group
        label={t('addresses.fields.types')}
        value={draft.types}
        onChange={(types) => change({ types })}
        error={errors.types}
        withAsterisk
      >
        <Stack gap={6} mt={6}>
          {offeredTypes.map((type) => (
            <Checkbox key={type} value={type} label={t(`addresses.types.${type}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </>
  );
}
