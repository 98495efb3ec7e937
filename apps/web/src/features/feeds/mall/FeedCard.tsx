import { FEED_BASIC_AUTH_PASSWORD_MAX, MALL_FEED_SCHEDULES, mallFeedSettingsSchema } from '@pp/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlayerPlay, IconRefresh, IconRotate } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage, fieldErrors, issueErrors } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { flash } from '../../../ui/flash';
import { UnsavedChangesGuard } from '../../../ui/UnsavedChanges';
import {
  MALL_FEED_KEYS,
  type MallFeed,
  MallFeedEnqueueMutation,
  MallFeedResetMutation,
  MallFeedUpdateMutation,
  MallFeedValidateMutation,
} from './operations';
import { FeedRunStatusBadge } from './FeedRunStatus';

type FeedType = 'PRODUCTS' | 'AVAILABILITY';
type FeedInput = ReturnType<typeof inputOf>;

/**
 * What differs between the formats' cards (MALL, Heureka): their operations, the schedules each feed type
 * offers, the schema the form is judged by, the intro text and where a run's error log is.
 */
export interface FeedCardKind {
  format: 'MALL' | 'HEUREKA';
  /** Invalidated after every change: the page's queries. */
  queryKey: readonly unknown[];
  schedules(type: FeedType): readonly string[];
  schema(type: FeedType): typeof mallFeedSettingsSchema;
  /** The i18n key of the card's intro. */
  intro(type: FeedType): string;
  save(type: FeedType, data: FeedInput): Promise<MallFeed>;
  validate(type: FeedType): Promise<unknown>;
  enqueue(type: FeedType): Promise<unknown>;
  reset(type: FeedType): Promise<unknown>;
}

export const MALL_FEED_CARD: FeedCardKind = {
  format: 'MALL',
  queryKey: MALL_FEED_KEYS.all,
  schedules: () => MALL_FEED_SCHEDULES,
  schema: () => mallFeedSettingsSchema,
  intro: (type) => `feeds.mall.intro.${type}`,
  save: (type, data) => api.request(MallFeedUpdateMutation, { type, data }).then((r) => r.mallFeedUpdate),
  validate: (type) => api.request(MallFeedValidateMutation, { type }),
  enqueue: (type) => api.request(MallFeedEnqueueMutation, { type }),
  reset: (type) => api.request(MallFeedResetMutation, { type }),
};

interface Draft {
  url: string;
  enabled: boolean;
  schedule: string;
  basicAuthName: string;
  /** Empty: keep the stored password (or none). */
  basicAuthPassword: string;
}

const draftOf = (feed: MallFeed): Draft => ({
  url: feed.url ?? '',
  enabled: feed.enabled,
  schedule: feed.schedule,
  basicAuthName: feed.basicAuthName ?? '',
  basicAuthPassword: '',
});

const inputOf = (d: Draft) => ({
  url: d.url,
  enabled: d.enabled,
  schedule: d.schedule,
  basicAuthName: d.basicAuthName,
  basicAuthPassword: d.basicAuthPassword ? d.basicAuthPassword : null,
});

const VALIDATION_COLORS: Record<string, string> = { VALID: 'green', INVALID: 'red', VALIDATING: 'blue' };

/**
 * One feed (products or availability) of a format: its URL, basic auth, schedule and switch, the URL's check, and
 * what can be done with it (check again, enqueue for processing, reset). The one editor of a feed's settings, for
 * the MALL feeds (the default) and the Heureka feeds alike.
 */
export function FeedCard({ feed, kind = MALL_FEED_CARD }: { feed: MallFeed; kind?: FeedCardKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const type = feed.type as FeedType;
  const saved = draftOf(feed);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [touched, setTouched] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const testId = `feed-${type.toLowerCase()}`;

  const judge = (next: Draft) => {
    const parsed = kind.schema(type).safeParse(inputOf(next));
    return parsed.success ? {} : issueErrors<keyof Draft>(parsed.error.issues, t, { 0: FEED_BASIC_AUTH_PASSWORD_MAX });
  };
  const change = (next: Draft) => {
    setDraft(next);
    if (touched) setErrors(judge(next));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: kind.queryKey });

  const save = useMutation({
    mutationFn: () => kind.save(type, inputOf(draft)),
    onSuccess: (stored) => {
      setDraft(draftOf(stored));
      setTouched(false);
      flash.success(t('feeds.mall.saved'));
      void refresh();
    },
    onError: (error) => setErrors(fieldErrors(error, t)),
  });
  const validate = useMutation({
    mutationFn: () => kind.validate(type),
    onSuccess: () => void refresh(),
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const enqueue = useMutation({
    mutationFn: () => kind.enqueue(type),
    onSuccess: () => {
      flash.success(t('feeds.mall.enqueued'));
      void refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const reset = useMutation({
    mutationFn: () => kind.reset(type),
    onSuccess: () => {
      setConfirmReset(false);
      flash.success(t('feeds.mall.resetDone'));
      void refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const found = judge(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  const connected = Boolean(feed.id && feed.url);
  const run = feed.lastRun;
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <UnsavedChangesGuard dirty={dirty} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4">
              {t(`feeds.mall.title.${type}`)}
            </Title>
            {feed.validationState && (
              <Badge
                color={VALIDATION_COLORS[feed.validationState] ?? 'gray'}
                variant="light"
                data-testid={`${testId}-validation`}
                data-state={feed.validationState}
              >
                {t(`feeds.mall.validation.${feed.validationState}`)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t(kind.intro(type))}
          </Text>
          {feed.validationState === 'INVALID' && feed.validationMessage && (
            <Alert color="red" variant="light" data-testid={`${testId}-invalid`}>
              {feed.validationMessage}
            </Alert>
          )}
          <TextInput
            label={t('feeds.mall.url')}
            description={t('feeds.mall.urlHint')}
            placeholder="https://"
            value={draft.url}
            error={errors.url}
            onChange={(e) => change({ ...draft, url: e.currentTarget.value })}
            onBlur={() => {
              setTouched(true);
              setErrors(judge(draft));
            }}
            data-testid={`${testId}-url`}
          />
          <Group grow align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              label={t('feeds.mall.basicAuthName')}
              value={draft.basicAuthName}
              error={errors.basicAuthName}
              autoComplete="off"
              onChange={(e) => change({ ...draft, basicAuthName: e.currentTarget.value })}
              miw={200}
            />
            <PasswordInput
              label={t('feeds.mall.basicAuthPassword')}
              description={feed.hasBasicAuthPassword ? t('feeds.mall.passwordKept') : undefined}
              value={draft.basicAuthPassword}
              error={errors.basicAuthPassword}
              autoComplete="new-password"
              disabled={!draft.basicAuthName}
              onChange={(e) => change({ ...draft, basicAuthPassword: e.currentTarget.value })}
              miw={200}
            />
          </Group>
          <Group align="flex-end" wrap="wrap" gap="md">
            <Select
              label={t('feeds.mall.schedule')}
              allowDeselect={false}
              data={kind.schedules(type).map((s) => ({ value: s, label: t(`feeds.mall.schedules.${s}`) }))}
              value={draft.schedule}
              error={errors.schedule}
              onChange={(value) => value && change({ ...draft, schedule: value })}
              w={220}
              data-testid={`${testId}-schedule`}
            />
            <Switch
              label={t('feeds.mall.enabled')}
              checked={draft.enabled}
              onChange={(e) => change({ ...draft, enabled: e.currentTarget.checked })}
              mb={6}
              data-testid={`${testId}-enabled`}
            />
          </Group>
          {feed.nextRunAt && feed.enabled && (
            <Text size="sm" c="dimmed">
              {t('feeds.mall.nextRun', { at: format.dateTime(feed.nextRunAt) })}
            </Text>
          )}
          {save.isError && Object.keys(fieldErrors(save.error, t)).length === 0 && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                disabled={!connected || dirty}
                loading={validate.isPending}
                onClick={() => validate.mutate()}
                data-testid={`${testId}-validate`}
              >
                {t('feeds.mall.validate')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                disabled={!connected || dirty}
                loading={enqueue.isPending}
                onClick={() => enqueue.mutate()}
                data-testid={`${testId}-enqueue`}
              >
                {t('feeds.mall.enqueue')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconRotate size={16} aria-hidden />}
                disabled={!connected || dirty}
                onClick={() => setConfirmReset(true)}
                data-testid={`${testId}-reset`}
              >
                {t('feeds.mall.reset')}
              </Button>
            </Group>
            <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid={`${testId}-save`}>
              {t('feeds.mall.save')}
            </Button>
          </Group>
          {run && (
            <Group gap="xs" wrap="wrap" data-testid={`${testId}-last-run`}>
              <Text size="sm">{t('feeds.mall.lastRun')}</Text>
              <FeedRunStatusBadge run={run} />
              <Text size="sm" c="dimmed">
                {t('feeds.mall.lastRunCounts', {
                  at: format.dateTime(run.startedAt ?? run.created),
                  processed: format.number(run.processed),
                  updated: format.number(run.updated),
                  errors: format.number(run.errors),
                })}
              </Text>
              {run.errors > 0 && (
                <Anchor
                  size="sm"
                  renderRoot={(props) =>
                    kind.format === 'HEUREKA' ? (
                      <Link
                        {...props}
                        to="/heureka-feed/status/feed/$feedId/job/$jobId/error-log"
                        params={{ feedId: run.feedId, jobId: run.id }}
                      />
                    ) : (
                      <Link
                        {...props}
                        to="/mall-feed/stats/feed/$feedId/job/$jobId/error-log"
                        params={{ feedId: run.feedId, jobId: run.id }}
                      />
                    )
                  }
                >
                  {t('feeds.mall.errorLog')}
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
      </form>
      <Modal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('feeds.mall.resetTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Text size="sm">{t('feeds.mall.resetConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmReset(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={reset.isPending} onClick={() => reset.mutate()} data-testid="feed-reset-confirm">
            {t('feeds.mall.reset')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
