import { HEUREKA_BOX_PARAM_MAX, HEUREKA_BOX_TYPES, heurekaOptionsSchema } from '@pp/domain';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { flash } from '../../../ui/flash';
import { UnsavedChangesGuard } from '../../../ui/UnsavedChanges';
import { HEUREKA_FEED_KEYS, HeurekaFeedOptionsUpdateMutation, type HeurekaOptionsData } from './operations';

interface Draft {
  /** The rate as text ('' = none), as the select holds it. */
  vat: string;
  boxType: string;
  boxParam: string;
  bigBoxValue: string;
  smallBoxValue: string;
  roundPrice: boolean;
  autoDescription: boolean;
}

const draftOf = (o: HeurekaOptionsData): Draft => ({
  vat: o.vat === null ? '' : String(o.vat),
  boxType: o.boxType ?? '',
  boxParam: o.boxParam,
  bigBoxValue: o.bigBoxValue,
  smallBoxValue: o.smallBoxValue,
  roundPrice: o.roundPrice,
  autoDescription: o.autoDescription,
});

const inputOf = (d: Draft) => ({
  vat: d.vat === '' ? null : Number(d.vat),
  boxType: d.boxType || null,
  boxParam: d.boxParam,
  bigBoxValue: d.bigBoxValue,
  smallBoxValue: d.smallBoxValue,
  roundPrice: d.roundPrice,
  autoDescription: d.autoDescription,
});

/** The partner's options that complete the Heureka feed's items: default VAT, box, price rounding, description. */
export function HeurekaOptionsForm({ options, vatRates }: { options: HeurekaOptionsData; vatRates: number[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const saved = draftOf(options);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [touched, setTouched] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const judge = (next: Draft) => {
    const parsed = heurekaOptionsSchema.safeParse(inputOf(next));
    return parsed.success ? {} : issueErrors<keyof Draft>(parsed.error.issues, t, { 0: HEUREKA_BOX_PARAM_MAX });
  };
  const change = (next: Draft) => {
    setDraft(next);
    if (touched) setErrors(judge(next));
  };
  const save = useMutation({
    mutationFn: () => api.request(HeurekaFeedOptionsUpdateMutation, { data: inputOf(draft) }),
    onSuccess: (r) => {
      setDraft(draftOf(r.heurekaFeedOptionsUpdate));
      setTouched(false);
      flash.success(t('feeds.heureka.options.saved'));
      void queryClient.invalidateQueries({ queryKey: HEUREKA_FEED_KEYS.settings });
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const found = judge(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  const text = (field: 'boxParam' | 'bigBoxValue' | 'smallBoxValue') => ({
    label: t(`feeds.heureka.options.${field}`),
    value: draft[field],
    error: errors[field],
    maxLength: HEUREKA_BOX_PARAM_MAX,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => change({ ...draft, [field]: e.currentTarget.value }),
    'data-testid': `heureka-options-${field}`,
  });

  return (
    <Card withBorder padding="lg" data-testid="heureka-options">
      <UnsavedChangesGuard dirty={dirty} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('feeds.heureka.options.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('feeds.heureka.options.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('feeds.heureka.options.vat')}
              description={t('feeds.heureka.options.vatHint')}
              allowDeselect={false}
              data={[
                { value: '', label: t('feeds.heureka.options.none') },
                ...vatRates.map((rate) => ({ value: String(rate), label: `${format.number(rate)} %` })),
              ]}
              value={draft.vat}
              error={errors.vat}
              onChange={(value) => change({ ...draft, vat: value ?? '' })}
              data-testid="heureka-options-vat"
            />
            <Select
              label={t('feeds.heureka.options.boxType')}
              description={t('feeds.heureka.options.boxTypeHint')}
              allowDeselect={false}
              data={[
                { value: '', label: t('feeds.heureka.options.none') },
                ...HEUREKA_BOX_TYPES.map((box) => ({ value: box, label: t(`feeds.heureka.options.boxTypes.${box}`) })),
              ]}
              value={draft.boxType}
              error={errors.boxType}
              onChange={(value) => change({ ...draft, boxType: value ?? '' })}
              data-testid="heureka-options-boxType"
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('feeds.heureka.options.boxParamHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput {...text('boxParam')} />
            <TextInput {...text('bigBoxValue')} />
            <TextInput {...text('smallBoxValue')} />
          </SimpleGrid>
          <Switch
            label={t('feeds.heureka.options.roundPrice')}
            description={t('feeds.heureka.options.roundPriceHint')}
            checked={draft.roundPrice}
            onChange={(e) => change({ ...draft, roundPrice: e.currentTarget.checked })}
            data-testid="heureka-options-roundPrice"
          />
          <Switch
            label={t('feeds.heureka.options.autoDescription')}
            description={t('feeds.heureka.options.autoDescriptionHint')}
            checked={draft.autoDescription}
            onChange={(e) => change({ ...draft, autoDescription: e.currentTarget.checked })}
            data-testid="heureka-options-autoDescription"
          />
          {save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="heureka-options-save">
              {t('feeds.mall.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
