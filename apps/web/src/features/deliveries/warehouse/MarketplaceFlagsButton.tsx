import { ActionIcon, Button, Group, Modal, Skeleton, Stack, Switch, Tooltip } from '@mantine/core';
import { IconToggleRight } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { CockpitMarketplaceFlagsMutation, CockpitPartnerDeliverySettingsQuery } from './operations';

const FLAGS = ['transportV2', 'exportToFeed', 'exportToPPC', 'exportToAffiliate'] as const;
type Flags = Record<(typeof FLAGS)[number], boolean>;

/**
 * The cockpit's switches of the marketplace on one partner (transport v2, exports to feed, PPC and affiliate):
 * the partner sees them read-only on its warehouse page.
 */
export function MarketplaceFlagsButton({ partnerId, name }: { partnerId: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('deliveries.warehouse.flags.edit');
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={`${label}: ${name}`}
          onClick={() => setOpen(true)}
          data-testid={`marketplace-flags-${partnerId}`}
        >
          <IconToggleRight size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('deliveries.warehouse.flags.dialogTitle', { name })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {open && <FlagsForm partnerId={partnerId} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function FlagsForm({ partnerId, onDone }: { partnerId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const current = useQuery({
    queryKey: ['cockpitPartnerDeliverySettings', partnerId],
    queryFn: () =>
      api.request(CockpitPartnerDeliverySettingsQuery, { partnerId }).then((r) => r.cockpitPartnerDeliverySettings),
  });
  const [flags, setFlags] = useState<Flags | null>(null);
  useEffect(() => {
    if (current.data && !flags) setFlags(Object.fromEntries(FLAGS.map((f) => [f, current.data[f]])) as Flags);
  }, [current.data, flags]);
  const save = useMutation({
    mutationFn: (input: Flags) => api.request(CockpitMarketplaceFlagsMutation, { partnerId, input }),
    onSuccess: () => {
      flash.success(t('deliveries.warehouse.flags.saved'));
      onDone();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  if (current.error) return <ErrorAlert error={current.error} />;
  if (!flags) return <Skeleton h={160} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(flags);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {FLAGS.map((flag) => (
          <Switch
            key={flag}
            label={t(`deliveries.warehouse.flags.${flag}`)}
            checked={flags[flag]}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setFlags((f) => (f ? { ...f, [flag]: checked } : f));
            }}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('deliveries.warehouse.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
