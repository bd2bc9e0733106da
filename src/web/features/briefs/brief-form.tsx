/**
 * The project brief form (SPEC sections 2 and 5): the selected service, reference files, style,
 * colour tone and usage, the AI recommendation, additional requests and the generated brief, with
 * "write later" and "submit". What the visitor types and uploads is kept as a draft in this
 * browser until the brief is sent, so a failed submit or a reload loses nothing.
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import { BRIEF_OPTIONS, BRIEF_OPTION_GROUPS, hasChoice } from '../../../domain/briefs.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { SparklesIcon } from '../../components/later-icons.tsx';
import { toast } from '../../components/toast.tsx';
import { FormField } from '../accounts/form-field.tsx';
import { briefText, recommendation } from './brief-text.ts';
import { clearDraft, readDraft, saveDraft, type BriefDraft, type BriefValues } from './brief-draft.ts';

export type { BriefValues } from './brief-draft.ts';
import { FileUploader } from './file-uploader.tsx';
import type { UploadedFile } from './upload-file.ts';

interface BriefSummary {
  serviceName: string;
  price?: string | null | undefined;
  delivery?: string | null | undefined;
  orderId?: string | undefined;
}

/** What submitting answers: nothing more to do, or the server's refusal (the form stays as it is). */
export type SubmitOutcome = { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

interface BriefFormProps {
  summary: BriefSummary;
  draftKey: string;
  /** A guest opening a consultation gives a name and an e-mail for the answer. */
  askContact: boolean;
  guestId: string | null;
  onSubmit: (values: BriefValues, files: UploadedFile[]) => Promise<SubmitOutcome>;
  onLater: () => void;
  idPrefix?: string;
}

const EMPTY: BriefDraft = { style: [], colorTone: [], usage: [], additionalRequests: '', referenceNotes: '', customerName: '', customerEmail: '', files: [] };
const FIELDS = new Set<string>(['style', 'colorTone', 'usage', 'additionalRequests', 'referenceNotes', 'customerName', 'customerEmail']);

/** The shared schema the server checks too (domain/validation/briefs.ts), loaded on first use. */
const formSchema = (askContact: boolean) => async () => {
  const schemas = await import('../../../domain/validation/briefs.ts');
  return askContact ? schemas.guestBriefFormSchema : schemas.briefFormSchema;
};

export function BriefForm({ summary, draftKey, askContact, guestId, onSubmit, onLater, idPrefix = 'brief' }: BriefFormProps) {
  const { t, i18n } = useTranslation('briefs');
  const { t: tErrors } = useTranslation('errors');
  const [initial] = useState(() => readDraft(draftKey));
  const [files, setFiles] = useState<UploadedFile[]>(initial?.files ?? []);
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, watch, setValue, setError, clearErrors, getValues, formState: { errors, isSubmitting } } = useForm<BriefValues>({
    defaultValues: { ...EMPTY, ...initial },
    resolver: lazySchemaResolver<BriefValues>(formSchema(askContact), tErrors),
  });
  // The schema's "choose at least one" lands on `style`; it is shown under the three groups.
  const choiceError = errors.style?.message;

  useEffect(() => {
    if (initial) toast.message(() => t('restored'));
  }, []);

  const values = watch();
  // Every change is kept at once; the draft goes when the brief is sent.
  useEffect(() => {
    saveDraft(draftKey, { ...values, files });
  }, [JSON.stringify(values), files]);

  const lines = useMemo(() => briefText(t, i18n.language, { ...values, serviceName: summary.serviceName, fileCount: files.length }), [JSON.stringify(values), files.length, i18n.language]);

  const recommend = () => {
    if (!hasChoice(getValues())) {
      const message = tErrors('validation.briefChoice');
      setError('style', { message });
      toast.error(() => t('toast.selectRequired'), message);
      return;
    }
    const sentence = recommendation(t, i18n.language, getValues());
    const notes = getValues('referenceNotes').trim();
    setValue('referenceNotes', notes ? `${notes}\n${sentence}` : sentence, { shouldDirty: true });
    toast.success(() => t('ai.added'));
  };

  // What was typed stays in the form (and its draft) whatever the answer; only a sent brief clears it.
  const submit = handleSubmit(async (form) => {
    const outcome = await onSubmit(form, files);
    if (outcome.ok) {
      clearDraft(draftKey);
      return;
    }
    for (const [field, message] of Object.entries(outcome.fields ?? {})) {
      if (FIELDS.has(field)) setError(field as keyof BriefValues, { message });
    }
    toast.error(() => t('toast.failed'), () => outcome.message || t('toast.failedDefault'));
  }, (invalid) => {
    if (invalid.style) toast.error(() => t('toast.selectRequired'), invalid.style.message);
  });

  const fieldError = (name: string, message: string | undefined) =>
    (message ? { 'aria-invalid': true, 'aria-describedby': `${idPrefix}-${name}-error` } : {});
  const textarea = 'mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-3 text-base shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30';

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-6" data-brief-form>
      <section aria-labelledby={`${idPrefix}-service`} className="rounded-2xl bg-slate-50 p-4 text-sm">
        <h3 id={`${idPrefix}-service`} className="font-semibold text-slate-600">{t('service.title')}</h3>
        <p className="mt-1 text-base font-bold" data-brief-service>{summary.serviceName}</p>
        <dl className="mt-2 grid gap-1 sm:grid-cols-2">
          {summary.price && <div className="flex gap-2"><dt className="text-slate-600">{t('service.price')}</dt><dd className="font-medium">{summary.price}</dd></div>}
          {summary.delivery && <div className="flex gap-2"><dt className="text-slate-600">{t('service.delivery')}</dt><dd className="font-medium">{summary.delivery}</dd></div>}
          {summary.orderId && <div className="flex min-w-0 gap-2 sm:col-span-2"><dt className="shrink-0 text-slate-600">{t('service.order')}</dt><dd className="truncate font-mono text-xs leading-5">{summary.orderId}</dd></div>}
        </dl>
      </section>

      <section aria-labelledby={`${idPrefix}-files`}>
        <h3 id={`${idPrefix}-files`} className="mb-2 font-semibold">{t('files.title')}</h3>
        <FileUploader files={files} onChange={setFiles} onBusyChange={setUploading} guestId={guestId} />
      </section>

      <div className="grid gap-5 sm:grid-cols-3">
        {BRIEF_OPTION_GROUPS.map((group) => (
          <fieldset key={group} aria-invalid={choiceError ? true : undefined} aria-describedby={choiceError ? `${idPrefix}-choice-error` : undefined}>
            <legend className="font-semibold">{t(`groups.${group}`)}</legend>
            <div className="mt-2 grid gap-2">
              {BRIEF_OPTIONS[group].map((option) => (
                <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                  <input type="checkbox" value={option} className="size-4 accent-brand-700" {...register(group, { onChange: () => clearErrors('style') })} />
                  {t(`options.${group}.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {choiceError && <p id={`${idPrefix}-choice-error`} role="alert" className="-mt-3 text-sm text-red-700">{choiceError}</p>}

      <section aria-labelledby={`${idPrefix}-ai`} className="rounded-2xl border border-brand-100 bg-brand-50/60 p-4">
        <h3 id={`${idPrefix}-ai`} className="flex items-center gap-2 font-semibold"><SparklesIcon className="size-4 text-brand-700" aria-hidden="true" />{t('ai.title')}</h3>
        <p className="mt-1 text-sm text-slate-700">{t('ai.text')}</p>
        <button type="button" onClick={recommend} className="btn-secondary mt-3" data-brief-recommend>{t('ai.action')}</button>
        <label htmlFor={`${idPrefix}-notes`} className="mt-4 block text-sm font-semibold">{t('notes.label')}</label>
        <textarea id={`${idPrefix}-notes`} rows={3} maxLength={5000} className={textarea} {...register('referenceNotes')} {...fieldError('notes', errors.referenceNotes?.message)} />
        <FieldMessage id={`${idPrefix}-notes-error`} message={errors.referenceNotes?.message} />
      </section>

      <div>
        <label htmlFor={`${idPrefix}-requests`} className="text-sm font-semibold">{t('requests.label')}</label>
        <textarea id={`${idPrefix}-requests`} rows={4} maxLength={5000} placeholder={t('requests.placeholder')} className={textarea} {...register('additionalRequests')} {...fieldError('requests', errors.additionalRequests?.message)} />
        <FieldMessage id={`${idPrefix}-requests-error`} message={errors.additionalRequests?.message} />
      </div>

      {askContact && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t('contact.title')}</legend>
          <FormField label={t('contact.name')} autoComplete="name" required error={errors.customerName?.message} {...register('customerName')} />
          <FormField label={t('contact.email')} type="email" autoComplete="email" required error={errors.customerEmail?.message} {...register('customerEmail')} />
        </fieldset>
      )}

      <section aria-labelledby={`${idPrefix}-generated`}>
        <h3 id={`${idPrefix}-generated`} className="font-semibold">{t('generated.title')}</h3>
        <div className="mt-2 whitespace-pre-wrap break-words rounded-2xl border border-slate-200 bg-white p-4 text-sm leading-relaxed text-slate-800" data-brief-text>
          {lines.length > 1 ? lines.join('\n') : <span className="text-slate-500">{t('generated.empty')}</span>}
        </div>
      </section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onLater}>{t('later')}</button>
        <button type="submit" className="btn-primary" disabled={isSubmitting || uploading} data-brief-submit>
          {isSubmitting ? t('submitting') : t('submit')}
        </button>
      </div>
      {uploading && <p className="-mt-3 text-right text-sm text-slate-600">{t('files.waiting')}</p>}
    </form>
  );
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? <p id={id} role="alert" className="mt-1.5 text-sm text-red-700">{message}</p> : null;
}
