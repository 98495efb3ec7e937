import { CONTACT_GROUPS, NOTIFICATION_EVENT_TYPES, notificationSettingSchema } from '@pp/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage, fieldErrors } from '../../app/api/apiError';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import { UnsavedChangesGuard } from '../../ui/UnsavedChanges';
import {
  NOTIFICATION_KEYS,
  type NotificationSettingData,
  NotificationSettingsQuery,
  UpdateNotificationSettingMutation,
} from './operations';

interface Draft {
  groups: string[];
  emails: string;
  active: boolean;
}
type Errors = Partial<Record<'groups' | 'emails' | 'active', string>>;

const draftOf = (setting: NotificationSettingData): Draft => ({
  groups: [...setting.groups],
  emails: setting.emails.join(', '),
  active: setting.active,
});

/**
 * The rules the server applies, checked as the user types: the domain's schema, and that an active setting
 * names only groups somebody belongs to. Each message is the first of its field.
 */
function draftErrors(eventType: string, draft: Draft, withContact: readonly string[], t: TFunction): Errors {
  const errors: Errors = {};
  const parsed = notificationSettingSchema.safeParse({ eventType, ...draft });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as keyof Errors;
      const params = 'params' in issue ? (issue.params as Record<string, unknown>) : {};
      errors[field] ??= t(`validation.${issue.message}`, params);
    }
  }
  const missing = draft.active ? draft.groups.filter((g) => !withContact.includes(g)) : [];
  if (!errors.groups && missing.length) {
    const groups = missing.map((g) => t(`contacts.roles.${g}`)).join(', ');
    errors.groups = t('validation.notificationGroupWithoutContact', { groups });
  }
  return errors;
}

/** The partner's notification settings (spec §2 partner tabs): who hears of each event type. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle('partnerNotifications');
  const session = useSession();
  const canEdit = canAccess(session, 'notifications', 'update');
  const settings = useQuery({
    queryKey: NOTIFICATION_KEYS.settings,
    queryFn: ({ signal }) => api.request(NotificationSettingsQuery, {}, { signal }),
  });
  // Each event type is its own form; leaving asks while any of them holds unsaved changes.
  const [dirtyRows, setDirtyRows] = useState<ReadonlySet<string>>(new Set());
  const rowDirty = useCallback((eventType: string, dirty: boolean) => {
    setDirtyRows((rows) => {
      if (rows.has(eventType) === dirty) return rows;
      const next = new Set(rows);
      if (dirty) next.add(eventType);
      else next.delete(eventType);
      return next;
    });
  }, []);

  if (settings.isPending) return <Skeleton h={320} />;
  if (settings.isError) return <ErrorAlert error={settings.error} />;
  const withContact = settings.data.notificationContactGroups;
  const byType = new Map(settings.data.notificationSettings.map((s) => [s.eventType, s]));
  return (
    <Stack gap="md" data-testid="notification-settings">
      <UnsavedChangesGuard dirty={dirtyRows.size > 0} />
      <Text size="sm" c="dimmed">
        {t('notifications.settings.intro')}
      </Text>
      {withContact.length < CONTACT_GROUPS.length && (
        <Alert variant="light" color="blue">
          {t('notifications.settings.contactsHint')}
        </Alert>
      )}
      {NOTIFICATION_EVENT_TYPES.map((eventType) => {
        const setting = byType.get(eventType);
        return setting ? (
          <SettingRow
            // A saved answer resets the row from the server's copy.
            key={`${eventType}-${setting.updated ?? 'default'}`}
            setting={setting}
            withContact={withContact}
            canEdit={canEdit}
            onDirty={rowDirty}
          />
        ) : null;
      })}
    </Stack>
  );
}

function SettingRow({
  setting,
  withContact,
  canEdit,
  onDirty,
}: {
  setting: NotificationSettingData;
  withContact: readonly string[];
  canEdit: boolean;
  onDirty: (eventType: string, dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { eventType } = setting;
  const name = t(`notifications.events.${eventType}.name`);
  const [draft, setDraft] = useState<Draft>(() => draftOf(setting));
  const [saved, setSaved] = useState<Draft>(() => draftOf(setting));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const liveErrors = useMemo(() => draftErrors(eventType, draft, withContact, t), [eventType, draft, withContact, t]);
  const errors: Errors = touched ? { ...serverErrors, ...liveErrors } : serverErrors;
  const titleId = `notification-${eventType}-title`;

  const save = useMutation({
    mutationFn: () => api.request(UpdateNotificationSettingMutation, { input: { eventType, ...draft } }),
    onSuccess: () => {
      setSaved(draft);
      flash.success(t('notifications.settings.saved', { event: name }));
      void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.settings });
    },
    onError: (error) => setServerErrors(fieldErrors(error, t) as Errors),
  });

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved) && !save.isPending;
  useEffect(() => {
    onDirty(eventType, dirty);
    return () => onDirty(eventType, false);
  }, [onDirty, eventType, dirty]);

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setTouched(true);
    setServerErrors({});
    save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(liveErrors).length) return;
    save.mutate();
  };

  const options = CONTACT_GROUPS.map((group) => {
    const label = t(`contacts.roles.${group}`);
    return {
      value: group,
      label: withContact.includes(group) ? label : t('notifications.settings.noContact', { group: label }),
    };
  });
  const refusal = save.error instanceof ApiError && save.error.fields.length === 0 ? errorMessage(save.error, t) : null;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      data-testid={`notification-setting-${eventType}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={titleId}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`notifications.events.${eventType}.description`)}
            </Text>
          </div>
          {setting.isDefault && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t('notifications.settings.isDefault')}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <MultiSelect
            label={t('notifications.settings.groups')}
            placeholder={draft.groups.length ? undefined : t('notifications.settings.groupsPlaceholder')}
            data={options}
            value={draft.groups}
            onChange={(groups) => change({ groups })}
            error={errors.groups}
            disabled={!canEdit}
            clearable
            data-testid="notification-groups"
          />
          <TextInput
            label={t('notifications.settings.emails')}
            description={t('notifications.settings.emailsHelp')}
            placeholder={t('notifications.settings.emailsPlaceholder')}
            value={draft.emails}
            onChange={(e) => change({ emails: e.currentTarget.value })}
            error={errors.emails}
            disabled={!canEdit}
            inputMode="email"
            autoComplete="off"
            data-testid="notification-emails"
          />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Switch
              label={t('notifications.settings.active')}
              checked={draft.active}
              onChange={(e) => change({ active: e.currentTarget.checked })}
              disabled={!canEdit}
              data-testid="notification-active"
            />
            {!draft.active && (
              <Text size="xs" c="dimmed">
                {t('notifications.settings.disabledHint')}
              </Text>
            )}
          </Group>
          {canEdit && (
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!touched}
              aria-label={t('notifications.settings.saveEvent', { event: name })}
              data-testid="notification-save"
            >
              {t('notifications.settings.save')}
            </Button>
          )}
        </Group>
        {refusal && (
          <Alert color="red" role="alert" data-testid="notification-refusal">
            {refusal}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
