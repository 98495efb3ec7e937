import { ActionIcon, Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn, toggleColumn } from './gridState';

interface ColumnChooserProps {
  all: readonly { field: string; header: string }[];
  visible: string[];
  onChange: (columns: string[]) => void;
  onReset: () => void;
}

/**
 * Visible columns are ticked and listed in their chosen order first; hidden ones follow. The picker stays open
 * while a person ticks one column after another: it closes only by its button, Escape (wherever the focus is)
 * or a click outside. Its list scrolls inside it, so a tick never scrolls the page, and it does not hide itself
 * when its button leaves the screen (Mantine's `hideDetached`).
 */
export function ColumnChooser({ all, visible, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // Escape closes it wherever the focus is: Mantine listens only inside the dropdown, so after a click on the
  // button Escape left it open and the next click on the button closed it instead of opening it.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });
  const byField = new Map(all.map((c) => [c.field, c]));
  const ordered = [...visible, ...all.map((c) => c.field).filter((f) => !visible.includes(f))];
  const allFields = all.map((c) => c.field);
  return (
    <Popover
      position="bottom-end"
      shadow="md"
      width={300}
      withinPortal
      opened={opened}
      onChange={setOpened}
      hideDetached={false}
    >
      <Popover.Target>
        {/* A controlled popover's target does not toggle it by itself. */}
        <Button
          variant="default"
          leftSection={<IconColumns size={16} />}
          onClick={() => setOpened((open) => !open)}
          data-testid="grid-columns"
        >
          {t('grid.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="grid-columns-picker">
        <Text size="xs" c="dimmed" mb={8}>
          {t('grid.columnsHint')}
        </Text>
        {/* Short enough for the screen below the button on a laptop or a phone; the rest scrolls here. */}
        <ScrollArea.Autosize mah="min(30rem, calc(100dvh - 18rem))" type="auto" offsetScrollbars>
          <Stack gap={4}>
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
          </Stack>
        </ScrollArea.Autosize>
        <Button variant="subtle" size="xs" mt="xs" fullWidth onClick={onReset}>
          {t('grid.resetColumns')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
