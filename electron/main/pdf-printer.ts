import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog, type WebContents } from 'electron';
import type { ReportPrinter } from '../core/report/report-printer.ts';
import { CoreError } from '../core/errors.ts';

// Chromium fills these classes in the header/footer templates; the page's own print stylesheet
// lays out the report itself.
const footerTemplate =
  '<div style="font-size:8px;width:100%;text-align:center;color:#555">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';

/**
 * The report as PDF through webContents.printToPDF, which renders with the print stylesheet, then
 * saved where the user picks in a save dialog. Nothing is written without that choice.
 */
export function createPdfPrinter(contents: () => WebContents | undefined): ReportPrinter {
  return {
    async savePdf(fileName) {
      const target = contents();
      if (target === undefined) throw new CoreError('internal', 'There is no window to print.');
      const data = await target.printToPDF({
        pageSize: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<div></div>',
        footerTemplate,
        margins: { top: 0.4, bottom: 0.5, left: 0.4, right: 0.4 },
      });
      const name = fileName.toLowerCase().endsWith('.pdf') ? fileName : `${fileName}.pdf`;
      const choice = await dialog.showSaveDialog({
        defaultPath: join(app.getPath('documents'), name),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (choice.canceled || choice.filePath === '') return { saved: false };
      await writeFile(choice.filePath, data);
      return { saved: true, path: choice.filePath };
    },
  };
}
