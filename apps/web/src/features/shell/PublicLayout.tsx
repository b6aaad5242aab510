import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Dialog, ThemeToggle, MenuToggle } from '@portal/ui';
import { useTheme } from '../../lib/theme.ts';
import { HOME_OF, normalizeRole, useSessionUser } from '../../lib/session.ts';
import { LoginPanel } from '../auth/LoginForm.tsx';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/why-choose-us', label: 'Why Choose Us' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/project-documents', label: 'Documents' },
  { to: '/careers', label: 'Careers' },
  { to: '/contact', label: 'Contact' },
];

/** The public site's header (with the login modal) and footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { theme, toggle } = useTheme();
  const [loginOpen, setLoginOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const user = useSessionUser();
  const role = normalizeRole(user?.role);

  return (
    <div className="public">
      <header className="public-header">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden>
            TP
          </span>
          Talent &amp; Property Portal
        </Link>
        <MenuToggle className="public-menu-btn" isOpen={menuOpen} onToggle={() => setMenuOpen(!menuOpen)} />
        <nav className={`public-nav ${menuOpen ? 'public-nav-open' : ''}`} aria-label="Main">
          {LINKS.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className="public-link"
              activeOptions={{ exact: true }}
              activeProps={{ className: 'active' }}
              onClick={() => setMenuOpen(false)}
            >
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="public-actions">
          <ThemeToggle theme={theme} onToggle={toggle} />
          {role ? (
            <Link to={HOME_OF[role]} className="btn btn-primary btn-md">
              Dashboard
            </Link>
          ) : (
            <Button onPress={() => setLoginOpen(true)}>Login</Button>
          )}
        </div>
      </header>
      {children}
      <footer className="public-footer">
        <div>
          <strong>Talent &amp; Property Portal</strong>
          <p className="muted">2nd Floor, Tech Park, MG Road, Bengaluru, Karnataka 560001</p>
        </div>
        <div className="muted">
          <div>info@talentportal.in</div>
          <div>+91 80 4000 1234</div>
        </div>
      </footer>
      <Dialog isOpen={loginOpen} onOpenChange={setLoginOpen} title="Sign in" className="modal-wide">
        <LoginPanel
          onSignedIn={(home) => {
            setLoginOpen(false);
            void navigate({ to: home });
          }}
        />
      </Dialog>
    </div>
  );
}
