import {
  ActionIcon,
  Badge,
  Button,
  Group,
  ScrollArea,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import {
  type HeurekaParamValueRow,
  HeurekaParamValueAutomaticMutation,
  HeurekaParamValuePairMutation,
  HeurekaParamValuesQuery,
  HeurekaParamValueUnpairMutation,
  type MarketplaceParameter,
  PARAM_PAIRING_KEYS,
} from './paramPairingOperations';

function ValueState({ row }: { row: HeurekaParamValueRow }) {
  const { t } = useTranslation();
  if (row.pairedBy === 'PERSON') {
    return row.mappedValue === null ? (
      <Badge color="gray" variant="light">
        {t('feeds.heureka.params.values.state.leftOut')}
      </Badge>
    ) : (
      <Badge color="green" variant="light">
        {t('feeds.heureka.params.values.state.person')}
      </Badge>
    );
  }
  return row.mappedValue === null ? (
    <Badge color="orange" variant="light">
      {t('feeds.heureka.params.values.state.none')}
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      {t('feeds.heureka.params.values.state.automatic')}
    </Badge>
  );
}

/** The marketplace value of one VAL: an option (ENUM, BOOLEAN) chosen from a list, a number or a text typed. */
function ValueEditor({
  row,
  parameter,
  onPair,
  pending,
}: {
  row: HeurekaParamValueRow;
  parameter: MarketplaceParameter;
  onPair: (value: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(row.mappedValue ?? '');
  const label = t('feeds.heureka.params.values.chooseFor', { value: row.value });
  if (parameter.class === 'ENUM' || parameter.class === 'BOOLEAN') {
    const data =
      parameter.class === 'BOOLEAN'
        ? [
            { value: 'true', label: t('feeds.heureka.params.values.yes') },
            { value: 'false', label: t('feeds.heureka.params.values.no') },
          ]
        : parameter.options.map((o) => ({
            value: o.value,
            label: o.text === o.value ? o.value : `${o.text} (${o.value})`,
          }));
    return (
      <Select
        aria-label={label}
        placeholder={t('feeds.heureka.params.values.choose')}
        data={data}
        value={row.mappedValue}
        searchable
        onChange={(value) => {
          if (value && value !== row.mappedValue) onPair(value);
        }}
        disabled={pending}
        miw={180}
        comboboxProps={{ width: 'target' }}
        data-testid="heureka-value-select"
      />
    );
  }
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (text.trim() !== '') onPair(text.trim());
      }}
    >
      <Group gap={4} wrap="nowrap">
        <TextInput
          aria-label={label}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rightSection={parameter.unit ? <Text size="xs">{parameter.unit}</Text> : undefined}
          miw={140}
          data-testid="heureka-value-input"
        />
        <Button type="submit" size="xs" variant="default" loading={pending} disabled={text.trim() === row.mappedValue}>
          {t('feeds.heureka.params.values.save')}
        </Button>
      </Group>
    </form>
  );
}

/** The values of one PARAM name and the marketplace value each becomes (the parameter must be paired). */
export function HeurekaParamValues({ paramId, parameter }: { paramId: string; parameter: MarketplaceParameter }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const values = useQuery({
    queryKey: PARAM_PAIRING_KEYS.values(paramId),
    queryFn: ({ signal }) =>
      api.request(HeurekaParamValuesQuery, { paramId }, { signal }).then((r) => r.heurekaParamValues),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PARAM_PAIRING_KEYS.values(paramId) });
  const decide = useMutation({
    mutationFn: async (input: { id: string; action: 'pair' | 'unpair' | 'automatic'; value?: string }) => {
      if (input.action === 'pair') {
        await api.request(HeurekaParamValuePairMutation, { id: input.id, value: input.value ?? '' });
      } else if (input.action === 'unpair') await api.request(HeurekaParamValueUnpairMutation, { id: input.id });
      else await api.request(HeurekaParamValueAutomaticMutation, { id: input.id });
    },
    onSuccess: () => {
      flash.success(t('feeds.heureka.params.values.saved'));
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  if (values.isError) return <ErrorAlert error={values.error} />;
  if (!values.data) return <Text size="sm">{t('common.loading')}</Text>;
  if (values.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('feeds.heureka.params.values.empty')}
      </Text>
    );
  }
  return (
    <ScrollArea type="auto" data-testid="heureka-param-values">
      <Table verticalSpacing="xs" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('feeds.heureka.params.values.columns.value')}</Table.Th>
            <Table.Th ta="right">{t('feeds.heureka.params.values.columns.itemCount')}</Table.Th>
            <Table.Th>{t('feeds.heureka.params.values.columns.mapped')}</Table.Th>
            <Table.Th>{t('feeds.heureka.params.values.columns.state')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('feeds.heureka.params.values.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {values.data.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.value}</Table.Td>
              <Table.Td ta="right">{format.number(row.itemCount)}</Table.Td>
              <Table.Td>
                <ValueEditor
                  key={`${row.id}:${row.mappedValue ?? ''}`}
                  row={row}
                  parameter={parameter}
                  pending={decide.isPending && decide.variables?.id === row.id}
                  onPair={(value) => decide.mutate({ id: row.id, action: 'pair', value })}
                />
              </Table.Td>
              <Table.Td>
                <ValueState row={row} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {!(row.pairedBy === 'PERSON' && row.mappedValue === null) && (
                    <Tooltip label={t('feeds.heureka.params.values.leaveOut')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('feeds.heureka.params.values.leaveOutFor', { value: row.value })}
                        onClick={() => decide.mutate({ id: row.id, action: 'unpair' })}
                      >
                        <IconEyeOff size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {row.pairedBy === 'PERSON' && (
                    <Tooltip label={t('feeds.heureka.params.values.automatic')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('feeds.heureka.params.values.automaticFor', { value: row.value })}
                        onClick={() => decide.mutate({ id: row.id, action: 'automatic' })}
                      >
                        <IconRefresh size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
