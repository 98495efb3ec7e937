import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/i18n/format';
import type { Checklist } from './operations';

interface Item {
  key: string;
  label: string;
  ok: boolean;
  detail?: string;
}

export function checklistItems(checklist: Checklist, t: TFunction): Item[] {
  return [
    { key: 'contract', label: t('workflow.checklist.contract'), ok: checklist.contract },
    { key: 'terms', label: t('workflow.checklist.terms'), ok: checklist.terms },
    ...checklist.addresses.map((a) => ({
      key: `address-${a.type}`,
      label: t(`workflow.checklist.address.${a.type}`),
      ok: a.ok,
    })),
    ...checklist.contacts.map((c) => ({
      key: `contact-${c.type}`,
      label: t(`workflow.checklist.contact.${c.type}`),
      ok: c.ok,
    })),
    {
      // Done when a method exists and every product has one that delivers it; otherwise it says what is missing.
      key: 'transport',
      label: t('workflow.checklist.transport'),
      ok: checklist.transport && !checklist.transportProblem,
      detail: checklist.transportProblem
        ? t(`workflow.checklist.transportProblem.${checklist.transportProblem}`, {
            count: checklist.undeliverableProducts,
          })
        : undefined,
    },
    { key: 'provider', label: t('workflow.checklist.provider'), ok: checklist.provider },
    {
      key: 'products',
      label: t('workflow.checklist.products'),
      ok: checklist.products > 0,
      detail: String(checklist.products),
    },
    {
      key: 'productsForApproval',
      label: t('workflow.checklist.productsForApproval'),
      ok: checklist.productsForApprovalSent,
    },
  ];
}

/** Each item with a done / not-done mark that is said in words too, not by colour alone. */
export function ChecklistView({ checklist }: { checklist: Checklist }) {
  const { t } = useTranslation();
  const format = useFormat();
  const items = checklistItems(checklist, t);
  return (
    <List spacing="xs" center data-testid="workflow-checklist">
      {items.map((item) => (
        <List.Item
          key={item.key}
          data-testid={`checklist-${item.key}`}
          data-ok={item.ok}
          icon={
            <ThemeIcon color={item.ok ? 'green' : 'gray'} variant={item.ok ? 'filled' : 'light'} size={22} radius="xl">
              {item.ok ? <IconCheck size={14} aria-hidden /> : <IconClock size={14} aria-hidden />}
            </ThemeIcon>
          }
        >
          <Text size="sm" span>
            {item.label}
            {item.key === 'productsForApproval' && checklist.productsForApprovalSentWhen
              ? ` (${format.dateTime(checklist.productsForApprovalSentWhen)})`
              : ''}
            {item.detail ? `: ${item.detail}` : ''}
          </Text>{' '}
          <Text size="xs" c="dimmed" span>
            · {item.ok ? t('workflow.checklist.done') : t('workflow.checklist.notDone')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
