/** Files for upload tests, made in memory, and a multipart body of them as a browser would send it. */
import sharp from 'sharp';

export interface Upload { name: string; data: Buffer; type?: string }

export const png = () => sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a7' } }).png().toBuffer();
export const jpeg = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#a37' } }).jpeg().toBuffer();
export const gif = () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#37a' } }).gif().toBuffer();
/** An MP4's first box (ftyp, brand isom) followed by padding: enough to be recognised. */
export const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1'), Buffer.alloc(2000)]);
export const exe = () => Buffer.concat([Buffer.from('MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff', 'latin1'), Buffer.alloc(4000, 0x41)]);
export const html = () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
/** A PDF header and a little body: what file-type recognises as application/pdf. */
export const pdf = () => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

export async function multipart(files: Upload[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
