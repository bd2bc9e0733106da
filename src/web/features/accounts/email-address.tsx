/**
 * An e-mail address that wraps only where a reader expects it to: before the @ and before a dot
 * (never mid-word, as `overflow-wrap: anywhere` and `break-all` did on a phone). Only a single
 * part longer than the line itself is broken inside, as a last resort.
 */
import { Fragment } from 'react';

export function EmailAddress({ address, className = '' }: { address: string; className?: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className={`break-words ${className}`} data-email={address}>
      {parts.map((part, index) => <Fragment key={index}>{index > 0 && <wbr />}{part}</Fragment>)}
    </span>
  );
}
