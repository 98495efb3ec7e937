import { Button, Card, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import type { ShopId } from '@pp/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { flash } from '../../ui/flash';
import { CockpitCreatePriceListMutation, CockpitCreatePriceListVersionMutation } from '../price-lists/operations';
import { addDays, FIELD_WIDTH, PRICE_LISTS_KEY, showFormError } from './priceListsShared';

/** A new standard list of the shop with its first version (assigned to partners afterwards). */
export function NewListForm({ shopId, onCreated }: { shopId: ShopId; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [commission, setCommission] = useState<number | string>('');
  const [validFrom, setValidFrom] = useState(addDays(new Date(), 0));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () =>
      api.request(CockpitCreatePriceListMutation, {
        shopId,
        name,
        validFrom,
        commission: typeof commission === 'number' ? commission : Number.NaN,
      }),
    onSuccess: (data) => {
      setErrors({});
      setName('');
      flash.success(t('priceLists.cockpit.listCreated'));
      void queryClient.invalidateQueries({ queryKey: PRICE_LISTS_KEY });
      onCreated(data.cockpitCreatePriceList.version.id);
    },
    onError: (error) => showFormError(error, t, setErrors),
  });
  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (typeof commission !== 'number') {
            setErrors({ commission: t('validation.required') });
            return;
          }
          create.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('priceLists.cockpit.newList')}
          </Title>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('priceLists.cockpit.listName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              required
              w={FIELD_WIDTH}
            />
            <NumberInput
              label={t('priceLists.defaultCommission')}
              value={commission}
              onChange={setCommission}
              min={0}
              max={100}
              decimalScale={2}
              error={errors.commission}
              required
              w={FIELD_WIDTH}
            />
            <TextInput
              type="date"
              label={t('priceLists.cockpit.validFrom')}
              value={validFrom}
              onChange={(e) => setValidFrom(e.currentTarget.value)}
              error={errors.validFrom}
              required
              w={FIELD_WIDTH}
            />
            <Button type="submit" variant="default" loading={create.isPending} leftSection={<IconPlus size={16} />}>
              {t('priceLists.cockpit.createList')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A new version of a list from a later day: a copy of its latest version, opened for editing. */
export function NewVersionForm({ priceListId, onCreated }: { priceListId: string; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tomorrow = addDays(new Date(), 1);
  const [validFrom, setValidFrom] = useState(tomorrow);
  const [commission, setCommission] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () =>
      api.request(CockpitCreatePriceListVersionMutation, {
        priceListId,
        validFrom,
        commission: typeof commission === 'number' ? commission : null,
      }),
    onSuccess: (data) => {
      setErrors({});
      flash.success(t('priceLists.cockpit.created'));
      void queryClient.invalidateQueries({ queryKey: PRICE_LISTS_KEY });
      onCreated(data.cockpitCreatePriceListVersion.version.id);
    },
    onError: (error) => showFormError(error, t, setErrors),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={t('priceLists.cockpit.newVersionFrom')}
          description={t('priceLists.cockpit.newVersionHint')}
          value={validFrom}
          min={tomorrow}
          onChange={(e) => setValidFrom(e.currentTarget.value)}
          error={errors.validFrom}
          required
          w={{ base: '100%', xs: 280 }}
        />
        <NumberInput
          label={t('priceLists.defaultCommission')}
          value={commission}
          onChange={setCommission}
          min={0}
          max={100}
          decimalScale={2}
          suffix=" %"
          error={errors.commission}
          w={FIELD_WIDTH}
        />
        <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />}>
          {t('priceLists.cockpit.newVersion')}
        </Button>
      </Group>
    </form>
  );
}
