import { ActionIcon, Badge, Menu, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDots, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { ConfirmDialog } from './ConfirmDialog';
import {
  ACCOUNT_KEYS,
  CancelInvitationMutation,
  type PartnerInvitationData,
  PartnerInvitationsQuery,
  ResendInvitationMutation,
} from './operations';

/**
 * Invitations that wait for their answer. Each shows the address the partner typed and nothing else: who
 * (if anyone) is behind it is known only once they accept.
 */
export function InvitationsList({ may }: { may: { resend: boolean; cancel: boolean } }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<PartnerInvitationData | null>(null);

  const invitations = useQuery({
    queryKey: ACCOUNT_KEYS.invitations,
    queryFn: ({ signal }) => api.request(PartnerInvitationsQuery, {}, { signal }).then((r) => r.partnerInvitations),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.invitations });

  const resend = useMutation({
    mutationFn: (i: PartnerInvitationData) => api.request(ResendInvitationMutation, { invitationId: i.id }),
    onSuccess: (_, i) => {
      flash.success(t('account.accounts.resentDone', { email: i.email }));
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const cancel = useMutation({
    mutationFn: (i: PartnerInvitationData) => api.request(CancelInvitationMutation, { invitationId: i.id }),
    onSuccess: (_, i) => {
      setWithdrawing(null);
      flash.success(t('account.accounts.invitations.cancelledDone', { email: i.email }));
      refresh();
    },
    onError: (error) => {
      setWithdrawing(null);
      flash.error(errorMessage(error, t));
    },
  });

  if (invitations.isError) return <ErrorAlert error={invitations.error} />;
  if (!invitations.data?.length) return null;

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('account.accounts.invitations.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.accounts.invitations.intro')}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" striped data-testid="invitations-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('account.accounts.invitations.email')}</Table.Th>
              <Table.Th>{t('account.accounts.invitations.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('account.accounts.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((i) => {
              const expired = new Date(i.expiresAt).getTime() < Date.now();
              return (
                <Table.Tr key={i.id} data-testid="invitation-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm">{i.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    {expired ? (
                      <Badge color="gray" variant="light" size="sm">
                        {t('account.accounts.invitations.expired')}
                      </Badge>
                    ) : (
                      <Badge color="orange" variant="light" size="sm" data-testid="badge-invited">
                        {t('account.accounts.badges.invited')}
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed">
                      {t('account.accounts.invitations.validUntil', { date: format.date(i.expiresAt) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {(may.resend || may.cancel) && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('account.accounts.invitations.menu', { email: i.email })}
                          >
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {may.resend && (
                            <Menu.Item
                              leftSection={<IconMailForward size={16} aria-hidden />}
                              onClick={() => resend.mutate(i)}
                            >
                              {t('account.accounts.invitations.resend')}
                            </Menu.Item>
                          )}
                          {may.cancel && (
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={16} aria-hidden />}
                              onClick={() => setWithdrawing(i)}
                            >
                              {t('account.accounts.invitations.cancel')}
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={withdrawing !== null}
        title={t('account.accounts.invitations.confirmCancelTitle')}
        text={t('account.accounts.invitations.confirmCancel', { email: withdrawing?.email ?? '' })}
        confirmLabel={t('account.accounts.invitations.cancel')}
        danger
        loading={cancel.isPending}
        onConfirm={() => withdrawing && cancel.mutate(withdrawing)}
        onClose={() => setWithdrawing(null)}
      />
    </Stack>
  );
}
