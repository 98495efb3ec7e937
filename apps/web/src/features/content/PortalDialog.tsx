import { Button, Group, Modal, Stack, Typography } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { SESSION_QUERY_KEY, useSession } from '../../app/session/session';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { graphql } from '../../graphql/graphql';
import { TermsPromptQuery } from '../terms/operations';

export const PortalDialogQuery = graphql(`
  query PortalDialog {
    portalDialog {
      id
      lang
      title
      body
    }
  }
`);

export const DismissPortalDialogMutation = graphql(`
  mutation DismissPortalDialog($id: ID!) {
    dismissPortalDialog(id: $id)
  }
`);

/**
 * The portal dialog (issue 24): the marketplace's announcement to the partner's market, shown once as a modal
 * until the person closes it. The server keeps who dismissed it, so it is once per person, not per browser. A
 * dialog published while the portal is open arrives over the stream; so does a switched service module, after
 * which the session (and with it the menu) is read again.
 */
export function PortalDialog() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const partnerId = session.selectedPartner?.id ?? null;
  const key = ['portalDialog', partnerId, lang] as const;
  // Closed in this browser (also when the server refuses to record it, e.g. a read-only impersonation).
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const dialog = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.request(PortalDialogQuery, {}, { signal }).then((r) => r.portalDialog),
    enabled: partnerId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The terms' consent (AgreePrompt, the same query) comes first: never two modals at once.
  const terms = useQuery({
    queryKey: ['termsPrompt', partnerId],
    queryFn: ({ signal }) => api.request(TermsPromptQuery, {}, { signal }).then((r) => r.session),
    enabled: partnerId !== null && !session.impersonating,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const dismiss = useMutation({
    mutationFn: (id: string) => api.request(DismissPortalDialogMutation, { id }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['portalDialog'] }),
  });
  useStreamEvent('portal_dialog_published', () => void queryClient.invalidateQueries({ queryKey: ['portalDialog'] }));
  useStreamEvent('service_modules_changed', () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }));

  const current = dialog.data;
  const consentFirst = !session.impersonating && (terms.isPending || terms.data?.selectedPartner?.mustAgreeToTerms);
  if (!current || closed.has(current.id) || consentFirst) return null;
  const close = () => {
    setClosed((all) => new Set(all).add(current.id));
    dismiss.mutate(current.id);
  };
  return (
    <Modal opened onClose={close} title={current.title} size="lg" centered data-testid="portal-dialog">
      <Stack gap="md">
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list when an operator saved it */}
          <div lang={current.lang} dangerouslySetInnerHTML={{ __html: current.body }} />
        </Typography>
        <Group justify="flex-end">
          <Button onClick={close}>{t('portalDialog.dismiss')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
