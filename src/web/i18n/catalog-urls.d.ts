// scripts/vite/message-catalogs.ts: the address of a whole message catalog in this build.
declare module 'virtual:message-catalogs' {
  export function catalogUrl(lang: string, ns: string): string | undefined;
}
