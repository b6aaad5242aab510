import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';

export interface NavItem {
  label: string;
  to: string;
}
export interface NavGroup {
  label: string;
  /** A group with one item and no children is a plain link. */
  to?: string;
  items?: NavItem[];
}

export interface SidebarProps {
  title: string;
  groups: NavGroup[];
  /** Which groups are open, by label (persisted by the app). */
  expanded: Record<string, boolean>;
  onToggleGroup: (label: string) => void;
  /** Renders a link; the UI kit knows nothing of the router. */
  renderLink: (item: NavItem, className: string) => ReactNode;
  isOpen: boolean;
  footer?: ReactNode;
}

export function Sidebar({
  title,
  groups,
  expanded,
  onToggleGroup,
  renderLink,
  isOpen,
  footer,
}: SidebarProps) {
  return (
    <aside className={`sidebar ${isOpen ? 'sidebar-open' : ''}`} aria-label={`${title} navigation`}>
      <div className="sidebar-title">{title}</div>
      <nav>
        <ul className="nav-list">
          {groups.map((group) => {
            if (group.to && !group.items) {
              return (
                <li key={group.label}>{renderLink({ label: group.label, to: group.to }, 'nav-link')}</li>
              );
            }
            const open = expanded[group.label] ?? true;
            const id = `nav-group-${group.label.replace(/\W+/g, '-').toLowerCase()}`;
            return (
              <li key={group.label}>
                <Button
                  className="nav-group-toggle"
                  aria-expanded={open}
                  aria-controls={id}
                  onPress={() => onToggleGroup(group.label)}
                >
                  <span>{group.label}</span>
                  <span aria-hidden className={`chevron ${open ? 'chevron-open' : ''}`}>
                    ›
                  </span>
                </Button>
                <ul id={id} className="nav-sublist" hidden={!open}>
                  {group.items?.map((item) => (
                    <li key={item.to}>{renderLink(item, 'nav-link nav-sublink')}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
      {footer ? <div className="sidebar-footer">{footer}</div> : null}
    </aside>
  );
}
