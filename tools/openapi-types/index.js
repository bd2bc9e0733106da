// openapi-typescript, resolved with its own TypeScript 5 (see package.json).
export { default, astToString } from 'openapi-typescript';
