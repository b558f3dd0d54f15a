// Sets the page title (and optionally the meta description) while a page is shown.
import { useEffect } from 'react';

const SITE = 'Safarnama';

export function useDocumentTitle(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | ${SITE}`;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = meta?.content;
    if (meta && description) meta.content = description;
    return () => {
      document.title = previous;
      if (meta && previousDescription !== undefined) meta.content = previousDescription;
    };
  }, [title, description]);
}
