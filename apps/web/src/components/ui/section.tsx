// A titled part of a page, in one of two looks: `card` is a panel of a back-office form, `article` a part of a long
// public page. Form fields grouped under a legend are a FieldGroup (field-group.tsx).
import { useId, type ReactNode } from 'react';

const LOOKS = {
  card: { box: 'card min-w-0 p-5 sm:p-6', title: 'mb-4 text-lg font-semibold', body: '' },
  article: {
    box: 'border-t border-stone-200 py-10 first:border-t-0 first:pt-0',
    title: 'text-2xl font-bold sm:text-3xl',
    body: 'mt-5 text-base leading-relaxed text-stone-700 sm:text-lg',
  },
} as const;

export function Section({ title, look, children }: { title: string; look: keyof typeof LOOKS; children: ReactNode }) {
  const id = useId();
  const style = LOOKS[look];
  return (
    <section aria-labelledby={id} className={style.box}>
      <h2 id={id} className={style.title}>
        {title}
      </h2>
      {style.body ? <div className={style.body}>{children}</div> : children}
    </section>
  );
}
