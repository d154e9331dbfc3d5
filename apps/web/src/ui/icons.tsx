// Every icon of the web app, drawn inline (no icon font, no network) and imported from here: one
// drawing per name, so the same mark is never pasted twice. An icon takes the same props everywhere:
// - `className` sizes and places it (`size-4`, `shrink-0`, colour) — the caller's classes, nothing added;
// - `label` names it for assistive technology (role="img" and aria-label); without one it is decorative
//   and hidden from it (aria-hidden), which is what almost every icon beside a text is;
// - `strokeWidth` thickens or thins a line drawing where one place draws it bolder than another.
// Drawings sit on a 16, 20 or 24 unit grid (their viewBox); a line drawing is stroked in currentColor.
import type { ReactNode, SVGProps } from 'react';

export type IconProps = {
  className?: string;
  /** Names the icon (role="img"); without it the icon is aria-hidden. */
  label?: string;
  /** The stroke width of a line drawing, in viewBox units (each drawing has its own default). */
  strokeWidth?: number;
};

type SvgProps = Pick<
  SVGProps<SVGSVGElement>,
  'viewBox' | 'className' | 'fill' | 'stroke' | 'strokeWidth' | 'strokeLinecap' | 'strokeLinejoin'
> & { label?: string; children: ReactNode };

/** The `<svg>` of every icon and of the Zan mark: named when labelled, hidden from assistive tech when not. */
export function Svg({ label, children, ...drawing }: SvgProps) {
  return (
    <svg
      {...drawing}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {children}
    </svg>
  );
}

type Drawing = {
  /** The grid: viewBox `0 0 n n`. */
  grid: 16 | 20 | 24;
  /** A line drawing's default stroke width; without one the drawing is solid (filled in currentColor). */
  stroke?: number;
  /** Round caps and joins on every line of the drawing (set once on the svg). */
  round?: boolean;
};

function icon({ grid, stroke, round }: Drawing, body: ReactNode) {
  const solid = stroke === undefined;
  return function Icon({ className, label, strokeWidth = stroke }: IconProps) {
    return (
      <Svg
        viewBox={`0 0 ${grid} ${grid}`}
        className={className}
        fill={solid ? 'currentColor' : 'none'}
        stroke={solid ? undefined : 'currentColor'}
        strokeWidth={solid ? undefined : strokeWidth}
        strokeLinecap={round ? 'round' : undefined}
        strokeLinejoin={round ? 'round' : undefined}
        label={label}
      >
        {body}
      </Svg>
    );
  };
}

const tray = 'M5 17v1.5A1.5 1.5 0 006.5 20h11a1.5 1.5 0 001.5-1.5V17';

// ——— Actions and marks (24 grid) ———

export const CheckIcon = icon(
  { grid: 24, stroke: 2.2 },
  <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />,
);
export const MinusIcon = icon({ grid: 24, stroke: 2.2 }, <path d="M6 12h12" strokeLinecap="round" />);
export const CloseIcon = icon(
  { grid: 24, stroke: 2 },
  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />,
);
export const MenuIcon = icon(
  { grid: 24, stroke: 2 },
  <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />,
);
export const ArrowRightIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <path d="M5 12h14M13 6l6 6-6 6" />,
);
/** An arrow down onto a line: save a file. */
export const DownloadIcon = icon(
  { grid: 24, stroke: 2 },
  <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />,
);
/** An arrow up from a line: choose a file to send. */
export const UploadIcon = icon(
  { grid: 24, stroke: 2.2 },
  <path d="M12 16V4m0 0l-5 5m5-5l5 5M4 20h16" strokeLinecap="round" strokeLinejoin="round" />,
);
/** An arrow down into a tray: export. */
export const ExportIcon = icon(
  { grid: 24, stroke: 2 },
  <>
    <path d="M12 4v11m0 0l-4-4m4 4l4-4" strokeLinecap="round" strokeLinejoin="round" />
    <path d={tray} strokeLinecap="round" />
  </>,
);
/** An arrow up out of a tray: import. */
export const ImportIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <>
    <path d="M12 15V4m0 0L8 8m4-4l4 4" />
    <path d={tray} />
  </>,
);
/** Two curved arrows: refresh (a deck's cards). */
export const RefreshIcon = icon(
  { grid: 24, stroke: 2 },
  <>
    <path d="M4 4v6h6M20 20v-6h-6" strokeLinecap="round" strokeLinejoin="round" />
    <path
      d="M5.6 15a7 7 0 0011.8 2.4L20 14M18.4 9A7 7 0 006.6 6.6L4 10"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </>,
);
/** Two arcs chasing each other: sync now (spins while syncing). */
export const SyncIcon = icon(
  { grid: 24, stroke: 2, round: true },
  <>
    <path d="M21 12a9 9 0 0 1-15.5 6.2M3 12A9 9 0 0 1 18.5 5.8" />
    <path d="M18.5 2v3.8h-3.8M5.5 22v-3.8h3.8" />
  </>,
);

// ——— Things (24 grid) ———

/** An open tray: nothing here yet. */
export const InboxIcon = icon(
  { grid: 24, stroke: 1.8 },
  <path d="M4 7l2-3h12l2 3M4 7v11a2 2 0 002 2h12a2 2 0 002-2V7M4 7h5l1 2h4l1-2h5" strokeLinejoin="round" />,
);
export const MegaphoneIcon = icon(
  { grid: 24, stroke: 1.8 },
  <>
    <path d="M4 10v4a1 1 0 001 1h2l5 4V5L7 9H5a1 1 0 00-1 1z" strokeLinejoin="round" />
    <path d="M16 9a4 4 0 010 6M18.5 6.5a7.5 7.5 0 010 11" strokeLinecap="round" />
  </>,
);
export const MailIcon = icon(
  { grid: 24, stroke: 1.8 },
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5l8.5 6 8.5-6" strokeLinecap="round" strokeLinejoin="round" />
  </>,
);
/** A closed book: a module. */
export const BookIcon = icon(
  { grid: 24, stroke: 1.8 },
  <>
    <path d="M4 6.5A2.5 2.5 0 016.5 4H20v13H6.5A2.5 2.5 0 004 19.5v-13z" strokeLinejoin="round" />
    <path d="M4 19.5A2.5 2.5 0 016.5 17H20v3H6.5A2.5 2.5 0 014 19.5z" strokeLinejoin="round" />
  </>,
);
/** A folder with an arrow down: content to download. */
export const FolderDownloadIcon = icon(
  { grid: 24, stroke: 1.8 },
  <>
    <path
      d="M4 5.5A1.5 1.5 0 015.5 4H10l2 2h6.5A1.5 1.5 0 0120 7.5v11a1.5 1.5 0 01-1.5 1.5h-13A1.5 1.5 0 014 18.5v-13z"
      strokeLinejoin="round"
    />
    <path d="M12 10v6m-3-3l3 3 3-3" strokeLinecap="round" strokeLinejoin="round" />
  </>,
);
/** Bars on a baseline: statistics. */
export const StatsIcon = icon(
  { grid: 24, stroke: 1.8 },
  <path d="M4 20V10m6 10V4m6 16v-7m4 7H3" strokeLinecap="round" strokeLinejoin="round" />,
);
/** Two cards, one behind the other: a deck. */
export const CardStackIcon = icon(
  { grid: 24, stroke: 1.8 },
  <>
    <rect x="3" y="6" width="14" height="14" rx="2" />
    <path d="M7 3h12a2 2 0 012 2v12" strokeLinecap="round" />
  </>,
);
/** A triangle with an exclamation mark: something went wrong. */
export const WarningIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <>
    <path d="M12 4l9 16H3l9-16z" />
    <path d="M12 10v4M12 17.2v.1" />
  </>,
);
export const LockIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
    <path d="M8 10.5V8a4 4 0 018 0v2.5M12 14.5v2.5" />
  </>,
);
/** A speech bubble with a handset: a chat (WhatsApp). */
export const ChatIcon = icon(
  { grid: 24, stroke: 1.8 },
  <>
    <path d="M4 20l1.3-3.9A8 8 0 1112 20a8 8 0 01-3.9-1L4 20z" strokeLinejoin="round" />
    <path d="M9 10.5c.5 1.8 2 3.3 3.8 3.8l1.2-1.1 1.8.7" strokeLinecap="round" strokeLinejoin="round" />
  </>,
);
/** A rounded square with a lens: a camera (Instagram). */
export const CameraIcon = icon(
  { grid: 24, stroke: 1.8 },
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.9" fill="currentColor" stroke="none" />
  </>,
);

// ——— The landing page's feature marks (24 grid, round lines) ———

/** Wi-Fi arcs struck through: works offline. */
export const OfflineIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <>
    <path d="M2 8.5a15 15 0 0120 0M5.5 12a10 10 0 0113 0M9 15.5a5 5 0 016 0" />
    <circle cx="12" cy="19" r="1" fill="currentColor" />
    <path d="M3 3l18 18" />
  </>,
);
/** Two arrows in a circle: spaced repetition. */
export const RepeatIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <path d="M4 12a8 8 0 0114-5.3L20 9M20 4v5h-5M20 12a8 8 0 01-14 5.3L4 15M4 20v-5h5" />,
);
/** A clipboard with lines and a tick: a quiz. */
export const QuizIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <>
    <rect x="4" y="3" width="16" height="18" rx="2.5" />
    <path d="M8 8h8M8 12h5M8 16l1.5 1.5L12.5 15" />
  </>,
);
/** A mortarboard: written by experts. */
export const ExpertIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <path d="M12 3l8 4-8 4-8-4 8-4zM6 9v5c0 1.7 2.7 3 6 3s6-1.3 6-3V9M20 7v6" />,
);
/** Bars on a long baseline: progress charts. */
export const ChartIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
);
/** Two people: the community. */
export const CommunityIcon = icon(
  { grid: 24, stroke: 1.8, round: true },
  <>
    <circle cx="9" cy="8" r="3" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 5.5a3 3 0 010 5.5M18 14.5c1.8.7 3 2.5 3 4.5" />
  </>,
);
/** Opening quotation marks (solid). */
export const QuoteIcon = icon(
  { grid: 24 },
  <path d="M9.5 6C6.5 7.2 4.5 9.8 4.5 13.5V18h6v-6h-3c0-2 1-3.6 2.8-4.6L9.5 6zm9 0c-3 1.2-5 3.8-5 7.5V18h6v-6h-3c0-2 1-3.6 2.8-4.6L18.5 6z" />,
);

// ——— The browser controls named in the install steps (24 grid, round lines) ———

/** Chrome's address-bar install button: a monitor with a down arrow. */
export const InstallIcon = icon(
  { grid: 24, stroke: 1.9, round: true },
  <>
    <rect x="3" y="4" width="18" height="13" rx="2" />
    <path d="M8 21h8M12 7.5v6M9.5 11l2.5 2.5 2.5-2.5" />
  </>,
);
/** Safari's Share button: a box with an up arrow. */
export const ShareIcon = icon(
  { grid: 24, stroke: 1.9, round: true },
  <>
    <path d="M12 3v12M8 7l4-4 4 4" />
    <path d="M6 11H5a1 1 0 00-1 1v8a1 1 0 001 1h14a1 1 0 001-1v-8a1 1 0 00-1-1h-1" />
  </>,
);
/** "Add to Home Screen": a plus in a rounded square. */
export const AddIcon = icon(
  { grid: 24, stroke: 1.9, round: true },
  <>
    <rect x="4" y="4" width="16" height="16" rx="4" />
    <path d="M12 8.5v7M8.5 12h7" />
  </>,
);
/** Chrome's three-dot menu. */
export const KebabIcon = icon(
  { grid: 24, stroke: 1.9, round: true },
  <>
    <circle cx="12" cy="5.5" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="18.5" r="1.2" fill="currentColor" />
  </>,
);
export const DesktopIcon = icon(
  { grid: 24, stroke: 1.9, round: true },
  <>
    <rect x="2.5" y="4" width="19" height="12.5" rx="2" />
    <path d="M8 20h8M12 16.5V20" />
  </>,
);
export const PhoneIcon = icon(
  { grid: 24, stroke: 1.9, round: true },
  <>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </>,
);

// ——— Controls (20 grid) ———

/** The magnifier of every search box. */
export const SearchIcon = icon(
  { grid: 20, stroke: 2 },
  <>
    <circle cx="9" cy="9" r="6" />
    <path d="M14 14l4 4" strokeLinecap="round" />
  </>,
);
export const ChevronLeftIcon = icon(
  { grid: 20, stroke: 2 },
  <path d="M12 5l-5 5 5 5" strokeLinecap="round" strokeLinejoin="round" />,
);
export const ChevronRightIcon = icon(
  { grid: 20, stroke: 2 },
  <path d="M8 5l5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />,
);
/** A solid right-pointing chevron: a disclosure (turned 90° by its caller when open). */
export const DisclosureIcon = icon(
  { grid: 20 },
  <path d="M7.2 4.2a1 1 0 011.4 0l5.1 5.1a1 1 0 010 1.4l-5.1 5.1a1 1 0 11-1.4-1.4L11.6 10 7.2 5.6a1 1 0 010-1.4z" />,
);
/** A window with its left pane marked: show or hide the left panel. */
export const PanelLeftIcon = icon(
  { grid: 20, stroke: 1.7 },
  <>
    <rect x="3" y="4" width="14" height="12" rx="2" />
    <path d="M8 4v12" />
  </>,
);
/** A window with its right pane marked: show or hide the right panel. */
export const PanelRightIcon = icon(
  { grid: 20, stroke: 1.7 },
  <>
    <rect x="3" y="4" width="14" height="12" rx="2" />
    <path d="M12 4v12" />
  </>,
);
export const PauseIcon = icon({ grid: 20, stroke: 1.8 }, <path d="M7 5v10M13 5v10" strokeLinecap="round" />);
/** A solid flag: a question flagged for review. */
export const FlagIcon = icon(
  { grid: 20 },
  <path d="M4 2.75a.75.75 0 011.5 0V3h9.1a.6.6 0 01.48.96L12.6 7.5l2.48 3.54a.6.6 0 01-.48.96H5.5v5.25a.75.75 0 01-1.5 0V2.75z" />,
);
/** A struck-through S: strike an option out. */
export const StrikeIcon = icon(
  { grid: 20, stroke: 1.8 },
  <path
    d="M3 10h14M6.5 6c.8-1.3 2-2 3.6-2 2 0 3.4 1 3.4 2.5M13.5 14c-.8 1.3-2 2-3.6 2-2 0-3.4-1-3.4-2.5"
    strokeLinecap="round"
  />,
);
/** The tick on a checked answer that was right. */
export const TickIcon = icon(
  { grid: 20, stroke: 2.2 },
  <path d="M4.5 10.5l3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />,
);
/** The cross on a checked answer that was wrong. */
export const CrossIcon = icon(
  { grid: 20, stroke: 2.2 },
  <path d="M5.5 5.5l9 9M14.5 5.5l-9 9" strokeLinecap="round" />,
);
/** A card with a second behind it: a flashcard deck among a topic's resources. */
export const DeckIcon = icon(
  { grid: 20, stroke: 1.7 },
  <>
    <rect x="3" y="5" width="11" height="12" rx="2" />
    <path d="M6 3h9a2 2 0 012 2v10" strokeLinecap="round" />
  </>,
);
/** A question mark in a circle: a quiz among a topic's resources. */
export const QuestionIcon = icon(
  { grid: 20, stroke: 1.7 },
  <>
    <circle cx="10" cy="10" r="7" />
    <path d="M8 8a2 2 0 113 1.7c-.6.4-1 .8-1 1.5M10 13.6v.1" strokeLinecap="round" />
  </>,
);
/** A page with a folded corner: a lecture among a topic's resources. */
export const LectureIcon = icon(
  { grid: 20, stroke: 1.7 },
  <>
    <path d="M5 3h7l3 3v11H5z" strokeLinejoin="round" />
    <path d="M8 9h5M8 12h5" strokeLinecap="round" />
  </>,
);

// ——— Small marks (16 grid) ———

/** A small tick: the chosen theme. */
export const CheckSmallIcon = icon(
  { grid: 16, stroke: 2.5 },
  <path d="M3.5 8.5l3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />,
);
/** A small cross: dismiss a toast, remove a chip. */
export const CloseSmallIcon = icon(
  { grid: 16, stroke: 2 },
  <path d="M4 4l8 8M12 4l-8 8" strokeLinecap="round" />,
);
