import { ThemeIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type PlanIconKind = 'free' | 'pro' | 'corp' | 'locked';

/** The icon of a group's plan (spec §4: locked, free, pro, corp, server, undefined): server shows as corp, unknown as free. */
export function planIcon(plan: string | null | undefined): PlanIconKind {
  switch (plan) {
    case 'pro':
      return 'pro';
    case 'corp':
    case 'server':
      return 'corp';
    case 'locked':
      return 'locked';
    default:
      return 'free';
  }
}

const LOOK: Record<PlanIconKind, { color: string; path: string }> = {
  // a leaf, a star, a building, a padlock
  free: { color: 'gray', path: 'M5 19c8 0 14-6 14-14C11 5 5 11 5 19zm0 0l7-7' },
  pro: { color: 'yellow', path: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z' },
  corp: { color: 'blue', path: 'M4 21V5l8-2v18M12 21V9l8 2v10M3 21h18M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2' },
  locked: { color: 'red', path: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4' },
};

export function PlanIcon({ plan, size = 22 }: { plan: string | null | undefined; size?: number }) {
  const { t } = useTranslation();
  const kind = planIcon(plan);
  const { color, path } = LOOK[kind];
  return (
    <Tooltip label={t(`plan.${kind}`)} withinPortal>
      <ThemeIcon variant="light" color={color} size={size} radius="xl" data-plan={kind} aria-label={t(`plan.${kind}`)} role="img">
        <svg width={size * 0.65} height={size * 0.65} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d={path} />
        </svg>
      </ThemeIcon>
    </Tooltip>
  );
}
