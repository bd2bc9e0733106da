/**
 * A brief in progress is kept in this browser (SPEC section 5: nothing typed or uploaded is lost
 * on a failed submit or a reload). Uploaded files are already on the server; the draft remembers
 * them by id. After a submit, SPEC's `projectBrief` entry keeps the brief with its id.
 */
import type { UploadedFile } from './upload-file.ts';

/** What the brief form holds. */
export interface BriefValues {
  style: string[];
  colorTone: string[];
  usage: string[];
  additionalRequests: string;
  referenceNotes: string;
  customerName: string;
  customerEmail: string;
}

export interface BriefDraft extends BriefValues {
  files: UploadedFile[];
}

export const PROJECT_BRIEF_KEY = 'projectBrief';

export const draftKey = (target: { orderId?: string | undefined; serviceId?: number | undefined }) =>
  `brief-draft:${target.orderId ?? `service-${target.serviceId ?? 'none'}`}`;

export function readDraft(key: string): BriefDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<BriefDraft>;
    const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      style: list(draft.style), colorTone: list(draft.colorTone), usage: list(draft.usage),
      additionalRequests: text(draft.additionalRequests), referenceNotes: text(draft.referenceNotes),
      customerName: text(draft.customerName), customerEmail: text(draft.customerEmail),
      files: Array.isArray(draft.files) ? draft.files.filter((f) => f && typeof f.id === 'string' && typeof f.name === 'string') : [],
    };
  } catch {
    return null;
  }
}

export function hasDraft(key: string): boolean {
  return typeof window !== 'undefined' && window.localStorage.getItem(key) !== null;
}

/** Nothing chosen, typed or uploaded: no draft to keep (a form only opened must not come back on its own). */
function isEmpty(draft: BriefDraft): boolean {
  const { files, style, colorTone, usage, ...texts } = draft;
  return files.length + style.length + colorTone.length + usage.length === 0 && Object.values(texts).every((text) => !text.trim());
}

export function saveDraft(key: string, draft: BriefDraft): void {
  try {
    if (isEmpty(draft)) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

export function clearDraft(key: string): void {
  window.localStorage.removeItem(key);
}
