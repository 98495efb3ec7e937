import { contractSchema, REGISTRATION_COUNTRIES } from '@pp/domain';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { UnsavedChangesGuard } from '../../../ui/UnsavedChanges';
import { useFormFields } from '../../../ui/useFormFields';
import {
  CompanyLookupQuery,
  type ContractData,
  ContractQuery,
  SaveContractMutation,
  SETTINGS_KEYS,
} from './settings/operations';
import { refreshOnboarding } from './settings/refresh';

const EMPTY = {
  company: '',
  companyId: '',
  vatId: '',
  state: '',
  street: '',
  city: '',
  zip: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  bankAccount: '',
  web: '',
};
type Values = typeof EMPTY;
type Field = keyof Values;

function valuesOf(contract: ContractData): Values {
  const { publicTitle: _title, ...rest } = contract;
  return { ...EMPTY, ...rest };
}

/** Onboarding step 1: the company details the contract is made out to, pre-filled from the company registry. */
export function CompanyStep() {
  const { t } = useTranslation();
  const contract = useQuery({
    queryKey: SETTINGS_KEYS.contract,
    queryFn: ({ signal }) => api.request(ContractQuery, {}, { signal }).then((r) => r.contract),
  });
  if (contract.isPending) return <Loader aria-label={t('common.loading')} />;
  if (contract.isError) return <ErrorAlert error={contract.error} />;
  return <CompanyForm contract={contract.data} />;
}

function CompanyForm({ contract }: { contract: ContractData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { values, setValues, errors, setErrors, set, formRef, dirty, markSaved, reset, validate } =
    useFormFields<Values>(valuesOf(contract));
  const [lookupNote, setLookupNote] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => reset(valuesOf(contract)), [contract, reset]);

  const countries = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([format.locale], { type: 'region' });
    } catch {
      names = null;
    }
    return REGISTRATION_COUNTRIES.map((code) => ({ value: code, label: names?.of(code) ?? code }));
  }, [format.locale]);

  const save = useMutation({
    mutationFn: (input: Values) => api.request(SaveContractMutation, { input }),
    onSuccess: (_, input) => {
      markSaved(input);
      flash.success(t('onboarding.company.saved'));
      void refreshOnboarding(queryClient);
    },
    onError: (error) => setErrors(fieldErrors(error, t) as Partial<Record<Field, string>>),
  });

  const lookup = useMutation({
    mutationFn: () => api.request(CompanyLookupQuery, { country: values.state, companyId: values.companyId.trim() }),
    onSuccess: ({ companyLookup: found }) => {
      if (!found) {
        setLookupNote({ ok: false, text: t('onboarding.company.lookupNotFound') });
        return;
      }
      setValues((v) => ({
        ...v,
        company: found.name,
        companyId: found.companyId,
        vatId: found.vatId,
        street: found.street,
        city: found.city,
        zip: found.zip,
        state: found.country || v.state,
      }));
      setErrors({});
      setLookupNote({ ok: true, text: t('onboarding.company.lookupFilled', { name: found.name }) });
    },
    onError: (error) => setLookupNote({ ok: false, text: errorMessage(error, t) }),
  });

  const startLookup = () => {
    setLookupNote(null);
    const missing: Partial<Record<Field, string>> = {};
    if (!values.state) missing.state = t('validation.required');
    if (!values.companyId.trim()) missing.companyId = t('validation.required');
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    lookup.mutate();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate(contractSchema, t)) save.mutate(values);
  };

  const field = (name: Field, props: { required?: boolean; type?: string; autoComplete?: string } = {}) => ({
    label: t(`onboarding.company.fields.${name}`),
    value: values[name],
    onChange: set(name),
    error: errors[name],
    required: props.required ?? true,
    type: props.type,
    autoComplete: props.autoComplete,
  });

  return (
    <div>
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="company-step-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="company-step-title">
              {t('onboarding.company.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('onboarding.company.intro')}
            </Text>
          </div>
          {contract.publicTitle && (
            <Text size="sm">
              {t('onboarding.company.publicTitle')}: <strong>{contract.publicTitle}</strong>{' '}
              <Text span c="dimmed" size="sm">
                ({t('onboarding.company.publicTitleFixed')})
              </Text>
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('onboarding.company.fields.state')}
              data={countries}
              value={values.state || null}
              onChange={(value) => {
                setValues((v) => ({ ...v, state: value ?? '' }));
                setErrors((e) => ({ ...e, state: undefined }));
              }}
              error={errors.state}
              required
              allowDeselect={false}
            />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput {...field('companyId')} style={{ flex: 1 }} data-testid="contract-company-id" />
              <Button
                variant="light"
                leftSection={<IconSearch size={16} aria-hidden />}
                onClick={startLookup}
                loading={lookup.isPending}
                mb={errors.companyId ? 22 : 0}
              >
                {t('onboarding.company.lookup')}
              </Button>
            </Group>
          </SimpleGrid>
          {lookupNote && (
            <Alert color={lookupNote.ok ? 'teal' : 'yellow'} role="status" data-testid="company-lookup-note">
              {lookupNote.text}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('company', { autoComplete: 'organization' })} />
            <TextInput {...field('vatId', { required: false })} />
            <TextInput {...field('street', { autoComplete: 'street-address' })} />
            <TextInput {...field('city', { autoComplete: 'address-level2' })} />
            <TextInput {...field('zip', { autoComplete: 'postal-code' })} />
            <TextInput {...field('web', { type: 'url', autoComplete: 'url' })} />
            <TextInput {...field('bankAccount')} />
          </SimpleGrid>
          <Title order={3} size="h4">
            {t('onboarding.company.person')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('firstName', { autoComplete: 'given-name' })} />
            <TextInput {...field('lastName', { autoComplete: 'family-name' })} />
            <TextInput {...field('email', { type: 'email', autoComplete: 'email' })} />
            <TextInput {...field('phone', { type: 'tel', autoComplete: 'tel' })} />
          </SimpleGrid>
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('onboarding.company.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </div>
  );
}
