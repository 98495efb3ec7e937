import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUnlink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { flash } from '../../../ui/flash';
import {
  HEUREKA_FEED_KEYS,
  HeurekaCategoryPairMutation,
  type HeurekaCategoryRow,
  HeurekaCategoryRecommendationsQuery,
  HeurekaCategoryUnpairMutation,
} from './operations';

const SEPARATOR = ' › ';

/**
 * One feed category's pairing: a searchable choice of marketplace categories ranked by their similarity to the
 * feed's path (asked of the server as the dropdown opens and as the person types), choosing one pairs at once;
 * a paired row can be unpaired.
 */
export function CategoryPairingSelect({ row }: { row: HeurekaCategoryRow }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const recommendations = useQuery({
    queryKey: HEUREKA_FEED_KEYS.recommendations(row.id, debounced),
    queryFn: ({ signal }) =>
      api
        .request(HeurekaCategoryRecommendationsQuery, { id: row.id, search: debounced || null }, { signal })
        .then((r) => r.heurekaCategoryRecommendations),
    enabled: opened,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: HEUREKA_FEED_KEYS.all });
  const pair = useMutation({
    mutationFn: (categoryId: number) => api.request(HeurekaCategoryPairMutation, { id: row.id, categoryId }),
    onSuccess: () => {
      flash.success(t('feeds.heureka.pairing.paired'));
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const unpair = useMutation({
    mutationFn: () => api.request(HeurekaCategoryUnpairMutation, { id: row.id }),
    onSuccess: () => {
      flash.success(t('feeds.heureka.pairing.unpaired'));
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const current =
    row.categoryId !== null && row.categoryPath
      ? [{ value: String(row.categoryId), label: row.categoryPath.join(SEPARATOR) }]
      : [];
  const offered = (recommendations.data ?? [])
    .filter((r) => r.categoryId !== row.categoryId)
    .map((r) => ({
      value: String(r.categoryId),
      label: `${r.path.join(SEPARATOR)} (${format.number(Math.round(r.score * 100))} %)`,
      disabled: r.locked,
    }));
  return (
    <Group gap="xs" wrap="nowrap" miw={260}>
      <Select
        aria-label={t('feeds.heureka.pairing.chooseFor', { category: row.categoryText })}
        placeholder={t('feeds.heureka.pairing.choose')}
        data={[...current, ...offered]}
        value={row.categoryId === null ? null : String(row.categoryId)}
        searchable
        searchValue={opened ? search : undefined}
        onSearchChange={setSearch}
        // The server ranks and filters by the search; the list is shown as it answers.
        filter={({ options }) => options}
        onDropdownOpen={() => {
          setSearch('');
          setOpened(true);
        }}
        onDropdownClose={() => setOpened(false)}
        nothingFoundMessage={recommendations.isFetching ? t('common.loading') : t('feeds.heureka.pairing.nothing')}
        onChange={(value) => {
          if (value && Number(value) !== row.categoryId) pair.mutate(Number(value));
        }}
        disabled={pair.isPending}
        comboboxProps={{ width: 'target', position: 'bottom-start' }}
        style={{ flex: 1 }}
        data-testid="heureka-category-select"
      />
      {row.categoryId !== null && (
        <Tooltip label={t('feeds.heureka.pairing.unpair')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('feeds.heureka.pairing.unpair')}
            loading={unpair.isPending}
            onClick={() => unpair.mutate()}
            data-testid="heureka-category-unpair"
          >
            <IconUnlink size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
