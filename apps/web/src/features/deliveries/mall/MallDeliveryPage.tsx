import { mallDeliveryBranchesOf } from '@pp/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { usePermission } from '../../../app/session/permission';
import { useModuleOffReason } from '../../../app/session/serviceModules';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { flash } from '../../../ui/flash';
import { PermissionGate } from '../../../ui/PermissionGate';
import { type MallDeliveryData, MallDeliveryRequestMutation } from './operations';
import { MallTabs } from './MallTabs';
import { currencyOf, mallStateColor, refreshMall, useMallDelivery } from './useMallDelivery';

const WAREHOUSE_CODES = new Set([
  'MDP_WAREHOUSE_ADDRESS_MANDATORY',
  'MDP_WAREHOUSE_NOT_UNIQUE',
  'MDP_WAREHOUSE_STANDALONE_TYPE',
  'MDP_WAREHOUSE_ALL_FIELDS_MANDATORY',
  'MDP_WAREHOUSE_UNSUPPORTED_COUNTRY',
]);

/** One thing the partner prepares: done, or what is wrong with it and where to fix it. */
function Prerequisite({
  title,
  done,
  problems,
  summary,
  link,
  testId,
}: {
  title: string;
  done: boolean;
  problems: string[];
  summary: ReactNode;
  link: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} data-ready={done ? 'true' : 'false'}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          {done ? (
            <IconCircleCheck size={20} color="var(--mantine-color-green-8)" aria-hidden />
          ) : (
            <IconAlertTriangle size={20} color="var(--mantine-color-orange-8)" aria-hidden />
          )}
          <Text fw={600}>{title}</Text>
          <Badge variant="light" color={done ? 'green' : 'orange'}>
            {t(done ? 'deliveries.mall.prepare.ready' : 'deliveries.mall.prepare.missing')}
          </Badge>
        </Group>
        {summary}
        {problems.map((code) => (
          <Text key={code} size="sm" c="red.8">
            {t(`errors.${code}`)}
          </Text>
        ))}
        {link}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

/** What the marketplace agreed (fee and depots) once the service runs. */
export function ActiveSummary({ data }: { data: MallDeliveryData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const branches = mallDeliveryBranchesOf(data.shopId);
  const branchName = (id: string | null) => branches.find((b) => b.id === id)?.name ?? t('deliveries.mall.notSet');
  const money = (v: number | null) =>
    v == null ? t('deliveries.mall.notSet') : format.money(v, currencyOf(data.shopId));
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} m={0} spacing="md" data-testid="mall-summary">
      <Fact label={t('deliveries.mall.fields.fee')} value={money(data.config.fee)} />
      <Fact label={t('deliveries.mall.fields.spectrumFee')} value={money(data.config.spectrumFee)} />
      <Fact label={t('deliveries.mall.fields.registerBranch')} value={branchName(data.config.registerBranch)} />
      <Fact label={t('deliveries.mall.fields.returnBranch')} value={branchName(data.config.returnBranch)} />
      <Fact
        label={t('deliveries.mall.fields.spectrumStatus')}
        value={t(`deliveries.mall.spectrumStatus.${data.config.spectrumStatus}`)}
      />
    </SimpleGrid>
  );
}

/** deliveries/mall: the state, what to prepare, the request; once active, what was agreed. */
export function MallDeliveryPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  useDocumentTitle('deliveriesMall');
  const mall = useMallDelivery();
  const canUpdate = usePermission('deliveries', 'update');
  const offReason = useModuleOffReason('marketplaceDelivery');
  const request = useMutation({
    mutationFn: () => api.request(MallDeliveryRequestMutation, {}),
    onSuccess: (result) => {
      queryClient.setQueryData(['mallDelivery'], result.mallDeliveryRequest);
      refreshMall(queryClient);
      flash.success(t('deliveries.mall.requested'));
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  if (mall.error) return <ErrorAlert error={mall.error} />;
  const data = mall.data;
  if (!data) return <Skeleton h={240} />;
  const warehouseProblems = data.readiness.filter((c) => WAREHOUSE_CODES.has(c));
  const contactProblems = data.readiness.filter((c) => !WAREHOUSE_CODES.has(c));
  const mayRequest = data.state === 'inactive' || data.state === 'declined';
  const ready = data.readiness.length === 0;
  return (
    <Stack gap="lg">
      <MallTabs />
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm">
          <Title order={2} size="h3">
            {t('deliveries.mall.title')}
          </Title>
          <Badge size="lg" variant="light" color={mallStateColor(data.state)} data-testid="mall-state">
            {t(`deliveries.mall.state.${data.state}`)}
          </Badge>
        </Group>
        {mayRequest && (
          <PermissionGate permission={canUpdate}>
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => request.mutate()}
              loading={request.isPending}
              disabled={!ready || offReason !== null}
              data-testid="mall-request"
            >
              {t(data.state === 'declined' ? 'deliveries.mall.requestAgain' : 'deliveries.mall.request')}
            </Button>
          </PermissionGate>
        )}
      </Group>
      <Text size="sm">{t(`deliveries.mall.stateText.${data.state}`)}</Text>
      {offReason && (
        <Text size="sm" c="orange.9" data-testid="mall-module-off">
          {offReason}
        </Text>
      )}
      {data.state === 'requested' && data.lastRequest && (
        <Alert color="blue" data-testid="mall-pending">
          {t('deliveries.mall.pendingSince', { date: format.dateTime(data.lastRequest.requestedAt) })}
        </Alert>
      )}
      {data.state === 'declined' && data.lastRequest?.reason && (
        <Alert color="red" title={t('deliveries.mall.declinedTitle')} data-testid="mall-declined">
          {data.lastRequest.reason}
        </Alert>
      )}
      {data.state === 'active' && <ActiveSummary data={data} />}
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('deliveries.mall.prepare.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('deliveries.mall.prepare.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Prerequisite
            testId="mall-prepare-warehouse"
            title={t('deliveries.mall.prepare.warehouse')}
            done={warehouseProblems.length === 0}
            problems={warehouseProblems}
            summary={
              <Text size="sm">
                {data.warehouse
                  ? `${data.warehouse.street}, ${data.warehouse.zip} ${data.warehouse.city}, ${data.warehouse.state}`
                  : t('deliveries.mall.prepare.warehouseHelp')}
              </Text>
            }
            link={
              <Anchor component={Link} to="/partner" size="sm">
                {t('deliveries.mall.prepare.warehouseLink')}
              </Anchor>
            }
          />
          <Prerequisite
            testId="mall-prepare-contact"
            title={t('deliveries.mall.prepare.contact')}
            done={contactProblems.length === 0}
            problems={contactProblems}
            summary={
              <Text size="sm">
                {data.contact
                  ? `${data.contact.firstName} ${data.contact.lastName}, ${data.contact.phone || '—'}, ${data.contact.email}`
                  : t('deliveries.mall.prepare.contactHelp')}
              </Text>
            }
            link={
              <Anchor component={Link} to="/partner/contacts" size="sm">
                {t('deliveries.mall.prepare.contactLink')}
              </Anchor>
            }
          />
        </SimpleGrid>
        <List size="sm" c="dimmed">
          <List.Item>{t('deliveries.mall.prepare.ruleWarehouse')}</List.Item>
          <List.Item>{t('deliveries.mall.prepare.ruleContact')}</List.Item>
        </List>
        {mayRequest && !ready && (
          <Text size="sm" c="orange.9" data-testid="mall-not-ready">
            {t('deliveries.mall.prepare.blocked')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
