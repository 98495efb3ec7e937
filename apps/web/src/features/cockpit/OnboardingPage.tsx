import { availableShopIds, COCKPIT_ONBOARDING_STATUSES, WORKFLOW_TRANSITIONS } from '@pp/domain';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Timeline,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowRight, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { type DataGridColumn, DataGrid } from '../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { workflowColor } from '../../ui/workflowStatus';
import { CockpitChangeWorkflowMutation, CockpitWorkflowQuery } from '../onboarding/operations';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { graphql, type ResultOf } from '../../graphql/graphql';

/** What the move dialog needs of a partner: the queue's row and the partner detail both have it. */
type MovablePartner = { id: string; partnerName: string };

/** The ticks an operator's move from `from` to `to` needs (the domain's table decides). */
function ticksOf(from: string, to: string): readonly string[] {
  return WORKFLOW_TRANSITIONS.find((row) => row.from === from && row.to === to && row.by === 'operator')?.ticks ?? [];
}

/** Moves a partner's workflow (the queue's row action and the partner detail's move). */
export function MoveDialog({ partner, onClose }: { partner: MovablePartner; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const workflow = useQuery({
    queryKey: ['cockpitWorkflow', partner.id],
    queryFn: ({ signal }) =>
      api.request(CockpitWorkflowQuery, { partnerId: partner.id }, { signal }).then((r) => r.cockpitWorkflow),
  });
  const [target, setTarget] = useState<string | null>(null);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [note, setNote] = useState('');
  const w = workflow.data;
  const saved = (key: string) => w?.ticks.some((tick) => tick.text === key && tick.checked) ?? false;
  const isChecked = (key: string) => checked[key] ?? saved(key);
  const needed = w && target ? ticksOf(w.status, target) : [];
  const status = (s: string) => t(`partner.workflowStatus.${s}`, { defaultValue: s });

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
            if (target) move.mutate();
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
                disabled={!target || needed.some((key) => !isChecked(key))}
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

export const CockpitOnboardingQueueQuery = graphql(`
  query CockpitOnboardingQueue($grid: GridInput) {
    cockpitOnboardingQueue(grid: $grid) {
      items {
        id
        partnerName
        shopId
        workflowStatus
        created
        lastMove {
          at
          fromStatus
          toStatus
          byOperator
          by
        }
        checklistDone
        checklistTotal
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

type QueueRow = ResultOf<typeof CockpitOnboardingQueueQuery>['cockpitOnboardingQueue']['items'][number];

const TABS = ['ongoing', 'cancelled'] as const;
type Tab = (typeof TABS)[number];

/**
 * The operators' onboarding queue: partners still being onboarded (or, on the second tab, cancelled), newest
 * registration first, each with its last move and how much of its checklist is done.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const flags = useFeatureFlags();
  const session = useSession();
  const [moving, setMoving] = useState<QueueRow | null>(null);
  const [tab, setTab] = useState<Tab>('ongoing');
  const canMove = canOperate(session, 'onboarding', 'update');

  const columns = useMemo((): DataGridColumn<QueueRow>[] => {
    const status = (s: string) => t(`partner.workflowStatus.${s}`, { defaultValue: s });
    return [
      {
        field: 'partnerName',
        header: 'cockpit.onboarding.columns.partnerName',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/cockpit/partners/$partnerId" params={{ partnerId: row.id }} />}
            size="sm"
            fw={600}
          >
            {row.partnerName}
          </Anchor>
        ),
      },
      {
        field: 'shopId',
        header: 'cockpit.onboarding.columns.shopId',
        filterType: 'ENUMS',
        sortable: true,
        options: availableShopIds(flags).map((id) => ({ value: id, label: `${id} · ${t(`markets.${id}`)}` })),
        render: (row) => t(`markets.${row.shopId}`, { defaultValue: row.shopId }),
      },
      {
        field: 'workflowStatus',
        header: 'cockpit.onboarding.columns.workflowStatus',
        filterType: 'ENUMS',
        sortable: true,
        options: COCKPIT_ONBOARDING_STATUSES.map((s) => ({ value: s, label: t(`partner.workflowStatus.${s}`) })),
        render: (row) => (
          <Badge variant="light" color={workflowColor(row.workflowStatus)} miw="max-content">
            {status(row.workflowStatus)}
          </Badge>
        ),
      },
      {
        field: 'lastMoveAt',
        header: 'cockpit.onboarding.columns.lastMove',
        filterType: 'DATE',
        sortable: true,
        render: (row) =>
          row.lastMove ? (
            <Stack gap={0}>
              <Text size="sm">{format.dateTime(row.lastMove.at)}</Text>
              <Text size="xs" c="dimmed">
                {status(row.lastMove.fromStatus)} → {status(row.lastMove.toStatus)}
                {' · '}
                {row.lastMove.by ??
                  t(row.lastMove.byOperator ? 'cockpit.onboarding.byOperator' : 'cockpit.onboarding.byPartner')}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('cockpit.onboarding.noMoveYet')}
            </Text>
          ),
      },
      {
        field: 'checklist',
        header: 'cockpit.onboarding.columns.checklist',
        render: (row) => (
          <Text size="sm">
            <span aria-hidden>
              {row.checklistDone}/{row.checklistTotal}
            </span>
            <VisuallyHidden>
              {t('cockpit.onboarding.checklistOf', { done: row.checklistDone, total: row.checklistTotal })}
            </VisuallyHidden>
          </Text>
        ),
      },
      {
        field: 'created',
        header: 'cockpit.onboarding.columns.created',
        filterType: 'DATE',
        sortable: true,
        render: (row) => format.date(row.created),
      },
    ];
  }, [flags, t, format]);

  return (
    <PageFrame
      route="cockpitOnboarding"
      description={t('cockpit.onboarding.subtitle')}
      actions={
        <>
          <Button
            component={Link}
            to="/cockpit/registrations"
            variant="default"
            leftSection={<IconUserPlus size={16} />}
          >
            {t('routes.cockpitRegistrations')}
          </Button>
          <Button component={Link} to="/cockpit" variant="default" leftSection={<IconUsers size={16} />}>
            {t('routes.cockpit')}
          </Button>
        </>
      }
    >
      <SegmentedControl
        value={tab}
        onChange={(value) => setTab(value as Tab)}
        data={TABS.map((value) => ({ value, label: t(`cockpit.onboarding.tabs.${value}`) }))}
        aria-label={t('cockpit.onboarding.tabs.label')}
        style={{ alignSelf: 'flex-start' }}
        data-testid="onboarding-tabs"
      />
      <DataGrid
        key={tab}
        id="cockpit-onboarding"
        columns={columns}
        queryKey={['cockpitOnboardingQueue', tab]}
        rowKey={(row) => row.id}
        fetch={(grid, signal) =>
          api.request(CockpitOnboardingQueueQuery, { grid }, { signal }).then((r) => r.cockpitOnboardingQueue)
        }
        permanentFilters={[{ field: 'cancelled', operator: 'EQUAL', value: tab === 'cancelled' ? 'true' : 'false' }]}
        initialSort={{ field: 'created', direction: 'DESCENDING' }}
        card={{ title: 'partnerName', subtitle: ['shopId'], fields: ['workflowStatus', 'lastMoveAt', 'checklist'] }}
        rowActions={
          canMove
            ? (row) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  rightSection={<IconArrowRight size={14} />}
                  onClick={() => setMoving(row)}
                  data-testid={`move-${row.id}`}
                  aria-label={`${t('cockpit.onboarding.move')}: ${row.partnerName}`}
                >
                  {t('cockpit.onboarding.move')}
                </Button>
              )
            : undefined
        }
      />
      {moving && <MoveDialog partner={moving} onClose={() => setMoving(null)} />}
    </PageFrame>
  );
}
