import { availableShopIds, COCKPIT_ONBOARDING_STATUSES, WORKFLOW_TRANSITIONS } from '@pp/domain';
import { Badge, Button, Checkbox, Group, Modal, Radio, Skeleton, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { IconArrowRight, IconUsers } from '@tabler/icons-react';
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
import { type CockpitPartner, CockpitPartnersQuery } from './operations';

const GRID_KEY = ['cockpitPartners', 'onboarding'] as const;

/** The ticks an operator's move from `from` to `to` needs (the domain's table decides). */
function ticksOf(from: string, to: string): readonly string[] {
  return WORKFLOW_TRANSITIONS.find((row) => row.from === from && row.to === to && row.by === 'operator')?.ticks ?? [];
}

function MoveDialog({ partner, onClose }: { partner: CockpitPartner; onClose: () => void }) {
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

/** The operators' onboarding queue: partners still being onboarded, newest registration first. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const flags = useFeatureFlags();
  const [moving, setMoving] = useState<CockpitPartner | null>(null);

  const columns = useMemo(
    (): DataGridColumn<CockpitPartner>[] => [
      {
        field: 'partnerName',
        header: 'cockpit.onboarding.columns.partnerName',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Text size="sm" fw={600}>
            {row.partnerName}
          </Text>
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
            {t(`partner.workflowStatus.${row.workflowStatus}`, { defaultValue: row.workflowStatus })}
          </Badge>
        ),
      },
      {
        field: 'created',
        header: 'cockpit.onboarding.columns.created',
        filterType: 'DATE',
        sortable: true,
        render: (row) => format.date(row.created),
      },
    ],
    [flags, t, format],
  );

  return (
    <PageFrame
      route="cockpitOnboarding"
      description={t('cockpit.onboarding.subtitle')}
      actions={
        <Button component={Link} to="/cockpit" variant="default" leftSection={<IconUsers size={16} />}>
          {t('routes.cockpit')}
        </Button>
      }
    >
      <DataGrid
        id="cockpit-onboarding"
        columns={columns}
        queryKey={GRID_KEY}
        rowKey={(row) => row.id}
        fetch={(grid, signal) => api.request(CockpitPartnersQuery, { grid }, { signal }).then((r) => r.cockpitPartners)}
        permanentFilters={[{ field: 'onboarding', operator: 'EQUAL', value: 'true' }]}
        initialSort={{ field: 'created', direction: 'DESCENDING' }}
        rowActions={(row) => (
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
        )}
      />
      {moving && <MoveDialog partner={moving} onClose={() => setMoving(null)} />}
    </PageFrame>
  );
}
