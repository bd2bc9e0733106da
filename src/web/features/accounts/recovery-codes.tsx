/**
 * Ten recovery codes, shown once (issue 36): to copy, to save as a text file, and a box to tick
 * before going on, so nobody leaves the only sight of them by a stray click.
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { toast } from '../../components/toast.tsx';

export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string | undefined; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const id = useId();
  const [kept, setKept] = useState(false);
  const text = () => `${t('secondFactor.fileHeading', { email: email ?? '' })}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(() => t('secondFactor.copied'));
    } catch {
      // No clipboard (an http page, a refused permission): the codes are on screen and in the file.
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'studio-lumi-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-recovery-codes>
      <h3 id={`${id}-title`} className="font-bold">{t('secondFactor.codesTitle')}</h3>
      <p className="text-sm text-slate-600">{t('secondFactor.codesIntro')}</p>
      <ol className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-2xl bg-slate-50 p-4 font-mono text-sm tabular-nums">
        {codes.map((code) => <li key={code} data-recovery-code>{code}</li>)}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => void copy()}>{t('secondFactor.copy')}</button>
        <button type="button" className="btn-secondary" onClick={download}>{t('secondFactor.download')}</button>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" className="size-5 rounded border-slate-300" checked={kept} onChange={(event) => setKept(event.target.checked)} />
        {t('secondFactor.keptThem')}
      </label>
      <button type="button" className="btn-primary" disabled={!kept} onClick={onDone}>{t('secondFactor.done')}</button>
    </section>
  );
}
