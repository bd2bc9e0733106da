/** A message as the API and the pages show it (src/domain/contract/conversation.ts). */
import type { z } from 'zod';
import type { messageSchema, staffMessageViewSchema } from '../../../domain/contract/conversation.ts';
import { fileView } from '../uploads/file-view.ts';
import type { ThreadMessage } from './conversation.service.ts';

export type MessageView = z.output<typeof messageSchema>;
export type StaffMessageView = z.output<typeof staffMessageViewSchema>;

/** `access` is appended to file URLs for readers without a session (the private link's order and key). */
export function messageView({ row, files }: ThreadMessage, access = ''): MessageView {
  return {
    seq: row.seq,
    id: row.id,
    kind: row.kind,
    side: row.authorSide,
    private: row.visibility === 'private',
    body: row.body,
    event: row.event,
    data: row.data,
    context: row.context,
    files: files.map((file) => fileView(file, access)),
    at: row.createdAt,
  };
}

export function staffMessageView(message: ThreadMessage): StaffMessageView {
  return { ...messageView(message), author: message.authorEmail };
}
