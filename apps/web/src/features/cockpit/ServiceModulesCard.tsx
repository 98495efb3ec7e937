import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { type ServiceModule, isServiceModule } from '@pp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { graphql } from '../../graphql/graphql';

export const CockpitServiceModulesQuery = graphql(`
  query CockpitServiceModules($partnerId: ID!) {
    cockpitServiceModules(partnerId: $partnerId) {
      module
      enabled
      resources
      updated
    }
  }
`);

export const CockpitSetServiceModuleMutation = graphql(`
  mutation CockpitSetServiceModule($partnerId: ID!, $module: String!, $enabled: Boolean!) {
    cockpitSetServiceModule(partnerId: $partnerId, module: $module, enabled: $enabled) {
      module
      enabled
      resources
      updated
    }
  }
`);

/**
 * A partner's service modules on its cockpit detail: one switch each. Switching one off takes the partner's
 * resources it covers away at once (the partner's open portal follows over the stream). Only a role that may
 * change partners (`partners` update) can switch; the others see the state.
 */
export function ServiceModulesCard({ partnerId }: { partnerId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const key = ['cockpitServiceModules', partnerId] as const;
  const modules = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.request(CockpitServiceModulesQuery, { partnerId }, { signal }).then((r) => r.cockpitServiceModules),
  });
  const canSwitch = canOperate(session, 'partners', 'update');
  const change = useMutation({
    mutationFn: (v: { module: ServiceModule; enabled: boolean }) =>
      api.request(CockpitSetServiceModuleMutation, { partnerId, ...v }).then((r) => r.cockpitSetServiceModule),
    onSuccess: (list, v) => {
      queryClient.setQueryData(key, list);
      flash.success(
        t(v.enabled ? 'serviceModules.switchedOn' : 'serviceModules.switchedOff', {
          module: t(`serviceModules.modules.${v.module}`),
        }),
      );
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  return (
    <Card withBorder data-testid="service-modules-card">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {t('serviceModules.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(canSwitch ? 'serviceModules.hint' : 'serviceModules.readOnlyHint')}
          </Text>
        </div>
        {modules.error && <ErrorAlert error={modules.error} />}
        {(modules.data ?? [])
          .filter((m) => isServiceModule(m.module))
          .map((m) => {
            const module = m.module as ServiceModule;
            // A module without a resource of its own covers commands (server partner/service-modules.ts).
            const covers = m.resources.length
              ? m.resources.map((r) => t(`permissions.resources.${r}`)).join(', ')
              : t(`serviceModules.commands.${module}`);
            return (
              <Group key={module} justify="space-between" wrap="nowrap" align="flex-start">
                <Switch
                  label={t(`serviceModules.modules.${module}`)}
                  description={t('serviceModules.covers', { resources: covers })}
                  checked={m.enabled}
                  disabled={!canSwitch || change.isPending}
                  onChange={(event) => change.mutate({ module, enabled: event.currentTarget.checked })}
                  data-testid={`service-module-${module}`}
                />
                <Text size="xs" c={m.enabled ? 'teal' : 'red'} style={{ flexShrink: 0 }}>
                  {t(m.enabled ? 'serviceModules.on' : 'serviceModules.off')}
                </Text>
              </Group>
            );
          })}
      </Stack>
    </Card>
  );
}
