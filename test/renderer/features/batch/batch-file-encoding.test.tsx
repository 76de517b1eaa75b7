import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileDrop, type BatchFile } from '../../../../renderer/features/batch/FileDrop.tsx';

afterEach(cleanup);

function Picker() {
  const [file, setFile] = useState<BatchFile | undefined>();
  return (
    <>
      <FileDrop file={file} onFile={setFile} />
      <output data-testid="text">{file === undefined ? 'none' : JSON.stringify(file.text)}</output>
    </>
  );
}

function pick(bytes: Uint8Array, name: string): void {
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [new File([buffer], name, { type: 'text/csv' })] } });
}

const csv = 'title_number\r\nDN123456\r\n';

describe('a batch file picked in the page', () => {
  it('is read in the encoding its byte-order mark names (UTF-16 from a spreadsheet)', async () => {
    render(<Picker />);
    pick(new Uint8Array([0xff, 0xfe, ...Buffer.from(csv, 'utf16le')]), 'unicode.csv');
    await waitFor(() => { expect(screen.getByTestId('text').textContent).toBe(JSON.stringify(csv)); });
    expect(screen.getByText('File: unicode.csv')).toBeTruthy();
  });

  it('says the encoding it could not read instead of passing on garbled text', async () => {
    render(<Picker />);
    pick(new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0, 0x42]), 'broken.csv');
    expect((await screen.findByRole('alert')).textContent).toContain('UTF-32LE');
    expect(screen.getByTestId('text').textContent).toBe('none');
  });
});
