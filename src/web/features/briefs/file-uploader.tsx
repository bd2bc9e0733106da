/**
 * Reference files for the brief (SPEC sections 2 and 5): drop or choose several files; each is
 * sent at once with its own progress bar, then listed with name and size and can be removed.
 * Files the server refused stay listed with the reason, so nothing disappears unexplained.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { UPLOAD_ACCEPT, formatFileSize } from '../../../domain/uploads.ts';
import { FileList } from '../../components/file-list.tsx';
import { TrashIcon, UploadIcon } from '../../components/later-icons.tsx';
import { useStore } from '../../store-context.ts';
import { precheck, uploadFile, type UploadedFile } from './upload-file.ts';

interface Pending {
  key: string;
  /** Place among the chosen files: uploads finish in any order, the list keeps the chosen one. */
  seq: number;
  name: string;
  size: number;
  progress: number;
  error: string | null;
  file: File;
}

interface FileUploaderProps {
  files: UploadedFile[];
  onChange: (update: (files: UploadedFile[]) => UploadedFile[]) => void;
  onBusyChange: (busy: boolean) => void;
  guestId: string | null;
}

/** Up to three files travel at once; the rest wait their turn. */
const PARALLEL = 3;

export function FileUploader({ files, onChange, onBusyChange, guestId }: FileUploaderProps) {
  const { t, i18n } = useTranslation('briefs');
  const store = useStore();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  // Each chosen file is sent once: `started` only grows (keys are unique), `active` counts uploads in flight.
  const started = useRef(new Set<string>());
  const active = useRef(0);
  const chosen = useRef(0);
  const placeOf = useRef(new Map<string, number>());
  // Previews of files chosen here are drawn from the browser's copy; a guest's stored previews
  // need their guest id, which an <img> cannot send as a header.
  const [local, setLocal] = useState<Record<string, string>>({});
  const objectUrls = useRef<string[]>([]);
  // Leaving the form stops unfinished uploads and frees the previews' memory.
  const leaving = useRef(new AbortController());
  useEffect(() => () => {
    leaving.current.abort();
    objectUrls.current.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const previewOf = (file: UploadedFile) => local[file.id] ?? (file.previewUrl && guestId ? `${file.previewUrl}&sessionId=${encodeURIComponent(guestId)}` : file.previewUrl);

  const uploading = pending.filter((p) => !p.error);
  useEffect(() => onBusyChange(uploading.length > 0), [uploading.length]);

  // Starts waiting uploads while fewer than PARALLEL are running.
  useEffect(() => {
    for (const item of pending) {
      if (item.error || started.current.has(item.key) || active.current >= PARALLEL) continue;
      started.current.add(item.key);
      active.current++;
      void uploadFile(item.file, {
        guestId, store, signal: leaving.current.signal,
        onProgress: (fraction) => setPending((list) => list.map((p) => (p.key === item.key ? { ...p, progress: fraction } : p))),
      }).then((outcome) => {
        active.current--;
        if (outcome.ok) {
          if (outcome.file.previewUrl) {
            const url = URL.createObjectURL(item.file);
            objectUrls.current.push(url);
            setLocal((map) => ({ ...map, [outcome.file.id]: url }));
          }
          placeOf.current.set(outcome.file.id, item.seq);
          // Files kept from a draft come first; the rest in the order they were chosen.
          onChange((list) => [...list, outcome.file].sort((a, b) => (placeOf.current.get(a.id) ?? -1) - (placeOf.current.get(b.id) ?? -1)));
          setPending((list) => list.filter((p) => p.key !== item.key));
        } else {
          setPending((list) => list.map((p) => (p.key === item.key ? { ...p, error: outcome.message || t('files.failed') } : p)));
        }
      });
    }
  }, [pending]);

  function add(list: FileList | null) {
    if (!list) return;
    const added = [...list].map((file) => {
      const refused = precheck(file);
      return { key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, seq: chosen.current++, name: file.name, size: file.size, progress: 0, error: refused ? t(`files.${refused}`) : null, file };
    });
    setPending((current) => [...current, ...added]);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);

  return (
    <div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dropzone
        className={`flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition focus-within:ring-2 focus-within:ring-brand-600 ${dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'}`}
      >
        <UploadIcon className="size-7 text-brand-700" aria-hidden="true" />
        <p className="text-sm text-slate-700">
          {t('files.drop')}{' '}
          <label htmlFor={inputId} className="cursor-pointer font-semibold text-brand-800 underline underline-offset-2">{t('files.choose')}</label>
        </p>
        <p className="text-xs text-slate-600">{t('files.accepted')}</p>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          data-brief-files
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {(files.length > 0 || pending.length > 0) && (
        <FileList
          files={files.map((file) => ({ ...file, previewUrl: previewOf(file) }))}
          className="mt-3"
          live
          detail={() => t('files.done')}
          remove={{ label: (name) => t('files.remove', { name }), onRemove: (file) => onChange((list) => list.filter((f) => f.id !== file.id)) }}
          rowData={(file) => ({ 'data-uploaded-file': file.name })}
        >
          {pending.map((item) => (
            <li key={item.key} className={`grid grid-cols-1 gap-1.5 rounded-xl border p-2 text-sm ${item.error ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`} data-pending-file={item.name}>
              <span className="flex items-center gap-3">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{item.name}</span>
                  <span className={`text-xs ${item.error ? 'text-red-700' : 'text-slate-600'}`} role={item.error ? 'alert' : undefined}>
                    {size(item.size)} · {item.error ?? t('files.uploading', { percent: Math.round(item.progress * 100) })}
                  </span>
                </span>
                {item.error && (
                  <button type="button" onClick={() => setPending((list) => list.filter((p) => p.key !== item.key))} className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-white hover:text-red-700" aria-label={t('files.remove', { name: item.name })}>
                    <TrashIcon className="size-4" aria-hidden="true" />
                  </button>
                )}
              </span>
              {!item.error && (
                <progress className="h-1.5 w-full overflow-hidden rounded-full accent-brand-700" max={1} value={item.progress} aria-label={t('files.uploading', { percent: Math.round(item.progress * 100) })} data-upload-progress />
              )}
            </li>
          ))}
        </FileList>
      )}
    </div>
  );
}
