import { Alert, Button, Group, MultiSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CAMPAIGN_FROZEN_FIELDS,
  type CampaignFrozenField,
  type CampaignInput,
  campaignInputSchema,
  campaignTermsFrozen,
  PRODUCT_LABELS,
  SHOP_IDS,
} from '@pp/domain';
import { IconLock } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage } from '../../app/api/apiError';
import { flash } from '../../ui/flash';
import { schemaErrors } from '../../ui/formErrors';
import { focusFirstInvalid } from '../../ui/useFormFields';
import {
  type CockpitCampaign,
  CockpitCampaignCategoriesQuery,
  CockpitCreateCampaignMutation,
  CockpitUpdateCampaignMutation,
} from '../campaigns/operations';

/** What the form holds: numbers as typed (a decimal comma is fine), lists as chosen. */
export interface CampaignFormValues {
  name: string;
  description: string;
  labels: string[];
  minDiscount: string;
  minDiscountRrp: string;
  maxReduction: string;
  articleCountMin: string;
  articleCountMax: string;
  categories: string[];
  divisions: string[];
  shops: string[];
  from: string;
  to: string;
}

type Field = keyof CampaignFormValues;

export const EMPTY_CAMPAIGN: CampaignFormValues = {
  name: '',
  description: '',
  labels: [],
  minDiscount: '0',
  minDiscountRrp: '0',
  maxReduction: '',
  articleCountMin: '1',
  articleCountMax: '',
  categories: [],
  divisions: [],
  shops: [],
  from: '',
  to: '',
};

export function campaignFormValuesOf(c: CockpitCampaign): CampaignFormValues {
  return {
    name: c.name,
    description: c.description,
    labels: c.labels,
    minDiscount: String(c.minDiscount),
    minDiscountRrp: String(c.minDiscountRrp),
    maxReduction: c.maxReduction == null ? '' : String(c.maxReduction),
    articleCountMin: String(c.articleCountMin),
    articleCountMax: String(c.articleCountMax),
    categories: c.categories.map((x) => x.id),
    divisions: c.divisions.map((x) => x.id),
    shops: c.shops,
    from: c.dateFrom,
    to: c.dateTo,
  };
}

/** A typed number: '' is absent, a decimal comma reads as a point, anything else that is not a number is NaN. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The values as the domain's campaignInputSchema (and the server's CampaignInput) takes them. */
export function campaignFormInput(v: CampaignFormValues): Record<string, unknown> {
  return {
    name: v.name,
    description: v.description,
    labels: v.labels,
    minDiscount: numberOf(v.minDiscount) ?? 0,
    minDiscountRrp: numberOf(v.minDiscountRrp) ?? 0,
    maxReduction: numberOf(v.maxReduction) ?? null,
    articleCountMin: numberOf(v.articleCountMin),
    articleCountMax: numberOf(v.articleCountMax),
    categories: v.categories.map(Number),
    divisions: v.divisions.map(Number),
    shops: v.shops,
    from: v.from,
    to: v.to,
  };
}

const REQUIRED: readonly Field[] = ['name', 'articleCountMin', 'articleCountMax', 'from', 'to'];

/**
 * The client-side check before sending: the domain's schema (the server runs the same), with "required" for
 * an empty required field rather than the format rule. The parsed input, or the message of each field.
 */
export function checkCampaignForm(
  values: CampaignFormValues,
  t: TFunction,
): { input: CampaignInput; errors?: undefined } | { input?: undefined; errors: Partial<Record<Field, string>> } {
  const parsed = campaignInputSchema.safeParse(campaignFormInput(values));
  const errors: Partial<Record<Field, string>> = {};
  for (const field of REQUIRED) if (!String(values[field]).trim()) errors[field] = t('validation.required');
  if (parsed.success && Object.keys(errors).length === 0) return { input: parsed.data };
  const issues = parsed.success ? [] : parsed.error.issues;
  return { errors: { ...(schemaErrors<Field>(issues, t) as Partial<Record<Field, string>>), ...errors } };
}

/** Today on this computer's calendar, as the date fields write days. */
function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The campaign's frozen fields (CAMPAIGN_TERMS_FROZEN): shown read-only; the server decides in the end. */
export function frozenFieldsOf(campaign: CockpitCampaign | undefined, today = todayIso()): Set<CampaignFrozenField> {
  if (!campaign) return new Set();
  const status = campaign.status as 'DRAFT' | 'PUBLISHED' | 'CANCELLED';
  const frozen = campaignTermsFrozen({ status, from: campaign.dateFrom }, today, campaign.productsCount > 0);
  return new Set(frozen ? CAMPAIGN_FROZEN_FIELDS : []);
}

/** Category choices of the chosen shops: every division, or categories found by name. */
function useCategoryOptions(shops: string[], level: 1 | null, search: string) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['cockpitCampaignCategories', shops, level, search],
    queryFn: ({ signal }) =>
      api.request(CockpitCampaignCategoriesQuery, { shops, level, search: search || null }, { signal }),
    enabled: shops.length > 0 && (level === 1 || search.trim().length >= 2),
    placeholderData: keepPreviousData,
  });
  return (query.data?.cockpitCampaignCategories ?? []).map((c) => ({
    value: c.id,
    label: `${c.path.join(' › ')} (${t(`markets.${c.shopId}`, { defaultValue: c.shopId })})`,
  }));
}

/**
 * An operator's campaign, new or edited (one form for both). Checked with the domain's schema before it is
 * sent; the server's field rules come back on the same fields. Once the terms are frozen only the name,
 * description and labels can be changed.
 */
export function CampaignForm({
  campaign,
  onSaved,
  onCancel,
  shops = SHOP_IDS,
}: {
  campaign?: CockpitCampaign;
  onSaved: (saved: CockpitCampaign) => void;
  onCancel?: () => void;
  /** The markets on offer (Croatia only when its flag is on); a campaign's own shops stay shown. */
  shops?: readonly string[];
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CampaignFormValues>(() =>
    campaign ? campaignFormValuesOf(campaign) : EMPTY_CAMPAIGN,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [categorySearch, setCategorySearch] = useState('');
  const [search] = useDebouncedValue(categorySearch, 300);
  // Labels of chosen categories, so a choice keeps its name when the search moves on.
  const [chosenLabels, setChosenLabels] = useState<Record<string, string>>(() =>
    Object.fromEntries([...(campaign?.categories ?? []), ...(campaign?.divisions ?? [])].map((c) => [c.id, c.name])),
  );
  const frozen = frozenFieldsOf(campaign);
  const divisionOptions = useCategoryOptions(values.shops, 1, '');
  const categoryOptions = useCategoryOptions(values.shops, null, search);

  const set = <F extends Field>(field: F, value: CampaignFormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const text = (field: Field) => ({
    value: values[field] as string,
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value as never),
    error: errors[field],
    disabled: frozen.has(field as CampaignFrozenField),
  });
  const showErrors = (next: Partial<Record<Field, string>>) => {
    setErrors(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  const save = useMutation({
    mutationFn: async (input: CampaignInput) => {
      if (campaign) {
        return (await api.request(CockpitUpdateCampaignMutation, { id: campaign.id, input })).cockpitUpdateCampaign;
      }
      return (await api.request(CockpitCreateCampaignMutation, { input })).cockpitCreateCampaign;
    },
    onSuccess: (saved) => {
      flash.success(t(campaign ? 'cockpit.campaigns.saved' : 'cockpit.campaigns.created'));
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length) {
        // The server names list items ("categories.2"): the message goes on the list's field.
        const next: Partial<Record<Field, string>> = {};
        for (const f of error.fields) {
          const field = f.field.split('.')[0] as Field;
          next[field] ??= t(`validation.${f.rule}`, f.params ?? {});
        }
        showErrors(next);
        if (error.code !== 'VALIDATION_ERROR') flash.error(errorMessage(error, t));
      } else {
        flash.error(errorMessage(error, t));
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCampaignForm(values, t);
    if (checked.errors) return showErrors(checked.errors);
    save.mutate(checked.input);
  };

  const withChosen = (options: { value: string; label: string }[], chosen: string[]) => {
    const known = new Set(options.map((o) => o.value));
    return [
      ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: chosenLabels[id] ?? id })),
      ...options,
    ];
  };
  const remember = (options: { value: string; label: string }[], ids: string[]) =>
    setChosenLabels((l) => ({
      ...l,
      ...Object.fromEntries(options.filter((o) => ids.includes(o.value)).map((o) => [o.value, o.label])),
    }));

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={t('cockpit.campaigns.form.title')}>
      <Stack gap="md">
        {frozen.size > 0 && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="campaign-terms-frozen">
            {t('cockpit.campaigns.form.frozen')}
          </Alert>
        )}
        <TextInput label={t('cockpit.campaigns.form.name')} required {...text('name')} />
        <Textarea label={t('cockpit.campaigns.form.description')} rows={4} resize="vertical" {...text('description')} />
        <MultiSelect
          label={t('cockpit.campaigns.form.shops')}
          required
          data={[...new Set([...shops, ...values.shops])].map((s) => ({
            value: s,
            label: `${t(`markets.${s}`)} (${s})`,
          }))}
          value={values.shops}
          onChange={(shops) => set('shops', shops)}
          error={errors.shops}
          disabled={frozen.has('shops')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput type="date" label={t('cockpit.campaigns.form.from')} required {...text('from')} />
          <TextInput type="date" label={t('cockpit.campaigns.form.to')} required {...text('to')} />
          <TextInput
            label={t('cockpit.campaigns.form.minDiscount')}
            inputMode="decimal"
            rightSection="%"
            {...text('minDiscount')}
          />
          <TextInput
            label={t('cockpit.campaigns.form.minDiscountRrp')}
            inputMode="decimal"
            rightSection="%"
            {...text('minDiscountRrp')}
          />
          <TextInput
            label={t('cockpit.campaigns.form.articleCountMin')}
            inputMode="numeric"
            required
            {...text('articleCountMin')}
          />
          <TextInput
            label={t('cockpit.campaigns.form.articleCountMax')}
            inputMode="numeric"
            required
            {...text('articleCountMax')}
          />
          <TextInput
            label={t('cockpit.campaigns.form.maxReduction')}
            description={t('cockpit.campaigns.form.maxReductionHint')}
            inputMode="decimal"
            rightSection="%"
            {...text('maxReduction')}
          />
          <MultiSelect
            label={t('cockpit.campaigns.form.labels')}
            data={PRODUCT_LABELS.map((l) => ({ value: l, label: t(`productLabels.${l}`) }))}
            value={values.labels}
            onChange={(labels) => set('labels', labels)}
            error={errors.labels}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('cockpit.campaigns.form.divisions')}
          description={t('cockpit.campaigns.form.divisionsHint')}
          data={withChosen(divisionOptions, values.divisions)}
          value={values.divisions}
          onChange={(ids) => {
            remember(divisionOptions, ids);
            set('divisions', ids);
          }}
          error={errors.divisions}
          disabled={frozen.has('divisions') || values.shops.length === 0}
          searchable
        />
        <MultiSelect
          label={t('cockpit.campaigns.form.categories')}
          description={t('cockpit.campaigns.form.categoriesHint')}
          data={withChosen(categoryOptions, values.categories)}
          value={values.categories}
          onChange={(ids) => {
            remember(categoryOptions, ids);
            set('categories', ids);
          }}
          searchable
          searchValue={categorySearch}
          onSearchChange={setCategorySearch}
          // The server finds the categories by the search; its answer is shown as it is.
          filter={({ options }) => options}
          error={errors.categories}
          disabled={frozen.has('categories') || values.shops.length === 0}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t(campaign ? 'cockpit.campaigns.form.save' : 'cockpit.campaigns.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
