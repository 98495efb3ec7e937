import { Grid, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame';
import { CategoryDetailPanel } from './CategoryDetailPanel';
import { CATEGORY_SEARCH_MIN } from './CategoryPicker';
import { CategorySearchResults } from './CategorySearchResults';
import { CategoryTree } from './CategoryTree';
import type { CategoryNode } from './operations';

/** The category shown, from `?category=` so that a shortcut (a copied link) opens it. */
export function categoryFromSearch(search: Record<string, unknown>): number | null {
  const raw = search.category;
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return id && id > 0 ? id : null;
}

/** The marketplace's category catalogue: the tree, the keyword search and each category's rules. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectedId = categoryFromSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);

  const open = (category: CategoryNode) =>
    void navigate({ to: '/categories', search: { category: String(category.id) } as never });

  return (
    <PageFrame route="categories" description={t('catalog.page.description')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <TextInput
                leftSection={<IconSearch size={16} />}
                label={t('catalog.search.label')}
                placeholder={t('catalog.search.placeholder')}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                data-testid="category-search"
              />
              <nav aria-label={t('catalog.tree.label')}>
                {debounced.length >= CATEGORY_SEARCH_MIN ? (
                  <CategorySearchResults query={debounced} selectedId={selectedId} onSelect={open} />
                ) : (
                  <CategoryTree selectedId={selectedId} onSelect={open} />
                )}
              </nav>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selectedId ? (
            <CategoryDetailPanel id={selectedId} />
          ) : (
            <Paper withBorder p="xl" radius="md">
              <Text c="dimmed" ta="center">
                {t('catalog.detail.choose')}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}
