import {
  ANNUAL_TURNOVER_RANGES,
  DIVISIONS,
  isValidCompanyId,
  LANGUAGES,
  MARKETS,
  OFFERED_COUNT_RANGES,
  PROVIDER_TYPES,
  REGISTRATION_COUNTRIES,
  registrationBasicSchema,
  registrationMarkets,
  registrationSchema,
  SALES_COUNT_RANGES,
  type ShopId,
} from '@pp/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, fieldErrors } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import { focusFirstInvalid } from '../../ui/useFormFields';
import {
  BASIC_FIELDS,
  clearDraft,
  type DraftField,
  emptyDraft,
  loadDraft,
  type RegistrationDraft,
  SENT_TO_KEY,
  saveDraft,
} from './draft';
import { issueMessages } from './fieldErrors';
import { CompanyLookupQuery, RegisterMutation, RegistrationAvailabilityQuery } from './operations';

type Errors = Partial<Record<DraftField, string>>;

/** registration: step 1 the shop and its person, step 2 the company; checked here and again on the server. */
export function RegistrationPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle('registration');
  const navigate = useNavigate();
  const flags = useFeatureFlags();
  const [draft, setDraft] = useState<RegistrationDraft>(() => loadDraft(emptyDraft(i18n.language, flags)));
  const [errors, setErrorState] = useState<Errors>({});
  const [step, setStep] = useState(0);
  const narrow = useMediaQuery('(max-width: 36em)');
  const [lookupNote, setLookupNote] = useState<'found' | 'notFound' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => saveDraft(draft), [draft]);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);

  const setErrors = (next: Errors) => {
    setErrorState(next);
    if (Object.values(next).some(Boolean)) setFocusRequest((n) => n + 1);
  };
  const update = <K extends DraftField>(field: K, value: RegistrationDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrorState((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const text = (field: DraftField) => ({
    name: field,
    value: draft[field] as string,
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => update(field, event.currentTarget.value),
  });

  const croatia = flags.croatiaEnabled;
  const options = useMemo(
    () => ({
      markets: registrationMarkets({ croatiaEnabled: croatia }).map((id) => ({ value: id, label: t(`markets.${id}`) })),
      languages: LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) })),
      providers: PROVIDER_TYPES.map((p) => ({ value: p, label: t(`registration.providers.${p}`) })),
      countries: REGISTRATION_COUNTRIES.map((c) => ({ value: c, label: t(`registration.countries.${c}`) })),
      turnover: ANNUAL_TURNOVER_RANGES.map((r) => ({ value: r, label: t(`registration.ranges.turnover.${r}`) })),
      sales: SALES_COUNT_RANGES.map((r) => ({ value: r, label: t(`registration.ranges.sales.${r}`) })),
      offered: OFFERED_COUNT_RANGES.map((r) => ({ value: r, label: t(`registration.ranges.offered.${r}`) })),
      divisions: DIVISIONS.map((d) => ({ value: d, label: t(`registration.divisions.${d}`) })),
    }),
    [t, croatia],
  );
  const currency = draft.shopId && draft.shopId in MARKETS ? MARKETS[draft.shopId as ShopId].currency : '';

  /** On blur: is the value still free? Only a value that passes its own rule is asked about. */
  const checkAvailability = async (field: 'email' | 'shopName' | 'company') => {
    const value = (draft[field] as string).trim();
    if (!value || errors[field]) return;
    const partial = registrationSchema.safeParse(draft);
    if (!partial.success && partial.error.issues.some((i) => i.path[0] === field)) return;
    try {
      const vars =
        field === 'email'
          ? { email: value }
          : field === 'shopName'
            ? { shopId: draft.shopId, publicTitle: value }
            : { shopId: draft.shopId, companyName: value };
      const { registrationAvailability: free } = await api.request(RegistrationAvailabilityQuery, vars, {
        anonymous: true,
      });
      const taken =
        field === 'email'
          ? free.email === false && 'uniqueAccountEmail'
          : field === 'shopName'
            ? free.publicTitle === false && 'uniquePublicTitle'
            : free.companyName === false && 'uniqueCompanyName';
      if (taken) setErrorState((e) => ({ ...e, [field]: t(`validation.${taken}`) }));
    } catch {
      // The check only helps: the server checks again on submit.
    }
  };

  const lookup = useMutation({
    mutationFn: () =>
      api
        .request(CompanyLookupQuery, { country: draft.country, companyId: draft.companyId.trim() }, { anonymous: true })
        .then((r) => r.companyLookup),
    onSuccess: (found) => {
      setLookupNote(found ? 'found' : 'notFound');
      if (!found) return;
      setDraft((d) => ({
        ...d,
        company: found.name,
        vatId: found.vatId || d.vatId,
        street: found.street,
        city: found.city,
        zip: found.zip,
      }));
      setErrorState((e) => ({
        ...e,
        company: undefined,
        vatId: undefined,
        street: undefined,
        city: undefined,
        zip: undefined,
      }));
    },
  });
  const startLookup = () => {
    setLookupNote(null);
    if (!draft.country) return setErrors({ country: t('validation.required') });
    if (!isValidCompanyId(draft.country, draft.companyId)) return setErrors({ companyId: t('validation.companyId') });
    lookup.mutate();
  };

  const register = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api.request(RegisterMutation, { input: input as never }, { anonymous: true }),
    onSuccess: () => {
      clearDraft();
      try {
        window.sessionStorage.setItem(SENT_TO_KEY, draft.email.trim());
      } catch {
        // The thank-you page then speaks of "your e-mail".
      }
      void navigate({ to: '/registration-submit' });
    },
    onError: (error) => {
      const fields = fieldErrors(error, t) as Errors;
      setErrors(fields);
      if (Object.keys(fields).some((f) => BASIC_FIELDS.includes(f as DraftField))) setStep(0);
    },
  });

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) {
      const parsed = registrationBasicSchema.safeParse(draft);
      const found = parsed.success ? {} : issueMessages<DraftField>(parsed.error.issues, t);
      // A value the server already said is taken keeps its message.
      const kept = Object.fromEntries(BASIC_FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]]));
      const all = { ...kept, ...found };
      if (Object.keys(all).length > 0) return setErrors(all);
      setErrorState({});
      setStep(1);
      return;
    }
    const parsed = registrationSchema.safeParse(draft);
    if (!parsed.success) {
      const found = issueMessages<DraftField>(parsed.error.issues, t);
      setErrors(found);
      if (Object.keys(found).some((f) => BASIC_FIELDS.includes(f as DraftField))) setStep(0);
      return;
    }
    register.mutate(parsed.data);
  };

  if (!flags.registrationEnabled) {
    return (
      <Box maw={640} mx="auto">
        <Alert color="yellow" variant="light" data-testid="registration-disabled">
          <Stack gap="xs">
            <Text size="sm">{t('errors.REGISTRATION_DISABLED')}</Text>
            <Anchor component={Link} to="/login" size="sm">
              {t('registration.backToLogin')}
            </Anchor>
          </Stack>
        </Alert>
      </Box>
    );
  }

  const serverError = register.isError && !(register.error instanceof ApiError && register.error.fields.length > 0);

  return (
    <Box maw={880} mx="auto">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 36 }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={26}>
              {t('registration.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('registration.subtitle')}
            </Text>
          </Stack>

          <Stepper
            active={step}
            onStepClick={(s) => s < step && setStep(s)}
            size="sm"
            orientation={narrow ? 'vertical' : 'horizontal'}
          >
            <Stepper.Step label={t('registration.steps.basic')} description={t('registration.steps.basicHint')} />
            <Stepper.Step label={t('registration.steps.company')} description={t('registration.steps.companyHint')} />
          </Stepper>

          {serverError && <ErrorAlert error={register.error} />}

          <form ref={formRef} onSubmit={next} noValidate data-testid={`registration-step-${step + 1}`}>
            {step === 0 ? (
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t('registration.fields.shopId')}
                    name="shopId"
                    data={options.markets}
                    value={draft.shopId || null}
                    onChange={(v) => update('shopId', v ?? '')}
                    error={errors.shopId}
                    allowDeselect={false}
                    withAsterisk
                  />
                  <TextInput
                    label={t('registration.fields.shopName')}
                    description={t('registration.fields.shopNameHint')}
                    {...text('shopName')}
                    onBlur={() => void checkAvailability('shopName')}
                    maxLength={50}
                    withAsterisk
                  />
                </SimpleGrid>
                <TextInput label={t('registration.fields.web')} type="url" {...text('web')} withAsterisk />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('registration.fields.firstName')}
                    autoComplete="given-name"
                    {...text('firstName')}
                    withAsterisk
                  />
                  <TextInput
                    label={t('registration.fields.lastName')}
                    autoComplete="family-name"
                    {...text('lastName')}
                    withAsterisk
                  />
                  <TextInput
                    label={t('registration.fields.email')}
                    type="email"
                    autoComplete="email"
                    {...text('email')}
                    onBlur={() => void checkAvailability('email')}
                    withAsterisk
                  />
                  <TextInput
                    label={t('registration.fields.phone')}
                    type="tel"
                    autoComplete="tel"
                    {...text('phone')}
                    withAsterisk
                  />
                  <Select
                    label={t('registration.fields.provider')}
                    description={t('registration.fields.providerHint')}
                    name="provider"
                    data={options.providers}
                    value={draft.provider || null}
                    onChange={(v) => update('provider', v ?? '')}
                    error={errors.provider}
                    withAsterisk
                  />
                  <Select
                    label={t('registration.fields.language')}
                    description={t('registration.fields.languageHint')}
                    name="language"
                    data={options.languages}
                    value={draft.language || null}
                    onChange={(v) => update('language', v ?? '')}
                    error={errors.language}
                    allowDeselect={false}
                    withAsterisk
                  />
                </SimpleGrid>
                <Group justify="space-between" mt="sm">
                  <Anchor component={Link} to="/login" size="sm">
                    {t('registration.haveAccount')}
                  </Anchor>
                  <Button type="submit" rightSection={<IconArrowRight size={18} />}>
                    {t('registration.continue')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t('registration.fields.country')}
                    name="country"
                    data={options.countries}
                    value={draft.country || null}
                    onChange={(v) => {
                      update('country', v ?? '');
                      // Most shops sell at home first: an empty target list starts with the seat country.
                      if (v && draft.countries.length === 0) update('countries', [v]);
                    }}
                    error={errors.country}
                    allowDeselect={false}
                    withAsterisk
                  />
                  <Group align="flex-start" gap="xs" wrap="nowrap">
                    <TextInput
                      label={t('registration.fields.companyId')}
                      {...text('companyId')}
                      style={{ flex: 1 }}
                      withAsterisk
                    />
                    <Button
                      variant="light"
                      mt={25}
                      onClick={startLookup}
                      loading={lookup.isPending}
                      leftSection={<IconSearch size={16} />}
                      data-testid="company-lookup"
                    >
                      {t('registration.lookup')}
                    </Button>
                  </Group>
                </SimpleGrid>
                {lookup.isError && <ErrorAlert error={lookup.error} />}
                {lookupNote && (
                  <Text size="sm" c={lookupNote === 'found' ? 'green.8' : 'dimmed'} data-testid="company-lookup-note">
                    {t(`registration.lookupNote.${lookupNote}`)}
                  </Text>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('registration.fields.company')}
                    autoComplete="organization"
                    {...text('company')}
                    onBlur={() => void checkAvailability('company')}
                    withAsterisk
                  />
                  <TextInput
                    label={t('registration.fields.vatId')}
                    description={t('registration.fields.vatIdHint')}
                    {...text('vatId')}
                  />
                  <TextInput
                    label={t('registration.fields.street')}
                    autoComplete="street-address"
                    {...text('street')}
                    withAsterisk
                  />
                  <SimpleGrid cols={2} spacing="xs">
                    <TextInput
                      label={t('registration.fields.city')}
                      autoComplete="address-level2"
                      {...text('city')}
                      withAsterisk
                    />
                    <TextInput
                      label={t('registration.fields.zip')}
                      autoComplete="postal-code"
                      {...text('zip')}
                      withAsterisk
                    />
                  </SimpleGrid>
                  <TextInput label={t('registration.fields.bankAccount')} {...text('bankAccount')} />
                  <Select
                    label={t('registration.fields.annualTurnover', { currency })}
                    name="annualTurnover"
                    data={options.turnover}
                    value={draft.annualTurnover || null}
                    onChange={(v) => update('annualTurnover', v ?? '')}
                    error={errors.annualTurnover}
                    withAsterisk
                  />
                  <Select
                    label={t('registration.fields.salesCount')}
                    name="salesCount"
                    data={options.sales}
                    value={draft.salesCount || null}
                    onChange={(v) => update('salesCount', v ?? '')}
                    error={errors.salesCount}
                    withAsterisk
                  />
                  <Select
                    label={t('registration.fields.offeredCount')}
                    name="offeredCount"
                    data={options.offered}
                    value={draft.offeredCount || null}
                    onChange={(v) => update('offeredCount', v ?? '')}
                    error={errors.offeredCount}
                    withAsterisk
                  />
                </SimpleGrid>
                <MultiSelect
                  label={t('registration.fields.divisions')}
                  name="divisions"
                  data={options.divisions}
                  value={draft.divisions}
                  onChange={(v) => update('divisions', v)}
                  error={errors.divisions}
                  searchable
                  withAsterisk
                />
                <Textarea
                  label={t('registration.fields.otherDivisions')}
                  {...text('otherDivisions')}
                  autosize
                  minRows={2}
                  maxLength={500}
                />
                <MultiSelect
                  label={t('registration.fields.countries')}
                  name="countries"
                  data={options.countries}
                  value={draft.countries}
                  onChange={(v) => update('countries', v)}
                  error={errors.countries}
                  searchable
                  withAsterisk
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t('registration.fields.productFeed')} type="url" {...text('productFeed')} />
                  <TextInput
                    label={t('registration.fields.availabilityFeed')}
                    type="url"
                    {...text('availabilityFeed')}
                  />
                </SimpleGrid>
                <Checkbox
                  label={t('registration.fields.hasCarrier')}
                  name="hasCarrier"
                  checked={draft.hasCarrier}
                  onChange={(e) => update('hasCarrier', e.currentTarget.checked)}
                />
                <Checkbox
                  label={t('registration.fields.consent')}
                  name="consent"
                  checked={draft.consent}
                  onChange={(e) => update('consent', e.currentTarget.checked)}
                  error={errors.consent}
                />
                <Group justify="space-between" mt="sm">
                  <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => setStep(0)}>
                    {t('registration.back')}
                  </Button>
                  <Button type="submit" loading={register.isPending}>
                    {t('registration.submit')}
                  </Button>
                </Group>
              </Stack>
            )}
          </form>
        </Stack>
      </Paper>
    </Box>
  );
}
