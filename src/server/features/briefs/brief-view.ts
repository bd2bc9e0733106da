import type { BriefAnswer } from '../../../domain/contract/files.ts';
import type { UploadedFileRow } from '../uploads/upload-batch.ts';
import { fileView } from '../uploads/file-view.ts';
import type { BriefRow } from './briefs.service.ts';

/** A brief as its customer reads it: the contract's (src/domain/contract/files.ts). */
export type BriefView = BriefAnswer;

export function briefView(brief: BriefRow, orderNumber: string, files: UploadedFileRow[], fileAccess = ''): BriefView {
  return {
    id: brief.id,
    orderId: orderNumber,
    serviceId: brief.serviceId,
    serviceName: brief.serviceName,
    servicePrice: brief.servicePrice,
    deliveryTime: brief.deliveryTime,
    style: brief.style,
    colorTone: brief.colorTone,
    usage: brief.usage,
    additionalRequests: brief.additionalRequests,
    referenceNotes: brief.referenceNotes,
    status: brief.status,
    uploadedFiles: files.map((file) => fileView(file, fileAccess)),
    createdAt: brief.createdAt.toISOString(),
  };
}
