// The package search (spec §2): text, min/max price, min/max days. It lives in the URL query string,
// so a search can be shared and the back button returns to the previous one.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { Search, X } from 'lucide-react';
import { Button } from '../ui/button';
import { Field, inputClass } from '../ui/field';
import {
  readPackageSearch,
  toSearchParams,
  type PackageSearchField,
  type PackageSearchValues,
} from './use-package-search';

const NUMBER_FIELDS: { name: PackageSearchField; label: string; placeholder: string }[] = [
  { name: 'minPrice', label: 'Min price (₹)', placeholder: 'Any' },
  { name: 'maxPrice', label: 'Max price (₹)', placeholder: 'Any' },
  { name: 'minDuration', label: 'Min days', placeholder: 'Any' },
  { name: 'maxDuration', label: 'Max days', placeholder: 'Any' },
];

function SearchFields({
  initial,
  onSearch,
}: {
  initial: PackageSearchValues;
  onSearch: (v: PackageSearchValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const isFiltered = Object.values(initial).some(Boolean);
  const set = (name: PackageSearchField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(values);
  };
  const handleClear = () => {
    const empty = readPackageSearch(new URLSearchParams());
    setValues(empty);
    onSearch(empty);
  };

  return (
    <form
      role="search"
      aria-label="Search packages"
      onSubmit={handleSubmit}
      className="grid grid-cols-2 gap-4 rounded-3xl bg-white p-5 shadow-lg ring-1 ring-stone-200/70 sm:p-6 lg:grid-cols-[2fr_repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <Field label="Search" className="col-span-2 lg:col-span-1">
        <input
          type="search"
          name="search"
          value={values.search}
          onChange={set('search')}
          placeholder="Destination or package name"
          maxLength={200}
          enterKeyHint="search"
          className={inputClass}
        />
      </Field>
      {NUMBER_FIELDS.map((f) => (
        <Field key={f.name} label={f.label}>
          <input
            type="number"
            name={f.name}
            inputMode="numeric"
            min={0}
            value={values[f.name]}
            onChange={set(f.name)}
            placeholder={f.placeholder}
            className={inputClass}
          />
        </Field>
      ))}
      <div className="col-span-2 flex gap-3 lg:col-span-1">
        <Button type="submit" size="lg" className="flex-1 lg:flex-none">
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
        {isFiltered ? (
          <Button type="button" variant="ghost" size="lg" onClick={handleClear} aria-label="Clear search">
            <X className="size-4" aria-hidden="true" />
            <span className="lg:sr-only">Clear</span>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The search form, reading and writing the current URL's query string. */
export function PackageSearchForm() {
  const [params, setParams] = useSearchParams();
  const current = readPackageSearch(params);
  const key = toSearchParams(current).toString();
  // The fields start again from the URL when its search changes from outside (the back button, a link). A change
  // the form made itself leaves them as they are, so what is typed while the router catches up is not wiped.
  const [seen, setSeen] = useState(key);
  const [pushed, setPushed] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  if (key !== seen) {
    setSeen(key);
    if (key === pushed) setPushed(null);
    else setGeneration((g) => g + 1);
  }
  const search = (v: PackageSearchValues) => {
    const next = toSearchParams(v);
    if (next.toString() !== key) setPushed(next.toString());
    setParams(next);
  };
  return <SearchFields key={generation} initial={current} onSearch={search} />;
}
