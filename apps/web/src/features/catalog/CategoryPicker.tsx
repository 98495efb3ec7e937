import { Alert, Button, CloseButton, Group, Input, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconCategory, IconLock, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategorySearchResults } from './CategorySearchResults';
import { CategoryTree } from './CategoryTree';
import { type CategoryNode, categoryDetailQuery } from './operations';

export interface PickedCategory {
  id: number;
  name: string;
  path: string[];
}

export interface CategoryPickerProps {
  value: number | null;
  onChange: (id: number | null, category: PickedCategory | null) => void;
  error?: string;
}

/** At least this many characters before the catalogue is searched (fewer match half the tree). */
export const CATEGORY_SEARCH_MIN = 2;

/**
 * The product's category: the chosen path with a button that opens the tree and the keyword search.
 * Only an unlocked leaf can be chosen (products are listed in leaves; a locked one needs the specialists).
 */
export function CategoryPicker({ value, onChange, error }: CategoryPickerProps) {
  const { t } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  const [picked, setPicked] = useState<PickedCategory | null>(null);
  const labelId = useId();
  // A product opened for editing knows only the id: its path comes from the category itself.
  const known = picked?.id === value ? picked : null;
  const detail = useQuery({ ...categoryDetailQuery(value ?? 0), enabled: value != null && !known });
  const path = known?.path ?? detail.data?.path ?? null;

  const choose = (category: CategoryNode) => {
    const chosen = { id: category.id, name: category.name, path: category.path };
    setPicked(chosen);
    onChange(category.id, chosen);
    dialog.close();
  };

  return (
    <Input.Wrapper label={t('catalog.picker.label')} error={error} id={labelId} required>
      <Group gap="xs" wrap="nowrap" mt={4} data-testid="category-picker">
        <Text
          size="sm"
          flex={1}
          miw={0}
          c={value == null ? 'dimmed' : undefined}
          aria-live="polite"
          data-testid="category-picker-path"
        >
          {value == null ? t('catalog.picker.none') : path ? path.join(' › ') : `#${value}`}
        </Text>
        {value != null && (
          <CloseButton
            aria-label={t('catalog.picker.clear')}
            onClick={() => {
              setPicked(null);
              onChange(null, null);
            }}
          />
        )}
        <Button
          variant="default"
          leftSection={<IconCategory size={16} />}
          onClick={dialog.open}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${labelId}-error` : undefined}
          data-testid="category-picker-open"
        >
          {value == null ? t('catalog.picker.choose') : t('catalog.picker.change')}
        </Button>
      </Group>
      <CategoryPickerDialog opened={opened} onClose={dialog.close} selectedId={value} onPick={choose} />
    </Input.Wrapper>
  );
}

function CategoryPickerDialog(props: {
  opened: boolean;
  onClose: () => void;
  selectedId: number | null;
  onPick: (category: CategoryNode) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [locked, setLocked] = useState<CategoryNode | null>(null);
  const searching = debounced.length >= CATEGORY_SEARCH_MIN;

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('catalog.picker.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="category-picker-dialog">
        <TextInput
          leftSection={<IconSearch size={16} />}
          label={t('catalog.search.label')}
          placeholder={t('catalog.search.placeholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setLocked(null);
          }}
          data-autofocus
          data-testid="category-picker-search"
        />
        {locked && (
          <Alert color="orange" variant="light" icon={<IconLock size={18} />} role="alert" title={locked.name}>
            {t('errors.CATEGORY_LOCKED')}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('catalog.picker.help')}
        </Text>
        <ScrollArea.Autosize mah="60vh" type="auto">
          {searching ? (
            <CategorySearchResults
              query={debounced}
              selectedId={props.selectedId}
              leavesOnly
              onSelect={props.onPick}
              onLocked={setLocked}
            />
          ) : (
            <CategoryTree selectedId={props.selectedId} leavesOnly onSelect={props.onPick} onLocked={setLocked} />
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
