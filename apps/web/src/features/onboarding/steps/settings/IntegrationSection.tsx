import { INTEGRATION_KIND_GROUP_ORDER, INTEGRATION_KIND_GROUPS } from '@pp/domain';
import { Alert, Button, Group, Select } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api/api';
import { errorMessage } from '../../../../app/api/apiError';
import { flash } from '../../../../ui/flash';
import { UnsavedChangesGuard } from '../../../../ui/UnsavedChanges';
import { IntegrationKindQuery, SETTINGS_KEYS, SetIntegrationKindMutation } from './operations';
import { refreshOnboarding } from './refresh';
import { SectionCard } from './SectionCard';

/**
 * The platform or system the partner's offer comes from (its integration kind): shop platforms, ERP systems,
 * a carrier-automation tool, a custom or plain REST integration. Optional; the marketplace's team sees it in
 * the cockpit to support the integration.
 */
export function IntegrationSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: SETTINGS_KEYS.integrationKind,
    queryFn: ({ signal }) => api.request(IntegrationKindQuery, {}, { signal }).then((r) => r.integrationKind),
  });
  const saved = current.data ?? null;
  const [choice, setChoice] = useState<string | null>(saved);
  useEffect(() => setChoice(saved), [saved]);

  const data = useMemo(
    () =>
      INTEGRATION_KIND_GROUP_ORDER.map((group) => ({
        group: t(`integrations.groups.${group}`),
        items: INTEGRATION_KIND_GROUPS[group].map((kind) => ({ value: kind, label: t(`integrations.kinds.${kind}`) })),
      })),
    [t],
  );

  const save = useMutation({
    mutationFn: (kind: string | null) => api.request(SetIntegrationKindMutation, { kind }),
    onSuccess: (result) => {
      queryClient.setQueryData(SETTINGS_KEYS.integrationKind, result.setIntegrationKind);
      flash.success(t('onboarding.integration.saved'));
      void refreshOnboarding(queryClient);
    },
  });

  return (
    <SectionCard
      id="integration"
      title={t('onboarding.integration.title')}
      intro={t('onboarding.integration.intro')}
      done={null}
    >
      <UnsavedChangesGuard dirty={choice !== saved && !save.isPending} />
      <Select
        label={t('onboarding.integration.label')}
        placeholder={t('onboarding.integration.placeholder')}
        data={data}
        value={choice}
        onChange={setChoice}
        searchable
        clearable
        maw={420}
        disabled={current.isPending}
        nothingFoundMessage={t('onboarding.integration.nothingFound')}
      />
      {save.isError && (
        <Alert color="red" role="alert">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Group>
        <Button onClick={() => save.mutate(choice)} disabled={choice === saved} loading={save.isPending}>
          {t('onboarding.integration.save')}
        </Button>
      </Group>
    </SectionCard>
  );
}
