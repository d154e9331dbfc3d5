// Line icons for the landing page (inline SVG: no icon font, no network).
import type { ReactNode, SVGProps } from 'react';

function Icon({ children, ...rest }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

export const OfflineIcon = (p: P) => (
  <Icon {...p}>
    <path d="M2 8.5a15 15 0 0120 0M5.5 12a10 10 0 0113 0M9 15.5a5 5 0 016 0" />
    <circle cx="12" cy="19" r="1" fill="currentColor" />
    <path d="M3 3l18 18" />
  </Icon>
);
export const RepeatIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 12a8 8 0 0114-5.3L20 9M20 4v5h-5M20 12a8 8 0 01-14 5.3L4 15M4 20v-5h5" />
  </Icon>
);
export const QuizIcon = (p: P) => (
  <Icon {...p}>
    <rect x="4" y="3" width="16" height="18" rx="2.5" />
    <path d="M8 8h8M8 12h5M8 16l1.5 1.5L12.5 15" />
  </Icon>
);
export const ExpertIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 3l8 4-8 4-8-4 8-4zM6 9v5c0 1.7 2.7 3 6 3s6-1.3 6-3V9M20 7v6" />
  </Icon>
);
export const ChartIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </Icon>
);
export const CommunityIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 5.5a3 3 0 010 5.5M18 14.5c1.8.7 3 2.5 3 4.5" />
  </Icon>
);
export const MenuIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const CloseIcon = (p: P) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
export const ArrowRightIcon = (p: P) => (
  <Icon {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);
export const CheckIcon = (p: P) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
export const QuoteIcon = (p: P) => (
  <Icon {...p} fill="currentColor" stroke="none">
    <path d="M9.5 6C6.5 7.2 4.5 9.8 4.5 13.5V18h6v-6h-3c0-2 1-3.6 2.8-4.6L9.5 6zm9 0c-3 1.2-5 3.8-5 7.5V18h6v-6h-3c0-2 1-3.6 2.8-4.6L18.5 6z" />
  </Icon>
);
