import { Badge, Button, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import { STREAM_EVENTS, type StreamEvent, type StreamEventType } from '@pp/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { sessionStore } from '../../app/session/sessionStore';
import { StreamClient, type StreamState } from '../../app/stream/streamClient';
import { graphql } from '../../graphql/graphql';
import { PageFrame } from '../../ui/PageFrame';

export const CockpitStreamWatchMutation = graphql(`
  mutation CockpitStreamWatch($partnerId: ID!) {
    cockpitStreamWatch(partnerId: $partnerId) {
      token
      partnerName
      shopId
    }
  }
`);

/** The list keeps this many events, newest first: a busy partner must not grow the page without end. */
const KEPT = 200;
/** The stream's own housekeeping: not the partner's events. */
const HOUSEKEEPING: readonly StreamEventType[] = ['pong', 'logged_in', 'app_new_version'];

interface Received {
  seq: number;
  at: Date;
  event: StreamEvent;
}

/** The payload in one short line: ids, statuses and counts are what the events carry. */
export function payloadSummary(data: unknown, max = 160): string {
  if (data === undefined || data === null) return '';
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The administrator's "login to stream" (spec §6): a partner's live events as they arrive, read-only. The
 * socket opens with a watch token bound to the partner (audited) and logs in with the operator's own session,
 * so the operator listens as the partner's member without becoming the partner; nothing here sends anything.
 */
export function StreamWatchPage() {
  const { t, i18n } = useTranslation();
  const { partnerId } = useParams({ strict: false }) as { partnerId: string };
  const [events, setEvents] = useState<Received[]>([]);
  const [partner, setPartner] = useState<{ partnerName: string; shopId: string } | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const client = useMemo(
    () =>
      new StreamClient({
        // Each connection (and reconnection) asks for a fresh watch: the partner's name comes with it.
        getStreamToken: () =>
          api.request(CockpitStreamWatchMutation, { partnerId }).then((r) => {
            setPartner(r.cockpitStreamWatch);
            return r.cockpitStreamWatch.token;
          }),
        getSessionToken: () => sessionStore.get().token,
        version: __APP_VERSION__,
        onChange: rerender,
      }),
    [partnerId],
  );
  useEffect(() => {
    let seq = 0;
    const offs = STREAM_EVENTS.filter((type) => !HOUSEKEEPING.includes(type)).map((type) =>
      client.subscribe(type, (event) =>
        setEvents((all) => [{ seq: ++seq, at: new Date(), event }, ...all].slice(0, KEPT)),
      ),
    );
    client.start();
    return () => {
      for (const off of offs) off();
      client.stop();
    };
  }, [client]);
  const state: StreamState = client.state;
  const time = (at: Date) =>
    at.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

  return (
    <PageFrame
      route="cockpitStreamWatch"
      heading={t('streamWatch.heading', {
        name: partner ? `${partner.partnerName} (${t(`markets.${partner.shopId}`)})` : `#${partnerId}`,
      })}
      description={t('streamWatch.subtitle')}
      actions={
        <Button
          renderRoot={(props) => <Link {...props} to="/cockpit" />}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('streamWatch.back')}
        </Button>
      }
    >
      <Stack gap="md">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Badge
            color={state === 'open' ? 'teal' : 'gray'}
            variant="light"
            data-testid="stream-watch-state"
            data-state={state}
          >
            {t(state === 'open' ? 'streamWatch.state.open' : 'streamWatch.state.closed')}
          </Badge>
          <Group gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('streamWatch.count', { count: events.length })}
            </Text>
            <Button size="xs" variant="default" onClick={() => setEvents([])} disabled={events.length === 0}>
              {t('streamWatch.clear')}
            </Button>
          </Group>
        </Group>
        <Card withBorder padding={0}>
          {/* A phone scrolls the table sideways: a named region a keyboard can focus scrolls with the keys too. */}
          <Table.ScrollContainer
            minWidth={560}
            type="native"
            role="region"
            aria-label={t('routes.cockpitStreamWatch')}
            tabIndex={0}
          >
            <Table verticalSpacing="xs" data-testid="stream-watch-events">
              <Table.Caption>{t('streamWatch.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('streamWatch.columns.time')}</Table.Th>
                  <Table.Th scope="col">{t('streamWatch.columns.type')}</Table.Th>
                  <Table.Th scope="col">{t('streamWatch.columns.payload')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Text size="sm" c="dimmed">
                        {t('streamWatch.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {events.map((r) => (
                  <Table.Tr key={r.seq} data-testid="stream-watch-event" data-type={r.event.type}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(r.at)}</Table.Td>
                    <Table.Td>
                      <Code>{r.event.type}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {payloadSummary(r.event.data)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </Stack>
    </PageFrame>
  );
}
