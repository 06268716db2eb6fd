import { scanCsv } from '../imports/csv-dialect.rules';
import { DateColumns } from './import-analysis';

// The upload's reading of its columns' dates over the whole file (issue 27 #3): what the screen shows the person to
// choose from, and what the import's POST refuses without a chosen format.

async function dateColumns(text: string) {
  const dates = new DateColumns();
  await scanCsv(Buffer.from(text, 'utf8'), (row) => dates.add(row));
  return { ...dates.result(), rows: dates.rows };
}

describe('the date columns of an upload', () => {
  it('reads a US statement whose days are all 12 or less as two formats, with the first date read as different days and its line', async () => {
    const found = await dateColumns('Date,Description,Amount,Balance\n10/10/2024,Opening,0.00,1000.00\n10/01/2024,Coffee,-4.50,995.50\n10/02/2024,Rent,-900.00,95.50\n10/07/2024,Pay,2000.00,2095.50\n');
    expect(found.suggested).toEqual({ ignore_line_one: false, first_line_is_header: true });
    expect(found.date_columns).toEqual([
      { column: 0, formats: ['dd/mm/yyyy', 'mm/dd/yyyy'], sample: { value: '10/01/2024', line: 3, readings: { 'dd/mm/yyyy': '2024-01-10', 'mm/dd/yyyy': '2024-10-01' } } },
    ]);
    expect(found.rows).toBe(4);
  });

  it('settles the format over the whole file: a day over 12 on the last line of many', async () => {
    const lines = ['Date;Memo;Amount', ...Array.from({ length: 500 }, (_, i) => `10/${String((i % 12) + 1).padStart(2, '0')}/2024;x${i};-1,00`), '10/25/2024;last;-1,00'];
    expect((await dateColumns(lines.join('\n'))).date_columns).toEqual([{ column: 0, formats: ['mm/dd/yyyy'], sample: null }]);
  });

  it('leaves out a title line and the header as the file suggests, and the columns that hold no dates', async () => {
    const found = await dateColumns('Extrato 12/2024\nData;Lançamento;Valor\n13/10/2024;PIX 01/02;-1,00\n14/10/2024;TED;-2,00\n');
    expect(found.suggested).toEqual({ ignore_line_one: true, first_line_is_header: true });
    expect(found.date_columns).toEqual([{ column: 0, formats: ['dd/mm/yyyy'], sample: null }]);
  });

  it('counts no row in a file of a header alone', async () => {
    expect((await dateColumns('Data;Histórico;Valor\r\n')).rows).toBe(0);
  });
});
