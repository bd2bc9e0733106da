/**
 * The first bytes of a file part, read before it goes to storage so that its type can be told
 * from its content. file-type's own fileTypeStream waits for a 'readable' event, which a part that
 * has already ended never emits: an empty file (`curl -F files=@/dev/null`) left the request
 * without an answer until the client gave up. Here the end of the part settles the read as well.
 */
import { Readable } from 'node:stream';

interface FirstBytes {
  /** Up to `size` bytes; fewer only when the part is that short. */
  head: Buffer;
  /** The whole part, head included, ready to be piped on. */
  body: Readable;
}

export function readFirstBytes(stream: Readable, size: number): Promise<FirstBytes> {
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.readableEnded) return Promise.resolve({ head: Buffer.alloc(0), body: Readable.from([]) });
  if (stream.destroyed) return Promise.reject(new Error('the file part was closed before it was read'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    function onData(chunk: Buffer) {
      chunks.push(chunk);
      length += chunk.length;
      if (length < size) return;
      cleanup();
      stream.pause();
      // Back in front of what is still to come: the caller reads the part from its first byte.
      const head = Buffer.concat(chunks);
      stream.unshift(head);
      resolve({ head, body: stream });
    }
    function onEnd() {
      cleanup();
      const head = Buffer.concat(chunks);
      resolve({ head, body: Readable.from(head.length > 0 ? [head] : []) });
    }
    function onError(error: Error) {
      cleanup();
      reject(error);
    }
    function onClose() {
      cleanup();
      reject(stream.errored ?? new Error('the file part was closed before it ended'));
    }
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
