import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { SESSION_QUERY_KEY } from '../../app/session/session';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { flash } from '../../ui/flash';
import { CHECKLIST_KEY, ChecklistQuery, WORKFLOW_KEY, WorkflowQuery } from './operations';

export function useWorkflow() {
  return useQuery({
    queryKey: WORKFLOW_KEY,
    queryFn: ({ signal }) => api.request(WorkflowQuery, {}, { signal }).then((r) => r.workflow),
  });
}

export function useChecklist() {
  return useQuery({
    queryKey: CHECKLIST_KEY,
    queryFn: ({ signal }) => api.request(ChecklistQuery, {}, { signal }).then((r) => r.checklist),
  });
}

/**
 * An operator's move reaches the open page at once: the workflow and checklist reload, and so does the
 * session, whose partner status decides the navigation (a shop going live gets the whole portal).
 */
export function useWorkflowLive(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useStreamEvent<{ status?: string }>('workflow_changed', (event) => {
    void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEY });
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    const status = event.data?.status;
    if (status) flash.info(t('workflow.moved', { status: t(`partner.workflowStatus.${status}`) }));
  });
}

/** After the partner's own move: the same refresh, without the notice (the page shows the result). */
export function useWorkflowChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEY });
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
}
