import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, ThemeToggle, MenuToggle } from '@portal/ui';
import { useTheme } from '../../lib/theme.ts';
import { HOME_OF, normalizeRole, useSessionUser } from '../../lib/session.ts';
import { SITE, chatLink } from '../public/site.ts';

/** The sign-in form and its checks load when the modal opens, not with every public page. */
const loadLoginDialog = () => import('../auth/LoginDialog.tsx');
const LoginDialog = lazy(loadLoginDialog);

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/why-choose-us', label: 'Why Choose Us' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/project-documents', label: 'Documents' },
  { to: '/careers', label: 'Careers' },
  { to: '/contact', label: 'Contact' },
] as const;

/** The public site's header (with the login modal), footer and chat button. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { theme, toggle } = useTheme();
  const [loginOpen, setLoginOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const user = useSessionUser();
  const role = normalizeRole(user?.role);

  return (
    <div className="public">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
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
              activeOptions={{ exact: l.to === '/' }}
              activeProps={{ className: 'active', 'aria-current': 'page' }}
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
            <Button
              onPress={() => setLoginOpen(true)}
              onHoverStart={() => void loadLoginDialog()}
              onFocus={() => void loadLoginDialog()}
            >
              Login
            </Button>
          )}
        </div>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <PublicFooter />
      {/* In a landmark of its own, like everything on the page, so that a screen reader's list of regions finds it. */}
      <aside aria-label="Chat">
        <a
          className="chat-fab"
          href={chatLink()}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us on WhatsApp (opens in a new tab)"
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden focusable="false">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.9-.2Z"
            />
          </svg>
        </a>
      </aside>
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginDialog
            onClose={() => setLoginOpen(false)}
            onSignedIn={(home) => {
              setLoginOpen(false);
              void navigate({ to: home });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function PublicFooter() {
  return (
    <footer className="public-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">
            {SITE.name}
          </h2>
          <address className="footer-address">
            {SITE.officeAddress}
            <br />
            <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            <br />
            <a href={`tel:${SITE.phone.replace(/\s/g, '')}`}>{SITE.phone}</a>
          </address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-title">
            Quick links
          </h2>
          <ul className="footer-list">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer-title">
            Follow us
          </h2>
          <ul className="footer-list">
            {SITE.social.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer-copy">
        © {new Date().getFullYear()} {SITE.name}. All rights reserved.
      </p>
    </footer>
  );
}
