/**
 * Who may read an uploaded file (D5, D14, D22): its owner (the user, or the guest whose id the
 * request carries), staff, the customer of the order it belongs to (how they receive what staff
 * delivered), and whoever holds that order's private link. Everyone else is told it does not exist.
 */
import type { PublicUser } from '../../../domain/user.ts';
import type { UploadedFileRow } from './upload-batch.ts';

export interface FileReader {
  user: PublicUser | null;
  guestId: string | null;
  /** The order whose private link (D22) the request carries, verified by the caller. */
  linkedOrderId: string | null;
}

/** The owner columns of the order a file belongs to, when the caller has read them. */
export interface FileOrder {
  id: string;
  userId: string | null;
  guestId: string | null;
}

export function mayRead(reader: FileReader, file: UploadedFileRow, order?: FileOrder): boolean {
  if (reader.user?.role === 'admin') return true;
  if (reader.user && file.ownerUserId === reader.user.id) return true;
  if (reader.guestId && file.ownerUserId === null && file.ownerGuestId === reader.guestId) return true;
  if (order && order.id === file.orderId) {
    if (reader.user && order.userId === reader.user.id) return true;
    if (reader.guestId && order.userId === null && order.guestId === reader.guestId) return true;
  }
  return reader.linkedOrderId !== null && file.orderId === reader.linkedOrderId;
}
