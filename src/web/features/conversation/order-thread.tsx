/**
 * An order's conversation on screen (D34, issue 35): the order's story and what the customer and
 * staff wrote, oldest first, and a box to write in, with files. The customer's side (My Page, the
 * private link's page) and staff (the order's detail, with private notes) share it. Loaded only when
 * opened (thread-disclosure.tsx), so no page's first load carries it. New messages are fetched while
 * the tab is in view and announced politely; what is on screen is marked read, so it is not mailed.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Answer } from '../../../domain/contract/http.ts';
import type { orderMessages, postOrderMessage, postStaffOrderMessage, staffOrderMessages } from '../../../domain/contract/conversation.ts';
import { MESSAGE_MAX_CHARS } from '../../../domain/conversation.ts';
import { formatCurrencyMinor } from '../../../domain/currency-money.ts';
import { apiRequest } from '../../api-client.ts';
import { FileList } from '../../components/file-list.tsx';
import { useLocalDateTime } from '../../components/use-local-time.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import { guestSessionId } from '../accounts/guest-session.ts';
import { precheck, uploadFile, type UploadedFile } from '../briefs/upload-file.ts';
import { eventsAddress, liveConnected, subscribe } from './live-events.ts';
import { MessageText } from './message-text.tsx';
import { announceRead } from './waiting.ts';

export type ThreadFor =
  | { side: 'customer'; orderNumber: string; linkKey?: string | undefined }
  | { side: 'staff'; orderId: string };

type Message = Answer<typeof staffOrderMessages>['messages'][number] | Answer<typeof orderMessages>['messages'][number];
type Page = Answer<typeof orderMessages> | Answer<typeof staffOrderMessages>;

/** New messages are asked for this often while the tab is in view and the live stream is down. */
const REFRESH_MS = 20_000;

/** The live stream's address for this reader: a session needs nothing; a private link names itself. */
function liveAddress(thread: ThreadFor): string {
  return thread.side === 'customer' && thread.linkKey ? eventsAddress({ link: { orderNumber: thread.orderNumber, key: thread.linkKey } }) : eventsAddress();
}

function pathsOf(thread: ThreadFor) {
  if (thread.side === 'staff') {
    const base = `/api/admin/orders/${thread.orderId}/messages`;
    return { list: (after: number) => `${base}?after=${after}&limit=200`, post: base, read: `${base}/read` };
  }
  const base = `/api/orders/${thread.orderNumber}/messages`;
  const key = thread.linkKey ? `&key=${encodeURIComponent(thread.linkKey)}` : '';
  return { list: (after: number) => `${base}?after=${after}&limit=200${key}`, post: base, read: `${base}/read` };
}

export default function OrderThread({ thread }: { thread: ThreadFor }) {
  const { t } = useTranslation('orders');
  const { t: tCommon } = useTranslation();
  const { t: tBriefs } = useTranslation('briefs');
  const store = useRootData();
  const date = useLocalDateTime(store.lang);
  // The thread's identity: effects and fetches follow it, not each render's new props object.
  const key = thread.side === 'staff' ? `staff:${thread.orderId}` : `customer:${thread.orderNumber}:${thread.linkKey ?? ''}`;
  const current = useRef({ thread, store });
  current.current = { thread, store };
  const paths = useMemo(() => pathsOf(current.current.thread), [key]);
  const staff = thread.side === 'staff';
  const [messages, setMessages] = useState<Message[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [arrived, setArrived] = useState(0);
  const last = useRef(0);
  const readUpTo = useRef(0);

  // The guest's browser names itself in a header, never in the address (proxy logs).
  const guestHeaders = useCallback((): Record<string, string> => (staff ? {} : { 'x-guest-id': guestSessionId() }), [staff]);
  const customerFields = useCallback((): Record<string, string> => {
    const { thread: now } = current.current;
    return now.side === 'customer' ? { sessionId: guestSessionId(), ...(now.linkKey ? { orderKey: now.linkKey } : {}) } : {};
  }, []);

  const markRead = useCallback(async () => {
    if (last.current <= readUpTo.current || document.visibilityState !== 'visible') return;
    readUpTo.current = last.current;
    const result = await apiRequest('POST', paths.read, { seq: last.current, ...customerFields() }, current.current.store);
    if (result.ok) announceRead();
  }, [paths, customerFields]);

  const fetchNew = useCallback(async (first: boolean) => {
    const found: Message[] = [];
    for (;;) {
      const result = await apiRequest<Page>('GET', paths.list(last.current), undefined, current.current.store, guestHeaders());
      if (!result.ok) {
        if (first) setState('failed');
        return;
      }
      found.push(...result.data.messages);
      last.current = result.data.lastSeq;
      if (!result.data.hasMore) break;
    }
    setState('ready');
    if (found.length) {
      setMessages((shown) => [...shown, ...found.filter((m) => !shown.some((s) => s.seq === m.seq))]);
      if (!first) setArrived(found.filter((m) => m.side !== current.current.thread.side).length);
    }
    await markRead();
  }, [paths, guestHeaders, markRead]);

  useEffect(() => {
    void fetchNew(true);
    const refresh = () => { if (document.visibilityState === 'visible') void fetchNew(false); };
    const { thread: now } = current.current;
    // Told at once by the live stream; on a clock only while it is not connected.
    const stop = subscribe(liveAddress(now), now.side === 'staff' ? now.orderId : now.orderNumber, refresh);
    const timer = window.setInterval(() => { if (!liveConnected()) refresh(); }, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      stop();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [fetchNew]);

  const added = useCallback((message: Message) => {
    setMessages((shown) => [...shown, message]);
    last.current = Math.max(last.current, message.seq);
    readUpTo.current = Math.max(readUpTo.current, message.seq);
  }, []);

  const bubble = (message: Message) => (message.private ? 'border border-dashed border-amber-500 bg-amber-50' : message.side === thread.side ? 'bg-brand-50' : 'bg-slate-100');
  const who = (message: Message) => {
    if (message.side === thread.side) return staff && 'author' in message && message.author ? message.author : t('thread.you');
    return message.side === 'staff' ? t('thread.studio') : t('thread.customer');
  };

  const eventText = (message: Message) => {
    const data = message.data ?? {};
    switch (message.event) {
      case 'status_changed': return t('thread.event.status_changed', { to: tCommon(`orderStatus.${String(data.to)}`) });
      case 'quote_sent': return t('thread.event.quote_sent', { version: String(data.version ?? 1) });
      case 'draft_delivered': case 'files_delivered': return t(`thread.event.${message.event}`, { count: Number(data.count ?? 1) });
      case 'refunded': return t('thread.event.refunded', { amount: typeof data.currency === 'string' && data.currency ? formatCurrencyMinor(Number(data.amount), data.currency) : String(data.amount) });
      default: return t(`thread.event.${message.event}`);
    }
  };

  return (
    <div className="mt-3 grid gap-3" data-thread>
      {state === 'loading' && <p className="text-sm text-slate-600" role="status">…</p>}
      {state === 'failed' && (
        <p className="text-sm text-red-800" role="alert">
          {t('thread.loadFailed')}{' '}
          <button type="button" className="font-semibold underline underline-offset-2" onClick={() => { setState('loading'); void fetchNew(true); }}>{t('thread.retry')}</button>
        </p>
      )}
      {state === 'ready' && messages.every((m) => m.kind === 'system') && <p className="text-sm text-slate-600">{t('thread.empty')}</p>}
      <ol className="grid gap-2" aria-label={t('thread.title')}>
        {messages.map((message) => message.kind === 'system' ? (
          <li key={message.seq} className="text-center text-xs text-slate-500" data-entry={message.event}>
            <span className="font-medium text-slate-600">{eventText(message)}</span> · <time dateTime={new Date(message.at).toISOString()}>{date.format(new Date(message.at))}</time>
          </li>
        ) : (
          <li key={message.seq} data-message={message.side} data-private={message.private || undefined} className={`min-w-0 max-w-[85%] rounded-2xl p-3 text-sm ${message.side === thread.side ? 'justify-self-end' : 'justify-self-start'} ${bubble(message)}`}>
            <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
              <span className="font-semibold text-slate-800">{who(message)}</span>
              {message.private && <span className="font-semibold text-amber-900">{t('thread.privateNote')}</span>}
              <time dateTime={new Date(message.at).toISOString()}>{date.format(new Date(message.at))}</time>
            </p>
            {message.context && <p className="mt-1 text-xs font-semibold text-brand-800">{t(`thread.context.${message.context}`)}</p>}
            <MessageText text={message.body ?? ''} className="mt-1" />
            {message.files.length > 0 && (
              <FileList className="mt-2" files={message.files} downloadLabel={(name) => tBriefs('summary.download', { name })} openLabel={(name) => name} />
            )}
          </li>
        ))}
      </ol>
      <p className="sr-only" role="status" aria-live="polite">{arrived > 0 ? t('thread.arrived', { count: arrived }) : ''}</p>
      <Composer thread={thread} path={paths.post} fields={customerFields} onSent={added} />
    </div>
  );
}

type Sent = Answer<typeof postOrderMessage, 201> | Answer<typeof postStaffOrderMessage, 201>;

function Composer({ thread, path, fields, onSent }: { thread: ThreadFor; path: string; fields: () => Record<string, string>; onSent: (message: Message) => void }) {
  const { t } = useTranslation('orders');
  // The upload rules' words are the brief's (the same rules: REFERENCE_RULES).
  const { t: tBriefs } = useTranslation('briefs');
  const store = useRootData();
  const id = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(0);
  const [isPrivate, setPrivate] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const staff = thread.side === 'staff';
  const left = MESSAGE_MAX_CHARS - text.length;

  async function attach(chosen: FileList | null) {
    for (const file of Array.from(chosen ?? [])) {
      const refusal = precheck(file);
      if (refusal) {
        setError(t('thread.refused', { name: file.name, reason: tBriefs(`files.${refusal}`) }));
        continue;
      }
      setUploading((n) => n + 1);
      const outcome = await uploadFile(file, { guestId: staff ? null : guestSessionId(), store, onProgress: () => {} });
      setUploading((n) => n - 1);
      if (outcome.ok) setFiles((kept) => [...kept, outcome.file]);
      else setError(outcome.message || t('thread.failed'));
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || busy || uploading > 0) return;
    setBusy(true);
    setError(null);
    const body = { body: text, files: files.map((f) => f.id), ...(staff ? { private: isPrivate } : fields()) };
    const result = await apiRequest<Sent>('POST', path, body, store);
    setBusy(false);
    if (!result.ok) {
      setError(result.error.fields?.body ?? result.error.fields?.files ?? (result.error.message || t('thread.failed')));
      return;
    }
    onSent(result.data.message);
    setText('');
    setFiles([]);
    setPrivate(false);
  }

  return (
    <form onSubmit={send} className="grid gap-2" noValidate>
      <label htmlFor={`${id}-text`} className="text-sm font-semibold">{staff ? t('thread.staffLabel') : t('thread.label')}</label>
      <textarea
        id={`${id}-text`} rows={3} maxLength={MESSAGE_MAX_CHARS} value={text} onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-left${error ? ` ${id}-error` : ''}`}
        className="block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
      />
      <p id={`${id}-left`} className="text-xs text-slate-600">{t('thread.left', { count: left })}</p>
      {files.length > 0 && (
        <FileList files={files} remove={{ label: (name) => tBriefs('files.remove', { name }), onRemove: (file) => setFiles((kept) => kept.filter((f) => f.id !== file.id)) }} />
      )}
      {staff && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} className="size-4" />
          {t('thread.privateToggle')}
        </label>
      )}
      {error && <p id={`${id}-error`} className="text-sm text-red-800" role="alert">{error}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <label className="btn-secondary cursor-pointer">
          {t('thread.attach')}
          <input type="file" multiple className="sr-only" onChange={(event) => { void attach(event.target.files); event.target.value = ''; }} />
        </label>
        <button type="submit" className="btn-primary" disabled={busy || uploading > 0 || !text.trim()}>{busy ? t('thread.sending') : t('thread.send')}</button>
      </div>
    </form>
  );
}
