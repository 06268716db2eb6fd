import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionMembership as Membership } from '@app/proto';
import { jsonResponse, renderPage } from '../../test/render';
import { AccountSwitcher } from './AccountSwitcher';
import { switcherMemberships } from './switcher';

afterEach(() => vi.unstubAllGlobals());

const m = (account_id: string, status: Membership['status'], account_name = account_id): Membership => ({
  account_id,
  subscription_id: `sub-${account_id}`,
  account_name,
  bookmark: false,
  status,
});

describe('account switcher', () => {
  const memberships = [m('acc-1', 'accepted', 'One'), m('acc-2', 'pending', 'Two'), m('acc-3', 'accepted', ''), m('acc-4', 'accepted', 'Four')];

  it('hides pending memberships and the current account', () => {
    expect(switcherMemberships(memberships, 'acc-4').map((x) => x.account_id)).toEqual(['acc-1', 'acc-3']);
    expect(switcherMemberships(memberships, undefined).map((x) => x.account_id)).toEqual(['acc-1', 'acc-3', 'acc-4']);
    expect(switcherMemberships(undefined, 'acc-1')).toEqual([]);
  });

  it('lists the others with their plan icon and their name or id', async () => {
    const plans: Record<string, string> = { 'acc-1': 'pro', 'acc-3': 'locked' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const id = url.split('/').pop()!;
        return jsonResponse(200, { _id: id, name: id, 'confirmed-plan': plans[id] ?? 'free' });
      }),
    );
    renderPage(<AccountSwitcher memberships={memberships} currentAccountId="acc-4" />, '/account/acc-4', '/account/:account_id');
    fireEvent.click(screen.getByRole('button', { name: 'Switch group' }));
    const items = await screen.findAllByTestId('switcher-item');
    expect(items.map((i) => i.textContent)).toEqual(['One', 'acc-3']);
    expect(items[0].getAttribute('href')).toBe('/account/acc-1');
    await vi.waitFor(() => expect(items[0].querySelector('[data-plan]')?.getAttribute('data-plan')).toBe('pro'));
    await vi.waitFor(() => expect(items[1].querySelector('[data-plan]')?.getAttribute('data-plan')).toBe('locked'));
    expect(screen.queryByText('Two')).toBeNull();
    expect(screen.queryByText('Four')).toBeNull();
  });
});
