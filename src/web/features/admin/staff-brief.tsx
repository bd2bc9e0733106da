/** A brief as staff read it: the choices, requests and notes, and the files with previews and downloads. */
import { useTranslation } from '../../i18n/react.tsx';
import { BRIEF_OPTION_GROUPS } from '../../../domain/briefs.ts';
import { formatFileSize } from '../../../domain/uploads.ts';
import type { BriefView } from '../../../server/features/briefs/brief-view.ts';
import { DownloadIcon, VideoFileIcon } from '../../components/later-icons.tsx';
import { useRootData } from '../../store-context.ts';

export function StaffBrief({ brief }: { brief: BriefView }) {
  const { t } = useTranslation('briefs');
  const { t: tAdmin } = useTranslation('admin');
  const { lang } = useRootData();
  return (
    <div className="mt-1 grid gap-2" data-staff-brief={brief.id}>
      <dl className="grid gap-1">
        {BRIEF_OPTION_GROUPS.filter((g) => brief[g].length > 0).map((group) => (
          <div key={group} className="flex flex-wrap gap-x-2"><dt className="text-slate-600">{t(`groups.${group}`)}</dt><dd>{brief[group].map((key) => t(`options.${group}.${key}`)).join(', ')}</dd></div>
        ))}
        {brief.additionalRequests && <div><dt className="text-slate-600">{t('requests.label')}</dt><dd className="whitespace-pre-line">{brief.additionalRequests}</dd></div>}
        {brief.referenceNotes && <div><dt className="text-slate-600">{t('notes.label')}</dt><dd className="whitespace-pre-line">{brief.referenceNotes}</dd></div>}
      </dl>
      {brief.uploadedFiles.length === 0 ? <p className="text-slate-600">{tAdmin('briefs.noFiles')}</p> : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {brief.uploadedFiles.map((file) => (
            <li key={file.id} className="min-w-0 rounded-xl border border-slate-200 p-2" data-staff-file={file.name}>
              <a href={file.url} target="_blank" rel="noreferrer" className="block">
                {file.previewUrl
                  ? <img src={file.previewUrl} alt={file.name} loading="lazy" className="aspect-square w-full rounded-lg object-cover" />
                  : <VideoFileIcon className="aspect-square w-full rounded-lg bg-slate-100 p-6 text-slate-500" role="img" aria-label={file.name} />}
              </a>
              <p className="mt-1 truncate text-xs font-medium">{file.name}</p>
              <p className="flex items-center justify-between text-xs text-slate-600">
                {formatFileSize(file.size, lang)}
                <a href={file.url} download={file.name} className="inline-flex size-9 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50" aria-label={tAdmin('briefs.download', { name: file.name })}><DownloadIcon className="size-4" aria-hidden="true" /></a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
