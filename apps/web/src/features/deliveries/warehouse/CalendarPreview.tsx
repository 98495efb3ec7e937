import {
  addWorkingDays,
  type CalendarCountry,
  type Holiday,
  localDateTime,
  nextWorkingDay,
  publicHolidays,
} from '@pp/domain';
import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/i18n/format';

const WORKING_DAYS_SHOWN = 5;
const HOLIDAYS_SHOWN = 3;

/** The next working days and public holidays of a calendar country, from today on its own clock. */
export function calendarPreview(country: CalendarCountry, now: Date) {
  const today = localDateTime(country, now).date;
  const first = nextWorkingDay(country, today);
  const workingDays = Array.from({ length: WORKING_DAYS_SHOWN }, (_, i) => addWorkingDays(country, first, i));
  const year = Number(today.slice(0, 4));
  const holidays: Holiday[] = [...publicHolidays(country, year), ...publicHolidays(country, year + 1)]
    .filter((h) => h.date >= today)
    .slice(0, HOLIDAYS_SHOWN);
  return { today, workingDays, holidays };
}

/**
 * What the chosen calendar does, before the seller saves it: the working days orders will count and the
 * holidays that will pass over. Computed here by the same domain calendar the server dates orders with.
 */
export function CalendarPreview({ country }: { country: CalendarCountry }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const preview = useMemo(() => calendarPreview(country, new Date()), [country]);
  // The days are calendar dates, not instants: shown as they are, whatever the browser's time zone.
  const day = useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' });
    return (date: string) => f.format(new Date(`${date}T00:00:00Z`));
  }, [locale]);
  return (
    <Card withBorder padding="md" data-testid="calendar-preview" aria-labelledby="calendar-preview-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="calendar-preview-title">
          {t('deliveries.warehouse.preview.title', { country: t(`deliveries.warehouse.countries.${country}`) })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('deliveries.warehouse.preview.workingDays')}
            </Text>
            <Group gap={6} data-testid="preview-working-days">
              {preview.workingDays.map((d) => (
                <Badge key={d} variant="light" color="teal" tt="none" size="lg" data-date={d}>
                  {day(d)}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('deliveries.warehouse.preview.holidays')}
            </Text>
            <List size="sm" spacing={4} data-testid="preview-holidays">
              {preview.holidays.map((h) => (
                <List.Item key={h.date} data-date={h.date}>
                  <Text span size="sm" fw={500}>
                    {day(h.date)}
                  </Text>{' '}
                  <Text span size="sm">
                    {t(`deliveries.holidays.${h.key}`)}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
