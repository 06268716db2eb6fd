import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import {
  CSV_PREVIEW_ROWS,
  CSV_UPLOAD_TTL_SECONDS,
  CsvAnalyseRequest,
  CsvDateColumn,
  csvUploadDatesKey,
  csvUploadKey,
  CsvUploadDates,
  CsvUploadReply,
  DateFormatTally,
  errors,
} from '@app/proto';
import { accountDb } from '../common/caller';
import { APP_CONFIG } from '../common/tokens';
import { CsvDialect, CsvRow, detectHeader, scanCsv } from '../imports/csv-dialect.rules';
import { CsvError, problem } from '../imports/csv-error';
import { FinanceRedis } from './finance-redis';

const logger = new Logger('csv-analysis');

/** The columns whose dates are read over the whole file (CsvColumns takes 0–200). */
const DATE_COLUMNS = 201;

/**
 * What a file's data rows say of its dates, read a row at a time (the rows are not held): each column's date formats,
 * over the rows that are data as the file suggests (line one left out when it is a title, the header when there is
 * one). The suggestion comes from the first two rows, so the rows before it are held until the third arrives.
 */
export class DateColumns {
  private readonly tallies: DateFormatTally[] = [];
  private readonly firstTwo: CsvRow[] = [];
  private suggested: Pick<CsvDialect, 'first_line_is_header' | 'ignore_line_one'> | null = null;
  /** the data rows counted */
  rows = 0;

  add(row: CsvRow): void {
    if (!this.suggested) {
      this.firstTwo.push(row);
      if (this.firstTwo.length === 2) this.settle();
      return;
    }
    this.count(row);
  }

  /** The suggestion (from the first two rows, as scanCsv makes it) and the columns' reading. */
  result(): { suggested: Pick<CsvDialect, 'first_line_is_header' | 'ignore_line_one'>; date_columns: CsvDateColumn[] } {
    if (!this.suggested) this.settle();
    const date_columns: CsvDateColumn[] = [];
    this.tallies.forEach((tally, column) => {
      if (!tally?.seen) return;
      const guess = tally.result();
      if (guess.candidates.length > 0) date_columns.push({ column, formats: guess.candidates, sample: guess.sample });
    });
    return { suggested: this.suggested!, date_columns };
  }

  private settle(): void {
    this.suggested = detectHeader(this.firstTwo);
    const start = (this.suggested.ignore_line_one ? 1 : 0) + (this.suggested.first_line_is_header ? 1 : 0);
    this.firstTwo.slice(start).forEach((row) => this.count(row));
  }

  private count(row: CsvRow): void {
    this.rows++;
    const cells = Math.min(row.cells.length, DATE_COLUMNS);
    for (let i = 0; i < cells; i++) {
      const tally = (this.tallies[i] ??= new DateFormatTally());
      // a column that is no date column any more is not read further
      if (tally.alive.length > 0) tally.add(row.cells[i], row.line);
    }
  }
}

/**
 * What a just uploaded statement looks like: its dialect and first rows (with their lines), for the column matching
 * step, and its columns' date formats over the whole file. Refused: what is no CSV file (415, csv-dialect.rules.ts), a
 * file without rows, or with a header and no rows (422, "the file has no rows below its header").
 */
@Injectable()
export class ImportAnalysis {
  constructor(
    private readonly redis: FinanceRedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async analyse(req: CsvAnalyseRequest): Promise<CsvUploadReply> {
    const db = accountDb(req.ctx);
    const bytes = await this.redis.client.getBuffer(csvUploadKey(this.config.prefix, db, req.upload_id));
    if (!bytes) throw errors.notFound('The uploaded file is no longer there: upload it again');
    // the file is read through (a broken quote is refused at upload, with its line; a file without rows as empty-file)
    // but only its first rows are kept
    const kept: CsvRow[] = [];
    const keep = Math.max(200, CSV_PREVIEW_ROWS + 2);
    const dates = new DateColumns();
    const parsed = await scanCsv(bytes, (row) => {
      if (kept.length < keep) kept.push(row);
      dates.add(row);
    });
    const { date_columns } = dates.result();
    // an empty period's export: its header and nothing else
    if (dates.rows === 0) throw new CsvError([problem('no-rows', null)]);
    const held: CsvUploadDates = { ignore_line_one: parsed.ignore_line_one, first_line_is_header: parsed.first_line_is_header, date_columns };
    // for the import's check of a file whose dates read two ways (documents.service.ts); the import checks again
    await this.redis.client
      .set(csvUploadDatesKey(this.config.prefix, db, req.upload_id), JSON.stringify(held), 'EX', CSV_UPLOAD_TTL_SECONDS)
      .catch((err: unknown) => logger.warn(`upload ${req.upload_id}: its dates not kept (${String(err)})`));
    const start = parsed.ignore_line_one ? 1 : 0;
    const first = kept.slice(0, CSV_PREVIEW_ROWS + start + 1);
    return {
      upload_id: req.upload_id,
      encoding: parsed.encoding,
      delimiter: parsed.delimiter,
      header: parsed.first_line_is_header ? (kept[start]?.cells ?? null) : null,
      first_line_is_header: parsed.first_line_is_header,
      ignore_line_one: parsed.ignore_line_one,
      columns: Math.max(...kept.slice(0, 200).map((r) => r.cells.length)),
      lines: parsed.rows,
      rows: first.map((r) => r.cells),
      // the preview names a row by the line the import's problems will name
      row_lines: first.map((r) => r.line),
      date_columns,
    };
  }
}
