import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Code,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/format';
import {
  CLIENT_ID_PARAMETER,
  exampleOf,
  jsonSchemaOf,
  type Endpoint,
  enumValues,
  maskedUrl,
  type OpenApiDocument,
  type RateLimit,
  rateLimitOf,
  requestUrl,
  typeLabel,
} from './model';

/** A long answer (the whole brand list) is cut for the screen; the request itself is never cut. */
const SHOWN_CHARACTERS = 200_000;

type Outcome =
  | { kind: 'answer'; status: number; url: string; rate: RateLimit; body: string; truncated: boolean }
  | { kind: 'failed'; url: string };

async function send(method: string, url: string, sent: string | null, language: string): Promise<Outcome> {
  const shown = `${method} ${maskedUrl(url)}`;
  try {
    const response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        'accept-language': language,
        ...(sent === null ? {} : { 'content-type': 'application/json' }),
      },
      body: sent,
    });
    const text = await response.text();
    let body = text;
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON (an empty 204, or a proxy's page): shown as it came.
    }
    return {
      kind: 'answer',
      status: response.status,
      url: shown,
      rate: rateLimitOf(response.headers),
      body: body.length > SHOWN_CHARACTERS ? body.slice(0, SHOWN_CHARACTERS) : body,
      truncated: body.length > SHOWN_CHARACTERS,
    };
  } catch {
    return { kind: 'failed', url: shown };
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const statusColor = (status: number) => (status < 300 ? 'teal' : status === 429 ? 'orange' : 'red');

/**
 * Sends one endpoint from the page with the client id of the box above (the sandbox's), its path and query
 * parameters from the document and, for a change, a JSON body, and shows the status, the rate-limit headers
 * and the JSON answer. A change (POST, PUT, DELETE) is sent only once the partner confirms it is meant for
 * the sandbox: the page cannot tell a sandbox client id from a live one.
 */
export function TryIt({
  document,
  endpoint,
  clientId,
}: {
  document: OpenApiDocument;
  endpoint: Endpoint;
  clientId: string;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const parameters = (endpoint.operation.parameters ?? []).filter(
    (p) => (p.in === 'path' || p.in === 'query') && p.name !== CLIENT_ID_PARAMETER,
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [extra, setExtra] = useState('');
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const changes = endpoint.method !== 'GET';
  const bodySchema = jsonSchemaOf(endpoint.operation.requestBody);
  const [body, setBody] = useState(() =>
    bodySchema ? JSON.stringify(exampleOf(document, bodySchema), null, 2) : changes ? '[]' : '',
  );
  const [bodyError, setBodyError] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!clientId.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const validBody = !changes || body.trim() === '' || isJson(body);
    setBodyError(!validBody);
    setUnconfirmed(changes && !confirmed);
    if (!validBody || (changes && !confirmed)) return;
    setSending(true);
    const key = (p: { in: string; name: string }) => `${p.in}:${p.name}`;
    const pathValues = Object.fromEntries(
      parameters.filter((p) => p.in === 'path').map((p) => [p.name, values[key(p)] ?? '']),
    );
    const query = parameters
      .filter((p) => p.in === 'query')
      .map((p) => [p.name, values[key(p)] ?? ''] as [string, string]);
    const url = requestUrl(endpoint.path, pathValues, query, extra, clientId.trim());
    const sent = changes ? (body.trim() === '' ? '[]' : body) : null;
    setOutcome(await send(endpoint.method, url, sent, i18n.resolvedLanguage ?? i18n.language));
    setSending(false);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="try-it">
      <Stack gap="sm">
        <Title order={6}>{t('api.docs.try.title')}</Title>
        {parameters.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
            {parameters.map((parameter) => {
              const key = `${parameter.in}:${parameter.name}`;
              const values_ = parameter.schema ? enumValues(document, parameter.schema) : null;
              const description = `${t(`api.docs.in.${parameter.in}`)} · ${parameter.schema ? typeLabel(document, parameter.schema) : 'string'}`;
              const change = (value: string) => setValues((v) => ({ ...v, [key]: value }));
              return values_ ? (
                <NativeSelect
                  key={key}
                  label={parameter.name}
                  description={description}
                  value={values[key] ?? ''}
                  onChange={(e) => change(e.currentTarget.value)}
                  data={[
                    { value: '', label: t('api.docs.try.notSent') },
                    ...values_.map((v) => {
                      const raw = String(JSON.parse(v));
                      return { value: raw, label: raw };
                    }),
                  ]}
                  required={parameter.required}
                  size="xs"
                />
              ) : (
                <TextInput
                  key={key}
                  label={parameter.name}
                  description={description}
                  value={values[key] ?? ''}
                  onChange={(e) => change(e.currentTarget.value)}
                  required={parameter.required}
                  size="xs"
                  autoComplete="off"
                  spellCheck={false}
                />
              );
            })}
          </SimpleGrid>
        )}
        <TextInput
          label={t('api.docs.try.extraQuery')}
          description={t('api.docs.try.extraQueryHelp')}
          placeholder="status=in:open,shipping&_sort=created:desc"
          value={extra}
          onChange={(e) => setExtra(e.currentTarget.value)}
          size="xs"
          autoComplete="off"
          spellCheck={false}
        />
        {changes && (
          <Textarea
            label={t('api.docs.try.body')}
            description={t('api.docs.try.bodyHelp')}
            value={body}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              setBodyError(false);
            }}
            error={bodyError ? t('api.docs.try.bodyInvalid') : undefined}
            autosize
            minRows={3}
            maxRows={16}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            data-testid="try-it-body-input"
          />
        )}
        {changes && (
          <Checkbox
            label={t('api.docs.try.confirmChange')}
            checked={confirmed}
            onChange={(e) => {
              setConfirmed(e.currentTarget.checked);
              setUnconfirmed(false);
            }}
            error={unconfirmed ? t('api.docs.try.confirmRequired') : undefined}
            data-testid="try-it-confirm"
          />
        )}
        {missing && (
          <Alert color="red" variant="light" role="alert">
            {t('api.docs.try.noClientId')}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            size="xs"
            loading={sending}
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            data-testid="try-it-send"
          >
            {t('api.docs.try.send')}
          </Button>
        </Group>
        <div aria-live="polite">{outcome && <OutcomeView outcome={outcome} format={format} />}</div>
      </Stack>
    </form>
  );
}

function OutcomeView({ outcome, format }: { outcome: Outcome; format: ReturnType<typeof useFormat> }) {
  const { t } = useTranslation();
  if (outcome.kind === 'failed') {
    return (
      <Alert color="red" variant="light" data-testid="try-it-failed">
        {t('api.docs.try.failed')}
      </Alert>
    );
  }
  const { rate } = outcome;
  return (
    <Stack gap="xs" data-testid="try-it-answer">
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" fw={600}>
          {t('api.docs.try.status')}
        </Text>
        <Badge color={statusColor(outcome.status)} variant="filled" data-testid="try-it-status">
          {outcome.status}
        </Badge>
        <Code fz="xs" style={{ overflowWrap: 'anywhere' }}>
          {outcome.url}
        </Code>
      </Group>
      {rate.limit !== null && (
        <Table withTableBorder verticalSpacing={4} fz="xs" maw={560} data-testid="try-it-rate-limit">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">X-RateLimit-Limit</Table.Th>
              <Table.Td>{rate.limit}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">X-RateLimit-Remaining</Table.Th>
              <Table.Td>{rate.remaining}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">X-RateLimit-Reset</Table.Th>
              <Table.Td>
                {rate.reset !== null ? `${rate.reset} (${format.dateTime(new Date(rate.reset * 1000))})` : '—'}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {outcome.body ? (
        // Focusable, so a keyboard can scroll a long answer.
        <Box
          role="region"
          aria-label={t('api.docs.try.answer')}
          tabIndex={0}
          mah={420}
          style={{ overflow: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Code block fz="xs" data-testid="try-it-body" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {outcome.body}
          </Code>
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          {t('api.docs.try.emptyBody')}
        </Text>
      )}
      {outcome.truncated && (
        <Text size="xs" c="dimmed">
          {t('api.docs.try.truncated', { count: SHOWN_CHARACTERS })}
        </Text>
      )}
    </Stack>
  );
}
