/**
 * The project brief modal (SPEC sections 2 and 4): sends the brief for its order, or opens a
 * consultation (D17), then says what happens next in SPEC's words for the flow it came from.
 */
import type { CreatedBrief } from '../../../domain/contract/briefs.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useNavigate, useRevalidator } from 'react-router';
import { apiRequest } from '../../api-client.ts';
import { Modal } from '../../components/modal.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { existingGuestId, guestSessionId } from '../accounts/guest-session.ts';
import { PROJECT_BRIEF_KEY, draftKey } from './brief-draft.ts';
import { BriefForm, type BriefValues, type SubmitOutcome } from './brief-form.tsx';
import type { BriefTarget } from './use-brief-dialog.tsx';
import type { UploadedFile } from './upload-file.ts';

type Created = CreatedBrief;

export default function BriefDialog({ target, onClose }: { target: BriefTarget; onClose: () => void }) {
  const { t } = useTranslation('briefs');
  const store = useRootData();
  const { country, user } = store;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const guestId = user ? null : guestSessionId();
  // Files uploaded as a guest before signing in are still this visitor's (the server checks).
  const formerGuestId = user ? existingGuestId() : null;
  const consultation = target.orderId === undefined;

  async function submit(values: BriefValues, files: UploadedFile[]): Promise<SubmitOutcome> {
    const result = await apiRequest<Created>('POST', '/api/project-briefs', {
      orderId: target.orderId,
      orderKey: target.orderKey,
      serviceId: target.serviceId,
      serviceName: target.serviceName,
      style: values.style,
      colorTone: values.colorTone,
      usage: values.usage,
      additionalRequests: values.additionalRequests,
      referenceNotes: values.referenceNotes,
      uploadedFiles: files.map((file) => file.id),
      ...(guestId ?? formerGuestId ? { sessionId: guestId ?? formerGuestId } : {}),
      ...(!user && consultation ? { customerName: values.customerName, customerEmail: values.customerEmail } : {}),
    }, store);
    if (!result.ok) return { ok: false, message: result.error.message, ...(result.error.fields ? { fields: result.error.fields } : {}) };
    // SPEC section 3: the browser keeps the brief with the id the server gave it.
    window.localStorage.setItem(PROJECT_BRIEF_KEY, JSON.stringify({ briefId: result.data.briefId, orderId: result.data.orderId, serviceName: target.serviceName, ...values, uploadedFiles: files.map((f) => f.name) }));
    onClose();
    target.onSubmitted?.();
    if (target.flow === 'after-payment') {
      // The visitor stays on the order's success page, which now says the brief is in.
      toast.success(() => t('toast.started'), () => t('toast.startedText'));
    } else if (target.flow === 'consultation') {
      toast.success(() => t('toast.consultation'), () => t('toast.consultationText'));
      if (user) void navigate(`/${country}/profile#order-history`);
    } else {
      toast.success(() => t('toast.started'), () => t('toast.startedText'));
      void revalidator.revalidate();
    }
    return { ok: true };
  }

  function later() {
    onClose();
    if (target.flow === 'after-payment') {
      // "Later" stays on the order's page; a guest finds the brief again through the mailed link.
      toast.message(() => t('toast.later'), () => user ? t('toast.laterText') : t('toast.laterGuestText'));
    } else if (target.flow === 'consultation') {
      toast.message(() => t('toast.cancelled'), () => t('toast.cancelledText'));
    }
  }

  return (
    <Modal open onClose={later} labelledBy="brief-title" className="max-w-3xl">
      <div className="p-5 sm:p-8">
        <h2 id="brief-title" className="pr-10 text-2xl font-bold">{t('title')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
        <div className="mt-6">
          <BriefForm
            summary={{ serviceName: target.serviceName, price: target.price, delivery: target.delivery, orderId: target.orderId }}
            draftKey={draftKey(target)}
            askContact={!user && consultation}
            guestId={guestId ?? formerGuestId}
            onSubmit={submit}
            onLater={later}
          />
        </div>
      </div>
    </Modal>
  );
}
