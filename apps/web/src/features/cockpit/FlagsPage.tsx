import { Button, Card, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';

export const CockpitFeatureFlagsQuery = graphql(`
  query CockpitFeatureFlags {
    cockpitFeatureFlags {
      name
      enabled
      updated
      updatedByEmail
    }
  }
`);

export const CockpitSetFeatureFlagMutation = graphql(`
  mutation CockpitSetFeatureFlag($name: String!, $enabled: Boolean!) {
    cockpitSetFeatureFlag(name: $name, enabled: $enabled) {
      name
      enabled
      updated
      updatedByEmail
    }
  }
`);

type Flag = ResultOf<typeof CockpitFeatureFlagsQuery>['cockpitFeatureFlags'][number];

const FLAGS_KEY = ['cockpitFeatureFlags'] as const;

/** Operators: the portal's feature flags. A switch reaches every signed-in browser at once. */
export function FlagsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const queryClient = useQueryClient();
  const mayChange = canOperate(session, 'flags', 'update');
  const [asked, setAsked] = useState<{ name: string; enabled: boolean } | null>(null);
  const query = useQuery({
    queryKey: FLAGS_KEY,
    queryFn: ({ signal }) => api.request(CockpitFeatureFlagsQuery, {}, { signal }).then((r) => r.cockpitFeatureFlags),
  });
  // Another operator's switch shows here too.
  useStreamEvent('feature_flags_changed', () => void queryClient.invalidateQueries({ queryKey: FLAGS_KEY }));
  const change = useMutation({
    mutationFn: (input: { name: string; enabled: boolean }) => api.request(CockpitSetFeatureFlagMutation, input),
    onSuccess: (result) => {
      const saved = result.cockpitSetFeatureFlag;
      queryClient.setQueryData<Flag[]>(FLAGS_KEY, (list) => list?.map((f) => (f.name === saved.name ? saved : f)));
      setAsked(null);
      flash.success(
        t(saved.enabled ? 'cockpitFlags.switchedOn' : 'cockpitFlags.switchedOff', {
          flag: t(`cockpitFlags.flags.${saved.name}.label`),
        }),
      );
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const label = (name: string) => t(`cockpitFlags.flags.${name}.label`, { defaultValue: name });
  return (
    <PageFrame route="cockpitFlags" description={t('cockpitFlags.subtitle')}>
      {query.error && <ErrorAlert error={query.error} />}
      <Stack gap="sm" data-testid="cockpit-flags">
        {query.data?.map((flag) => (
          <Card key={flag.name} withBorder padding="md" data-testid={`flag-${flag.name}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
              <Stack gap={4} miw={0}>
                <Title order={2} fz="md">
                  {label(flag.name)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`cockpitFlags.flags.${flag.name}.help`, { defaultValue: '' })}
                </Text>
                <Text size="xs" c="dimmed">
                  {flag.updatedByEmail && flag.updated
                    ? t('cockpitFlags.changedBy', { email: flag.updatedByEmail, at: format.dateTime(flag.updated) })
                    : t('cockpitFlags.initial')}
                </Text>
              </Stack>
              <Switch
                size="md"
                checked={flag.enabled}
                disabled={!mayChange || change.isPending}
                aria-label={label(flag.name)}
                // The state in words beside the switch, in the text's colour (a label inside the track is too pale).
                label={flag.enabled ? t('cockpitFlags.on') : t('cockpitFlags.off')}
                labelPosition="left"
                onChange={(event) => setAsked({ name: flag.name, enabled: event.currentTarget.checked })}
              />
            </Group>
          </Card>
        ))}
      </Stack>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={
          asked
            ? t(asked.enabled ? 'cockpitFlags.confirmOn' : 'cockpitFlags.confirmOff', { flag: label(asked.name) })
            : ''
        }
      >
        <Stack gap="md">
          <Text size="sm">{t('cockpitFlags.confirmHelp')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsked(null)}>
              {t('cockpitFlags.cancel')}
            </Button>
            <Button loading={change.isPending} onClick={() => asked && change.mutate(asked)}>
              {t(asked?.enabled ? 'cockpitFlags.switchOn' : 'cockpitFlags.switchOff')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}
