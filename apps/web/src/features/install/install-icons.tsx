// Small inline icons that mirror the browser controls named in the install steps.
import type { ReactNode } from 'react';

function Glyph({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="inline-block size-4.5 align-[-0.2em]"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {children}
    </svg>
  );
}

/** Chrome's address-bar install button (a monitor with a down arrow). */
export const InstallGlyph = () => (
  <Glyph label="install icon">
    <rect x="3" y="4" width="18" height="13" rx="2" />
    <path d="M8 21h8M12 7.5v6M9.5 11l2.5 2.5 2.5-2.5" />
  </Glyph>
);
/** Safari's Share button (a box with an up arrow). */
export const ShareGlyph = () => (
  <Glyph label="Share icon">
    <path d="M12 3v12M8 7l4-4 4 4" />
    <path d="M6 11H5a1 1 0 00-1 1v8a1 1 0 001 1h14a1 1 0 001-1v-8a1 1 0 00-1-1h-1" />
  </Glyph>
);
/** "Add to Home Screen" (a plus in a rounded square). */
export const AddGlyph = () => (
  <Glyph label="add icon">
    <rect x="4" y="4" width="16" height="16" rx="4" />
    <path d="M12 8.5v7M8.5 12h7" />
  </Glyph>
);
/** Chrome's three-dot menu. */
export const KebabGlyph = () => (
  <Glyph label="menu icon">
    <circle cx="12" cy="5.5" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="18.5" r="1.2" fill="currentColor" />
  </Glyph>
);

export const DesktopIcon = () => (
  <Glyph>
    <rect x="2.5" y="4" width="19" height="12.5" rx="2" />
    <path d="M8 20h8M12 16.5V20" />
  </Glyph>
);
export const PhoneIcon = () => (
  <Glyph>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </Glyph>
);
