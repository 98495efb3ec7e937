import { Button, Divider, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useSession } from '../../app/session/session';
import { flash } from '../../ui/flash';
import { useLogout } from '../auth/useLogout';
import { ConsentForm } from './ConsentDialog';
import { CurrentTermsQuery, TermsPromptQuery } from './operations';
import { TermsBody } from './TermsBody';

/**
 * After sign-in, a partner who has not agreed to the terms in force is asked to, before working on: the
 * dialog cannot be dismissed, only answered or left by signing out. Asked once per page load and partner
 * (a version an operator publishes meanwhile is asked at the next sign-in).
 */
export function AgreePrompt() {
  const session = useSession();
  const partnerId = session.selectedPartner?.id ?? null;
  const prompt = useQuery({
    queryKey: ['termsPrompt', partnerId],
    queryFn: ({ signal }) => api.request(TermsPromptQuery, {}, { signal }).then((r) => r.session),
    enabled: partnerId !== null && !session.impersonating,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!prompt.data?.selectedPartner?.mustAgreeToTerms || prompt.data.impersonating) return null;
  return <AgreeDialog partnerId={prompt.data.selectedPartner.id} />;
}

function AgreeDialog({ partnerId }: { partnerId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const current = useQuery({
    queryKey: ['currentTerms', partnerId],
    queryFn: ({ signal }) => api.request(CurrentTermsQuery, {}, { signal }).then((r) => r.currentTerms),
  });
  const terms = current.data?.terms;
  const done = () => {
    queryClient.setQueryData(['termsPrompt', partnerId], (old: unknown) =>
      old && typeof old === 'object'
        ? {
            ...old,
            selectedPartner: { ...(old as { selectedPartner: object }).selectedPartner, mustAgreeToTerms: false },
          }
        : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['currentTerms'] });
    flash.success(t('terms.thanks.text'));
  };
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="xl"
      fullScreen={false}
      title={t('terms.prompt.title')}
      data-testid="terms-prompt"
    >
      <Stack gap="md" data-testid="terms-prompt-body">
        <Text size="sm">{t('terms.prompt.text')}</Text>
        {terms && (
          <ScrollArea.Autosize mah="45vh" type="auto" offsetScrollbars>
            <TermsBody terms={terms} />
          </ScrollArea.Autosize>
        )}
        <Divider />
        {terms && <ConsentForm contentId={terms.content.id} version={terms.version} onAgreed={done} />}
        <Group justify="flex-start">
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            onClick={() => void logout()}
            data-testid="terms-prompt-logout"
          >
            {t('terms.prompt.signOut')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
