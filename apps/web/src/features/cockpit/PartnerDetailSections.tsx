import { MARKETS, type ShopId } from '@pp/domain';
import { Anchor, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/i18n/format';
import { workflowColor } from '../../ui/workflowStatus';
import { MoveDialog, missingChecklistItems } from './MoveDialog';
import type { CockpitPartnerDetail } from './PartnerDetailOperations';

/** One labelled value; a missing one is a dash, never an empty gap. */
function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {empty ? '—' : children}
      </Text>
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A URL the operator may open: only http(s), shown as text otherwise. */
function Url({ href }: { href: string }) {
  if (!href) return null;
  return /^https?:\/\//i.test(href) ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {href}
    </Anchor>
  ) : (
    href
  );
}

export function CompanyCard({ partner }: { partner: CockpitPartnerDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const c = partner.contract;
  return (
    <Section id="partner-company" title={t('cockpitPartner.company.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={t('cockpitPartner.company.company')}>{c.company}</Field>
        <Field label={t('cockpitPartner.company.mallName')}>{partner.mallName}</Field>
        <Field label={t('cockpitPartner.company.companyId')}>{c.companyId}</Field>
        <Field label={t('cockpitPartner.company.vatId')}>{c.vatId}</Field>
        <Field label={t('cockpitPartner.company.address')}>
          {[c.street, [c.zip, c.city].filter(Boolean).join(' '), c.state].filter(Boolean).join(', ')}
        </Field>
        <Field label={t('cockpitPartner.company.bankAccount')}>{c.bankAccount}</Field>
        <Field label={t('cockpitPartner.company.contact')}>
          {[`${c.firstName} ${c.lastName}`.trim(), c.email, c.phone].filter(Boolean).join(' · ')}
        </Field>
        <Field label={t('cockpitPartner.company.web')}>
          <Url href={c.web} />
        </Field>
        <Field label={t('cockpitPartner.company.master')}>
          {partner.master
            ? `${partner.master.email}${partner.master.isConfirmed ? '' : ` (${t('cockpitPartner.company.unconfirmed')})`}`
            : null}
        </Field>
        <Field label={t('cockpitPartner.company.ids')}>
          {[partner.sapId && `SAP ${partner.sapId}`, partner.clientId && `client ${partner.clientId}`]
            .filter(Boolean)
            .join(' · ')}
        </Field>
        <Field label={t('cockpitPartner.company.created')}>{format.dateTime(partner.created)}</Field>
        <Field label={t('cockpitPartner.company.updated')}>{format.dateTime(partner.updated)}</Field>
      </SimpleGrid>
    </Section>
  );
}

/** The registration exactly as it was sent, beside the contract as it is now. */
export function RegistrationCard({ partner }: { partner: CockpitPartnerDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const r = partner.registration;
  if (!r) {
    return (
      <Section id="partner-registration" title={t('cockpitPartner.registration.title')}>
        <Text size="sm" c="dimmed">
          {t('cockpitPartner.registration.none')}
        </Text>
      </Section>
    );
  }
  const currency = partner.shopId in MARKETS ? MARKETS[partner.shopId as ShopId].currency : '';
  const list = (values: readonly string[], key: string) =>
    values.map((v) => t(`${key}.${v}`, { defaultValue: v })).join(', ');
  return (
    <Section id="partner-registration" title={t('cockpitPartner.registration.title')}>
      <Text size="sm" c="dimmed">
        {t('cockpitPartner.registration.when', {
          created: format.dateTime(r.created),
          confirmed: r.confirmedAt ? format.dateTime(r.confirmedAt) : t('cockpitPartner.registration.notConfirmed'),
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="partner-registration">
        <Field label={t('registration.fields.company')}>{r.company}</Field>
        <Field label={t('registration.fields.shopName')}>{r.shopName}</Field>
        <Field label={t('registration.fields.companyId')}>{r.companyId}</Field>
        <Field label={t('registration.fields.vatId')}>{r.vatId}</Field>
        <Field label={t('cockpitPartner.registration.contact')}>
          {[`${r.firstName} ${r.lastName}`.trim(), r.email, r.phone].join(' · ')}
        </Field>
        <Field label={t('cockpitPartner.company.address')}>
          {[
            r.street,
            `${r.zip} ${r.city}`.trim(),
            t(`registration.countries.${r.country}`, { defaultValue: r.country }),
          ]
            .filter(Boolean)
            .join(', ')}
        </Field>
        <Field label={t('registration.fields.annualTurnover', { currency })} testId="registration-turnover">
          {t(`registration.ranges.turnover.${r.annualTurnover}`, { defaultValue: r.annualTurnover })}
        </Field>
        <Field label={t('registration.fields.salesCount')} testId="registration-sales">
          {t(`registration.ranges.sales.${r.salesCount}`, { defaultValue: r.salesCount })}
        </Field>
        <Field label={t('registration.fields.offeredCount')} testId="registration-offered">
          {t(`registration.ranges.offered.${r.offeredCount}`, { defaultValue: r.offeredCount })}
        </Field>
        <Field label={t('registration.fields.divisions')} testId="registration-divisions">
          {[list(r.divisions, 'registration.divisions'), r.otherDivisions].filter(Boolean).join(' · ')}
        </Field>
        <Field label={t('registration.fields.countries')}>{list(r.countries, 'registration.countries')}</Field>
        <Field label={t('registration.fields.web')}>
          <Url href={r.web} />
        </Field>
        <Field label={t('cockpitPartner.registration.productFeed')}>
          <Url href={r.productFeed} />
        </Field>
        <Field label={t('cockpitPartner.registration.availabilityFeed')}>
          <Url href={r.availabilityFeed} />
        </Field>
        <Field label={t('cockpitPartner.registration.carrier')} testId="registration-carrier">
          {t(r.hasCarrier ? 'grid.boolean.true' : 'grid.boolean.false')}
        </Field>
        <Field label={t('cockpitPartner.registration.provider')}>
          {r.provider ? t(`registration.providers.${r.provider}`, { defaultValue: r.provider }) : null}
        </Field>
        <Field label={t('cockpitPartner.registration.language')}>
          {t(`languages.${r.language}`, { defaultValue: r.language })}
        </Field>
        <Field label={t('cockpitPartner.registration.source')}>{r.source}</Field>
      </SimpleGrid>
    </Section>
  );
}

/** Rating, API tier, MALL Delivery, self-billing, connection type and integration. */
export function StateCard({ partner }: { partner: CockpitPartnerDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Section id="partner-state" title={t('cockpitPartner.state.title')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label={t('cockpitPartner.state.rating')}>
          {partner.rating == null ? null : format.number(partner.rating)}
        </Field>
        <Field label={t('cockpitPartner.state.apiTier')}>{partner.apiTier}</Field>
        <Field label={t('cockpitPartner.state.mallDelivery')}>
          {t(`deliveries.mall.state.${partner.mdpStatus}`, { defaultValue: partner.mdpStatus })}
        </Field>
        <Field label={t('cockpitPartner.state.selfBilling')}>
          {t(`billing.selfBilling.status.${partner.billingStatus}`, { defaultValue: partner.billingStatus })}
        </Field>
        <Field label={t('cockpitPartner.state.connection')}>
          {partner.provider ? t(`cockpit.provider.${partner.provider}`, { defaultValue: partner.provider }) : null}
        </Field>
        <Field label={t('cockpitPartner.state.plugin')}>
          {partner.pluginProvider
            ? t(`integrations.kinds.${partner.pluginProvider}`, { defaultValue: partner.pluginProvider })
            : null}
        </Field>
      </SimpleGrid>
    </Section>
  );
}

/** The workflow: where the partner is, how far its checklist is, where an operator may move it, and how it got here. */
export function WorkflowCard({ partner, canMove }: { partner: CockpitPartnerDetail; canMove: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [moving, setMoving] = useState(false);
  const w = partner.workflow;
  const status = (s: string) => t(`partner.workflowStatus.${s}`, { defaultValue: s });
  // The operator sees what the partner's own checklist still shows as not done, not only how many.
  const missing = missingChecklistItems(partner.checklist, t);
  return (
    <Section id="partner-workflow" title={t('cockpitPartner.workflow.title')}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Badge size="lg" variant="light" color={workflowColor(w.status)} data-testid="partner-status">
          {status(w.status)}
        </Badge>
        {canMove && w.availableStates.length > 0 && (
          <Button
            size="compact-md"
            variant="light"
            rightSection={<IconArrowRight size={14} aria-hidden />}
            onClick={() => setMoving(true)}
            data-testid="partner-move"
          >
            {t('cockpitPartner.workflow.move')}
          </Button>
        )}
      </Group>
      <Text size="sm">
        {w.availableStates.length > 0
          ? t('cockpitPartner.workflow.moves', { statuses: w.availableStates.map(status).join(', ') })
          : t('cockpitPartner.workflow.noMoves')}
      </Text>
      <Stack gap={4}>
        <Text size="sm" data-testid="partner-checklist">
          {t('cockpitPartner.workflow.checklist', { done: partner.checklistDone, total: partner.checklistTotal })}
        </Text>
        {/* The sentence above says it; the bar only shows it. */}
        <Progress
          value={partner.checklistTotal ? (100 * partner.checklistDone) / partner.checklistTotal : 0}
          aria-hidden
        />
        {missing.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="partner-checklist-missing">
            {t('cockpitPartner.workflow.missing', { items: missing.join(', ') })}
          </Text>
        )}
      </Stack>
      {w.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cockpitPartner.workflow.noHistory')}
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="partner-history">
          {w.history.map((h) => (
            <Timeline.Item key={`${h.created}-${h.toStatus}`} title={`${status(h.fromStatus)} → ${status(h.toStatus)}`}>
              <Text size="xs" c="dimmed">
                {format.dateTime(h.created)} ·{' '}
                {t(h.byOperator ? 'cockpitPartner.workflow.byOperator' : 'cockpitPartner.workflow.byPartner')}
                {h.note ? ` · ${h.note}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {moving && <MoveDialog partner={partner} onClose={() => setMoving(false)} />}
    </Section>
  );
}
