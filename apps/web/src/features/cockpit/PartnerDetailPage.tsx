import { Badge, Button, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconActivity, IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { workflowColor } from '../../ui/workflowStatus';
import { BackToPartners } from './BackToPartners';
import { openRemoteLogin } from './CockpitPartnersPage';
import { CockpitRemoteLoginLinkMutation } from './operations';
import { PartnerLifecycleActions, PartnerNoteCard, PartnerPeopleCard } from './PartnerDetailForms';
import { type CockpitPartnerDetail, CockpitPartnerQuery } from './PartnerDetailOperations';
import { ServiceModulesCard } from './ServiceModulesCard';
import { CompanyCard, RegistrationCard, StateCard, WorkflowCard } from './PartnerDetailSections';

/** The partner's pages an operator opens "as the partner sees them" (the remote login's `to`). */
export const PARTNER_VIEW_PAGES = [
  { key: 'orders', path: '/orders' },
  { key: 'products', path: '/products' },
  { key: 'documents', path: '/billings' },
] as const;

/**
 * Opens one of the partner's pages signed in as the partner, in a new tab (the remote login): the tab is
 * opened at the click so a popup blocker allows it, and sent to the one-time link with the page to open.
 */
function PartnerViewButtons({ partner }: { partner: CockpitPartnerDetail }) {
  const { t } = useTranslation();
  const link = useMutation({
    mutationFn: (_input: { tab: Window | null; path: string }) =>
      api.request(CockpitRemoteLoginLinkMutation, { partnerId: partner.id }),
    onSuccess: ({ cockpitRemoteLoginLink }, { tab, path }) =>
      openRemoteLogin(`${cockpitRemoteLoginLink}?to=${encodeURIComponent(path)}`, tab),
    onError: (error, { tab }) => {
      tab?.close();
      flash.error(errorMessage(error, t));
    },
  });
  return (
    <Group gap="xs">
      {PARTNER_VIEW_PAGES.map((page) => (
        <Button
          key={page.key}
          variant="default"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          loading={link.isPending && link.variables?.path === page.path}
          onClick={() => link.mutate({ tab: window.open('', '_blank'), path: page.path })}
          title={t('cockpit.opensNewTab')}
          aria-label={`${t(`cockpitPartner.view.${page.key}`)} (${t('cockpit.opensNewTab')})`}
          data-testid={`partner-view-${page.key}`}
        >
          {t(`cockpitPartner.view.${page.key}`)}
        </Button>
      ))}
    </Group>
  );
}

/** Everything about one partner on one screen: what it is, where it stands, who looks after it, what to do. */
export function PartnerDetailPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { partnerId } = useParams({ strict: false }) as { partnerId: string };
  const detail = useQuery({
    queryKey: ['cockpitPartner', partnerId],
    queryFn: ({ signal }) => api.request(CockpitPartnerQuery, { partnerId }, { signal }).then((r) => r.cockpitPartner),
  });
  const canEdit = canOperate(session, 'partners', 'update');
  const canMove = canOperate(session, 'onboarding', 'update');
  const canView = canOperate(session, 'impersonation', 'read');
  const p = detail.data;
  return (
    <PageFrame
      route="cockpitPartner"
      heading={p?.partnerName}
      description={
        p ? (
          <Group gap="xs" component="span">
            <Badge variant="light" color={workflowColor(p.workflow.status)} component="span">
              {t(`partner.workflowStatus.${p.workflow.status}`, { defaultValue: p.workflow.status })}
            </Badge>
            <Text span size="sm" c="dimmed">
              {[p.sapId && `SAP ${p.sapId}`, t(`markets.${p.shopId}`, { defaultValue: p.shopId })]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Group>
        ) : undefined
      }
      actions={<BackToPartners />}
    >
      {detail.error ? (
        <ErrorAlert error={detail.error} />
      ) : !p ? (
        <Skeleton h={400} />
      ) : (
        <Stack gap="lg">
          {(canView || (canEdit && p.lifecycleCommands.length > 0)) && (
            <Card withBorder padding="md">
              <Stack gap="sm">
                {canView && (
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {t('cockpitPartner.view.title')}
                    </Text>
                    <Group gap="xs">
                      <PartnerViewButtons partner={p} />
                      <Button
                        variant="default"
                        leftSection={<IconActivity size={16} aria-hidden />}
                        renderRoot={(props) => (
                          <Link {...props} to="/cockpit/partners/$partnerId/stream" params={{ partnerId: p.id }} />
                        )}
                        data-testid="partner-view-stream"
                      >
                        {t('cockpitPartner.view.stream')}
                      </Button>
                    </Group>
                  </Stack>
                )}
                {canEdit && p.lifecycleCommands.length > 0 && (
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {t('cockpitPartner.lifecycle.title')}
                    </Text>
                    <PartnerLifecycleActions partner={p} />
                  </Stack>
                )}
              </Stack>
            </Card>
          )}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Stack gap="lg">
                <CompanyCard partner={p} />
                <RegistrationCard partner={p} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack gap="lg">
                <WorkflowCard partner={p} canMove={canMove} />
                <StateCard partner={p} />
                <PartnerPeopleCard partner={p} canEdit={canEdit} />
                <PartnerNoteCard partner={p} canEdit={canEdit} />
                <ServiceModulesCard partnerId={p.id} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </PageFrame>
  );
}
