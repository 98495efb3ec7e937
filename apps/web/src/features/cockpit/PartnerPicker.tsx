import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { CockpitPartnersQuery } from './operations';

/**
 * An operator picks a partner of some shops by typing its name (the cockpit's partner grid searches), never by
 * its number: the campaign blacklist and the price list assignment. `value` is the partner id or null; the
 * field forgets its text when the parent sets it back to null (after a save).
 */
export function PartnerPicker({
  shops,
  exclude,
  value,
  onChange,
  label,
  error,
  required,
}: {
  shops: readonly string[];
  /** Partners not to offer (already on the list the picker adds to). */
  exclude?: ReadonlySet<string>;
  value: string | null;
  onChange: (partnerId: string | null) => void;
  label: string;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // The chosen partner stays a choice while the field shows its name (which is then no search).
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(chosen && search === chosen.label ? '' : search, 300);
  useEffect(() => {
    if (value === null) {
      setChosen(null);
      setSearch('');
    }
  }, [value]);
  const partners = useQuery({
    queryKey: ['cockpitPartners', 'picker', shops, debounced],
    queryFn: ({ signal }) =>
      api.request(
        CockpitPartnersQuery,
        {
          grid: {
            search: debounced.trim() || null,
            perPage: 20,
            filters: [{ field: 'shopId', operator: 'IN', values: [...shops] }],
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: shops.length > 0,
  });
  const options = (partners.data?.cockpitPartners.items ?? [])
    .filter((p) => !exclude?.has(p.id))
    .map((p) => ({ value: p.id, label: `${p.partnerName} (${p.sapId ?? p.id}, ${p.shopId})` }));
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={label}
      placeholder={t('cockpit.partnerPicker.search')}
      data={options}
      value={value}
      onChange={(id, option) => {
        onChange(id);
        setChosen(id && option ? { value: id, label: option.label } : null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={partners.isFetching ? t('common.loading') : t('cockpit.partnerPicker.noPartner')}
      error={error}
      required={required}
      w={{ base: '100%', xs: 360 }}
    />
  );
}
