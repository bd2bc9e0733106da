import { createContext, useContext } from 'react';
import type { Language, Namespace } from '../../i18n/config.ts';
import type { CatalogSource } from '../../i18n/translate.ts';

/** The server's catalogs, and the messages this render read (sent with the page). */
export interface ServerCatalogs {
  source: CatalogSource;
  /** Language → namespace → message path → whether all its plural forms were read. */
  read: Map<Language, Map<Namespace, Map<string, boolean>>>;
  /** Notes a message the render read (the server's own code: the browser's bundle has none of it). */
  onRead: (lang: Language, ns: Namespace, path: string, plural: boolean) => void;
  /** Notes a namespace a component reads from, even when this render read none of its messages. */
  onUse: (lang: Language, ns: Namespace) => void;
}

/** What only the server renderer knows: the CSP nonce, the style sheet, the scroll script, the catalogs. */
interface DocumentContext {
  nonce: string;
  /** The whole style sheet, inlined into the document (docs/decisions/0007). */
  styles: string;
  /** The scroll restoration's inline script (scroll-restore-script.server.ts). */
  scrollRestoreScript: string;
  catalogs: ServerCatalogs;
}

const Context = createContext<DocumentContext | undefined>(undefined);

export const DocumentContextProvider = Context.Provider;

/** The CSP nonce of this response on the server; undefined in the browser, where it is not needed. */
export function useNonce(): string | undefined {
  return useContext(Context)?.nonce;
}

/**
 * Text the server writes into the document inline (the style sheet, the scroll restoration's
 * script); '' in the browser, which keeps the server's copy.
 */
export function useInlineText(name: 'styles' | 'scrollRestoreScript'): string {
  return useContext(Context)?.[name] ?? '';
}

/** The server's catalogs during a server render; undefined in the browser. */
export function useServerCatalogs(): ServerCatalogs | undefined {
  return useContext(Context)?.catalogs;
}
