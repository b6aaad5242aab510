import { useEffect } from 'react';

const SITE_TITLE = 'Talent & Property Portal';

/** Each page names itself in the browser tab and the history: "Contact Us · Talent & Property Portal". */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_TITLE}` : SITE_TITLE;
  }, [title]);
}
