// One numbered row of the builder's day or line list: its card, its legend and its buttons (move up, move down,
// remove), each named for screen readers with the row's number ("Move day 2 up").
import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40';

interface EditorRowProps {
  /** 'day' or 'line': the row's data attribute (`data-day="<key>"`) and the buttons' names. */
  noun: 'day' | 'line';
  rowKey: string;
  index: number;
  count: number;
  /** Absent: the row has no move buttons. */
  onMove?: (by: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
}

export function EditorRow({ noun, rowKey, index, count, onMove, onRemove, children }: EditorRowProps) {
  const n = index + 1;
  const title = `${noun === 'day' ? 'Day' : 'Line'} ${n}`;
  return (
    <li {...{ [`data-${noun}`]: rowKey }} className="relative rounded-xl border border-stone-200 bg-sand-50 p-3 sm:p-4">
      <fieldset className="min-w-0">
        <legend className="mb-2 py-1.5 font-semibold text-stone-900">{title}</legend>
        <div className="absolute top-2.5 right-2.5 flex items-center gap-1 sm:top-3.5 sm:right-3.5">
          {onMove ? (
            <>
              <button
                type="button"
                className={iconButton}
                data-move="up"
                aria-label={`Move ${noun} ${n} up`}
                title="Move up"
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                <ArrowUp className="size-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                className={iconButton}
                data-move="down"
                aria-label={`Move ${noun} ${n} down`}
                title="Move down"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <ArrowDown className="size-4" aria-hidden="true" />
              </button>
            </>
          ) : null}
          <button
            type="button"
            className={`${iconButton} text-red-700 hover:bg-red-50`}
            aria-label={`Remove ${noun} ${n}`}
            title="Remove"
            onClick={onRemove}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        {children}
      </fieldset>
    </li>
  );
}
