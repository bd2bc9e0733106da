/**
 * A paper as an accessible HTML page (issue 34): the same words as its PDF (paper-document.ts), in
 * the paper's language, as a document a screen reader can walk (headings, a definition list, a table
 * with headers and a caption) and a browser prints on A4. It runs no script and loads nothing.
 */
import { BRAND } from '../../../domain/site.ts';
import { escapeHtml as e } from '../../mail/compose.ts';
import type { PaperDocument } from './paper-document.ts';

const STYLE = `
*{box-sizing:border-box}
:lang(ko){word-break:keep-all}
body{margin:0;background:#f4f4f5;color:#1a1a1a;font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans KR","Noto Sans JP","Noto Sans SC","Apple SD Gothic Neo","Malgun Gothic",sans-serif}
main{max-width:820px;margin:24px auto;background:#fff;padding:40px 48px;border-radius:8px;box-shadow:0 1px 3px rgb(0 0 0/.08)}
header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-start;gap:8px 24px}
.brand{margin:0;color:#5c5c5c;font-size:14px;order:2}
h1{margin:0;font-size:28px;line-height:1.25;order:1}
.pdf{order:3;flex-basis:100%;margin:4px 0 0}
.pdf a{display:inline-block;padding:10px 18px;border-radius:999px;background:#15803d;color:#fff;font-weight:600;text-decoration:none}
.pdf a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:4px 32px;margin:24px 0}
dl div{display:grid;grid-template-columns:minmax(96px,40%) 1fr;gap:8px}
dt{color:#5c5c5c;font-size:13px;padding-top:1px}
dd{margin:0;overflow-wrap:anywhere}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:16px 32px;margin:8px 0 24px}
h2{margin:0 0 4px;font-size:13px;color:#5c5c5c}
.parties p{margin:0;overflow-wrap:anywhere}
.parties .name{font-weight:700;font-size:16px}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
caption{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
thead th{background:#f2f2f2;color:#454545;font-size:13px;text-align:left;padding:8px}
td{padding:8px;border-bottom:1px solid #e0e0e0;vertical-align:top;overflow-wrap:anywhere}
.n{text-align:right;white-space:nowrap}
thead th.n{text-align:right}
tfoot th{text-align:right;font-weight:400;padding:6px 8px}
tfoot td{border:0;padding:6px 8px}
tfoot .strong th,tfoot .strong td{font-weight:700;font-size:17px}
.notes{margin:24px 0 0;color:#454545;font-size:14px}
.notes p{margin:0 0 6px}
footer{margin-top:32px;color:#5c5c5c;font-size:13px}
footer p{margin:0 0 4px}
@media (max-width:600px){main{margin:0;padding:20px 16px;border-radius:0;box-shadow:none}h1{font-size:24px}body{font-size:14px}td,thead th,tfoot th,tfoot td{padding:6px 4px}}
@media print{body{background:#fff}main{margin:0;padding:0;box-shadow:none;max-width:none}.pdf,.hint{display:none}@page{size:A4;margin:18mm}}
`;

/** The page of a paper; `pdfUrl` is its PDF's address with the same access the page was opened with. */
export function paperHtml(paper: PaperDocument, pdfUrl: string): string {
  const words = paper.page;
  const hasTax = paper.columns.tax !== null;
  const columns = hasTax ? 4 : 3;
  const party = (id: string, block: { heading: string; lines: string[] }) =>
    `<section aria-labelledby="${id}"><h2 id="${id}">${e(block.heading)}</h2>${block.lines.map((line, i) => `<p${i === 0 ? ' class="name"' : ''}>${e(line)}</p>`).join('')}</section>`;
  return `<!doctype html>
<html lang="${paper.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(`${paper.title} ${paper.number} · ${BRAND}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="paper-title">
<header>
<h1 id="paper-title">${e(paper.title)}</h1>
<p class="brand">${e(BRAND)}</p>
<p class="pdf"><a href="${e(pdfUrl)}" download="${e(paper.fileName)}" type="application/pdf">${e(words.downloadPdf)}</a></p>
</header>
<section aria-label="${e(words.details)}">
<dl>${paper.facts.map((fact) => `<div><dt>${e(fact.label)}</dt><dd>${e(fact.value)}</dd></div>`).join('')}</dl>
</section>
<div class="parties">${party('seller', paper.seller)}${paper.buyer ? party('buyer', paper.buyer) : ''}</div>
<table>
<caption>${e(words.items)}</caption>
<thead><tr><th scope="col">${e(paper.columns.description)}</th><th scope="col" class="n">${e(paper.columns.quantity)}</th>${hasTax ? `<th scope="col" class="n">${e(paper.columns.tax!)}</th>` : ''}<th scope="col" class="n">${e(paper.columns.amount)}</th></tr></thead>
<tbody>
${paper.lines.map((line) => `<tr><td>${e(line.description)}</td><td class="n">${e(line.quantity)}</td>${hasTax ? `<td class="n">${e(line.tax ?? '')}</td>` : ''}<td class="n">${e(line.amount)}</td></tr>`).join('\n')}
</tbody>
<tfoot>
${paper.totals.map((total) => `<tr${total.strong ? ' class="strong"' : ''}><th scope="row" colspan="${columns - 1}">${e(total.label)}</th><td class="n">${e(total.value)}</td></tr>`).join('\n')}
</tfoot>
</table>
${paper.notes.length ? `<section class="notes">${paper.notes.map((note) => `<p>${e(note)}</p>`).join('')}</section>` : ''}
<footer><p>${e(paper.footer)}</p><p class="hint">${e(words.printHint)}</p></footer>
</main>
</body>
</html>
`;
}
