import { API_DOMAINS, API_KEY_TYPES, type ApiKeyState, apiKeySchema, MAX_ACTIVE_API_KEYS } from '@pp/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import {
  type ApiKeyRow,
  ApiKeysQuery,
  ApiLimitQuery,
  type ApiUsageDay,
  CreateApiKeyMutation,
  RevokeApiKeyMutation,
} from './operations';
import { SecretDialog } from './SecretDialog';
import { ApiApplication } from './ApiApplication';

const KEYS = ['apiKeys'] as const;

const STATE_COLOR: Record<ApiKeyState, string> = {
  valid: 'teal',
  notYetValid: 'blue',
  expired: 'gray',
  revoked: 'red',
};

/** Green while there is room, orange from 80 %, red once the day's limit is reached. */
export function usageColor(percentage: number): string {
  if (percentage >= 100) return 'red';
  if (percentage >= 80) return 'orange';
  return 'teal';
}

/**
 * The API tab: the partner's credentials (a secret is shown once), its limit plan with the plan's history,
 * and the requests counted today and yesterday per domain against the plan's daily maximum.
 */
export function ApiLimitPage() {
  useDocumentTitle('partnerApiLimit');
  return (
    <Stack gap="xl" data-testid="api-limit-page">
      <ApiKeysSection />
      <LimitsSection />
    </Stack>
  );
}

function ApiKeysSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const canCreate = canAccess(session, 'apiLimit', 'create');
  const canRevoke = canAccess(session, 'apiLimit', 'delete');
  const keys = useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => api.request(ApiKeysQuery, {}, { signal }).then((r) => r.apiKeys),
  });
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<{ clientId: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="api-keys-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h3" id="api-keys-title">
            {t('api.keys.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={860}>
            {t('api.keys.intro', { max: MAX_ACTIVE_API_KEYS })}
          </Text>
          <Text size="sm" c="dimmed" maw={860}>
            {t('api.keys.clientIdIsSecret')}{' '}
            <Anchor
              component={Link}
              to="/partner/api-docs"
              size="sm"
              underline="always"
              data-testid="api-keys-docs-link"
            >
              {t('api.keys.docsLink')}
            </Anchor>
          </Text>
        </Stack>
        {canCreate && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="api-key-new"
          >
            {t('api.keys.new')}
          </Button>
        )}
      </Group>
      {keys.isError && <ErrorAlert error={keys.error} />}
      {keys.isPending && <Skeleton h={120} />}
      {keys.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('api.keys.empty')}
        </Text>
      )}
      {keys.data && keys.data.length > 0 && (
        <Table.ScrollContainer minWidth={880}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="api-keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('api.keys.columns.clientId')}</Table.Th>
                <Table.Th>{t('api.keys.columns.type')}</Table.Th>
                <Table.Th>{t('api.keys.columns.validFrom')}</Table.Th>
                <Table.Th>{t('api.keys.columns.validTo')}</Table.Th>
                <Table.Th>{t('api.keys.columns.created')}</Table.Th>
                <Table.Th>{t('api.keys.columns.state')}</Table.Th>
                <Table.Th>{t('api.keys.columns.usedBy')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('api.keys.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id} data-testid="api-key-row">
                  <Table.Td>
                    <Code>{key.clientId}</Code>
                  </Table.Td>
                  <Table.Td>{t(`api.keys.types.${key.type}`, { defaultValue: key.type })}</Table.Td>
                  <Table.Td>{format.dateTime(key.validFrom)}</Table.Td>
                  <Table.Td>{key.validTo ? format.dateTime(key.validTo) : t('api.keys.unlimited')}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{format.dateTime(key.created)}</Text>
                    {key.createdByName && (
                      <Text size="xs" c="dimmed">
                        {key.createdByName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_COLOR[key.state as ApiKeyState] ?? 'gray'} miw="max-content">
                      {t(`api.keys.states.${key.state}`, { defaultValue: key.state })}
                    </Badge>
                    {key.revokedAt && (
                      <Text size="xs" c="dimmed">
                        {format.dateTime(key.revokedAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ApiApplication application={key.applications[0] ?? null} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {canRevoke && (key.state === 'valid' || key.state === 'notYetValid') && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        onClick={() => setRevoking(key)}
                        aria-label={t('api.keys.revokeLabel', { clientId: key.clientId })}
                        data-testid="api-key-revoke"
                      >
                        {t('api.keys.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(clientId, secret) => {
            setCreating(false);
            setRevealed({ clientId, secret });
          }}
        />
      )}
      {revealed && (
        <SecretDialog
          title={t('api.keys.createdTitle')}
          clientId={revealed.clientId}
          secret={revealed.secret}
          onClose={() => setRevealed(null)}
        />
      )}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Stack>
  );
}

type Draft = { type: string; validFrom: string; validTo: string };

/** A datetime-local value (the reader's own time) as an ISO moment; empty stays empty. */
function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (clientId: string, secret: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ type: 'legacy', validFrom: '', validTo: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const input = () => ({ type: draft.type, validFrom: isoOf(draft.validFrom), validTo: isoOf(draft.validTo) });
  const create = useMutation({
    mutationFn: () => api.request(CreateApiKeyMutation, { input: input() }),
    onSuccess: ({ createApiKey }) => {
      void queryClient.invalidateQueries({ queryKey: KEYS });
      flash.success(t('api.keys.created'));
      onCreated(createApiKey.key.clientId, createApiKey.secret);
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiKeySchema().safeParse(input());
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues, t));
      return;
    }
    create.mutate();
  };
  const change = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('api.keys.newTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="api-key-type-label">
              {t('api.keys.columns.type')}
            </Text>
            <SegmentedControl
              value={draft.type}
              onChange={(value) => change('type', value)}
              data={API_KEY_TYPES.map((type) => ({ value: type, label: t(`api.keys.types.${type}`) }))}
              aria-labelledby="api-key-type-label"
              data-testid="api-key-type"
            />
            <Text size="xs" c="dimmed">
              {t(`api.keys.typeHelp.${draft.type}`)}
            </Text>
          </Stack>
          <TextInput
            type="datetime-local"
            label={t('api.keys.columns.validFrom')}
            description={t('api.keys.validFromHelp')}
            value={draft.validFrom}
            onChange={(e) => change('validFrom', e.currentTarget.value)}
            error={errors.validFrom}
            data-testid="api-key-valid-from"
          />
          <TextInput
            type="datetime-local"
            label={t('api.keys.columns.validTo')}
            description={t('api.keys.validToHelp')}
            value={draft.validTo}
            onChange={(e) => change('validTo', e.currentTarget.value)}
            error={errors.validTo}
            data-testid="api-key-valid-to"
          />
          {create.isError && Object.keys(fieldErrors(create.error, t)).length === 0 && (
            <Alert color="red" role="alert">
              {errorMessage(create.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              leftSection={<IconKey size={16} aria-hidden />}
              data-testid="api-key-create"
            >
              {t('api.keys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => api.request(RevokeApiKeyMutation, { id: apiKey.id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEYS });
      flash.success(t('api.keys.revoked'));
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('api.keys.revokeTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text>{t('api.keys.revokeText', { clientId: apiKey.clientId })}</Text>
        {revoke.isError && <ErrorAlert error={revoke.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={revoke.isPending}
            onClick={() => revoke.mutate()}
            data-testid="api-key-revoke-confirm"
          >
            {t('api.keys.revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function LimitsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const limit = useQuery({
    queryKey: ['apiLimit'],
    queryFn: ({ signal }) => api.request(ApiLimitQuery, {}, { signal }).then((r) => r.apiLimit),
  });
  if (limit.isError) return <ErrorAlert error={limit.error} />;
  if (!limit.data) return <Skeleton h={240} />;
  const data = limit.data;
  return (
    <Stack gap="md" component="section" aria-labelledby="api-limits-title">
      <Stack gap={2}>
        <Title order={2} size="h3" id="api-limits-title">
          {t('api.limits.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('api.limits.intro', { time: format.dateTime(data.renewsAt) })}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Card withBorder padding="md" data-testid="api-tier">
          <Text size="sm" c="dimmed">
            {t('api.limits.currentTier')}
          </Text>
          <Text size="xl" fw={700} mb="xs">
            {data.tier.name}
          </Text>
          <Table verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {data.tier.limits.map((l) => (
                <Table.Tr key={l.domain}>
                  <Table.Td>{t(`api.domains.${l.domain}`)}</Table.Td>
                  <Table.Td ta="right">{t('api.limits.perDay', { value: format.number(l.maxRequests) })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
        <UsageCard title={t('api.limits.today')} day={data.today} testId="api-usage-today" />
        <UsageCard title={t('api.limits.yesterday')} day={data.yesterday} testId="api-usage-yesterday" />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('api.limits.history')}
        </Title>
        {data.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('api.limits.noHistory', { tier: data.tier.name })}
          </Text>
        ) : (
          <Table striped verticalSpacing="xs" data-testid="api-tier-history" maw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('api.limits.since')}</Table.Th>
                <Table.Th>{t('api.limits.tier')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.history.map((h) => (
                <Table.Tr key={`${h.date}-${h.tierId}`}>
                  <Table.Td>{format.dateTime(h.date)}</Table.Td>
                  <Table.Td>{h.tierName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}

function UsageCard({ title, day, testId }: { title: string; day: ApiUsageDay; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const updated = day.domains
    .map((d) => d.lastUpdatedDate)
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600}>{title}</Text>
        <Text size="xs" c="dimmed">
          {format.date(`${day.day}T12:00:00Z`)}
        </Text>
      </Group>
      <Stack gap="sm">
        {API_DOMAINS.map((domain) => {
          const usage = day.domains.find((d) => d.domain === domain);
          if (!usage) return null;
          const label = t(`api.domains.${domain}`);
          return (
            <Stack gap={4} key={domain}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{label}</Text>
                <Text size="sm" c="dimmed" ta="right">
                  {t('api.limits.used', {
                    used: format.number(usage.usedRequests),
                    max: format.number(usage.maxRequests),
                    percentage: format.number(usage.usedPercentage),
                  })}
                </Text>
              </Group>
              <Progress.Root>
                <Progress.Section
                  value={Math.min(100, usage.usedPercentage)}
                  color={usageColor(usage.usedPercentage)}
                  aria-label={`${title}: ${label}`}
                  aria-valuetext={`${format.number(usage.usedPercentage)} %`}
                />
              </Progress.Root>
            </Stack>
          );
        })}
        <Text size="xs" c="dimmed">
          {updated ? t('api.limits.lastUpdated', { time: format.dateTime(updated) }) : t('api.limits.noRequests')}
        </Text>
      </Stack>
    </Card>
  );
}
