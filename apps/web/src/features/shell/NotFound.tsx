import { Link } from '@tanstack/react-router';
import { GENERAL_MESSAGES } from '@portal/contracts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <main className="not-found">
      <div className="not-found-code" aria-hidden>
        404
      </div>
      <h1>{GENERAL_MESSAGES.notFoundPage}</h1>
      <Link to="/" className="btn btn-primary btn-md">
        {GENERAL_MESSAGES.backToHome}
      </Link>
    </main>
  );
}
