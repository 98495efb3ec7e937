import { contractSchema, formatIban, isValidIban, REGISTRATION_COUNTRIES } from '@pp/domain';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { flash } from '../../../ui/flash';
import { useUnsavedChanges } from '../../../ui/UnsavedChanges';
import { useFormFields } from '../../../ui/useFormFields';
import { type ContractData, SaveContractMutation, SETTINGS_KEYS } from '../../onboarding/steps/settings/operations';
import { Fact, InfoSection } from './InfoSection';
import { INFO_KEYS } from './operations';

const COMPANY_FIELDS = ['company', 'companyId', 'vatId', 'street', 'city', 'zip', 'web', 'bankAccount'] as const;
const PERSON_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
type Field = (typeof COMPANY_FIELDS)[number] | (typeof PERSON_FIELDS)[number] | 'state';
type Values = Record<Field, string>;

function valuesOf(contract: ContractData): Values {
  const { publicTitle: _title, updated: _updated, ...rest } = contract as ContractData & { updated?: unknown };
  return rest as Values;
}

function useCountryNames() {
  const format = useFormat();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([format.locale], { type: 'region' });
    } catch {
      names = null;
    }
    return (code: string) => names?.of(code) ?? code;
  }, [format.locale]);
}

/** The contract's company details (shared with onboarding step 1): shown, and edited in place. */
export function ContractSection({ contract, canUpdate }: { contract: ContractData; canUpdate: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const countryName = useCountryNames();
  const label = (field: Field) => t(`onboarding.company.fields.${field}`);
  const shown = (field: Field) => {
    const value = contract[field];
    if (!value) return t('partner.info.contract.empty');
    if (field === 'state') return countryName(value);
    if (field === 'bankAccount' && isValidIban(value)) return formatIban(value);
    return value;
  };
  return (
    <InfoSection
      id="contract"
      title={t('partner.info.contract.title')}
      intro={t('partner.info.contract.intro')}
      actions={
        canUpdate && !editing ? (
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {t('partner.info.contract.edit')}
          </Button>
        ) : undefined
      }
    >
      {editing ? (
        <ContractForm contract={contract} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="sm">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
            {(['company', 'companyId', 'vatId', 'state', 'street', 'city', 'zip', 'web'] as const).map((f) => (
              <Fact key={f} label={label(f)} value={shown(f)} />
            ))}
            <Fact label={label('bankAccount')} value={shown('bankAccount')} testId="contract-bank-account" />
          </SimpleGrid>
          <Title order={3} size="h5">
            {t('partner.info.contract.person')}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm" m={0}>
            {PERSON_FIELDS.map((f) => (
              <Fact key={f} label={label(f)} value={shown(f)} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </InfoSection>
  );
}

function ContractForm({ contract, onDone }: { contract: ContractData; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const countryName = useCountryNames();
  const initial = valuesOf(contract);
  if (isValidIban(initial.bankAccount)) initial.bankAccount = formatIban(initial.bankAccount);
  const { values, setValues, errors, setErrors, set, formRef, dirty, markSaved, validate } =
    useFormFields<Values>(initial);
  const save = useMutation({
    mutationFn: (input: Values) => api.request(SaveContractMutation, { input }),
    onSuccess: ({ saveContract }, input) => {
      markSaved(input);
      queryClient.setQueryData(SETTINGS_KEYS.contract, saveContract);
      void queryClient.invalidateQueries({ queryKey: INFO_KEYS.profile });
      flash.success(t('partner.info.contract.saved'));
      onDone();
    },
    onError: (error) => setErrors(fieldErrors(error, t) as Partial<Record<Field, string>>),
  });
  const unsaved = useUnsavedChanges(dirty && !save.isPending);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate(contractSchema, t)) save.mutate(values);
  };
  const field = (
    name: Field,
    props: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {},
  ) => ({
    label: t(`onboarding.company.fields.${name}`),
    value: values[name],
    onChange: set(name),
    error: errors[name],
    required: props.required ?? true,
    type: props.type,
    autoComplete: props.autoComplete,
    description: props.hint,
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('partner.info.contract.title')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('company', { autoComplete: 'organization' })} />
          <Select
            label={t('onboarding.company.fields.state')}
            data={REGISTRATION_COUNTRIES.map((code) => ({ value: code, label: countryName(code) }))}
            value={values.state || null}
            onChange={(value) => {
              setValues((v) => ({ ...v, state: value ?? '' }));
              setErrors((e) => ({ ...e, state: undefined }));
            }}
            error={errors.state}
            required
            allowDeselect={false}
          />
          <TextInput {...field('companyId')} />
          <TextInput {...field('vatId', { required: false })} />
          <TextInput {...field('street', { autoComplete: 'street-address' })} />
          <TextInput {...field('city', { autoComplete: 'address-level2' })} />
          <TextInput {...field('zip', { autoComplete: 'postal-code' })} />
          <TextInput {...field('web', { type: 'url', autoComplete: 'url' })} />
          <TextInput {...field('bankAccount', { hint: t('partner.info.contract.bankHint') })} />
        </SimpleGrid>
        <Title order={3} size="h5">
          {t('partner.info.contract.person')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('firstName', { autoComplete: 'given-name' })} />
          <TextInput {...field('lastName', { autoComplete: 'family-name' })} />
          <TextInput {...field('email', { type: 'email', autoComplete: 'email' })} />
          <TextInput {...field('phone', { type: 'tel', autoComplete: 'tel' })} />
        </SimpleGrid>
        {save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        {unsaved.prompt}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => unsaved.confirmDiscard(onDone)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('partner.info.contract.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
