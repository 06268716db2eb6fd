import { useTranslation } from 'react-i18next';
import { planIcon, type PlanIconKind } from '../rules/plan-icon';

// The plan icon of every screen (top bar switcher, membership cards, admin page, plan selection, landing page, /icons).
// Drawn with Mantine's CSS variables (a light ThemeIcon's colours) rather than its components: @app/ui does not depend
// on @mantine/core, and the shell's MantineProvider defines the variables.

const LOOK: Record<PlanIconKind, { color: string; path: string }> = {
  // a leaf, a star, a building, a padlock
  free: { color: 'gray', path: 'M5 19c8 0 14-6 14-14C11 5 5 11 5 19zm0 0l7-7' },
  pro: { color: 'yellow', path: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z' },
  corp: { color: 'blue', path: 'M4 21V5l8-2v18M12 21V9l8 2v10M3 21h18M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2' },
  locked: { color: 'red', path: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4' },
};

/** A group plan's icon (planIcon: server shows as corp, none or unknown as free), named by its label. */
export function PlanIcon({ plan, size = 22 }: { plan: string | null | undefined; size?: number }) {
  const { t } = useTranslation();
  const kind = planIcon(plan);
  const { color, path } = LOOK[kind];
  const label = t(`plan.${kind}`);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-plan={kind}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: `var(--mantine-color-${color}-light)`,
        color: `var(--mantine-color-${color}-light-color)`,
      }}
    >
      <svg width={size * 0.65} height={size * 0.65} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
        <path d={path} />
      </svg>
    </span>
  );
}
