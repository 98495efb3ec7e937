import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { moveColumn, toggleColumn } from './gridState';

interface ColumnChooserProps {
  all: readonly { field: string; header: string }[];
  visible: string[];
  onChange: (columns: string[]) => void;
  onReset: () => void;
}

/** Visible columns are ticked and listed in their chosen order first; hidden ones follow. */
export function ColumnChooser({ all, visible, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  const byField = new Map(all.map((c) => [c.field, c]));
  const ordered = [...visible, ...all.map((c) => c.field).filter((f) => !visible.includes(f))];
  const allFields = all.map((c) => c.field);
  return (
    <Popover position="bottom-end" shadow="md" width={300} withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} data-testid="grid-columns">
          {t('grid.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text size="xs" c="dimmed" mb={4}>
            {t('grid.columnsHint')}
          </Text>
          {ordered.map((field) => {
            const shown = visible.includes(field);
            const index = visible.indexOf(field);
            return (
              <Group key={field} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  size="sm"
                  label={t(byField.get(field)?.header ?? field)}
                  checked={shown}
                  disabled={shown && visible.length === 1}
                  onChange={() => onChange(toggleColumn(visible, field, allFields))}
                />
                {shown && (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={index === 0}
                      aria-label={t('grid.moveUp')}
                      onClick={() => onChange(moveColumn(visible, field, -1))}
                    >
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={index === visible.length - 1}
                      aria-label={t('grid.moveDown')}
                      onClick={() => onChange(moveColumn(visible, field, 1))}
                    >
                      <IconArrowDown size={14} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            );
          })}
          <Button variant="subtle" size="xs" mt="xs" onClick={onReset}>
            {t('grid.resetColumns')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
