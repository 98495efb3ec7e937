import {
  Accordion,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  List,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { EndpointView, MethodBadge } from './openapi-render/EndpointView';
import { endpointsByTag, matchesSearch, type OpenApiDocument } from './openapi-render/model';
import { useKeptSandboxClientId } from './sandboxClientId';

/** Served by the server from the routes' own schemas; public (an integrator reads it before holding a key). */
export const OPENAPI_URL = '/v1/openapi.json';

async function fetchDocument(signal: AbortSignal): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_URL, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

const SUCCESS_EXAMPLE = `{
  "result": { "code": 200, "status": "OK", "message": "OK" },
  "paging": { "total": 1, "pages": 1, "size": 1, "page": 1 },
  "data": [ … ]
}`;

const ERROR_EXAMPLE = `{
  "result": { "code": 400, "status": "ERROR", "message": "…" },
  "errorCodes": [
    { "errorCode": "…", "message": "…", "errorAttributes": { "field": "query.page" } }
  ]
}`;

/** Examples wrap on a phone rather than scroll sideways (a scrolling block would need its own focus stop). */
const WRAPPED = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * The partner API's documentation (API docs tab): the server's OpenAPI document rendered by our own small
 * renderer, endpoint by endpoint, with the envelope, errors and rate limits explained once, and every
 * endpoint ready to try with the partner's sandbox client id (a change only once confirmed, see TryIt).
 */
export function ApiDocsPage() {
  const { t } = useTranslation();
  useDocumentTitle('partnerApiDocs');
  const document = useQuery({
    queryKey: ['openapiDocument'],
    queryFn: ({ signal }) => fetchDocument(signal),
    staleTime: 5 * 60_000,
  });
  const clientId = useClientId();
  const base = document.data?.servers?.[0]?.url ?? window.location.origin;
  return (
    <Stack gap="xl" data-testid="api-docs-page">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('api.docs.title')}
        </Title>
        <Text size="sm" maw={860}>
          {t('api.docs.intro')}
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            {t('api.docs.baseUrl')} <Code style={{ overflowWrap: 'anywhere' }}>{`${base}/v1`}</Code>
          </Text>
          <Anchor href={OPENAPI_URL} target="_blank" rel="noopener" size="sm" data-testid="api-docs-openapi-link">
            {t('api.docs.openapiLink')}
          </Anchor>
        </Group>
      </Stack>
      <ClientIdCard state={clientId} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <EnvelopeCard />
        <RateLimitCard />
      </SimpleGrid>
      {document.isError && <ErrorAlert error={document.error} title={t('api.docs.loadFailed')} />}
      {document.isPending && <Skeleton h={320} />}
      {document.data && <Endpoints document={document.data} clientId={clientId.value} />}
    </Stack>
  );
}

/** The client id the page sends: the one kept in this browser, or typed for this visit. */
function useClientId() {
  const session = useSession();
  const [kept, keep] = useKeptSandboxClientId(session.selectedPartner?.id);
  const [typed, setTyped] = useState<string | null>(null);
  return { value: typed ?? kept ?? '', kept, typed, setTyped, keep };
}

function ClientIdCard({ state }: { state: ReturnType<typeof useClientId> }) {
  const { t } = useTranslation();
  const session = useSession();
  const { value, kept, typed, setTyped, keep } = state;
  const isKept = kept !== null && value === kept;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="api-docs-client-id-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="api-docs-client-id-title">
          {t('api.docs.clientId.title')}
        </Title>
        <Text size="sm" maw={860}>
          {t('api.docs.clientId.intro')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <PasswordInput
            label={t('api.docs.clientId.label')}
            description={isKept ? t('api.docs.clientId.fromBrowser') : t('api.docs.clientId.typed')}
            value={value}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '1 1 320px' }}
            visibilityToggleButtonProps={{ 'aria-label': t('api.docs.clientId.toggle') }}
            data-testid="api-docs-client-id"
          />
          {value && !isKept && (
            <Button
              variant="light"
              onClick={() => {
                keep(value);
                setTyped(null);
              }}
              data-testid="api-docs-keep"
            >
              {t('api.docs.clientId.keep')}
            </Button>
          )}
          {kept !== null && (
            <Button
              variant="default"
              onClick={() => {
                keep(null);
                setTyped(typed === kept ? null : typed);
              }}
              data-testid="api-docs-forget"
            >
              {t('api.docs.clientId.forget')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('api.docs.clientId.storage')}{' '}
          {canAccess(session, 'sandboxAccounts') && (
            <Anchor component={Link} to="/partner/sandbox-accounts" size="xs" underline="always">
              {t('api.docs.clientId.sandboxLink')}
            </Anchor>
          )}
        </Text>
      </Stack>
    </Card>
  );
}

function EnvelopeCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="api-docs-envelope-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="api-docs-envelope-title">
          {t('api.docs.envelope.title')}
        </Title>
        <Text size="sm">{t('api.docs.envelope.intro')}</Text>
        <Code block fz="xs" style={WRAPPED}>
          {SUCCESS_EXAMPLE}
        </Code>
        <List size="sm" spacing={4}>
          <List.Item>
            <Trans i18nKey="api.docs.envelope.result" components={{ code: <Code /> }} />
          </List.Item>
          <List.Item>
            <Trans i18nKey="api.docs.envelope.paging" components={{ code: <Code /> }} />
          </List.Item>
          <List.Item>
            <Trans i18nKey="api.docs.envelope.input" components={{ code: <Code /> }} />
          </List.Item>
        </List>
        <Text size="sm">{t('api.docs.envelope.errorsIntro')}</Text>
        <Code block fz="xs" style={WRAPPED}>
          {ERROR_EXAMPLE}
        </Code>
        <List size="sm" spacing={4}>
          {(['400', '401', '403', '404', '409', '429'] as const).map((status) => (
            <List.Item key={status}>
              <Code fw={600}>{status}</Code> {t(`api.docs.envelope.status${status}`)}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

function RateLimitCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="api-docs-limits-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="api-docs-limits-title">
          {t('api.docs.limits.title')}
        </Title>
        <Text size="sm">{t('api.docs.limits.intro')}</Text>
        <List size="sm" spacing={4}>
          {(['Limit', 'Remaining', 'Reset'] as const).map((name) => (
            <List.Item key={name}>
              <Code fw={600}>{`X-RateLimit-${name}`}</Code> {t(`api.docs.limits.header${name}`)}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t('api.docs.limits.exceeded')}</Text>
        <Anchor component={Link} to="/partner/api-limit" size="sm">
          {t('api.docs.limits.link')}
        </Anchor>
      </Stack>
    </Card>
  );
}

function Endpoints({ document, clientId }: { document: OpenApiDocument; clientId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const groups = useMemo(() => endpointsByTag(document), [document]);
  // Endpoints the search leaves out are hidden, not unmounted: an open one keeps its "try it" answer.
  const matching = new Set(
    groups.flatMap((g) => g.endpoints.filter((e) => matchesSearch(e, search)).map((e) => e.key)),
  );
  return (
    <Stack gap="lg" component="section" aria-labelledby="api-docs-endpoints-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={3} size="h4" id="api-docs-endpoints-title">
          {t('api.docs.endpoints')}
        </Title>
        <TextInput
          label={t('api.docs.search')}
          placeholder={t('api.docs.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
          data-testid="api-docs-search"
        />
      </Group>
      {matching.size === 0 && (
        <Text size="sm" c="dimmed">
          {t('api.docs.noMatch')}
        </Text>
      )}
      {groups.map((group) => (
        <Stack
          gap="xs"
          key={group.tag}
          data-testid="api-docs-tag"
          display={group.endpoints.some((e) => matching.has(e.key)) ? undefined : 'none'}
        >
          <Title order={4} size="h5">
            {group.tag || t('api.docs.untagged')}
          </Title>
          <Accordion multiple value={open} onChange={setOpen} variant="separated" order={5} chevronPosition="right">
            {group.endpoints.map((endpoint) => (
              <Accordion.Item
                key={endpoint.key}
                value={endpoint.key}
                data-testid="api-docs-endpoint"
                data-endpoint={`${endpoint.method} ${endpoint.path}`}
                display={matching.has(endpoint.key) ? undefined : 'none'}
              >
                <Accordion.Control>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <MethodBadge method={endpoint.method} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text ff="monospace" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {endpoint.path}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={open.includes(endpoint.key) ? undefined : 2}>
                        {endpoint.operation.summary}
                      </Text>
                    </Stack>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {open.includes(endpoint.key) && (
                    <EndpointView document={document} endpoint={endpoint} clientId={clientId} />
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      ))}
    </Stack>
  );
}
