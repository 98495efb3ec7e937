import { Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { type CategoryNode, categorySearchQuery } from './operations';

/** Categories matching the seller's keywords, with their whole path: the same name recurs under many parents. */
export function CategorySearchResults(props: {
  query: string;
  selectedId: number | null;
  onSelect: (category: CategoryNode) => void;
  onLocked?: (category: CategoryNode) => void;
  leavesOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const results = useQuery(categorySearchQuery(props.query, i18n.resolvedLanguage ?? i18n.language));
  if (results.isPending) {
    return (
      <Group gap="xs" py={4}>
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      </Group>
    );
  }
  if (results.isError) return <ErrorAlert error={results.error} />;
  if (!results.data.length) {
    return (
      <Text size="sm" c="dimmed" role="status" data-testid="category-search-empty">
        {t('catalog.search.none', { query: props.query })}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" role="status">
        {t('catalog.search.count', { count: results.data.length })}
      </Text>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="category-search-results">
        {results.data.map((category) => {
          const choosable = !props.leavesOnly || (!category.hasChildren && !category.locked);
          const selected = category.id === props.selectedId;
          return (
            <Box component="li" key={category.id}>
              <UnstyledButton
                w="100%"
                p={6}
                style={{ borderRadius: 4, cursor: choosable ? 'pointer' : 'not-allowed' }}
                bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                aria-current={selected ? 'true' : undefined}
                aria-disabled={choosable ? undefined : true}
                onClick={() => {
                  if (choosable) props.onSelect(category);
                  else if (category.locked) props.onLocked?.(category);
                }}
                data-testid={`category-result-${category.id}`}
              >
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500} c={choosable ? undefined : 'dimmed'}>
                    {category.name}
                  </Text>
                  {category.locked && (
                    <IconLock size={14} color="var(--mantine-color-orange-9)" aria-label={t('catalog.locked')} />
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {category.path.join(' › ')}
                </Text>
              </UnstyledButton>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
