import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type XlsxCell, xlsxWorkbook } from './xlsx';

async function* batches(rows: XlsxCell[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function readBack(header: string[], rows: XlsxCell[][], size = 2) {
  let counted = 0;
  const bytes = await buffer(xlsxWorkbook('Orders & co', header, batches(rows, size), (n) => (counted += n)));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return { sheet: workbook.worksheets[0]!, counted, bytes };
}

describe('the streaming XLSX writer', () => {
  it('writes a workbook a spreadsheet reader opens, with text, numbers, booleans, dates and gaps', async () => {
    const at = new Date(Date.UTC(2026, 10, 22, 14, 30, 5));
    const { sheet, counted } = await readBack(
      ['Order', 'Customer', 'Total', 'Paid', 'Ordered', 'Note'],
      [
        [4012088030, 'Řehoř <Žluťoučký> & "Łódź"', 1234.5, true, at, null],
        [2, '  two blanks kept ', -0.25, false, null, 'tab\there'],
        [3, 'bell\u0007 gone', 0, false, at, ''],
      ],
    );
    expect(counted).toBe(3);
    expect(sheet.name).toBe('Orders & co');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Order', 'Customer', 'Total', 'Paid', 'Ordered', 'Note']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(4012088030);
    expect(first.getCell(2).value).toBe('Řehoř <Žluťoučký> & "Łódź"');
    expect(first.getCell(3).value).toBe(1234.5);
    expect(first.getCell(4).value).toBe(true);
    expect((first.getCell(5).value as Date).toISOString()).toBe(at.toISOString());
    expect(first.getCell(5).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(6).value).toBeNull();
    expect(sheet.getRow(3).getCell(2).value).toBe('  two blanks kept ');
    expect(sheet.getRow(3).getCell(6).value).toBe('tab\there');
    // XML 1.0 cannot carry control characters: they are dropped rather than breaking the file.
    expect(sheet.getRow(4).getCell(2).value).toBe('bell gone');
    expect(sheet.rowCount).toBe(4);
  });

  it('keeps one valid deflate stream across many batches', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i): XlsxCell[] => [i, `row ${i}`, i / 3]);
    const { sheet, counted } = await readBack(['n', 'text', 'third'], rows, 333);
    expect(counted).toBe(2_000);
    expect(sheet.rowCount).toBe(2_001);
    expect(sheet.getRow(2_001).values).toEqual([undefined, 1_999, 'row 1999', 1_999 / 3]);
  });
});
