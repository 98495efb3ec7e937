import { BROADCAST_MAX_LENGTH, broadcastSchema } from '@pp/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { fieldErrors, issueErrors } from '../../app/api/apiError';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { CockpitBroadcastMutation } from './operations';

/** An operator's notice to everybody signed in right now, delivered over the live stream. */
export function BroadcastButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();

  const send = useMutation({
    mutationFn: (input: { message: string }) => api.request(CockpitBroadcastMutation, input),
    onSuccess: () => {
      flash.success(t('cockpit.broadcast.sent'));
      setMessage('');
      close();
    },
    onError: (e) => setError(fieldErrors(e, t).message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = broadcastSchema.safeParse({ message });
    if (!parsed.success) {
      setError(issueErrors<'message'>(parsed.error.issues, t, { 0: BROADCAST_MAX_LENGTH }).message);
      return;
    }
    setError(undefined);
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
            {send.isError && !error && <ErrorAlert error={send.error} />}
            <Textarea
              label={t('cockpit.broadcast.message')}
              value={message}
              onChange={(e) => {
                setMessage(e.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              autosize
              minRows={3}
              maxLength={BROADCAST_MAX_LENGTH + 50}
              description={`${message.trim().length} / ${BROADCAST_MAX_LENGTH}`}
              withAsterisk
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cockpit.broadcast.cancel')}
              </Button>
              <Button type="submit" loading={send.isPending} data-testid="broadcast-send">
                {t('cockpit.broadcast.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
