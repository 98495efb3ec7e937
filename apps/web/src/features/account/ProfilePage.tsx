import { changePasswordSchema, type Language, LANGUAGES, PASSWORD_MIN_LENGTH, profileSchema } from '@pp/domain';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { rememberLanguage } from '../../app/i18n/languageChoice';
import { SESSION_QUERY_KEY, useSession } from '../../app/session/session';
import { flash } from '../../ui/flash';
import { useLanguageChoice } from '../../ui/LanguageSwitcher';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { useDocumentTitle } from '../../ui/PageFrame';
import { useUnsavedChanges } from '../../ui/UnsavedChanges';
import { useFormFields } from '../../ui/useFormFields';
import { ChangePasswordMutation, UpdateProfileMutation } from './operations';
import { SecuritySection } from './SecuritySection';

/** The user area's profile: the person's own names, language and password. */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle('user');
  const session = useSession();
  return (
    <Stack gap="lg">
      {session.impersonating && (
        <Alert variant="light" color="orange" data-testid="profile-impersonating">
          {t('account.profile.impersonating')}
        </Alert>
      )}
      <ProfileSection disabled={session.impersonating} />
      <PasswordSection disabled={session.impersonating} />
      {!session.impersonating && <SecuritySection />}
    </Stack>
  );
}

type ProfileField = 'firstName' | 'lastName' | 'lang';

function ProfileSection({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const language = useLanguageChoice('portal');
  const { values, setValues, errors, setErrors, set, formRef, dirty, reset, validate } = useFormFields<
    Record<ProfileField, string>
  >({
    firstName: session.account.firstName,
    lastName: session.account.lastName,
    // The language the portal speaks now: the stored choice wins over the account's (see languageChoice).
    lang: language.current,
  });

  const save = useMutation({
    mutationFn: (input: Record<ProfileField, string>) => api.request(UpdateProfileMutation, { input }),
    onSuccess: async ({ updateProfile: saved }, input) => {
      reset(input);
      // The interface follows the saved language at once, and remembers it for the next visit.
      rememberLanguage('portal', saved.lang as Language);
      await i18n.changeLanguage(saved.lang);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      flash.success(i18n.t('account.profile.saved'));
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });

  const unsaved = useUnsavedChanges(dirty && !save.isPending);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate(profileSchema, t);
    if (parsed) save.mutate(parsed);
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="profile-title">
      {unsaved.prompt}
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="profile-title">
            {t('account.profile.title')}
          </Title>
          <TextInput
            label={t('account.profile.email')}
            description={t('account.profile.emailHelp')}
            value={session.account.email}
            readOnly
            variant="filled"
            maw={520}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
            <TextInput
              label={t('account.profile.firstName')}
              autoComplete="given-name"
              value={values.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
              disabled={disabled}
              required
            />
            <TextInput
              label={t('account.profile.lastName')}
              autoComplete="family-name"
              value={values.lastName}
              onChange={set('lastName')}
              error={errors.lastName}
              disabled={disabled}
              required
            />
          </SimpleGrid>
          <NativeSelect
            label={t('account.profile.language')}
            maw={340}
            value={values.lang}
            onChange={(event) => {
              const lang = event.currentTarget.value;
              setValues((v) => ({ ...v, lang }));
            }}
            error={errors.lang}
            disabled={disabled}
            data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
            data-testid="profile-language"
          />
          {save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending} disabled={disabled} data-testid="profile-save">
              {t('account.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

type PasswordField = 'oldPassword' | 'password' | 'passwordRepeat';
const EMPTY_PASSWORDS: Record<PasswordField, string> = { oldPassword: '', password: '', passwordRepeat: '' };

function PasswordSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { values, setValues, errors, setErrors, set, formRef, invalid, dirty, validate } =
    useFormFields(EMPTY_PASSWORDS);

  const change = useMutation({
    mutationFn: (input: Record<PasswordField, string>) =>
      api.request(ChangePasswordMutation, {
        oldPassword: input.oldPassword,
        newPassword: input.password,
        newPasswordRepeat: input.passwordRepeat,
      }),
    onSuccess: () => {
      setValues(EMPTY_PASSWORDS);
      flash.success(t('account.password.passwordChanged'));
    },
    onError: (error, input) => {
      const fields = fieldErrors(error, t);
      // A wrong old password is the old field's problem: the message goes there.
      if (Object.keys(fields).length === 0 && errorCode(error) === 'BAD_CREDENTIALS') {
        setErrors({ oldPassword: errorMessage(error, t) });
        setValues({ ...input, oldPassword: '' });
      } else setErrors(fields);
    },
  });

  const unsaved = useUnsavedChanges(dirty && !change.isPending);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validate(changePasswordSchema, t, { min: PASSWORD_MIN_LENGTH })) change.mutate(values);
  };

  const otherProblem =
    change.isError &&
    Object.keys(fieldErrors(change.error, t)).length === 0 &&
    errorCode(change.error) !== 'BAD_CREDENTIALS';

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="password-title">
      {unsaved.prompt}
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm" maw={520}>
          <Title order={2} fz="lg" id="password-title">
            {t('account.password.title')}
          </Title>
          <PasswordInput
            label={t('account.password.oldPassword')}
            name="oldPassword"
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={set('oldPassword')}
            error={errors.oldPassword}
            aria-invalid={invalid('oldPassword')}
            disabled={disabled}
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
          />
          <NewPasswordFields
            labels={{ password: t('account.password.newPassword'), passwordRepeat: t('account.password.repeat') }}
            values={values}
            errors={errors}
            set={set}
            invalid={invalid}
          />
          {otherProblem && (
            <Alert color="red" role="alert">
              {errorMessage(change.error, t)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={change.isPending} disabled={disabled} data-testid="password-save">
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}
