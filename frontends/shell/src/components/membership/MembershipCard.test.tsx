import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionDoc } from '@app/proto';
import { jsonResponse, renderPage } from '../../test/render';
import { MembershipCard } from './MembershipCard';

afterEach(() => vi.unstubAllGlobals());

const invite: SubscriptionDoc = {
  _id: 'sub-1',
  _rev: '1-a',
  klass: 'Subscription',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  created_by: 'usr-0',
  account_id: 'acc-1',
  account_name: 'Ann Repairs',
  email: 'ann@example.com',
  status: 'pending',
  admin: false,
  bookmark: false,
  report_view: false,
  all_notifications: false,
  ticket_created: true,
  comment_created: true,
};

describe('MembershipCard', () => {
  it('disables accepting an invitation until the e-mail is confirmed, with a hint', () => {
    renderPage(<MembershipCard membership={invite} userId="usr-1" confirmed={false} />, '/user/profile');
    expect(screen.getByText('Ann Repairs')).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept invitation' });
    expect(accept.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Confirm your e-mail address to accept this invitation.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Visit dashboard' })).toBeNull();
  });

  it('enables accepting for a confirmed user', () => {
    renderPage(<MembershipCard membership={invite} userId="usr-1" confirmed />, '/user/profile');
    expect(screen.getByRole('button', { name: 'Accept invitation' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows visit, bookmark and notifications for an accepted membership, and the group's plan icon", async () => {
    const fetch = vi.fn(async (_url: string) => jsonResponse(200, { _id: 'acc-1', name: 'Ann Repairs', 'confirmed-plan': 'corp', v7_plan: 'server' }));
    vi.stubGlobal('fetch', fetch);
    renderPage(<MembershipCard membership={{ ...invite, status: 'accepted', bookmark: true }} userId="usr-1" confirmed />, '/user/profile');
    expect(screen.getByRole('link', { name: 'Visit dashboard' }).getAttribute('href')).toBe('/account/acc-1');
    expect(screen.getByRole('button', { name: 'Remove bookmark' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Corporate plan' })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/accounts/acc-1']);
  });

  it('shows the free icon for an invitation without asking for the group (an invitee cannot read it yet)', () => {
    const fetch = vi.fn(async () => jsonResponse(403, { error: 'forbidden', reason: 'x' }));
    vi.stubGlobal('fetch', fetch);
    renderPage(<MembershipCard membership={invite} userId="usr-1" confirmed />, '/user/profile');
    expect(screen.getByRole('img', { name: 'Free plan' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the whole group name of an invitation, wrapped rather than cut', () => {
    const name = 'Assistência Técnica Irmãos Figueiredo & Filhos — Unidade Centro';
    renderPage(<MembershipCard membership={{ ...invite, account_name: name }} userId="usr-1" confirmed />, '/user/profile');
    const shown = screen.getByTestId('membership-name');
    expect(shown.textContent).toBe(name);
    expect(shown.hasAttribute('data-truncate')).toBe(false);
    expect(shown.style.overflowWrap).toBe('anywhere');
  });
});
