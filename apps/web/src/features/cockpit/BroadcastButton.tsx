import { availableShopIds, BROADCAST_MAX_LENGTH, broadcastSchema, type ShopId } from '@pp/domain';
import { Alert, Button, Checkbox, Group, Modal, Notification, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle, IconSpeakerphone } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { fieldErrors, issueErrors } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FormActions } from '../../ui/FormActions';
import { flash } from '../../ui/flash';
import { useFormFields } from '../../ui/useFormFields';
import { CockpitBroadcastMutation } from './operations';

type Audience = 'all' | 'markets';

/** Who a notice goes to, in words: everybody, or the chosen markets by name. */
export function audienceLabel(audience: Audience, markets: readonly string[], t: TFunction): string {
  if (audience === 'all') return t('cockpit.broadcast.audienceAll');
  return t('cockpit.broadcast.audienceMarkets', { markets: markets.map((m) => t(`markets.${m}`)).join(', ') });
}

/**
 * An operator's notice to everybody signed in right now, or to the sellers of chosen markets, delivered over
 * the live stream. Written, then previewed as sellers will see it, then confirmed: a notice cannot be taken back.
 */
export function BroadcastButton() {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const [opened, { open, close: closeModal }] = useDisclosure(false);
  const [step, setStep] = useState<'compose' | 'confirm'>('compose');
  const [audience, setAudience] = useState<Audience>('all');
  const [markets, setMarkets] = useState<ShopId[]>([]);
  const [marketsError, setMarketsError] = useState<string | null>(null);
  const { values, setValues, errors, setErrors, set } = useFormFields({ message: '' });
  const [checked, setChecked] = useState<{ message: string; markets: ShopId[] | null } | null>(null);

  const close = () => {
    closeModal();
    setStep('compose');
  };

  const send = useMutation({
    mutationFn: (input: { message: string; markets: ShopId[] | null }) => api.request(CockpitBroadcastMutation, input),
    onSuccess: () => {
      flash.success(t('cockpit.broadcast.sent'));
      setValues({ message: '' });
      setAudience('all');
      setMarkets([]);
      close();
    },
    onError: (e) => {
      // A refused message is fixed where it is written.
      const fields = fieldErrors(e, t);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        setStep('compose');
      }
    },
  });

  const review = (event: FormEvent) => {
    event.preventDefault();
    const chosen = audience === 'markets' ? markets : [];
    const parsed = broadcastSchema.safeParse({ message: values.message, markets: chosen });
    const noMarket = audience === 'markets' && markets.length === 0;
    setMarketsError(noMarket ? t('cockpit.broadcast.chooseMarket') : null);
    if (!parsed.success) {
      setErrors(issueErrors<'message'>(parsed.error.issues, t, { 0: BROADCAST_MAX_LENGTH }));
      return;
    }
    setErrors({});
    if (noMarket) return;
    setChecked({ message: parsed.data.message, markets: parsed.data.markets });
    send.reset();
    setStep('confirm');
  };

  return (
    <>
      <Button variant="light" leftSection={<IconSpeakerphone size={16} />} onClick={open} data-testid="broadcast-open">
        {t('cockpit.broadcast.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={step === 'compose' ? t('cockpit.broadcast.title') : t('cockpit.broadcast.confirmTitle')}
        centered
        size="lg"
      >
        {step === 'compose' ? (
          <form onSubmit={review} noValidate>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('cockpit.broadcast.help')}
              </Text>
              <Radio.Group
                label={t('cockpit.broadcast.audience')}
                value={audience}
                onChange={(value) => setAudience(value as Audience)}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="all" label={t('cockpit.broadcast.allMarkets')} data-testid="broadcast-all" />
                  <Radio value="markets" label={t('cockpit.broadcast.chosenMarkets')} data-testid="broadcast-chosen" />
                </Group>
              </Radio.Group>
              {audience === 'markets' && (
                <Checkbox.Group
                  label={t('cockpit.broadcast.markets')}
                  value={markets}
                  onChange={(value) => setMarkets(value as ShopId[])}
                  error={marketsError}
                  withAsterisk
                >
                  <Group gap="md" mt={6}>
                    {availableShopIds(flags).map((id) => (
                      <Checkbox key={id} value={id} label={t(`markets.${id}`)} data-testid={`broadcast-market-${id}`} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
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
                submitLabel={t('cockpit.broadcast.review')}
                onCancel={close}
                submitTestId="broadcast-review"
              />
            </Stack>
          </form>
        ) : (
          checked && (
            <Stack gap="md" data-testid="broadcast-confirm">
              <Text size="sm">
                {t('cockpit.broadcast.previewHelp')}{' '}
                <Text span fw={700} data-testid="broadcast-audience">
                  {audienceLabel(checked.markets ? 'markets' : 'all', checked.markets ?? [], t)}
                </Text>
              </Text>
              {/* The notice as sellers see it: the portal's info flash. */}
              <Notification
                color="teal"
                icon={<IconInfoCircle size={18} />}
                withBorder
                withCloseButton={false}
                data-testid="broadcast-preview"
                style={{ whiteSpace: 'pre-wrap' }}
              >
                {checked.message}
              </Notification>
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                {t('cockpit.broadcast.cannotUndo')}
              </Alert>
              {send.isError && <ErrorAlert error={send.error} />}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setStep('compose')} data-testid="broadcast-back">
                  {t('cockpit.broadcast.back')}
                </Button>
                <Button
                  leftSection={<IconSpeakerphone size={16} />}
                  loading={send.isPending}
                  onClick={() => send.mutate(checked)}
                  data-testid="broadcast-send"
                >
                  {t('cockpit.broadcast.send')}
                </Button>
              </Group>
            </Stack>
          )
        )}
      </Modal>
    </>
  );
}
