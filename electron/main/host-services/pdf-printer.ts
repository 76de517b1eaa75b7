import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog, type WebContents } from 'electron';
import type { ReportPrinter } from '../../core/report/report-printer.ts';
import { CoreError } from '../../core/errors.ts';

/**
 * The report as PDF through webContents.printToPDF, then saved where the user picks in a save
 * dialog; nothing is written without that choice. The page's print stylesheet lays the report
 * out, including the page size and the "Page n of m" margin boxes, so Chromium's own header and
 * footer stay off (they would number the pages a second time).
 */
export function createPdfPrinter(contents: () => WebContents | undefined): ReportPrinter {
  return {
    async savePdf(fileName) {
      const target = contents();
      if (target === undefined) throw new CoreError('internal', 'There is no window to print.');
      const data = await target.printToPDF({ printBackground: true, displayHeaderFooter: false, preferCSSPageSize: true });
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
