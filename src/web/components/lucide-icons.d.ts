// lucide ships one module per icon (its data, an IconNode) but types only for its index; the
// icon modules are imported one by one so that each lands in the chunk of the page that draws it.
declare module 'lucide/dist/esm/icons/*.mjs' {
  const node: import('lucide').IconNode;
  export default node;
}
