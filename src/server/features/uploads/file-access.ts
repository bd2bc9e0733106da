/**
 * Who may read an uploaded file (D5, D14, D22): its owner (the user, or the guest whose id the
 * request carries), staff, and whoever holds the private link of the order it belongs to.
 * Everyone else is told it does not exist.
 */
import type { PublicUser } from '../../../domain/user.ts';
import type { UploadedFileRow } from './upload-batch.ts';

export interface FileReader {
  user: PublicUser | null;
  guestId: string | null;
  /** The order whose private link (D22) the request carries, verified by the caller. */
  linkedOrderId: string | null;
}

export function mayRead(reader: FileReader, file: UploadedFileRow): boolean {
  if (reader.user?.role === 'admin') return true;
  if (reader.user && file.ownerUserId === reader.user.id) return true;
  if (reader.guestId && file.ownerUserId === null && file.ownerGuestId === reader.guestId) return true;
  return reader.linkedOrderId !== null && file.orderId === reader.linkedOrderId;
}
