// Where image files are dropped or chosen (drag-and-drop or the file chooser), and their previews.
import { useId, useRef, useState, type DragEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { IMAGE_ACCEPT } from '@safarnama/contract/uploads';
import { Button } from '../ui/button';
import type { SelectedImage } from './use-image-selection';

interface ImageDropZoneProps {
  label: string;
  onFiles: (files: File[]) => void;
  hint?: string;
  error?: string;
}

export function ImageDropZone({ label, onFiles, hint, error }: ImageDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const id = useId();

  const handleDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onFiles([...e.dataTransfer.files]);
  };

  return (
    <div>
      <p id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </p>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        data-testid="drop-zone"
        className={`flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors ${
          dragging
            ? 'border-brand-500 bg-brand-50'
            : error
              ? 'border-red-400 bg-red-50/40'
              : 'border-stone-300 bg-sand-50'
        }`}
      >
        <ImagePlus className="size-8 text-brand-600" aria-hidden="true" />
        <p className="text-sm text-stone-700">Drag and drop images here, or</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => inputRef.current?.click()}
          aria-describedby={`${id}-label${hint ? ` ${id}-hint` : ''}${error ? ` ${id}-error` : ''}`}
        >
          Choose images
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="image-input"
          onChange={(e) => {
            if (e.target.files) onFiles([...e.target.files]);
            // The same file can be chosen again after being removed.
            e.target.value = '';
          }}
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-stone-500">
            {hint}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SelectedImages({ items, onRemove }: { items: SelectedImage[]; onRemove: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-5" aria-label="Selected images">
      {items.map((item) => (
        <li key={item.id} className="relative overflow-hidden rounded-xl bg-sand-100 ring-1 ring-stone-200">
          <img src={item.url} alt={`Preview of ${item.file.name}`} className="aspect-square w-full object-cover" />
          <button
            type="button"
            onClick={() => onRemove(item.id)}
            className="absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-full bg-stone-900/75 text-white hover:bg-stone-900"
            aria-label={`Remove ${item.file.name}`}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
