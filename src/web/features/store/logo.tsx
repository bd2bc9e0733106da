import { BRAND } from '../../../domain/site.ts';

export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#15803d" />
        <circle cx="16" cy="16" r="7.5" fill="none" stroke="#fff" strokeWidth="2.5" />
        <path d="M16 4.5v5M27.5 16h-5M16 27.5v-5M4.5 16h5" stroke="#bbf7d0" strokeWidth="2" strokeLinecap="round" />
        <circle cx="16" cy="16" r="2.5" fill="#fff" />
      </svg>
      <span className="text-lg tracking-tight">{BRAND}</span>
    </span>
  );
}
