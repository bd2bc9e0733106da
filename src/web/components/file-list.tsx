/**
 * The one list of files: a brief's references (My Page, staff), delivered drafts and finals, the
 * uploader's files and the files staff have chosen to deliver. Each row shows a small picture (an
 * image's thumbnail, else the file's extension), the name, the size in the page's language, a
 * line of detail, and what the place allows: open the file, download it, remove it. Every action
 * is named with the file for screen readers.
 */
import type { ReactNode } from 'react';
import { formatFileSize } from '../../domain/uploads.ts';
import { useRootData } from '../store-context.ts';
import { DownloadIcon, TrashIcon } from './later-icons.tsx';

export interface ListedFile {
  id: string;
  name: string;
  size: number;
  /** A thumbnail: the server's preview of an image, or the browser's own picture of a file being sent. */
  previewUrl?: string | null | undefined;
  /** Where it is read from; a file only chosen, not sent yet, has none. */
  url?: string | undefined;
}

export interface FileListProps<F extends ListedFile> {
  files: readonly F[];
  /** What follows the size on the second line (purpose and date, "uploaded"). */
  detail?: (file: F) => string;
  /** The thumbnail opens the file in a new tab (staff reading a brief), named by this. */
  openLabel?: (name: string) => string;
  downloadLabel?: (name: string) => string;
  remove?: { label: (name: string) => string; onRemove: (file: F) => void };
  /** The data-* attributes of each row, by which the page's tests find it. */
  rowData?: (file: F) => Record<`data-${string}`, string>;
  /** Two columns from 640 px (a brief's references). */
  twoColumns?: boolean;
  /** Rows of another kind after the files (uploads still under way), and the list is announced when it changes. */
  children?: ReactNode;
  live?: boolean;
  className?: string;
}

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.slice(0, 4) : '');

export function FileList<F extends ListedFile>({ files, detail, openLabel, downloadLabel, remove, rowData, twoColumns, children, live, className = '' }: FileListProps<F>) {
  const { lang } = useRootData();
  return (
    <ul className={`grid grid-cols-1 gap-2 ${twoColumns ? 'sm:grid-cols-2' : ''} ${className}`} aria-live={live ? 'polite' : undefined}>
      {files.map((file) => {
        const picture = file.previewUrl
          ? <img src={file.previewUrl} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-lg bg-slate-100 object-cover" />
          : <span aria-hidden="true" className="grid size-12 place-items-center rounded-lg bg-slate-100 text-[10px] font-bold uppercase text-slate-500">{extensionOf(file.name)}</span>;
        return (
          <li key={file.id} className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 text-sm" {...rowData?.(file)}>
            {openLabel && file.url
              ? <a href={file.url} target="_blank" rel="noreferrer" aria-label={openLabel(file.name)} className="shrink-0 rounded-lg">{picture}</a>
              : <span className="shrink-0">{picture}</span>}
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 break-all font-medium" title={file.name}>{file.name}</span>
              <span className="text-xs text-slate-600">{formatFileSize(file.size, lang)}{detail ? ` · ${detail(file)}` : ''}</span>
            </span>
            {downloadLabel && file.url && (
              <a href={file.url} download={file.name} aria-label={downloadLabel(file.name)} className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50">
                <DownloadIcon className="size-4" aria-hidden="true" />
              </a>
            )}
            {remove && (
              <button type="button" onClick={() => remove.onRemove(file)} aria-label={remove.label(file.name)} className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-red-700">
                <TrashIcon className="size-4" aria-hidden="true" />
              </button>
            )}
          </li>
        );
      })}
      {children}
    </ul>
  );
}
