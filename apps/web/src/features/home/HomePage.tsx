import { type Currency, isShopId, MARKETS } from '@pp/domain';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Paper,
  Rating,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconClock, IconHistory, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { visibleNavItems } from '../../app/navigation';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageFrame } from '../../ui/PageFrame';
import { workflowColor } from '../../ui/workflowStatus';
import { ActivitySentence, activityActor, useRecentActivityLive } from './activity';
import { useHomeOrderArrivals } from '../orders/useOrderArrivals';
import { type Dashboard, DashboardQuery } from './operations';
import { SellerWork, SlaOverview } from './SellerWork';

/**
 * Areas the dashboard points to, in this order, when the user may open them. Only built areas: one that is
 * still "coming soon" (deliveries, billing, services, the help center) is no useful link, whatever the menu says.
 */
export const USEFUL_LINKS = ['workflow', 'orders', 'products', 'categories', 'brands', 'sla', 'partner'] as const;

export function StatCard({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.2}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" size={42} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function PartnerCard({ partner }: { partner: Dashboard['partner'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const market = isShopId(partner.shopId) ? MARKETS[partner.shopId] : null;
  const rows: [string, ReactNode][] = [
    ['home.partner.shop', `${partner.shopId}${market ? ` · ${t(`markets.${partner.shopId}`)}` : ''}`],
    ['home.partner.currency', partner.currency],
    ['home.partner.sapId', partner.sapId ?? '—'],
    [
      'home.partner.workflowStatus',
      <Badge key="status" color={workflowColor(partner.workflowStatus)} variant="light">
        {t(`partner.workflowStatus.${partner.workflowStatus}`, { defaultValue: partner.workflowStatus })}
      </Badge>,
    ],
    [
      'home.partner.rating',
      partner.rating == null ? (
        t('home.partner.noRating')
      ) : (
        <Group key="rating" gap={6}>
          <Rating value={partner.rating} fractions={10} readOnly size="sm" />
          <Text size="sm">{format.number(partner.rating)}</Text>
        </Group>
      ),
    ],
  ];
  return (
    <Card withBorder radius="md" p="lg" data-testid="partner-card">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('home.partner.title')}
          </Text>
          <Title order={2} fz="xl">
            {partner.partnerName}
          </Title>
          {partner.mallName && (
            <Text size="sm" c="dimmed">
              {partner.mallName}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {rows.map(([label, value]) => (
            <Stack key={label} gap={2}>
              <Text size="xs" c="dimmed">
                {t(label)}
              </Text>
              <Text size="sm" fw={500} component="div">
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function RecentActivity({ entries, currency }: { entries: Dashboard['recentActivity']; currency: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  // A price reads as money of the partner's currency; everything else as the sentence gives it.
  const formatValue = (name: string, value: string) =>
    (name === 'from' || name === 'to') && value !== '' && Number.isFinite(Number(value))
      ? format.money(Number(value), currency as Currency)
      : value;
  return (
    <Card withBorder radius="md" p="lg" data-testid="recent-activity">
      <Group gap="xs" mb="md">
        <IconHistory size={18} />
        <Title order={2} fz="lg">
          {t('home.activity.title')}
        </Title>
      </Group>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('home.activity.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2} active={entries.length}>
          {entries.map((entry) => (
            <Timeline.Item
              key={entry.id}
              bullet={entry.adminEmail ? <IconShieldCheck size={12} /> : null}
              title={
                <Text size="sm" fw={500} component="span" data-testid="activity-sentence">
                  <ActivitySentence entry={entry} actor={activityActor(entry, t)} t={t} formatValue={formatValue} />
                </Text>
              }
              data-testid="activity-entry"
            >
              <Text size="xs" c="dimmed">
                {format.dateTime(entry.at)}
              </Text>
              {entry.adminEmail && (
                <Text size="xs" c="orange.8">
                  {t('home.activity.byAdmin', { adminEmail: entry.adminEmail })}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}

function UsefulLinks() {
  const { t } = useTranslation();
  const session = useSession();
  const visible = visibleNavItems(session, session.selectedPartner);
  const links = USEFUL_LINKS.flatMap((key) => visible.filter((v) => v.item.key === key));
  return (
    <Card withBorder radius="md" p="lg" data-testid="useful-links">
      <Title order={2} fz="lg" mb="md">
        {t('home.links.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {links.map(({ item, to }) => (
          <Anchor key={item.key} component={Link} to={to} underline="never">
            <Group
              gap="sm"
              wrap="nowrap"
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              className="pp-hover"
            >
              <ThemeIcon variant="light" radius="md">
                <item.icon size={16} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" fw={600} c="var(--mantine-color-text)">
                  {t(`nav.${item.key}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`home.links.${item.key}`)}
                </Text>
              </Stack>
            </Group>
          </Anchor>
        ))}
      </SimpleGrid>
    </Card>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  useHomeOrderArrivals();
  useRecentActivityLive();
  const dashboard = useQuery({
    queryKey: ['dashboard', session.selectedPartner?.id],
    queryFn: ({ signal }) => api.request(DashboardQuery, {}, { signal }).then((r) => r.dashboard),
  });
  const data = dashboard.data;

  return (
    <PageFrame
      route="home"
      heading={t('home.greeting', { name: session.account.firstName || session.account.email })}
      description={t('home.subtitle')}
    >
      {/* The seller's work leads: what to ship, what is late, what waits for a status. */}
      {canAccess(session, 'orders') && <SellerWork />}
      {canAccess(session, 'sla') && <SlaOverview />}
      {dashboard.isError && <ErrorAlert error={dashboard.error} />}
      {!data && !dashboard.isError && <Skeleton h={110} radius="md" />}
      {data && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Stack gap="md">
            <PartnerCard partner={data.partner} />
            <StatCard
              testId="last-login"
              icon={<IconClock size={22} />}
              label={t('home.lastLogin.title')}
              value={
                <Text fz="md" fw={600} component="span">
                  {data.lastLoginAt ? format.dateTime(data.lastLoginAt) : t('home.lastLogin.never')}
                </Text>
              }
            />
            <UsefulLinks />
          </Stack>
          <RecentActivity entries={data.recentActivity} currency={data.partner.currency} />
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
