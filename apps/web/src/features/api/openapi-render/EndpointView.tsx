import { Badge, Code, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Endpoint, jsonSchemaOf, answerOf, CLIENT_ID_PARAMETER, type OpenApiDocument } from './model';
import { PropertyRow, SchemaView, TypeLine } from './SchemaView';
import { TryIt } from './TryIt';

/** Colours that keep white text readable (WCAG AA) on a filled badge. */
const METHOD_COLOR: Record<string, string> = {
  GET: 'blue.8',
  POST: 'teal.9',
  PUT: 'orange.9',
  PATCH: 'grape.8',
  DELETE: 'red.8',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge color={METHOD_COLOR[method] ?? 'gray.8'} variant="filled" radius="sm" w={64} style={{ flexShrink: 0 }}>
      {method}
    </Badge>
  );
}

/** The parameters as a list rather than a table: it reads the same at 1440 px and on a phone, without scrolling. */
function Parameters({ document, endpoint }: { document: OpenApiDocument; endpoint: Endpoint }) {
  const { t } = useTranslation();
  const parameters = endpoint.operation.parameters ?? [];
  return (
    <Stack gap={6}>
      <Title order={6}>{t('api.docs.parameters')}</Title>
      <List listStyleType="none" spacing={6} size="sm" p={0} m={0} data-testid="endpoint-parameters">
        {parameters.map((parameter) => (
          <List.Item key={`${parameter.in}:${parameter.name}`} data-testid="endpoint-parameter">
            <Stack gap={2}>
              <Group gap={8} wrap="wrap" align="baseline">
                <Code fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {parameter.name}
                </Code>
                {parameter.required ? (
                  <Text span size="xs" fw={600} c="red.9">
                    {t('api.docs.schema.required')}
                  </Text>
                ) : (
                  <Text span size="xs" c="dimmed">
                    {t('api.docs.schema.optional')}
                  </Text>
                )}
                <Badge variant="outline" color="gray.7" size="xs" radius="sm">
                  {t(`api.docs.in.${parameter.in}`, { defaultValue: parameter.in })}
                </Badge>
                {parameter.schema && <TypeLine document={document} schema={parameter.schema} />}
              </Group>
              {(parameter.name === CLIENT_ID_PARAMETER || parameter.description) && (
                <Text size="xs" c="dimmed">
                  {parameter.name === CLIENT_ID_PARAMETER ? t('api.docs.clientIdParameter') : parameter.description}
                </Text>
              )}
            </Stack>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function Answer({ document, endpoint }: { document: OpenApiDocument; endpoint: Endpoint }) {
  const { t } = useTranslation();
  const answer = answerOf(document, endpoint.operation);
  if (!answer) return null;
  return (
    <Stack gap={6} data-testid="endpoint-answer">
      <Title order={6}>{t('api.docs.answer', { status: answer.status })}</Title>
      {answer.empty && (
        <Text size="sm" c="dimmed">
          {t('api.docs.noBody')}
        </Text>
      )}
      {answer.paged && (
        <Text size="sm" c="dimmed">
          {t('api.docs.paged')}
        </Text>
      )}
      {answer.members.length > 0 && (
        <List listStyleType="none" spacing={6} size="sm" p={0} m={0}>
          {answer.members.map(([name, schema]) =>
            name ? (
              <PropertyRow key={name} document={document} name={name} schema={schema} required />
            ) : (
              <List.Item key="whole">
                <SchemaView document={document} schema={schema} />
              </List.Item>
            ),
          )}
        </List>
      )}
    </Stack>
  );
}

function Responses({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation();
  const responses = Object.entries(endpoint.operation.responses ?? {});
  if (responses.length === 0) return null;
  return (
    <Stack gap={6}>
      <Title order={6}>{t('api.docs.statuses')}</Title>
      <List listStyleType="none" spacing={2} size="xs" p={0} m={0}>
        {responses.map(([status, response]) => (
          <List.Item key={status}>
            <Code fw={600}>{status}</Code> {response.description}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The details of one endpoint: parameters, body, answer, status codes and the form to try it. */
export function EndpointView({
  document,
  endpoint,
  clientId,
}: {
  document: OpenApiDocument;
  endpoint: Endpoint;
  clientId: string;
}) {
  const { t } = useTranslation();
  const body = jsonSchemaOf(endpoint.operation.requestBody);
  return (
    <Stack gap="md" data-testid="endpoint-details">
      {endpoint.operation.description && <Text size="sm">{endpoint.operation.description}</Text>}
      <Parameters document={document} endpoint={endpoint} />
      {body && (
        <Stack gap={6} data-testid="endpoint-body">
          <Title order={6}>{t('api.docs.body')}</Title>
          <SchemaView document={document} schema={body} />
        </Stack>
      )}
      <Answer document={document} endpoint={endpoint} />
      <Responses endpoint={endpoint} />
      <Divider />
      <TryIt document={document} endpoint={endpoint} clientId={clientId} />
    </Stack>
  );
}
