import { Badge } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SLA_STATUS_COLOR } from './slaFormat';

const ICON = { ok: IconCircleCheck, warning: IconAlertTriangle, critical: IconAlertOctagon } as const;

/** A status as a coloured badge with its icon and word, so it reads without colour too. */
export function SlaStatusBadge({
  status,
  size = 'md',
}: {
  status: 'ok' | 'warning' | 'critical';
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const Icon = ICON[status];
  return (
    <Badge
      color={SLA_STATUS_COLOR[status]}
      variant="light"
      size={size}
      leftSection={<Icon size={14} aria-hidden />}
      // The word must always show in full: a narrow table column must not cut it.
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
      data-testid="sla-status"
      data-status={status}
    >
      {t(`sla.status.${status}`)}
    </Badge>
  );
}
