import { describe, expect, it, vi } from 'vitest';
import { openRemoteLogin } from './CockpitPartnersPage';

const origin = 'https://portal.example';

describe("opening a partner's tab", () => {
  it('sends the tab opened at the click to the link, cut off from the cockpit', () => {
    const tab = { closed: false, opener: {} as unknown, location: { href: 'about:blank' } };
    const win = { location: { origin }, open: vi.fn() };
    openRemoteLogin('/remote-login/h/token/t/partner/1', tab as unknown as Window, win as unknown as Window);
    expect(tab.location.href).toBe(`${origin}/remote-login/h/token/t/partner/1`);
    expect(tab.opener).toBeNull();
    expect(win.open).not.toHaveBeenCalled();
  });

  it('opens a new tab itself when none could be opened at the click', () => {
    const win = { location: { origin }, open: vi.fn() };
    openRemoteLogin('/remote-login/h/token/t/partner/1', null, win as unknown as Window);
    expect(win.open).toHaveBeenCalledWith(`${origin}/remote-login/h/token/t/partner/1`, '_blank', 'noopener');
  });
});
