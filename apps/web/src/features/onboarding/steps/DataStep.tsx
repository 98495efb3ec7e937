import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconList, IconPlus, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { flash } from '../../../ui/flash';
import { CHECKLIST_KEY, ChangeWorkflowMutation, SendProductsToApprovalMutation } from '../operations';
import { useChecklist, useWorkflow, useWorkflowChanged } from '../useWorkflow';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** Step 4: the partner's products, sending them for approval, then asking for the content check. */
export function DataStep() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const checklist = useChecklist();
  const workflow = useWorkflow();
  const changed = useWorkflowChanged();
  const send = useMutation({
    mutationFn: () => api.request(SendProductsToApprovalMutation, {}),
    onSuccess: () => {
      flash.success(t('workflow.data.sentNow'));
      void queryClient.invalidateQueries({ queryKey: CHECKLIST_KEY });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const requestControl = useMutation({
    mutationFn: () => api.request(ChangeWorkflowMutation, { status: 'CONTENT_CONTROL' }),
    onSuccess: changed,
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  if (checklist.error) return <ErrorAlert error={checklist.error} />;
  if (!checklist.data || !workflow.data) return <Skeleton h={200} />;
  const c = checklist.data;
  const canRequest = workflow.data.availableStates.includes('CONTENT_CONTROL');

  return (
    <Stack gap="md" data-testid="workflow-data-step">
      <Title order={2} fz="h3">
        {t('workflow.data.title')}
      </Title>
      <Text size="sm">{t('workflow.data.intro')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Figure label={t('workflow.data.products')} value={c.products} testId="workflow-products" />
        <Figure label={t('workflow.data.productsLive')} value={c.productsLive} testId="workflow-products-live" />
      </SimpleGrid>
      <Group gap="xs">
        <Button component={Link} to="/products" variant="default" leftSection={<IconList size={16} />}>
          {t('workflow.data.openProducts')}
        </Button>
        <Button
          renderRoot={(props) => <Link {...props} to="/products/detail/{-$id}" params={{ id: undefined }} />}
          variant="default"
          leftSection={<IconPlus size={16} />}
        >
          {t('workflow.data.newProduct')}
        </Button>
        <Button component={Link} to="/products" variant="default" leftSection={<IconFileImport size={16} />}>
          {t('workflow.data.import')}
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm" data-testid="workflow-sent-state">
            {c.productsForApprovalSentWhen
              ? t('workflow.data.sent', { when: format.dateTime(c.productsForApprovalSentWhen) })
              : t('workflow.data.notSent')}
          </Text>
          {c.productsLive === 0 && (
            <Text size="sm" c="dimmed">
              {t('workflow.data.noLive')}
            </Text>
          )}
          <Group>
            <Button
              leftSection={<IconSend size={16} />}
              onClick={() => send.mutate()}
              loading={send.isPending}
              disabled={c.productsLive === 0}
            >
              {t('workflow.data.send')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {workflow.data.status === 'CONTENT_CONTROL' && <Alert color="blue" title={t('workflow.data.requested')} />}
      {canRequest && c.productsForApprovalSent && (
        <Alert color="green" title={t('workflow.data.requestControl')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('workflow.data.requestControlHint')}</Text>
            <Button onClick={() => requestControl.mutate()} loading={requestControl.isPending}>
              {t('workflow.data.requestControl')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
