/**
 * A staff change through the API (SPEC section 8 toasts): success says so and reloads the page's
 * data from the server; a refusal shows the server's message; a failure to reach it says so too.
 * A refund or a change of role that needs a fresh proof of who is asking (issue 36) asks for it
 * and is tried again once.
 */
import type { TFunction } from '../../../i18n/translate.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRevalidator } from 'react-router';
import { apiRequest, type StoreHeaders } from '../../api-client.ts';
import { toast, type ToastText } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { askRecheck } from './recheck.tsx';

export async function staffAction(
  request: { method: 'PATCH' | 'POST' | 'PUT' | 'DELETE'; path: string; body: unknown },
  messages: { ok: ToastText; failed: ToastText; okFor?: (answer: unknown) => ToastText | undefined },
  context: { store: StoreHeaders; t: TFunction; revalidate: () => Promise<void> | void },
): Promise<boolean> {
  let result = await apiRequest(request.method, request.path, request.body, context.store);
  if (!result.ok && result.error.code === 'RECENT_SIGN_IN_REQUIRED' && await askRecheck()) {
    result = await apiRequest(request.method, request.path, request.body, context.store);
  }
  if (result.ok) {
    toast.success(messages.okFor?.(result.data) ?? messages.ok);
    await context.revalidate();
    return true;
  }
  if (result.error.status === 0) toast.error(() => context.t('admin:toast.error'), () => context.t('admin:toast.errorText'));
  else toast.error(messages.failed, result.error.message);
  return false;
}

/** staffAction bound to this page: its store, its messages, and a reload of its loader data. */
export function useStaffAction() {
  const { t } = useTranslation('admin');
  const store = useRootData();
  const revalidator = useRevalidator();
  return (request: Parameters<typeof staffAction>[0], messages: Parameters<typeof staffAction>[1]) =>
    staffAction(request, messages, { store, t, revalidate: () => revalidator.revalidate() });
}
