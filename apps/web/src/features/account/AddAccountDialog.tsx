import { ACCOUNT_STARTING_RIGHTS, addAccountSchema, type Language, LANGUAGES } from '@pp/domain';
import { Alert, Modal, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../app/api/apiError';
import { flash } from '../../ui/flash';
import { FormActions } from '../../ui/FormActions';
import { useFormFields } from '../../ui/useFormFields';
import { ACCOUNT_KEYS, AddPartnerAccountMutation } from './operations';

type Field = 'email' | 'firstName' | 'lastName' | 'lang' | 'rights';

/**
 * Invites a person by e-mail. The answer is the same whoever is behind the address: an account the portal
 * knows joins once its owner accepts; an unknown address gets an invitation to choose a password. Names
 * and language are used for a new account only.
 */
export function AddAccountDialog({ onClose, language }: { onClose: () => void; language: Language }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { values, setValues, errors, setErrors, set, formRef } = useFormFields<Record<Field, string>>({
    email: '',
    firstName: '',
    lastName: '',
    lang: language,
    rights: 'read',
  });

  const add = useMutation({
    mutationFn: (input: Record<Field, string>) =>
      api.request(AddPartnerAccountMutation, {
        input: { ...input, rights: input.rights as (typeof ACCOUNT_STARTING_RIGHTS)[number] },
      }),
    onSuccess: ({ addPartnerAccount: result }) => {
      flash.success(t('account.accounts.invitedDone', { email: result.email }));
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.accounts });
      onClose();
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addAccountSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issueErrors<Field>(parsed.error.issues, t));
      return;
    }
    setErrors({});
    add.mutate(values);
  };

  const serverProblem = add.isError && Object.keys(fieldErrors(add.error, t)).length === 0;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={t('account.accounts.addTitle')}
      centered
      size="lg"
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('account.accounts.fields.email')}
            description={t('account.accounts.emailHelp')}
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            required
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('account.accounts.fields.firstName')}
              value={values.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
              required
            />
            <TextInput
              label={t('account.accounts.fields.lastName')}
              value={values.lastName}
              onChange={set('lastName')}
              error={errors.lastName}
              required
            />
          </SimpleGrid>
          <NativeSelect
            label={t('account.accounts.fields.lang')}
            description={t('account.accounts.langHelp')}
            value={values.lang}
            onChange={(event) => {
              const lang = event.currentTarget.value;
              setValues((v) => ({ ...v, lang }));
            }}
            error={errors.lang}
            data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          />
          <Radio.Group
            label={t('account.accounts.fields.rights')}
            description={t('account.accounts.rightsHelp')}
            value={values.rights}
            onChange={(rights) => setValues((v) => ({ ...v, rights }))}
            error={errors.rights}
          >
            <Stack gap={6} mt={6}>
              {ACCOUNT_STARTING_RIGHTS.map((rights) => (
                <Radio key={rights} value={rights} label={t(`account.accounts.rights.${rights}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {serverProblem && (
            <Alert color="red" role="alert">
              {errorMessage(add.error, t)}
            </Alert>
          )}
          <FormActions
            cancelLabel={t('common.cancel')}
            submitLabel={t('account.accounts.addSubmit')}
            onCancel={onClose}
            loading={add.isPending}
            submitTestId="add-account-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
