import { Button, Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { flash } from '../../ui/flash';
import { CockpitAssignPriceListMutation } from '../price-lists/operations';
import { PartnerPicker } from './PartnerPicker';
import { addDays, FIELD_WIDTH, PRICE_LISTS_KEY, showFormError } from './priceListsShared';

/** A partner of the list's shop (picked by name) sells under the list from a day on (today or later). */
export function AssignForm({ priceListId, shopId }: { priceListId: string; shopId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [validFrom, setValidFrom] = useState(addDays(new Date(), 0));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const assign = useMutation({
    mutationFn: () =>
      api.request(CockpitAssignPriceListMutation, { partnerId: partnerId ?? '', priceListId, validFrom }),
    onSuccess: () => {
      setErrors({});
      setPartnerId(null);
      flash.success(t('priceLists.cockpit.assigned'));
      void queryClient.invalidateQueries({ queryKey: PRICE_LISTS_KEY });
    },
    onError: (error) => showFormError(error, t, setErrors),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        assign.mutate();
      }}
    >
      <Group align="flex-end" gap="sm">
        <PartnerPicker
          shops={[shopId]}
          label={t('priceLists.cockpit.partner')}
          value={partnerId}
          onChange={setPartnerId}
          error={errors.partnerId ?? errors.priceListId}
          required
        />
        <TextInput
          type="date"
          label={t('priceLists.cockpit.assignFrom')}
          value={validFrom}
          onChange={(e) => setValidFrom(e.currentTarget.value)}
          error={errors.validFrom}
          required
          w={FIELD_WIDTH}
        />
        <Button type="submit" variant="default" loading={assign.isPending} disabled={!partnerId}>
          {t('priceLists.cockpit.assign')}
        </Button>
      </Group>
    </form>
  );
}
