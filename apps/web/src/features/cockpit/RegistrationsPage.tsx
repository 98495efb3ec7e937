import { availableShopIds } from '@pp/domain';
import { Anchor, Button, Text } from '@mantine/core';
import { IconMailForward, IconRocket } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import { canOperate } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { type DataGridColumn, DataGrid } from '../../ui/DataGrid/DataGrid';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';

export const CockpitRegistrationsQuery = graphql(`
  query CockpitRegistrations($grid: GridInput) {
    cockpitRegistrations(grid: $grid) {
      items {
        id
        partnerId
        created
        company
        shopName
        firstName
        lastName
        email
        country
        shopId
        source
        workflowStatus
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

const ResendMutation = graphql(`
  mutation CockpitResendRegistrationConfirmation($registrationId: ID!) {
    cockpitResendRegistrationConfirmation(registrationId: $registrationId)
  }
`);

type Registration = ResultOf<typeof CockpitRegistrationsQuery>['cockpitRegistrations']['items'][number];

function ResendButton({ registration }: { registration: Registration }) {
  const { t } = useTranslation();
  const resend = useMutation({
    mutationFn: () => api.request(ResendMutation, { registrationId: registration.id }),
    onSuccess: () => flash.success(t('cockpitRegistrations.resent', { email: registration.email })),
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconMailForward size={14} aria-hidden />}
      loading={resend.isPending}
      onClick={() => resend.mutate()}
      aria-label={`${t('cockpitRegistrations.resend')}: ${registration.email}`}
      data-testid={`resend-${registration.id}`}
    >
      {t('cockpitRegistrations.resend')}
    </Button>
  );
}

/** New sign-ups that have not confirmed their e-mail yet: who, when, where from; their link can be mailed again. */
export function RegistrationsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const flags = useFeatureFlags();
  const session = useSession();
  const canResend = canOperate(session, 'onboarding', 'update');

  const columns = useMemo(
    (): DataGridColumn<Registration>[] => [
      {
        field: 'created',
        header: 'cockpitRegistrations.columns.created',
        filterType: 'DATE',
        sortable: true,
        render: (row) => format.dateTime(row.created),
      },
      {
        field: 'company',
        header: 'cockpitRegistrations.columns.company',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Anchor
            renderRoot={(props) => (
              <Link {...props} to="/cockpit/partners/$partnerId" params={{ partnerId: row.partnerId }} />
            )}
            size="sm"
          >
            {row.company}
          </Anchor>
        ),
      },
      {
        field: 'shopName',
        header: 'cockpitRegistrations.columns.shopName',
        filterType: 'TEXT',
        sortable: true,
        defaultVisible: false,
        render: (row) => row.shopName,
      },
      {
        field: 'email',
        header: 'cockpitRegistrations.columns.email',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Text>
        ),
      },
      {
        field: 'country',
        header: 'cockpitRegistrations.columns.country',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => t(`registration.countries.${row.country}`, { defaultValue: row.country }),
      },
      {
        field: 'shopId',
        header: 'cockpitRegistrations.columns.shopId',
        filterType: 'ENUMS',
        sortable: true,
        options: availableShopIds(flags).map((id) => ({ value: id, label: `${id} · ${t(`markets.${id}`)}` })),
        render: (row) => t(`markets.${row.shopId}`, { defaultValue: row.shopId }),
      },
      {
        field: 'source',
        header: 'cockpitRegistrations.columns.source',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => t(`cockpitRegistrations.source.${row.source}`, { defaultValue: row.source }),
      },
    ],
    [flags, t, format],
  );

  return (
    <PageFrame
      route="cockpitRegistrations"
      description={t('cockpitRegistrations.subtitle')}
      actions={
        <Button component={Link} to="/cockpit/onboarding" variant="default" leftSection={<IconRocket size={16} />}>
          {t('routes.cockpitOnboarding')}
        </Button>
      }
    >
      <DataGrid
        id="cockpit-registrations"
        columns={columns}
        queryKey={['cockpitRegistrations']}
        rowKey={(row) => row.id}
        fetch={(grid, signal) =>
          api.request(CockpitRegistrationsQuery, { grid }, { signal }).then((r) => r.cockpitRegistrations)
        }
        initialSort={{ field: 'created', direction: 'DESCENDING' }}
        card={{ title: 'company', subtitle: ['created'], fields: ['email', 'country', 'shopId', 'source'] }}
        rowActions={canResend ? (row) => <ResendButton registration={row} /> : undefined}
      />
    </PageFrame>
  );
}
