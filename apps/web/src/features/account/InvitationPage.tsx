import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { SESSION_QUERY_KEY } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { useDocumentTitle } from '../../ui/PageFrame';
import { AcceptInvitationMutation, AccountInvitationQuery, DeclineInvitationMutation } from './operations';

/**
 * Where a mailed invitation lands, signed in: it says who invited the account to which shop before anything
 * happens, and the account joins the shop only when its owner accepts here.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  useDocumentTitle('invitation');
  const format = useFormat();
  const { token } = useParams({ strict: false }) as { token: string };
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const invitation = useQuery({
    queryKey: ['accountInvitation', token],
    queryFn: ({ signal }) =>
      api.request(AccountInvitationQuery, { token }, { signal }).then((r) => r.accountInvitation),
    retry: false,
    // Each check counts against the account's secret checks: once per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });

  const accept = useMutation({
    mutationFn: () => api.request(AcceptInvitationMutation, { token }),
    onSuccess: async ({ acceptAccountInvitation: joined }) => {
      flash.success(t('account.invitation.accepted', { partner: joined.partnerName }));
      // The session lists the account's shops: fetched again before switching, so the new one is there.
      await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
      await navigate({ to: '/switch-partner/$partnerId', params: { partnerId: joined.partnerId } });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const decline = useMutation({
    mutationFn: () => api.request(DeclineInvitationMutation, { token }),
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const data = invitation.data;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={640} mx="auto" data-testid="invitation-page">
      <Stack gap="md">
        {invitation.isError && <ErrorAlert error={invitation.error} />}
        {data && (
          <>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconBuildingStore size={28} aria-hidden />
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {t('account.invitation.title', { partner: data.partnerName })}
              </Title>
            </Group>
            <Text data-testid="invitation-text">
              {t('account.invitation.text', {
                inviter: data.inviterName,
                partner: data.partnerName,
                shop: data.shopId,
              })}
            </Text>
            <Text size="sm">{t('account.invitation.as', { email: data.email })}</Text>
            <Text size="sm" c="dimmed">
              {t('account.invitation.consent')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('account.invitation.validUntil', { date: format.date(data.expiresAt) })}
            </Text>
            {decline.isSuccess ? (
              <Alert color="gray" variant="light" role="status" data-testid="invitation-declined">
                {t('account.invitation.declined', { partner: data.partnerName })}
              </Alert>
            ) : (
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  onClick={() => decline.mutate()}
                  loading={decline.isPending}
                  disabled={accept.isPending}
                >
                  {t('account.invitation.decline')}
                </Button>
                <Button
                  onClick={() => accept.mutate()}
                  loading={accept.isPending}
                  disabled={decline.isPending}
                  data-testid="invitation-accept"
                >
                  {t('account.invitation.accept')}
                </Button>
              </Group>
            )}
          </>
        )}
        {(invitation.isError || decline.isSuccess) && (
          <Group>
            <Button component={Link} to="/" variant="light">
              {t('account.invitation.home')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
