import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';

export interface DropdownItem {
  id: string;
  label: string;
  onAction: () => void;
  tone?: 'danger';
}

/** A button that opens a menu of actions. `label` names it: when the trigger shows text, start `label` with it. */
export function DropdownMenu({
  trigger,
  label,
  items,
  header,
}: {
  trigger: ReactNode;
  label: string;
  items: DropdownItem[];
  header?: ReactNode;
}) {
  return (
    <MenuTrigger>
      <Button className="icon-btn dropdown-trigger" aria-label={label}>
        {trigger}
      </Button>
      <Popover className="popover" placement="bottom end">
        {header ? <div className="popover-header">{header}</div> : null}
        <Menu className="menu" onAction={(key) => items.find((i) => i.id === key)?.onAction()}>
          {items.map((item) => (
            <MenuItem
              key={item.id}
              id={item.id}
              className={`menu-item ${item.tone === 'danger' ? 'menu-item-danger' : ''}`}
            >
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * A button that opens a small panel of content (notifications). `buttonLabel` names the button when it
 * says more than the panel's name (an unread count); `isOpen` / `onOpenChange` let the content close it.
 */
export function DropdownPanel({
  trigger,
  label,
  buttonLabel,
  isOpen,
  onOpenChange,
  className,
  children,
}: {
  trigger: ReactNode;
  label: string;
  buttonLabel?: string;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogTrigger {...(isOpen !== undefined ? { isOpen } : {})} {...(onOpenChange ? { onOpenChange } : {})}>
      <Button className="icon-btn dropdown-trigger" aria-label={buttonLabel ?? label}>
        {trigger}
      </Button>
      <Popover className={`popover ${className ?? ''}`} placement="bottom end">
        <Dialog className="popover-panel" aria-label={label}>
          {children}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
