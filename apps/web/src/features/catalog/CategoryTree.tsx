import { Box, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLock, IconPoint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { type CategoryNode, categoryTreeQuery } from './operations';

export interface CategoryTreeProps {
  selectedId: number | null;
  onSelect: (category: CategoryNode) => void;
  /** The picker lets a seller choose only where products may be listed: an unlocked leaf. */
  leavesOnly?: boolean;
  /** A locked category was chosen: the seller is told whom to contact instead. */
  onLocked?: (category: CategoryNode) => void;
}

/**
 * The shop's three-level tree, one level asked for at a time: a shop has hundreds of categories and a
 * seller opens a few branches, so children are loaded when their parent is opened.
 */
export function CategoryTree(props: CategoryTreeProps) {
  return <CategoryLevel parentId={null} depth={0} {...props} />;
}

function CategoryLevel({ parentId, depth, ...props }: CategoryTreeProps & { parentId: number | null; depth: number }) {
  const { t } = useTranslation();
  const level = useQuery(categoryTreeQuery(parentId));
  if (level.isPending) {
    return (
      <Group gap="xs" pl={depth * 20 + 8} py={4} aria-live="polite">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      </Group>
    );
  }
  if (level.isError) return <ErrorAlert error={level.error} />;
  if (!level.data.length && depth === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('catalog.tree.empty')}
      </Text>
    );
  }
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {level.data.map((category) => (
        <CategoryItem key={category.id} category={category} depth={depth} {...props} />
      ))}
    </Box>
  );
}

function CategoryItem({ category, depth, ...props }: CategoryTreeProps & { category: CategoryNode; depth: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const selected = props.selectedId === category.id;
  const choosable = !props.leavesOnly || (!category.hasChildren && !category.locked);
  const select = () => {
    if (category.hasChildren && props.leavesOnly) setOpen((o) => !o);
    else if (choosable) props.onSelect(category);
    else if (category.locked) props.onLocked?.(category);
  };

  return (
    <li>
      <Group
        gap={4}
        wrap="nowrap"
        pl={depth * 20}
        style={{ borderRadius: 4 }}
        bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      >
        {category.hasChildren ? (
          <UnstyledButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-label={t(open ? 'catalog.tree.collapse' : 'catalog.tree.expand', { name: category.name })}
            p={6}
            style={{ display: 'flex' }}
            data-testid={`category-toggle-${category.id}`}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </UnstyledButton>
        ) : (
          <Box p={6} style={{ display: 'flex' }} aria-hidden>
            <IconPoint size={16} color="var(--mantine-color-gray-5)" />
          </Box>
        )}
        <UnstyledButton
          onClick={select}
          aria-current={selected ? 'true' : undefined}
          aria-disabled={!choosable && !category.hasChildren ? true : undefined}
          title={category.locked ? t('errors.CATEGORY_LOCKED') : undefined}
          py={6}
          pr={8}
          style={{ flex: 1, minWidth: 0, cursor: choosable || category.hasChildren ? 'pointer' : 'not-allowed' }}
          data-testid={`category-${category.id}`}
        >
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={selected ? 600 : undefined} c={category.locked ? 'dimmed' : undefined} truncate>
              {category.name}
            </Text>
            {category.locked && (
              <Group gap={2} wrap="nowrap" c="orange.9" style={{ flexShrink: 0 }}>
                <IconLock size={14} aria-hidden />
                <Text size="xs" c="orange.9">
                  {t('catalog.locked')}
                </Text>
              </Group>
            )}
          </Group>
        </UnstyledButton>
      </Group>
      {open && <CategoryLevel parentId={category.id} depth={depth + 1} {...props} />}
    </li>
  );
}
