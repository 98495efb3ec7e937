import { WORKFLOW_TRANSITIONS } from '@pp/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Radio,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Timeline,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { workflowColor } from '../../ui/workflowStatus';
import { checklistItems } from '../onboarding/ChecklistView';
import { type Checklist, CockpitChangeWorkflowMutation, CockpitWorkflowQuery } from '../onboarding/operations';
import { CockpitPartnerChecklistQuery } from './PartnerDetailOperations';

/** What the move dialog needs of a partner: the queue's row and the partner detail both have it. */
export type MovablePartner = { id: string; partnerName: string };

/** The ticks an operator's move from `from` to `to` needs (the domain's table decides). */
function ticksOf(from: string, to: string): readonly string[] {
  return WORKFLOW_TRANSITIONS.find((row) => row.from === from && row.to === to && row.by === 'operator')?.ticks ?? [];
}

/** The checklist's items the partner has not done yet, as the partner's own checklist names them. */
export function missingChecklistItems(checklist: Checklist, t: TFunction): string[] {
  return checklistItems(checklist, t)
    .filter((item) => !item.ok)
    .map((item) => (item.detail ? `${item.label}: ${item.detail}` : item.label));
}

export const cockpitChecklistKey = (partnerId: string) => ['cockpitPartnerChecklist', partnerId] as const;

/**
 * Moves a partner's workflow (the queue's row action and the partner detail's move). Going live is the one
 * move the server lets through whatever the checklist says (it is the operator's judgement), so the dialog
 * names what the shop still lacks and asks the operator to confirm before a shop goes live without it.
 */
export function MoveDialog({ partner, onClose }: { partner: MovablePartner; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const workflow = useQuery({
    queryKey: ['cockpitWorkflow', partner.id],
    queryFn: ({ signal }) =>
      api.request(CockpitWorkflowQuery, { partnerId: partner.id }, { signal }).then((r) => r.cockpitWorkflow),
  });
  const w = workflow.data;
  const checklist = useQuery({
    queryKey: cockpitChecklistKey(partner.id),
    queryFn: ({ signal }) =>
      api
        .request(CockpitPartnerChecklistQuery, { partnerId: partner.id }, { signal })
        .then((r) => r.cockpitPartner.checklist),
    enabled: w?.availableStates.includes('PRODUCTION') ?? false,
  });
  const [target, setTarget] = useState<string | null>(null);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [note, setNote] = useState('');
  const [liveAnyway, setLiveAnyway] = useState(false);
  const saved = (key: string) => w?.ticks.some((tick) => tick.text === key && tick.checked) ?? false;
  const isChecked = (key: string) => checked[key] ?? saved(key);
  const needed = w && target ? ticksOf(w.status, target) : [];
  const status = (s: string) => t(`partner.workflowStatus.${s}`, { defaultValue: s });
  const goesLive = target === 'PRODUCTION';
  const missing = goesLive && checklist.data ? missingChecklistItems(checklist.data, t) : [];
  // Until the checklist is known, going live waits: the warning must not arrive after the click.
  const liveHeld = goesLive && (!checklist.data || (missing.length > 0 && !liveAnyway));

  const move = useMutation({
    mutationFn: () =>
      api.request(CockpitChangeWorkflowMutation, {
        partnerId: partner.id,
        status: target!,
        ticks: needed.map((text) => ({ text, checked: isChecked(text) })),
        note: note.trim() || null,
      }),
    onSuccess: () => {
      flash.success(t('cockpit.onboarding.moved', { name: partner.partnerName, status: status(target!) }));
      void queryClient.invalidateQueries({ queryKey: ['cockpitPartners'] });
      void queryClient.invalidateQueries({ queryKey: ['cockpitWorkflow', partner.id] });
      void queryClient.invalidateQueries({ queryKey: ['cockpitOnboardingQueue'] });
      void queryClient.invalidateQueries({ queryKey: ['cockpitPartner', partner.id] });
      onClose();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('cockpit.onboarding.dialogTitle', { name: partner.partnerName })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('cockpit.onboarding.cancel') }}
    >
      {workflow.error ? (
        <ErrorAlert error={workflow.error} />
      ) : !w ? (
        <Skeleton h={200} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (target && !liveHeld) move.mutate();
          }}
        >
          <Stack>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('cockpit.onboarding.current')}
              </Text>
              <Badge variant="light" color={workflowColor(w.status)}>
                {status(w.status)}
              </Badge>
            </Group>
            {w.availableStates.length === 0 ? (
              <Text size="sm">{t('cockpit.onboarding.noMoves')}</Text>
            ) : (
              <Radio.Group label={t('cockpit.onboarding.target')} value={target} onChange={setTarget} required>
                <Stack gap="xs" mt="xs">
                  {w.availableStates.map((s) => (
                    <Radio key={s} value={s} label={status(s)} data-testid={`move-target-${s}`} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {needed.length > 0 && (
              <Checkbox.Group
                label={t('cockpit.onboarding.ticks')}
                value={needed.filter(isChecked)}
                onChange={(values) => setChecked(Object.fromEntries(needed.map((key) => [key, values.includes(key)])))}
              >
                <Stack gap="xs" mt="xs">
                  {needed.map((key) => (
                    <Checkbox
                      key={key}
                      value={key}
                      label={t(`workflow.ticks.${key}`)}
                      data-testid={`move-tick-${key}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            {goesLive && checklist.error && <ErrorAlert error={checklist.error} />}
            {goesLive && missing.length > 0 && (
              <Alert
                color="yellow"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title={t('cockpit.onboarding.incomplete.title')}
                data-testid="move-incomplete"
              >
                <Stack gap="xs">
                  <Text size="sm">{t('cockpit.onboarding.incomplete.text')}</Text>
                  <List size="sm" spacing={2}>
                    {missing.map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                  <Checkbox
                    label={t('cockpit.onboarding.incomplete.confirm')}
                    checked={liveAnyway}
                    onChange={(event) => setLiveAnyway(event.currentTarget.checked)}
                    data-testid="move-live-anyway"
                  />
                </Stack>
              </Alert>
            )}
            {w.availableStates.length > 0 && (
              <Textarea
                label={t('cockpit.onboarding.note')}
                description={t('cockpit.onboarding.noteHelp')}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                maxLength={2000}
                autosize
                minRows={2}
              />
            )}
            {w.history.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('cockpit.onboarding.history')}
                </Text>
                <Timeline bulletSize={12} lineWidth={2}>
                  {w.history.slice(0, 5).map((h) => (
                    <Timeline.Item key={`${h.created}-${h.toStatus}`} title={status(h.toStatus)}>
                      <Text size="xs" c="dimmed">
                        {format.dateTime(h.created)}
                        {h.note ? ` · ${h.note}` : ''}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cockpit.onboarding.cancel')}
              </Button>
              <Button
                type="submit"
                disabled={!target || needed.some((key) => !isChecked(key)) || liveHeld}
                loading={move.isPending}
                data-testid="move-submit"
              >
                {t('cockpit.onboarding.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
