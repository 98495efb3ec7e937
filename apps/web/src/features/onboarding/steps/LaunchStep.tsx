import { isOnboarding, missingSettings } from '@pp/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { workflowColor } from '../../../ui/workflowStatus';
import { ChecklistView } from '../ChecklistView';
import { ChangeWorkflowMutation } from '../operations';
import { useChecklist, useWorkflow, useWorkflowChanged } from '../useWorkflow';

/** Step 5: where the registration stands, what comes next, the checklist and the history of moves. */
export function LaunchStep() {
  const { t } = useTranslation();
  const format = useFormat();
  const workflow = useWorkflow();
  const checklist = useChecklist();
  const changed = useWorkflowChanged();
  const [cancelOpened, cancelDialog] = useDisclosure(false);
  const move = useMutation({
    mutationFn: (status: string) => api.request(ChangeWorkflowMutation, { status }),
    onSuccess: () => {
      cancelDialog.close();
      changed();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  if (workflow.error) return <ErrorAlert error={workflow.error} />;
  if (!workflow.data || !checklist.data) return <Skeleton h={240} />;
  const w = workflow.data;
  const statusText = (s: string) => t(`partner.workflowStatus.${s}`, { defaultValue: s });
  const canTest = w.availableStates.includes('TESTING');
  const missing = missingSettings(checklist.data);

  return (
    <Stack gap="md" data-testid="workflow-launch-step">
      <Title order={2} fz="h3">
        {t('workflow.launch.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t('workflow.launch.status')}
          </Text>
          <Badge size="lg" variant="light" color={workflowColor(w.status)} mt={4} data-testid="workflow-status">
            {statusText(w.status)}
          </Badge>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t('workflow.launch.estimatedLaunch')}
          </Text>
          <Text fw={600} mt={4}>
            {w.estimatedLaunch ? format.date(w.estimatedLaunch) : t('workflow.launch.noEstimate')}
          </Text>
        </Paper>
      </SimpleGrid>
      <Alert color={workflowColor(w.status)} title={t('workflow.launch.next')} data-testid="workflow-next">
        {t(`workflow.next.${w.status}`, { defaultValue: '' })}
        {w.analysis ? (
          <Text size="sm" mt="xs">
            {w.analysis}
          </Text>
        ) : null}
      </Alert>
      {canTest && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {missing.length ? t('workflow.launch.settingsMissing') : t('workflow.launch.startTestingHint')}
            </Text>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={missing.length > 0}
              loading={move.isPending && move.variables === 'TESTING'}
              onClick={() => move.mutate('TESTING')}
            >
              {t('workflow.launch.startTesting')}
            </Button>
          </Stack>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} fz="h4">
            {t('workflow.checklist.title')}
          </Title>
          <ChecklistView checklist={checklist.data} />
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="h4">
            {t('workflow.launch.history')}
          </Title>
          {w.history.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('workflow.launch.noHistory')}
            </Text>
          ) : (
            <Timeline active={0} bulletSize={16} lineWidth={2} data-testid="workflow-history">
              {w.history.map((h, i) => (
                <Timeline.Item
                  // History rows never change once written; their order is their identity here.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={i}
                  title={statusText(h.toStatus)}
                >
                  <Text size="xs" c="dimmed">
                    {format.dateTime(h.created)} ·{' '}
                    {h.byOperator ? t('workflow.launch.byOperator') : t('workflow.launch.byPartner')}
                  </Text>
                  {h.note && <Text size="sm">{h.note}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      </SimpleGrid>
      {isOnboarding(w.status) && w.availableStates.includes('ONBOARDING_CANCELLED') && (
        <Group>
          <Button variant="subtle" color="red" onClick={cancelDialog.open}>
            {t('workflow.launch.cancel')}
          </Button>
        </Group>
      )}
      <Modal
        opened={cancelOpened}
        onClose={cancelDialog.close}
        title={t('workflow.launch.cancelTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('workflow.launch.keep') }}
      >
        <Stack>
          <Text size="sm">{t('workflow.launch.cancelText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancelDialog.close}>
              {t('workflow.launch.keep')}
            </Button>
            <Button
              color="red"
              loading={move.isPending && move.variables === 'ONBOARDING_CANCELLED'}
              onClick={() => move.mutate('ONBOARDING_CANCELLED')}
            >
              {t('workflow.launch.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
