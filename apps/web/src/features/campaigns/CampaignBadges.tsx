import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '../../ui/DataGrid/CellBadge';

const PHASE_COLORS: Record<string, string> = { UPCOMING: 'blue', RUNNING: 'teal', ENDED: 'gray' };
const STATUS_COLORS: Record<string, string> = { DRAFT: 'yellow', PUBLISHED: 'teal', CANCELLED: 'red' };

/** A 'YYYY-MM-DD' day read at noon, so no time zone moves it to the day before. */
export const dayOf = (day: string) => new Date(`${day}T12:00:00`);

/**
 * Where the campaign is: its phase while published, its status otherwise (a cancelled campaign's phase
 * no longer matters; a draft is the operators' own), plus "locked" when no file is taken any more.
 */
export function CampaignStateBadges({ status, phase, locked }: { status: string; phase: string; locked: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {status === 'PUBLISHED' ? (
        <CellBadge color={PHASE_COLORS[phase] ?? 'gray'} state={phase} testId="campaign-phase">
          {t(`campaigns.phase.${phase}`)}
        </CellBadge>
      ) : (
        <CellBadge color={STATUS_COLORS[status] ?? 'gray'} state={status} testId="campaign-status">
          {t(`campaigns.status.${status}`)}
        </CellBadge>
      )}
      {locked && (
        <CellBadge color="orange" state="LOCKED">
          {t('campaigns.locked')}
        </CellBadge>
      )}
    </Group>
  );
}
