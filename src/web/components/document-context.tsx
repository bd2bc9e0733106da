import { createContext, useContext } from 'react';

/** What only the server renderer knows: this response's CSP nonce and the page's style sheet. */
export interface DocumentContext {
  nonce: string;
  /** The whole style sheet, inlined into the document (docs/decisions/0007). */
  styles: string;
}

const Context = createContext<DocumentContext | undefined>(undefined);

export const DocumentContextProvider = Context.Provider;

/** The CSP nonce of this response on the server; undefined in the browser, where it is not needed. */
export function useNonce(): string | undefined {
  return useContext(Context)?.nonce;
}

/** The inlined style sheet on the server; the browser keeps the server's copy. */
export function useInlineStyles(): string {
  return useContext(Context)?.styles ?? '';
}
