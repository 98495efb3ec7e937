import { ActionIcon, Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/i18n/format';
import type { PriceListNodeData } from './operations';

/** The three-level tree, divisions first; a division or category opens on click. `onEdit` adds an edit button per node (cockpit). */
export function PriceListTree({
  tree,
  onEdit,
}: {
  tree: PriceListNodeData[];
  onEdit?: (node: PriceListNodeData) => void;
}) {
  return (
    <Box data-testid="price-list-tree">
      {tree.map((node) => (
        <TreeRow key={node.id} node={node} onEdit={onEdit} />
      ))}
    </Box>
  );
}

/**
 * One node: its name, its commission (own or inherited) and brand exceptions; divisions and categories expand.
 * The button holds the name only: a button's content is its name for a screen reader, so the rate beside it
 * stays readable text, and the open state is the button's aria-expanded.
 */
function TreeRow({ node, onEdit }: { node: PriceListNodeData; onEdit?: (node: PriceListNodeData) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const percent = (value: number) => `${format.number(value)} %`;
  const children = node.children ?? [];
  const expandable = children.length > 0;
  const name = (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      {expandable ? (
        open ? (
          <IconChevronDown size={16} aria-hidden style={{ flexShrink: 0 }} />
        ) : (
          <IconChevronRight size={16} aria-hidden style={{ flexShrink: 0 }} />
        )
      ) : (
        <Box w={16} aria-hidden style={{ flexShrink: 0 }} />
      )}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={node.level === 1 ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
          {node.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`priceLists.level.${node.level}`)}
        </Text>
      </Stack>
    </Group>
  );
  return (
    <Box data-testid={`price-list-node-${node.id}`}>
      <Box
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        pl={(node.level - 1) * 16}
        data-testid="price-list-row"
      >
        <Group gap="xs" wrap="nowrap" py={6}>
          <Box style={{ flex: 1, minWidth: 0 }}>
            {expandable ? (
              <UnstyledButton
                w="100%"
                onClick={() => setOpen((v) => !v)}
                aria-expanded={open}
                title={t(open ? 'priceLists.collapse' : 'priceLists.expand', { name: node.name })}
              >
                {name}
              </UnstyledButton>
            ) : (
              name
            )}
          </Box>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="sm" fw={node.commission == null ? 400 : 700} data-testid="price-list-node-rate">
              {percent(node.effectiveCommission)}
            </Text>
            {node.commission == null && (
              <Text size="xs" c="dimmed">
                {t('priceLists.inherited')}
              </Text>
            )}
          </Stack>
          {onEdit && (
            <ActionIcon
              variant="subtle"
              onClick={() => onEdit(node)}
              aria-label={t('priceLists.cockpit.editNode', { name: node.name })}
              data-testid={`price-list-edit-${node.id}`}
            >
              <IconPencil size={16} />
            </ActionIcon>
          )}
        </Group>
        {node.brands.length > 0 && (
          <Group gap={4} pb={6} pl={22} aria-label={t('priceLists.brandExceptions')} role="group">
            <Text size="xs" c="dimmed">
              {t('priceLists.brandExceptions')}:
            </Text>
            {node.brands.map((b) => (
              <Badge key={b.brandId} variant="outline" size="sm" tt="none">
                {b.name} {percent(b.commission)}
              </Badge>
            ))}
          </Group>
        )}
      </Box>
      {open && (
        <Box>
          {children.map((child) => (
            <TreeRow key={child.id} node={child} onEdit={onEdit} />
          ))}
        </Box>
      )}
    </Box>
  );
}
