import type { SavePdfResult } from '../../../shared/purchase/report.ts';

/**
 * Saves what the window shows as a PDF. Only the desktop app has one (webContents.printToPDF in
 * electron/main); browser mode prints with the browser's own dialog and the CLI has no window.
 */
export interface ReportPrinter {
  savePdf(fileName: string): Promise<SavePdfResult>;
}
