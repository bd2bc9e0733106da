import type { UploadedFileRow } from '../uploads/upload-batch.ts';
import { fileView, type FileView } from '../uploads/file-view.ts';
import type { BriefRow } from './briefs.service.ts';

/** A brief as its customer reads it (SPEC section 7 fields, files with their URLs). */
export interface BriefView {
  id: string;
  orderId: string;
  serviceId: number | null;
  serviceName: string;
  servicePrice: string | null;
  deliveryTime: string | null;
  style: string[];
  colorTone: string[];
  usage: string[];
  additionalRequests: string | null;
  referenceNotes: string | null;
  status: string;
  uploadedFiles: FileView[];
  createdAt: string;
}

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
