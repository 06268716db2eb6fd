import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { MembershipCard, type MembershipCardData } from './MembershipCard';
import { planOf } from './PlanIcon';

const invite: MembershipCardData = { _id: 'sub-1', _rev: '1-a', account_id: 'acc-1', account_name: 'Ann Repairs', status: 'pending' };

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

  it('shows visit, bookmark and notifications for an accepted membership, and the plan icon', () => {
    renderPage(<MembershipCard membership={{ ...invite, status: 'accepted', bookmark: true, plan: 'pro' }} userId="usr-1" confirmed />, '/user/profile');
    expect(screen.getByRole('link', { name: 'Visit dashboard' }).getAttribute('href')).toBe('/account/acc-1');
    expect(screen.getByRole('button', { name: 'Remove bookmark' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Professional plan' })).toBeTruthy();
    expect(planOf({})).toBe('free');
    expect(planOf({ account_plan: 'locked' })).toBe('locked');
    expect(planOf({ plan: 'server' })).toBe('free');
  });
});
