// MenuButton: a button that opens a short menu of actions (Radix DropdownMenu: arrow keys, Escape, focus
// return). The menu is marked so a click in it never activates the table row it sits in.
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Button } from './button.tsx';

export type MenuItem = { label: string; onSelect: () => void };

export function MenuButton({
  label,
  ariaLabel,
  items,
  busy = false,
  size = 'sm',
}: {
  label: string;
  /** The button's accessible name when the label alone is ambiguous ('Export Heart deck'). */
  ariaLabel?: string;
  items: MenuItem[];
  busy?: boolean;
  size?: 'sm' | 'md';
}) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button size={size} variant="secondary" busy={busy} aria-label={ariaLabel} data-no-row-activate="">
          {label}
          <span aria-hidden="true" className="text-xs">
            ▾
          </span>
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          data-no-row-activate=""
          className="z-50 min-w-40 rounded-lg border border-line bg-surface p-1 text-sm text-fg shadow-lg"
        >
          {items.map((item) => (
            <Menu.Item
              key={item.label}
              onSelect={item.onSelect}
              className="cursor-pointer rounded-md px-3 py-2 outline-none data-highlighted:bg-surface-2"
            >
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
