import { type Checklist, isWorkflowStep, missingSettings, WORKFLOW_STEPS, type WorkflowStep } from '@pp/domain';
import { Badge, Button, Group, Paper, Skeleton, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useParams } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageFrame } from '../../ui/PageFrame';
import { workflowColor } from '../../ui/workflowStatus';
import { CompanyStep } from './steps/CompanyStep';
import { DataStep } from './steps/DataStep';
import { LaunchStep } from './steps/LaunchStep';
import { SettingsStep } from './steps/SettingsStep';
import { TermsStep } from './steps/TermsStep';
import { useChecklist, useWorkflow, useWorkflowLive } from './useWorkflow';

const STEP_COMPONENTS: Record<WorkflowStep, ComponentType> = {
  company: CompanyStep,
  terms: TermsStep,
  settings: SettingsStep,
  data: DataStep,
  launch: LaunchStep,
};

/** Whether a step's work is really done: the stepper marks only those, not every step before the open one. */
function stepDone(step: WorkflowStep, checklist: Checklist | undefined, status: string): boolean {
  if (!checklist) return false;
  switch (step) {
    case 'company':
      return checklist.contract;
    case 'terms':
      return checklist.terms;
    case 'settings':
      // The settings step's own items; contract and terms belong to the first two steps.
      return missingSettings(checklist).every((item) => item === 'contract' || item === 'terms');
    case 'data':
      return checklist.productsForApprovalSent;
    default:
      return status === 'PRODUCTION';
  }
}

/**
 * The onboarding: five steps, each open at any time (a partner fills its settings while the operators
 * check it). Without a step in the address the page opens the one that fits the partner's status.
 */
export function WorkflowPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { step?: string };
  const narrow = useMediaQuery('(max-width: 48em)');
  const workflow = useWorkflow();
  const checklist = useChecklist();
  useWorkflowLive();

  if (workflow.error) {
    return (
      <PageFrame route="workflow">
        <ErrorAlert error={workflow.error} />
      </PageFrame>
    );
  }
  const w = workflow.data;
  const step: WorkflowStep | null = isWorkflowStep(params.step)
    ? params.step
    : ((w?.step as WorkflowStep | undefined) ?? null);
  const index = step ? WORKFLOW_STEPS.indexOf(step) : 0;
  const go = (to: WorkflowStep) => void navigate({ to: '/workflow/{-$step}', params: { step: to } });
  const Current = step ? STEP_COMPONENTS[step] : null;

  return (
    <PageFrame
      route="workflow"
      description={t('workflow.subtitle')}
      actions={
        w && (
          <Badge size="lg" variant="light" color={workflowColor(w.status)} data-testid="workflow-status-badge">
            {t(`partner.workflowStatus.${w.status}`, { defaultValue: w.status })}
          </Badge>
        )
      }
    >
      {!w || !Current ? (
        <Skeleton h={320} />
      ) : (
        <>
          <Stepper
            active={index}
            onStepClick={(i) => go(WORKFLOW_STEPS[i]!)}
            orientation={narrow ? 'vertical' : 'horizontal'}
            size="sm"
            allowNextStepsSelect
            data-testid="workflow-stepper"
          >
            {WORKFLOW_STEPS.map((s, i) => (
              <Stepper.Step
                key={s}
                // Mantine ticks every step before the open one; a step not really done keeps its number.
                completedIcon={stepDone(s, checklist.data, w.status) ? undefined : i + 1}
                color={stepDone(s, checklist.data, w.status) ? 'green' : 'gray'}
                label={t(`workflow.steps.${s}.label`)}
                description={t(`workflow.steps.${s}.description`)}
                data-testid={`workflow-step-${s}`}
                aria-current={s === step ? 'step' : undefined}
              />
            ))}
          </Stepper>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Current />
          </Paper>
          <Group justify="space-between">
            <Button variant="default" disabled={index === 0} onClick={() => go(WORKFLOW_STEPS[index - 1]!)}>
              {t('workflow.back')}
            </Button>
            <Button disabled={index === WORKFLOW_STEPS.length - 1} onClick={() => go(WORKFLOW_STEPS[index + 1]!)}>
              {t('workflow.continue')}
            </Button>
          </Group>
        </>
      )}
    </PageFrame>
  );
}
