import type { CSSProperties, ReactNode } from 'react';

// The few icons the feed draws (no icon package in the project): 24×24 strokes in the current colour.

interface IconProps {
  size?: number;
  filled?: boolean;
  style?: CSSProperties;
}

function Svg({ size = 18, style, children, filled }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      style={{ flexShrink: 0, ...style }}
    >
      {children}
    </svg>
  );
}

/** read: a filled dot is unread, a ring is read */
export const DotIcon = ({ filled, ...p }: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="5" fill={filled ? 'currentColor' : 'none'} />
  </Svg>
);

export const StarIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </Svg>
);

export const ChevronIcon = ({ open, ...p }: IconProps & { open?: boolean }) => (
  <Svg {...p} style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 120ms', ...p.style }}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

/** a window with an arrow: opens in a new window */
export const WindowIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5" width="14" height="14" rx="2" />
    <path d="M14 3h7v7M21 3l-9 9" />
  </Svg>
);

/** a globe: the original article on its site */
export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9s1.3-6.3 3.8-9z" />
  </Svg>
);

export const RefreshIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />
  </Svg>
);

export const KeyboardIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
  </Svg>
);
