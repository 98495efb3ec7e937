import { Alert, Badge, Box, Button, Group, Menu, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconAlertCircle, IconChevronDown, IconDownload, IconLink, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError } from '../../app/api/apiError';
import { currentLanguage } from '../../app/i18n/i18n';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { downloadStoredFile } from '../../app/api/files';
import { type CategoryDetail, type CategoryParameter, categoryDetailQuery } from './operations';

const EXPORT_TYPES = ['XLSX', 'CSV'] as const;
/** Options listed in the table before the rest are summed up: a colour parameter may have hundreds. */
const OPTIONS_SHOWN = 8;

/** The link that opens this category in the catalogue (the spec's "category shortcut"). */
export function categoryShortcut(id: number, origin = window.location.origin): string {
  return `${origin}/categories?category=${id}`;
}

export function categoryExportPath(id: number, type: (typeof EXPORT_TYPES)[number], language: string): string {
  const query = new URLSearchParams({ type, language });
  return `/portal/export/category/${id}?${query}`;
}

export function CategoryDetailPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useQuery(categoryDetailQuery(id));

  if (detail.isPending) {
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Skeleton h={28} w="60%" />
          <Skeleton h={16} w="80%" />
          <Skeleton h={160} />
        </Stack>
      </Paper>
    );
  }
  if (detail.isError) return <ErrorAlert error={detail.error} />;
  if (!detail.data) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        data-testid="category-missing"
      >
        {t('errors.CATEGORY_NOT_DISPLAYED')}
      </Alert>
    );
  }
  return <CategoryDetailView category={detail.data} />;
}

function CategoryDetailView({ category }: { category: CategoryDetail }) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 2000 });
  const exporting = useMutation({
    mutationFn: (type: (typeof EXPORT_TYPES)[number]) =>
      downloadStoredFile(
        categoryExportPath(category.id, type, currentLanguage()),
        `category-${category.sapId}.${type.toLowerCase()}`,
      ),
    onError: (error) => {
      if (isAbortError(error)) return;
      // Whatever went wrong on the way, the seller learns the one thing that matters: no file.
      flash.error(
        error instanceof ApiError && error.code === 'CATEGORY_NOT_FOUND'
          ? t('errors.CATEGORY_NOT_FOUND')
          : t('errors.CATEGORY_EXPORT_FAILED'),
      );
    },
  });

  const flags: { key: string; on: boolean; color: string }[] = [
    { key: 'recyclingFee', on: category.recyclingFee, color: 'teal' },
    { key: 'energyLabelRequired', on: category.energyLabelRequired, color: 'yellow' },
    { key: 'informationSheetRequired', on: category.informationSheetRequired, color: 'blue' },
  ];

  return (
    <Paper withBorder p="md" radius="md" data-testid="category-detail">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Text size="xs" c="dimmed" data-testid="category-detail-path">
              {category.path.join(' › ')}
            </Text>
            <Title order={2} fz="xl">
              {category.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('catalog.detail.sapId')}: {category.sapId} · {t('catalog.detail.level', { level: category.level })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconLink size={16} />}
              onClick={() => {
                clipboard.copy(categoryShortcut(category.id));
                flash.success(t('catalog.detail.shortcutCopied'));
              }}
              data-testid="category-shortcut"
            >
              {clipboard.copied ? t('catalog.detail.copied') : t('catalog.detail.shortcut')}
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={exporting.isPending}
                  data-testid="category-export"
                >
                  {t('catalog.detail.export')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {EXPORT_TYPES.map((type) => (
                  <Menu.Item key={type} onClick={() => exporting.mutate(type)} data-testid={`category-export-${type}`}>
                    {t(`catalog.detail.exportAs.${type}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>

        {category.locked && (
          <Alert color="orange" variant="light" icon={<IconLock size={18} />} data-testid="category-locked">
            {t('errors.CATEGORY_LOCKED')}
          </Alert>
        )}
        <Group gap="xs">
          {flags.map((flag) => (
            <Badge
              key={flag.key}
              variant={flag.on ? 'light' : 'outline'}
              color={flag.on ? flag.color : 'gray'}
              miw="max-content"
            >
              {t(`catalog.flags.${flag.key}`)}: {t(flag.on ? 'catalog.yes' : 'catalog.no')}
            </Badge>
          ))}
          <Badge variant="outline" color="gray" miw="max-content">
            {t('catalog.detail.conditions')}: {category.conditions}
          </Badge>
        </Group>

        {category.keywords.length > 0 && (
          <Stack gap={6} data-testid="category-keywords">
            <Title order={3} fz="md">
              {t('catalog.detail.keywords')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('catalog.detail.keywordsHint')}
            </Text>
            <Group gap={6}>
              {category.keywords.map((word) => (
                <Badge key={word} variant="default" tt="none" fw={500} data-testid="category-keyword">
                  {word}
                </Badge>
              ))}
            </Group>
          </Stack>
        )}

        <Title order={3} fz="md">
          {t('catalog.parameters.title', { count: category.parameters.length })}
        </Title>
        {category.parameters.length ? (
          <ParametersTable parameters={category.parameters} />
        ) : (
          <Text size="sm" c="dimmed">
            {category.hasChildren ? t('catalog.parameters.inLeaves') : t('catalog.parameters.none')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function ParametersTable({ parameters }: { parameters: readonly CategoryParameter[] }) {
  const { t } = useTranslation();
  const yes = (on: boolean) => (on ? t('catalog.yes') : t('catalog.no'));
  return (
    // A wide table scrolls by itself on a phone; the region takes focus so keyboards can scroll it too.
    <Box
      style={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={t('catalog.parameters.title', { count: parameters.length })}
    >
      <Table striped withTableBorder verticalSpacing={6} fz="sm" miw={760} data-testid="category-parameters">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalog.parameters.name')}</Table.Th>
            <Table.Th>{t('catalog.parameters.unit')}</Table.Th>
            <Table.Th>{t('catalog.parameters.class')}</Table.Th>
            <Table.Th>{t('catalog.parameters.multiple')}</Table.Th>
            <Table.Th>{t('catalog.parameters.mandatory')}</Table.Th>
            <Table.Th>{t('catalog.parameters.variant')}</Table.Th>
            <Table.Th>{t('catalog.parameters.options')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parameters.map((p) => (
            <Table.Tr key={p.code} data-testid={`parameter-${p.code}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.code}
                </Text>
              </Table.Td>
              <Table.Td>{p.unit ?? '—'}</Table.Td>
              <Table.Td>{t(`catalog.parameterClass.${p.class}`, { defaultValue: p.class })}</Table.Td>
              <Table.Td>{yes(p.multiple)}</Table.Td>
              <Table.Td>{yes(p.mandatoryForListing)}</Table.Td>
              <Table.Td>{yes(p.variant)}</Table.Td>
              <Table.Td>
                <OptionsCell parameter={p} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function OptionsCell({ parameter }: { parameter: CategoryParameter }) {
  const { t } = useTranslation();
  const shown = parameter.options.slice(0, OPTIONS_SHOWN).map((o) => o.text || o.value);
  const rest = parameter.options.length - shown.length;
  const constraint = parameter.constraint && parameter.constraint.type !== 'ALL' ? parameter.constraint : null;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {shown.length ? shown.join(', ') : '—'}
        {rest > 0 && ` ${t('catalog.parameters.more', { count: rest })}`}
      </Text>
      {constraint && (
        <Text size="xs" c="dimmed">
          {t(`catalog.constraint.${constraint.type}`, { values: constraint.values.join(', ') })}
        </Text>
      )}
    </Stack>
  );
}
