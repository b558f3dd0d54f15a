// Sets the page title (and optionally the meta description) while a page is shown.
import { useEffect } from 'react';
import { BRAND, pageTitle } from '@safarnama/contract/public-pages';

export function useDocumentTitle(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = pageTitle(title, BRAND);
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = meta?.content;
    if (meta && description) meta.content = description;
    return () => {
      document.title = previous;
      if (meta && previousDescription !== undefined) meta.content = previousDescription;
    };
  }, [title, description]);
}
