import { BROADCAST_MAX_LENGTH, broadcastSchema } from '@pp/domain';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { fieldErrors, issueErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FormActions } from '../../ui/FormActions';
import { flash } from '../../ui/flash';
import { useFormFields } from '../../ui/useFormFields';
import { CockpitBroadcastMutation } from './operations';

/** An operator's notice to everybody signed in right now, delivered over the live stream. */
export function BroadcastButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const { values, setValues, errors, setErrors, set } = useFormFields({ message: '' });

  const send = useMutation({
    mutationFn: (input: { message: string }) => api.request(CockpitBroadcastMutation, input),
    onSuccess: () => {
      flash.success(t('cockpit.broadcast.sent'));
      setValues({ message: '' });
      close();
    },
    onError: (e) => setErrors(fieldErrors(e, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = broadcastSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issueErrors<'message'>(parsed.error.issues, t, { 0: BROADCAST_MAX_LENGTH }));
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <>
      <Button variant="light" leftSection={<IconSpeakerphone size={16} />} onClick={open} data-testid="broadcast-open">
        {t('cockpit.broadcast.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('cockpit.broadcast.title')} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('cockpit.broadcast.help')}
            </Text>
            {send.isError && !errors.message && <ErrorAlert error={send.error} />}
            <Textarea
              label={t('cockpit.broadcast.message')}
              value={values.message}
              onChange={set('message')}
              error={errors.message}
              autosize
              minRows={3}
              maxLength={BROADCAST_MAX_LENGTH + 50}
              description={`${values.message.trim().length} / ${BROADCAST_MAX_LENGTH}`}
              withAsterisk
              data-autofocus
            />
            <FormActions
              cancelLabel={t('cockpit.broadcast.cancel')}
              submitLabel={t('cockpit.broadcast.send')}
              onCancel={close}
              loading={send.isPending}
              submitTestId="broadcast-send"
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
