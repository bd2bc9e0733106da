/** A brief as staff read it: the choices, requests and notes, and the files with previews and downloads. */
import { useTranslation } from '../../i18n/react.tsx';
import { BRIEF_OPTION_GROUPS } from '../../../domain/briefs.ts';
import type { BriefAnswer as BriefView } from '../../../domain/contract/files.ts';
import { FileList } from '../../components/file-list.tsx';

export function StaffBrief({ brief }: { brief: BriefView }) {
  const { t } = useTranslation('briefs');
  const { t: tAdmin } = useTranslation('admin');
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
        <FileList
          files={brief.uploadedFiles}
          twoColumns
          openLabel={(name) => tAdmin('briefs.open', { name })}
          downloadLabel={(name) => tAdmin('briefs.download', { name })}
          rowData={(file) => ({ 'data-staff-file': file.name })}
        />
      )}
    </div>
  );
}
