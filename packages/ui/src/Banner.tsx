import type { ReactNode } from 'react';
/** An inline message above a form: the server's error, said where the person is looking. */
export function ErrorBanner({
  message,
  children,
}: {
  message: string | null | undefined;
  /** What the reader can do about it (buttons), shown under the message. */
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <div className="banner banner-error" role="alert">
      {message}
      {children && <div className="banner-actions">{children}</div>}
    </div>
  );
}

/** The ☰ button that opens the navigation on narrow screens. */
export function MenuToggle({
  isOpen,
  onToggle,
  className,
}: {
  isOpen: boolean;
  onToggle: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      className={`icon-btn ${className}`}
      aria-label="Open menu"
      aria-expanded={isOpen}
      onClick={onToggle}
    >
      ☰
    </button>
  );
}
