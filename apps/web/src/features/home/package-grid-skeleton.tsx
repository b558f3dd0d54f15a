// Placeholder cards while the featured packages (or their code) load; same grid as PackageGrid.
function CardSkeleton() {
  return (
    <div className="overflow-hidden rounded-3xl bg-white ring-1 ring-stone-200/70">
      <div className="aspect-[4/3] animate-pulse bg-sand-100" />
      <div className="space-y-3 p-6">
        <div className="h-6 w-3/4 animate-pulse rounded bg-sand-100" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-sand-100" />
        <div className="h-8 w-2/5 animate-pulse rounded bg-sand-100" />
      </div>
    </div>
  );
}

export function PackageGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading packages">
      <div aria-hidden="true" className="grid grid-cols-[repeat(auto-fill,minmax(min(300px,100%),1fr))] gap-6 lg:gap-8">
        {Array.from({ length: count }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
