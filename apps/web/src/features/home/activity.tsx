import { activityTextParams } from '@pp/domain';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';

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
  entry: { byYou: boolean; kind: string; link: string | null; params: readonly { name: string; value: string }[] };
  actor: string;
  t: TFunction;
  /** Values shown as numbers or money (a price) rather than as stored. */
  formatValue?: (name: string, value: string) => string;
}): ReactNode {
  const raw = Object.fromEntries(entry.params.map((p) => [p.name, p.value]));
  const values: Record<string, string> = { actor };
  for (const [name, value] of Object.entries(activityTextParams(entry.kind, raw, (key) => t(key)))) {
    values[name] = formatValue ? formatValue(name, String(value)) : String(value);
  }
  const marks = Object.fromEntries(Object.keys(values).map((name) => [name, mark(name)]));
  const key = `activity.${entry.byYou ? 'you' : 'other'}.${entry.kind}`;
  const text = t(key, { ...marks, defaultValue: t(`activity.${entry.byYou ? 'you' : 'other'}.generic`, marks) });
  return splitSentence(text).map((segment) => {
    const words = fill(segment.text, values);
    if (!segment.link || !entry.link) return <Fragment key={segment.at}>{words}</Fragment>;
    return (
      <Anchor key={segment.at} component={Link} to={entry.link} data-testid="activity-link">
        {words}
      </Anchor>
    );
  });
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
