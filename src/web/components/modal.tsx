/**
 * A modal dialog on the native <dialog> element: the browser traps focus, makes the page behind
 * inert, closes on Escape and restores focus. A click on the backdrop closes it too.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
  className?: string;
}

export function Modal({ open, onClose, labelledBy, children, className }: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] overflow-y-auto rounded-3xl bg-white p-0 text-ink shadow-2xl backdrop:bg-slate-950/60 ${className ?? 'max-w-2xl'}`}
    >
      {open && (
        <div className="relative">
          <button
            type="button"
            onClick={onClose}
            aria-label={t('dialog.close')}
            className="absolute right-3 top-3 z-10 inline-flex size-11 items-center justify-center rounded-full bg-white/90 shadow hover:bg-slate-100"
          >
            <CloseIcon className="size-5" aria-hidden="true" />
          </button>
          {children}
        </div>
      )}
    </dialog>
  );
}
