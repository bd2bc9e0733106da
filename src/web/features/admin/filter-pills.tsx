/** A tab's filters as links (the URL says what is shown), the current one marked for screen readers too. */
import { Link } from 'react-router';

export function FilterPills({ label, options }: { label: string; options: ReadonlyArray<{ key: string; label: string; href: string; current: boolean }>}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <Link key={option.key} to={option.href} aria-current={option.current ? 'page' : undefined} className={`rounded-full px-3 py-1.5 text-sm font-semibold ${option.current ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'}`}>
          {option.label}
        </Link>
      ))}
    </nav>
  );
}
