import { useState, type ReactNode } from 'react';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS, type ProfileResponse } from '@portal/contracts';
import { Avatar, DropdownMenu, Sidebar, ThemeToggle, type NavGroup, MenuToggle } from '@portal/ui';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTheme } from '../../lib/theme.ts';
import { signOut } from '../auth/signIn.ts';
import { LiveIndicator, useLiveSync } from './LiveConnection.tsx';
import { NotificationBell } from './NotificationBell.tsx';

function readExpanded(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.sidebarExpanded) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

/** A count beside a sidebar link (unread messages), with the words a screen reader says for it. */
export interface NavBadge {
  count: number;
  label: string;
}

/** Sidebar, header (theme, notifications, profile) and the screen: the admin and employee areas. */
export function AppShell({
  title,
  nav,
  badges = {},
  notice,
}: {
  title: string;
  nav: NavGroup[];
  /** Counts beside sidebar links, by the link's path. */
  badges?: Record<string, NavBadge>;
  /** One line above every screen of the area (e.g. that mail is not set up). */
  notice?: ReactNode;
}) {
  const navigate = useNavigate();
  const { theme, toggle } = useTheme();
  const session = useSession();
  const [expanded, setExpanded] = useState(readExpanded);
  const [menuOpen, setMenuOpen] = useState(false);
  useLiveSync();
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: () => api<ProfileResponse>('/api/employee/profile'),
  });

  const toggleGroup = (label: string) => {
    const next = { ...expanded, [label]: !(expanded[label] ?? true) };
    setExpanded(next);
    localStorage.setItem(STORAGE_KEYS.sidebarExpanded, JSON.stringify(next));
  };

  const logOut = async () => {
    await signOut(session);
    await navigate({ to: '/' });
  };
  /** The session ended on the server (the live connection says so): to this role's sign-in page. */
  const signInAgain = async () => {
    const signInPath = session.user()?.role === 'admin' ? '/admin/login' : '/pegawai/login';
    await signOut(session);
    await navigate({ to: signInPath });
  };

  return (
    <div className="shell">
      <Sidebar
        title={title}
        groups={nav}
        expanded={expanded}
        onToggleGroup={toggleGroup}
        isOpen={menuOpen}
        renderLink={(item, className): ReactNode => {
          const badge = badges[item.to];
          const link = (
            <Link
              to={item.to}
              className={className}
              activeProps={{ className: 'active' }}
              onClick={() => setMenuOpen(false)}
            >
              {item.label}
            </Link>
          );
          // The count sits beside the link, not in it, so the link's name stays the words it shows; a
          // screen reader reads what the count counts after it.
          return badge ? (
            <span className="nav-link-with-badge">
              {link}
              <span className="nav-badge">
                <span aria-hidden>{badge.count > 99 ? '99+' : badge.count}</span>
                <span className="sr-only">{badge.label}</span>
              </span>
            </span>
          ) : (
            link
          );
        }}
      />
      {menuOpen ? <div className="shell-scrim" onClick={() => setMenuOpen(false)} aria-hidden /> : null}
      <div className="shell-main">
        <header className="topbar">
          <MenuToggle className="menu-btn" isOpen={menuOpen} onToggle={() => setMenuOpen(!menuOpen)} />
          <div className="topbar-spacer" />
          <LiveIndicator onSignIn={() => void signInAgain()} />
          <ThemeToggle theme={theme} onToggle={toggle} />
          <NotificationBell />
          <DropdownMenu
            // The name starts with the text the button shows (WCAG 2.5.3: label in name).
            label={profile.data?.name ? `${profile.data.name}, profile menu` : 'Profile menu'}
            trigger={
              <>
                <Avatar name={profile.data?.name} photo={profile.data?.photo} />
                <span className="profile-name">{profile.data?.name ?? ''}</span>
              </>
            }
            header={
              <div>
                <div className="profile-header-name">{profile.data?.name}</div>
                <div className="muted">{profile.data?.position}</div>
              </div>
            }
            items={[{ id: 'logout', label: 'Log Out', onAction: () => void logOut(), tone: 'danger' }]}
          />
        </header>
        {notice}
        <main className="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
