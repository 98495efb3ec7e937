import { PROVIDER_TYPES } from '@pp/domain';
import { Alert, Button, Group, Radio, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api/api';
import { errorMessage } from '../../../../app/api/apiError';
import { flash } from '../../../../ui/flash';
import { UnsavedChangesGuard } from '../../../../ui/UnsavedChanges';
import { type ChecklistData, SetConnectionTypeMutation } from './operations';
import { refreshOnboarding } from './refresh';
import { SectionCard } from './SectionCard';

/** How the partner's offer reaches the marketplace: each choice with what it means for the shop. */
export function ConnectionSection({
  checklist,
  provider,
}: {
  checklist: ChecklistData | undefined;
  provider: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string | null>(provider);
  // The choice the server holds: the session's provider, or the one just saved before the session refreshes.
  const [saved, setSaved] = useState<string | null>(provider);
  useEffect(() => {
    setChoice(provider);
    setSaved(provider);
  }, [provider]);

  const save = useMutation({
    mutationFn: (value: string) => api.request(SetConnectionTypeMutation, { provider: value }),
    onSuccess: (_, value) => {
      setSaved(value);
      flash.success(t('onboarding.connection.saved'));
      void refreshOnboarding(queryClient);
    },
  });

  return (
    <SectionCard
      id="connection"
      title={t('onboarding.connection.title')}
      intro={t('onboarding.connection.intro')}
      done={checklist?.provider ?? null}
    >
      <UnsavedChangesGuard dirty={choice !== saved && !save.isPending} />
      <Radio.Group value={choice} onChange={setChoice} label={t('onboarding.connection.label')}>
        <Stack gap="sm" mt={4}>
          {PROVIDER_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={t(`onboarding.connection.types.${type}.label`)}
              description={t(`onboarding.connection.types.${type}.description`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {save.isError && (
        <Alert color="red" role="alert">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Group>
        <Button
          onClick={() => choice && save.mutate(choice)}
          disabled={!choice || choice === provider}
          loading={save.isPending}
        >
          {t('onboarding.connection.save')}
        </Button>
      </Group>
    </SectionCard>
  );
}
