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
}

/** The tab whose path is the longest prefix of the current one, so detail pages keep their tab lit. */
export function activeTab(tabs: readonly SectionTab[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const hits = tabs.filter((tab) => path === tab.to || path.startsWith(`${tab.to}/`));
  hits.sort((a, b) => b.to.length - a.to.length);
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
