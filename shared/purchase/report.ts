import { z } from 'zod';
import { moneySchema, purchaseResourceSchema } from './purchase.ts';

/** One bought value: what it was, what it cost, when and in which purchase. */
export const reportValueSchema = z.object({
  value: z.string(),
  price: moneySchema,
  /** The service's purchase ID; absent only for a purchase the journal never learned it for. */
  purchaseId: z.string().optional(),
  /** The local purchase id, to open it in TitleDesk. */
  localId: z.string(),
  /** When the purchase was made (epoch ms). */
  boughtAt: z.number(),
});
export type ReportValue = z.infer<typeof reportValueSchema>;

export const reportRowSchema = z.object({
  variable: z.string(),
  name: z.string(),
  schemePath: z.array(z.string()),
  ontologyType: z.string(),
  latest: reportValueSchema,
  /** Earlier purchases of the same variable, newest first. */
  older: z.array(reportValueSchema),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportTitleSchema = z.object({
  titleNumber: z.string(),
  tenure: z.string().optional(),
  rows: z.array(reportRowSchema),
  /** How many available purchases of this title the report draws on. */
  purchaseCount: z.number().int().min(0),
});
export type ReportTitle = z.infer<typeof reportTitleSchema>;

/** Every value bought from an address's own catalog or its UPRN's, as a title's are reported. */
export const reportResourceSchema = z.object({
  resource: purchaseResourceSchema,
  rows: z.array(reportRowSchema),
  /** How many available purchases from this catalog the report draws on. */
  purchaseCount: z.number().int().min(0),
});
export type ReportResource = z.infer<typeof reportResourceSchema>;

export const propertyReportRequestSchema = z.strictObject({
  titles: z.array(z.strictObject({ titleNumber: z.string().trim().min(1).max(20), tenure: z.string().max(50).optional() })).max(50),
  /** The address the titles belong to, for the report's header. */
  address: z.string().trim().max(500).optional(),
  /** The address's own catalog and its UPRN's, reported beside its titles (an address card's report), or alone (such a purchase's). */
  resources: z.array(purchaseResourceSchema.strict()).max(2).optional(),
}).refine((request) => request.titles.length > 0 || (request.resources?.length ?? 0) > 0, 'a report is of a title, an address or a UPRN: name at least one');
export type PropertyReportRequest = z.infer<typeof propertyReportRequestSchema>;

export const propertyReportSchema = z.object({
  environmentId: z.string(),
  address: z.string().optional(),
  titles: z.array(reportTitleSchema),
  /** Present when the request named resources: one entry each, in the request's order. */
  resources: z.array(reportResourceSchema).optional(),
  generatedAt: z.number(),
  /** Whether this host saves the PDF itself (the desktop app); elsewhere the browser's print dialog does. */
  savesPdf: z.boolean().optional(),
});
export type PropertyReport = z.infer<typeof propertyReportSchema>;

export const savePdfRequestSchema = z.strictObject({ fileName: z.string().trim().min(1).max(120).regex(/^[^/\\:*?"<>|\0]+$/) });
export const savePdfResultSchema = z.object({ saved: z.boolean(), path: z.string().optional() });
export type SavePdfResult = z.infer<typeof savePdfResultSchema>;
