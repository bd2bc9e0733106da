import { readFileSync } from 'node:fs';
import { pdfText } from './tests/integration/support/pdf-text.ts';
for (const l of ['ko','en','ja','vi','zh']) { const r = await pdfText(readFileSync(`/tmp/paper-${l}.pdf`)); console.log(l, JSON.stringify(r.text.slice(0, 400)), r.info.Title); }
