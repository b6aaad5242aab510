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

/** A content card: title and actions, body, footer. */
export function Card({ title, subtitle, actions, children, footer, className }: CardProps) {
  return (
    <article className={`card item-card ${className ?? ''}`}>
      <header className="item-card-head">
        <div className="item-card-titles">
          <h3 className="item-card-title">{title}</h3>
          {subtitle ? <div className="item-card-subtitle">{subtitle}</div> : null}
        </div>
        {actions ? <div className="item-card-actions">{actions}</div> : null}
      </header>
      {children ? <div className="item-card-body">{children}</div> : null}
      {footer ? <footer className="item-card-footer">{footer}</footer> : null}
    </article>
  );
}
