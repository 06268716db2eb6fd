import { ThemeIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type Plan = 'free' | 'pro' | 'corp' | 'locked';

/** The plan a membership shows: its account's plan when known, else free. */
export function planOf(m: { plan?: string; account_plan?: string }): Plan {
  const p = m.plan ?? m.account_plan;
  return p === 'pro' || p === 'corp' || p === 'locked' ? p : 'free';
}

const PATHS: Record<Plan, string> = {
  free: 'M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z',
  pro: 'M12 3l2.7 5.6l6.1.9l-4.4 4.3l1 6.1L12 17l-5.4 2.9l1-6.1L3.2 9.5l6.1-.9z',
  corp: 'M4 21V5l8-2v18M12 21V8l8 2v11M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2',
  locked: 'M6 11h12v9H6zM8 11V8a4 4 0 0 1 8 0v3',
};
const COLORS: Record<Plan, string> = { free: 'gray', pro: 'blue', corp: 'violet', locked: 'red' };

export function PlanIcon({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const label = t(`profile.membership.plan.${plan}`);
  return (
    <Tooltip label={label}>
      <ThemeIcon variant="light" color={COLORS[plan]} size="md" radius="xl" aria-label={label} role="img" data-plan={plan}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d={PATHS[plan]} />
        </svg>
      </ThemeIcon>
    </Tooltip>
  );
}
