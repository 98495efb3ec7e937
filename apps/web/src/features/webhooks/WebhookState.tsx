import { Badge, Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { flash } from '../../ui/flash';
import { ReenableWebhookMutation, WEBHOOK_KEYS } from './operations';

export interface HookState {
  id: string;
  url: string;
  state: string;
  lastFailure: { at: string; responseCode: number | null; isTimeout: boolean; err: string | null } | null;
}

const COLORS: Record<string, string> = { ENABLED: 'green', DISABLED: 'gray', BROKEN: 'red' };

/** One word for where a hook stands: a broken hook is not "enabled", whatever its switch says. */
export function WebhookStateBadge({ hook }: { hook: HookState }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[hook.state] ?? 'gray'}
      variant={hook.state === 'BROKEN' ? 'filled' : 'light'}
      data-testid="webhook-status"
    >
      {t(`webhooks.state.${hook.state}`, { defaultValue: hook.state })}
    </Badge>
  );
}

/** Why the hook broke: the receiver's answer (or the error) of its newest failed attempt, and when. */
export function WebhookBrokenReason({ hook }: { hook: HookState }) {
  const { t } = useTranslation();
  const format = useFormat();
  const failure = hook.lastFailure;
  if (hook.state !== 'BROKEN' || !failure) return null;
  const reason = failure.isTimeout
    ? t('webhooks.logs.timeout')
    : failure.responseCode != null
      ? t('webhooks.failure.http', { code: failure.responseCode })
      : (failure.err ?? '');
  return (
    <Text size="xs" c="red.8" data-testid="webhook-broken-reason" style={{ overflowWrap: 'anywhere' }}>
      {t('webhooks.failure.last', { when: format.dateTime(failure.at), reason })}
    </Text>
  );
}

/** Enables the hook again, forgets its failures and sends a test event at once; says how the test went. */
export function ReenableButton({ hook, size = 'xs' }: { hook: HookState; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reenable = useMutation({
    mutationFn: () => api.request(ReenableWebhookMutation, { id: hook.id }),
    onSuccess: (r) => {
      const attempt = r.webhookReenable.attempt;
      if (attempt.sent) flash.success(t('webhooks.reenabled', { code: attempt.responseCode }));
      else
        flash.error(
          t('webhooks.reenabledNotSent', {
            reason: attempt.isTimeout
              ? t('webhooks.logs.timeout')
              : (attempt.err ?? String(attempt.responseCode ?? '')),
          }),
        );
      void queryClient.invalidateQueries({ queryKey: WEBHOOK_KEYS.all });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  return (
    <Button
      size={size}
      variant="light"
      color="red"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={reenable.isPending}
      onClick={() => reenable.mutate()}
      data-testid="webhook-reenable"
    >
      {t('webhooks.reenable')}
    </Button>
  );
}
