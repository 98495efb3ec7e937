import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { agreementSchema } from '@pp/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { AgreeToTermsMutation } from './operations';

interface ConsentFormProps {
  contentId: string;
  version: string;
  /** The onboarding path chosen in step 2; none for the sign-in prompt. */
  path?: 'STANDARD' | 'VIP';
  onAgreed: () => void;
  onCancel?: () => void;
}

/** Names typed and "I have read and agree": what the agreement records beside the version and the time. */
export function ConsentForm({ contentId, version, path, onAgreed, onCancel }: ConsentFormProps) {
  const { t } = useTranslation();
  const [names, setNames] = useState('');
  const [read, setRead] = useState(false);
  const [errors, setErrors] = useState<{ names?: string; read?: string; form?: string }>({});
  const agree = useMutation({
    mutationFn: () => api.request(AgreeToTermsMutation, { contentId, names, path: path ?? null }),
    onSuccess: onAgreed,
    onError: (error) => {
      const fields = fieldErrors(error, t);
      setErrors(fields.names ? { names: fields.names } : { form: errorMessage(error, t) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = agreementSchema.safeParse({ contentId, names, path });
    const next: typeof errors = {};
    const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'names');
    if (issue) next.names = t(`validation.${issue.message}`, { 0: issue.message === 'min' ? 3 : 200 });
    if (!read) next.read = t('terms.consent.mustRead');
    setErrors(next);
    if (!next.names && !next.read) agree.mutate();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="consent-form">
      <Stack gap="md">
        <Text size="sm">{t('terms.consent.intro', { version })}</Text>
        <TextInput
          label={t('terms.consent.names')}
          description={t('terms.consent.namesHint')}
          value={names}
          onChange={(e) => {
            setNames(e.currentTarget.value);
            setErrors((x) => ({ ...x, names: undefined }));
          }}
          error={errors.names}
          required
          autoComplete="name"
          data-testid="consent-names"
          data-autofocus
        />
        <Checkbox
          label={t('terms.consent.read')}
          checked={read}
          onChange={(e) => {
            setRead(e.currentTarget.checked);
            setErrors((x) => ({ ...x, read: undefined }));
          }}
          error={errors.read}
          data-testid="consent-read"
        />
        {errors.form && (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={agree.isPending} data-testid="consent-submit">
            {t('terms.consent.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ConsentDialog({ opened, ...props }: ConsentFormProps & { opened: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={props.onCancel ?? (() => {})} title={t('terms.consent.title')} centered>
      <ConsentForm {...props} />
    </Modal>
  );
}
