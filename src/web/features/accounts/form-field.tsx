/** A labelled input with its error and hint, wired for screen readers (aria-invalid, describedby). */
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { EyeIcon, EyeOffIcon } from '../../components/later-icons.tsx';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  /** Adds a show/hide toggle for passwords (each field has its own). */
  revealable?: boolean;
  addon?: ReactNode;
}

export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, error, hint, optional, revealable, addon, type, className, ...input },
  ref,
) {
  const { t } = useTranslation('accounts');
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">({t('fields.optional')})</span>}
      </label>
      <div className="mt-1.5 flex gap-2">
        <div className="relative flex-1">
          <input
            ref={ref}
            id={id}
            type={revealable ? (revealed ? 'text' : 'password') : type}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`block w-full rounded-xl border bg-white px-3.5 py-3 text-base shadow-sm outline-none transition focus:ring-2 ${revealable ? 'pr-12' : ''} ${error ? 'border-red-500 focus:border-red-600 focus:ring-red-600/30' : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/30'}`}
            {...input}
          />
          {revealable && (
            <button
              type="button"
              onClick={() => setRevealed((r) => !r)}
              aria-label={revealed ? t('password.hide') : t('password.show')}
              aria-pressed={revealed}
              className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-xl text-slate-500 hover:text-ink"
            >
              {revealed ? <EyeOffIcon className="size-5" aria-hidden="true" /> : <EyeIcon className="size-5" aria-hidden="true" />}
            </button>
          )}
        </div>
        {addon}
      </div>
      {hint && <div id={`${id}-hint`} className="mt-1.5 text-sm">{hint}</div>}
      {error && <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">{error}</p>}
    </div>
  );
});

/**
 * The family and given name fields in the order the page's language writes names: family name
 * first in Korean, Japanese, Chinese and Vietnamese, given name first in English (issue 33, item 30).
 */
export function familyFirst(lang: string, [family, given]: [ReactNode, ReactNode]): [ReactNode, ReactNode] {
  return lang === 'en' ? [given, family] : [family, given];
}
