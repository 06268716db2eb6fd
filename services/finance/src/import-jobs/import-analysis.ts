import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { CSV_PREVIEW_ROWS, CsvAnalyseRequest, csvUploadKey, CsvUploadReply, errors } from '@app/proto';
import { accountDb } from '../common/caller';
import { APP_CONFIG } from '../common/tokens';
import { CsvRow, scanCsv } from '../imports/csv-dialect.rules';
import { FinanceRedis } from './finance-redis';

/** What a just uploaded statement looks like: its dialect and first rows (with their lines), for the column matching step. */
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
    const parsed = await scanCsv(bytes, (row) => {
      if (kept.length < keep) kept.push(row);
    });
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
    };
  }
}
