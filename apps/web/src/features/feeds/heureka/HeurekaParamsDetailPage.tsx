import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconChevronDown, IconChevronUp, IconUnlink, IconWand } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { HeurekaParamValues } from './HeurekaParamValues';
import { parameterChoices } from './paramPairingView';
import {
  HeurekaParamCategoryQuery,
  HeurekaParamPairMutation,
  HeurekaParamRecommendationsQuery,
  type HeurekaParamRow,
  HeurekaParamsAutoPairMutation,
  HeurekaParamsQuery,
  HeurekaParamUnpairMutation,
  type MarketplaceParameter,
  PARAM_PAIRING_KEYS,
} from './paramPairingOperations';

const SEPARATOR = ' › ';

/** One PARAM name: the marketplace parameter it is paired with (recommended ones first), then its values. */
function ParamCard({ row, parameters }: { row: HeurekaParamRow; parameters: MarketplaceParameter[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [showValues, setShowValues] = useState(false);
  const recommendations = useQuery({
    queryKey: PARAM_PAIRING_KEYS.recommendations(row.id),
    queryFn: ({ signal }) =>
      api
        .request(HeurekaParamRecommendationsQuery, { id: row.id }, { signal })
        .then((r) => r.heurekaParamRecommendations),
    enabled: opened,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PARAM_PAIRING_KEYS.all });
  const pair = useMutation({
    mutationFn: (parameterCode: string) => api.request(HeurekaParamPairMutation, { id: row.id, parameterCode }),
    onSuccess: () => {
      flash.success(t('feeds.heureka.params.paired'));
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const unpair = useMutation({
    mutationFn: () => api.request(HeurekaParamUnpairMutation, { id: row.id }),
    onSuccess: () => {
      flash.success(t('feeds.heureka.params.unpaired'));
      setShowValues(false);
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const ranked = recommendations.data ?? parameters.map((parameter) => ({ parameter, score: 0 }));
  const parameter = row.parameter;
  const data = parameterChoices(ranked, parameter, {
    recommended: t('feeds.heureka.params.recommended'),
    others: t('feeds.heureka.params.others'),
    percent: (score) => `${format.number(Math.round(score * 100))} %`,
  });
  return (
    <Card withBorder padding="md" data-testid="heureka-param">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Title>
            <Text size="xs" c="dimmed">
              {t('feeds.heureka.params.counts', {
                items: format.number(row.itemCount),
                values: format.number(row.valueCount),
              })}
            </Text>
          </Stack>
          <Group gap={6} wrap="wrap">
            {row.variantGroups > 0 && (
              <Tooltip label={t('feeds.heureka.params.variesHelp')} multiline w={280}>
                <Badge color="violet" variant="light">
                  {t('feeds.heureka.params.varies', { count: row.variantGroups })}
                </Badge>
              </Tooltip>
            )}
            {parameter ? (
              <Badge color="green" variant="light">
                {row.pairedBy === 'AUTO'
                  ? t('feeds.heureka.params.state.auto')
                  : t('feeds.heureka.params.state.person')}
              </Badge>
            ) : (
              <Badge color="orange" variant="light">
                {row.pairedBy === 'PERSON'
                  ? t('feeds.heureka.params.state.unpairedByPerson')
                  : t('feeds.heureka.params.state.unpaired')}
              </Badge>
            )}
            {parameter?.mandatoryForListing && (
              <Badge color="blue" variant="outline">
                {t('feeds.heureka.params.mandatory')}
              </Badge>
            )}
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Select
            label={t('feeds.heureka.params.parameter')}
            aria-label={t('feeds.heureka.params.chooseFor', { name: row.name })}
            placeholder={t('feeds.heureka.params.choose')}
            data={data}
            value={parameter?.code ?? null}
            searchable
            onDropdownOpen={() => setOpened(true)}
            onChange={(value) => {
              if (value && value !== parameter?.code) pair.mutate(value);
            }}
            nothingFoundMessage={t('feeds.heureka.params.nothing')}
            disabled={pair.isPending}
            comboboxProps={{ width: 'target', position: 'bottom-start' }}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="heureka-param-select"
          />
          {parameter && (
            <Tooltip label={t('feeds.heureka.params.unpair')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('feeds.heureka.params.unpairFor', { name: row.name })}
                loading={unpair.isPending}
                onClick={() => unpair.mutate()}
              >
                <IconUnlink size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {parameter && row.variantGroups > 0 && !parameter.variant && (
          <Text size="sm" c="orange">
            {t('feeds.heureka.params.notVariant')}
          </Text>
        )}
        {parameter ? (
          <>
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={
                  showValues ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
                }
                onClick={() => setShowValues((v) => !v)}
                aria-expanded={showValues}
                data-testid="heureka-param-values-toggle"
              >
                {t('feeds.heureka.params.values.show', { count: row.valueCount })}
              </Button>
            </Group>
            {showValues && <HeurekaParamValues paramId={row.id} parameter={parameter} />}
          </>
        ) : (
          <Text size="xs" c="dimmed">
            {t('feeds.heureka.params.values.pairFirst')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `heureka-feed/params-values-pairing/{partnerCategoryId}`: the PARAM names of one feed category, each paired
 * with a parameter of its marketplace category, their values with the marketplace's values, and which names
 * make the variants of the feed's variant groups.
 */
export function HeurekaParamsDetailPage() {
  const { t } = useTranslation();
  useDocumentTitle('heurekaFeedParamsValuesPairing');
  const queryClient = useQueryClient();
  const { partnerCategoryId } = useParams({ strict: false }) as { partnerCategoryId: string };
  const category = useQuery({
    queryKey: PARAM_PAIRING_KEYS.category(partnerCategoryId),
    queryFn: ({ signal }) =>
      api.request(HeurekaParamCategoryQuery, { id: partnerCategoryId }, { signal }).then((r) => r.heurekaCategory),
  });
  const params = useQuery({
    queryKey: PARAM_PAIRING_KEYS.params(partnerCategoryId),
    queryFn: ({ signal }) => api.request(HeurekaParamsQuery, { heurekaCategoryId: partnerCategoryId }, { signal }),
  });
  const autoPair = useMutation({
    mutationFn: () =>
      api
        .request(HeurekaParamsAutoPairMutation, { heurekaCategoryId: partnerCategoryId })
        .then((r) => r.heurekaParamsAutoPair),
    onSuccess: (count) => {
      flash.success(t('feeds.heureka.params.autoPaired', { count }));
      void queryClient.invalidateQueries({ queryKey: PARAM_PAIRING_KEYS.all });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const rows = params.data?.heurekaParams ?? [];
  const parameters = params.data?.heurekaCategoryParameters ?? [];
  const pairedCodes = new Set(rows.flatMap((r) => (r.parameter ? [r.parameter.code] : [])));
  const missing = parameters.filter((p) => p.mandatoryForListing && !pairedCodes.has(p.code));

  return (
    <Stack gap="md" data-testid="heureka-params-detail">
      <Anchor renderRoot={(props) => <Link {...props} to="/heureka-feed/params-values-pairing" />} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('feeds.heureka.params.back')}
        </Group>
      </Anchor>
      {category.isError && <ErrorAlert error={category.error} />}
      {category.data && (
        <Card withBorder padding="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} maw={760}>
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {category.data.categoryText}
              </Title>
              <Text size="sm" c="dimmed">
                {category.data.categoryPath
                  ? t('feeds.heureka.params.marketplaceCategory', { path: category.data.categoryPath.join(SEPARATOR) })
                  : t('feeds.heureka.params.categoryUnpaired')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('feeds.heureka.params.detailIntro')}
              </Text>
            </Stack>
            <Button
              variant="default"
              leftSection={<IconWand size={16} aria-hidden />}
              loading={autoPair.isPending}
              disabled={!category.data.categoryId}
              onClick={() => autoPair.mutate()}
            >
              {t('feeds.heureka.params.autoPair')}
            </Button>
          </Group>
        </Card>
      )}
      {missing.length > 0 && (
        <Alert color="orange" data-testid="heureka-params-missing">
          {t('feeds.heureka.params.missingMandatory', { list: missing.map((p) => p.name).join(', ') })}
        </Alert>
      )}
      {params.isError && <ErrorAlert error={params.error} />}
      {params.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('feeds.heureka.params.empty')}
        </Text>
      )}
      {rows.map((row) => (
        <ParamCard key={row.id} row={row} parameters={parameters} />
      ))}
    </Stack>
  );
}
