import { FilterForm } from './FilterForm';

/** One text filter of a list (a FilterForm of one box): sent to the server on Enter or the button. */
export function SearchBox({ label, value, onSearch, buttonLabel = 'Search', placeholder }: { label: string; value: string; onSearch: (value: string) => void; buttonLabel?: string; placeholder?: string }) {
  return <FilterForm fields={[{ name: 'text', label, placeholder }]} values={{ text: value }} onApply={(v) => onSearch(v.text)} buttonLabel={buttonLabel} />;
}
