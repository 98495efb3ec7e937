import { activityTextParams } from '@pp/domain';
import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useStreamEvent } from '../../app/stream/StreamProvider';

/** A value's place in a translated sentence: the sentence is translated around it, the value stays plain text. */
const mark = (name: string) => `\uE000${name}\uE001`;

/**
 * One recent-activity sentence: `activity.you.<kind>` or `activity.other.<kind>` with its values, the words
 * between <link> and </link> linking to the object's page. Values are placed as text after the sentence is
 * split, so a product title holding "<" or "</link>" is shown as written and never read as markup.
 */
export function ActivitySentence({
  entry,
  actor,
  t,
  formatValue,
}: {
  entry: ActivityEntryText;
  actor: string;
  t: TFunction;
  /** Values shown as numbers or money (a price) rather than as stored. */
  formatValue?: (name: string, value: string) => string;
}): ReactNode {
  return activityRuns(entry, actor, t, formatValue).map((run) => {
    if (!run.link || !entry.link) return <Fragment key={run.at}>{run.text}</Fragment>;
    return (
      <Anchor key={run.at} component={Link} to={entry.link} data-testid="activity-link">
        {run.text}
      </Anchor>
    );
  });
}

export interface ActivityEntryText {
  byYou: boolean;
  kind: string;
  link: string | null;
  params: readonly { name: string; value: string }[];
}

/** The sentence's words in plain and linked runs, its values filled in (what `ActivitySentence` shows). */
export function activityRuns(
  entry: ActivityEntryText,
  actor: string,
  t: TFunction,
  formatValue?: (name: string, value: string) => string,
): { text: string; link: boolean; at: number }[] {
  const raw = Object.fromEntries(entry.params.map((p) => [p.name, p.value]));
  const values: Record<string, string> = { actor };
  for (const [name, value] of Object.entries(activityTextParams(entry.kind, raw, (key) => t(key)))) {
    values[name] = formatValue ? formatValue(name, String(value)) : String(value);
  }
  const marks = Object.fromEntries(Object.keys(values).map((name) => [name, mark(name)]));
  const key = `activity.${entry.byYou ? 'you' : 'other'}.${entry.kind}`;
  const text = t(key, { ...marks, defaultValue: t(`activity.${entry.byYou ? 'you' : 'other'}.generic`, marks) });
  return splitSentence(text).map((segment) => ({ ...segment, text: fill(segment.text, values) }));
}

/**
 * Who a sentence names: the person who acted, the partner's integration when one of its API keys did, or the
 * marketplace when neither did (its orders and order events, deliveries/intake*.ts). Every person, an
 * operator included, has an account and an e-mail.
 */
export function activityActor(
  entry: { actorName: string | null; actorEmail: string | null; apiClientId?: string | null },
  t: TFunction,
): string {
  const person = entry.actorName ?? entry.actorEmail;
  if (person) return person;
  if (entry.apiClientId) return t('home.activity.integration', { clientId: entry.apiClientId });
  return t('home.activity.marketplace');
}

/** The sentence in plain and linked runs, in order (`at`: where each starts in the text). */
export function splitSentence(text: string): { text: string; link: boolean; at: number }[] {
  const out: { text: string; link: boolean; at: number }[] = [];
  const pattern = /<link>([\s\S]*?)<\/link>/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) out.push({ text: text.slice(at, match.index), link: false, at });
    out.push({ text: match[1] ?? '', link: true, at: match.index });
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), link: false, at });
  return out;
}

/** Puts each value where its mark stands. */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\uE000(\w+)\uE001/g, (_, name: string) => values[name] ?? '');
}

/**
 * The recent activity follows the deliveries area's changes, which announce themselves on the stream: the
 * warehouse and delivery settings, the delivery methods, MALL Delivery (new orders and status changes refresh
 * the dashboard already, orders/useOrderArrivals). Rare events, so each one reloads the dashboard at once.
 */
export function useRecentActivityLive(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  useStreamEvent('delivery_settings_changed', refresh);
  useStreamEvent('delivery_method_changed', refresh);
  useStreamEvent('mall_delivery_changed', refresh);
}
