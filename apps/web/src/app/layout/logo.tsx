// The Safarnama word mark with its mountain-and-sun glyph.
export function Logo({ light = false }: { light?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={light ? '#ffffff' : '#0f4c5c'} />
        <path d="M10 46 26 22l9 13 6-8 13 19z" fill="#f4a259" />
        <circle cx="46" cy="18" r="6" fill="#fbd38d" />
      </svg>
      <span className={`font-display text-xl font-bold tracking-tight ${light ? 'text-white' : 'text-brand-800'}`}>
        Safarnama
      </span>
    </span>
  );
}
