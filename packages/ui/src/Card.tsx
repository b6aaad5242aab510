import type { ReactNode } from 'react';

export interface CardProps {
  /** The heading (the app may make it a link). */
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Controls at the top right (a menu). */
  actions?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * A content card: title and actions, body, footer. Cards stand in a grid right under the page's h1, so
 * their titles are h2: a heading level skipped would tell a screen reader's outline that a level is missing.
 */
export function Card({ title, subtitle, actions, children, footer, className }: CardProps) {
  return (
    <article className={`card item-card ${className ?? ''}`}>
      <header className="item-card-head">
        <div className="item-card-titles">
          <h2 className="item-card-title">{title}</h2>
          {subtitle ? <div className="item-card-subtitle">{subtitle}</div> : null}
        </div>
        {actions ? <div className="item-card-actions">{actions}</div> : null}
      </header>
      {children ? <div className="item-card-body">{children}</div> : null}
      {footer ? <footer className="item-card-footer">{footer}</footer> : null}
    </article>
  );
}
