import type { Action, Resource } from '@pp/domain';
import { Tabs } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export interface SectionTab {
  to: string;
  /** Key of the tab's label. */
  label: string;
  resource?: Resource;
  action?: Action;
  /** Other paths whose pages belong to this tab (a form or a detail that does not live under `to`). */
  also?: readonly string[];
}

/** The tab whose path is the longest prefix of the current one, so detail pages keep their tab lit. */
export function activeTab(tabs: readonly SectionTab[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const matchLength = (tab: SectionTab) =>
    Math.max(
      ...[tab.to, ...(tab.also ?? [])].map((prefix) =>
        path === prefix || path.startsWith(`${prefix}/`) ? prefix.length : -1,
      ),
    );
  const hits = tabs.filter((tab) => matchLength(tab) >= 0);
  hits.sort((a, b) => matchLength(b) - matchLength(a));
  return hits[0]?.to ?? null;
}

/** Tabs of an area whose tabs are routes (partner, billing, SLA, user…); hidden tabs are filtered by the caller. */
export function SectionTabs({ tabs }: { tabs: readonly SectionTab[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Tabs
      value={activeTab(tabs, pathname)}
      onChange={(to) => {
        if (to) void navigate({ to });
      }}
      keepMounted={false}
    >
      <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.to} value={tab.to} data-testid={`tab-${tab.to}`}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
