import { Box, Code, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type Constraint,
  constraintsOf,
  enumValues,
  isComposite,
  type JsonSchema,
  type OpenApiDocument,
  resolveRef,
  typeLabel,
} from './model';

/** Deeper than this the tree stops (a recursive schema shows once and then names itself). */
const MAX_DEPTH = 8;

interface Props {
  document: OpenApiDocument;
  schema: JsonSchema;
  /** Component names already open above this one: a `$ref` to one of them is recursion. */
  seen?: readonly string[];
  depth?: number;
}

function ConstraintText({ constraint }: { constraint: Constraint }) {
  const { t } = useTranslation();
  const label = constraint.kind === 'range' ? null : t(`api.docs.schema.${constraint.kind}`);
  return (
    <Text span size="xs" c="dimmed">
      {label && `${label} `}
      <Code fz="xs">{constraint.text}</Code>
    </Text>
  );
}

/** The type, allowed values and limits of one value, on one wrapping line. */
export function TypeLine({ document, schema }: { document: OpenApiDocument; schema: JsonSchema }) {
  const { t } = useTranslation();
  const resolved = resolveRef(document, schema).schema;
  const values = enumValues(document, schema);
  return (
    <>
      <Text span size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {typeLabel(document, schema)}
      </Text>
      {values && (
        <Text span size="xs" c="dimmed">
          {t('api.docs.schema.oneOfValues')}{' '}
          {values.map((value, i) => (
            <span key={value}>
              {i > 0 && ', '}
              <Code fz="xs">{value}</Code>
            </span>
          ))}
        </Text>
      )}
      {constraintsOf(resolved).map((constraint) => (
        <ConstraintText key={constraint.kind} constraint={constraint} />
      ))}
    </>
  );
}

/** One named member: name, required mark, type line, description and, for objects and lists, its parts. */
export function PropertyRow({
  document,
  name,
  schema,
  required,
  seen = [],
  depth = 0,
}: Props & { name: string; required: boolean }) {
  const { t } = useTranslation();
  const resolved = resolveRef(document, schema).schema;
  return (
    <List.Item data-testid="schema-property">
      <Stack gap={2}>
        <Group gap={8} wrap="wrap" align="baseline">
          <Code fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Code>
          {required ? (
            <Text span size="xs" fw={600} c="red.9">
              {t('api.docs.schema.required')}
            </Text>
          ) : (
            <Text span size="xs" c="dimmed">
              {t('api.docs.schema.optional')}
            </Text>
          )}
          <TypeLine document={document} schema={schema} />
        </Group>
        {resolved.description && (
          <Text size="xs" c="dimmed">
            {resolved.description}
          </Text>
        )}
        {isComposite(document, schema) && (
          <Nested>
            <SchemaParts document={document} schema={schema} seen={seen} depth={depth + 1} />
          </Nested>
        )}
      </Stack>
    </List.Item>
  );
}

function Nested({ children }: { children: React.ReactNode }) {
  return (
    <Box pl="sm" ml={4} mt={2} style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
      {children}
    </Box>
  );
}

function PropertyList({ document, schema, seen, depth }: Required<Props>) {
  const required = new Set(schema.required ?? []);
  return (
    <List listStyleType="none" spacing={6} size="sm" p={0} m={0}>
      {Object.entries(schema.properties ?? {}).map(([name, member]) => (
        <PropertyRow
          key={name}
          document={document}
          name={name}
          schema={member}
          required={required.has(name)}
          seen={seen}
          depth={depth}
        />
      ))}
    </List>
  );
}

/**
 * The parts of a schema: an object's members, a list's item, the variants of `anyOf`/`oneOf`, the members
 * of every `allOf` part. A leaf has no parts (its type line says everything).
 */
export function SchemaParts({ document, schema, seen = [], depth = 0 }: Props) {
  const { t } = useTranslation();
  const { schema: resolved, ref } = resolveRef(document, schema);
  if (ref && seen.includes(ref)) {
    return (
      <Text size="xs" c="dimmed" fs="italic">
        {t('api.docs.schema.recursive')}
      </Text>
    );
  }
  if (depth > MAX_DEPTH) return <Text size="xs">…</Text>;
  const inner = ref ? [...seen, ref] : seen;
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) {
    return (
      <Stack gap={6}>
        {variants.map((variant, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: variants are positional and never reorder
          <Stack gap={2} key={i}>
            <Group gap={8} wrap="wrap" align="baseline">
              <Text span size="xs" fw={600}>
                {t('api.docs.schema.variant', { n: i + 1 })}
              </Text>
              <TypeLine document={document} schema={variant} />
            </Group>
            {isComposite(document, variant) && (
              <Nested>
                <SchemaParts document={document} schema={variant} seen={inner} depth={depth + 1} />
              </Nested>
            )}
          </Stack>
        ))}
      </Stack>
    );
  }
  if (resolved.allOf) {
    return (
      <Stack gap={6}>
        {resolved.allOf.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
          <SchemaParts key={i} document={document} schema={part} seen={inner} depth={depth + 1} />
        ))}
      </Stack>
    );
  }
  if (resolved.properties && Object.keys(resolved.properties).length > 0) {
    return <PropertyList document={document} schema={resolved} seen={inner} depth={depth} />;
  }
  if (resolved.items && isComposite(document, resolved.items)) {
    return (
      <Stack gap={2}>
        <Group gap={8} wrap="wrap" align="baseline">
          <Text span size="xs" fw={600}>
            {t('api.docs.schema.eachItem')}
          </Text>
          <TypeLine document={document} schema={resolved.items} />
        </Group>
        <SchemaParts document={document} schema={resolved.items} seen={inner} depth={depth + 1} />
      </Stack>
    );
  }
  return null;
}

/** A whole schema: its type line, then its parts. */
export function SchemaView({ document, schema }: { document: OpenApiDocument; schema: JsonSchema }) {
  return (
    <Stack gap={6}>
      <Group gap={8} wrap="wrap" align="baseline">
        <TypeLine document={document} schema={schema} />
      </Group>
      <SchemaParts document={document} schema={schema} />
    </Stack>
  );
}
