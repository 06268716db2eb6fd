// The cells of a bank statement read as money and dates (issue 14 item 4): proto's statement rules
// (proto/src/finance-statement.ts), which the wallets-upload preview runs in the browser too, under the names the
// import uses. Each file writes its amounts one way and its dates one way, so both are decided from all the file's
// values at once, then every cell is read that way.

export {
  detectDecimalSeparator,
  parseDebitCredit,
  detectStatementDateFormat as detectDateFormat,
  isStatementDateFormat as isDateFormat,
  parseStatementAmount as parseAmount,
  parseStatementDate as parseDate,
  STATEMENT_DATE_FORMATS as DATE_FORMATS,
  type AmountResult,
  type DateFormatGuess,
  type DecimalSeparator,
  type StatementDateFormat as DateFormat,
} from '@app/proto';
