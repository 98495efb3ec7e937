import { describe, expect, it } from 'vitest';
import { activeTab, type SectionTab } from './SectionTabs';

const USER: SectionTab[] = [
  { to: '/user', label: 'profile' },
  { to: '/user/notifications', label: 'notifications' },
  { to: '/user/messages', label: 'messages', also: ['/user/send-message', '/user/conversation'] },
];

describe('activeTab', () => {
  it('lights the tab whose path is the longest prefix', () => {
    expect(activeTab(USER, '/user')).toBe('/user');
    expect(activeTab(USER, '/user/notifications/')).toBe('/user/notifications');
    expect(activeTab(USER, '/user/messages')).toBe('/user/messages');
  });

  it('keeps a tab lit on the pages it names as its own outside its path', () => {
    expect(activeTab(USER, '/user/send-message')).toBe('/user/messages');
    expect(activeTab(USER, '/user/conversation/42')).toBe('/user/messages');
  });

  it('does not take a path that only starts with the same letters', () => {
    expect(activeTab(USER, '/users')).toBeNull();
    expect(activeTab(USER, '/user/conversations-archive')).toBe('/user');
  });
});
