/**
 * A button that opens a panel (menus in the top bar). Closes on Escape, on a click outside and
 * when focus leaves; returns focus to the button on Escape.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DisclosureProps {
  label: ReactNode;
  /** Accessible name when the visible label is short (e.g. a flag and a code). */
  ariaLabel: string;
  buttonClassName?: string;
  panelClassName?: string;
  /** The visitor reaches for the button (pointer over it, focus, touch): time to fetch what the panel needs. */
  onIntent?: () => void;
  /** The panel's content; `open` lets a panel whose code comes later render only when shown. */
  children: (close: () => void, open: boolean) => ReactNode;
}

export function Disclosure({ label, ariaLabel, buttonClassName, panelClassName, onIntent, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // In the capture phase, and the key marked as used: a menu around this one (the top bar's
    // mobile menu) stays open when Escape closes only this panel.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        className={buttonClassName}
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onTouchStart={onIntent}
      >
        {label}
      </button>
      <div id={id} hidden={!open} className={panelClassName}>
        {children(close, open)}
      </div>
    </div>
  );
}
