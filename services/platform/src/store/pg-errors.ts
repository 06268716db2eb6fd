import { AppError, errors, FIELD_MESSAGES, REASONS } from '@app/proto';

// Postgres errors that bad input can cause, as the AppError the client should see: every data exception (SQLSTATE
// class 22) and program limit (class 54) is a 400, a statement stopped by the statement timeout a 503 (the same query
// may pass when the server is less busy; nothing in it is invalid). Anything else is left alone (it is a bug or an
// outage: the transport logs it and answers 500).

interface PgError {
  code?: string;
  message?: string;
  constraint?: string;
  detail?: string;
}

/**
 * The field of a unique klass index from the violation's detail: `Key (account_id, (body #> '{email}'::text[]))=…`,
 * or the last text field of an index on `body ->> 'name'` (the disk's one name per folder).
 */
function uniqueField(detail: string | undefined): string | undefined {
  const m = detail ? /\(body #> '\{([A-Za-z0-9_,]+)\}'::text\[\]\)/.exec(detail) : null;
  if (m) return m[1].split(',').join('.');
  const text = detail ? [...detail.matchAll(/\(body ->> '([A-Za-z0-9_]+)'::text\)/g)] : [];
  return text.length ? text[text.length - 1][1] : undefined;
}

export function mapPgError(e: unknown): unknown {
  if (e instanceof AppError || !e || typeof e !== 'object') return e;
  const err = e as PgError;
  switch (err.code) {
    case '57014': // query_canceled: statement_timeout, or an administrator's pg_cancel_backend
      return new AppError(
        'service_unavailable',
        /statement timeout/.test(err.message ?? '') ? 'The query took too long and was stopped' : 'The query was stopped, please try again',
      );
    case '22P02': // invalid_text_representation, e.g. an unpaired surrogate escape (\ud800) in jsonb text
      if (/surrogate/i.test(`${err.message} ${err.detail}`)) return errors.badRequest('text must not contain unpaired UTF-16 surrogates (\\ud800 to \\udfff)');
      return dataException(err);
    case '2201B': // invalid_regular_expression
      return errors.badRequest(`invalid $regex: ${err.message}`);
    case '22P05': // untranslatable_character (\u0000 in jsonb or text)
      return errors.badRequest('text must not contain NUL characters (\\u0000)');
    case '22021': // character_not_in_repertoire
      return errors.badRequest('text is not valid UTF-8');
    case '22003': // numeric_value_out_of_range
      return errors.badRequest('a number is out of range');
    case '2201W': // invalid_row_count_in_limit_clause
    case '2201X': // invalid_row_count_in_result_offset_clause
      return errors.badRequest('limit and skip must be non-negative integers');
    case '54000': // program_limit_exceeded, e.g. a value too large for an index row
      return errors.badRequest(`a value is too large: ${err.message}`);
    case '54001': // statement_too_complex
      return errors.badRequest('selector is too complex');
    case '23505': {
      // unique_violation: the primary key means two creates of one id raced (409); a unique klass index means the
      // value is taken, a field error like the other field checks (422 {field: 'has-already-been-taken'})
      const field = err.constraint === 'documents_pkey' ? undefined : uniqueField(err.detail);
      return field ? new AppError('unprocessable_entity', { [field]: FIELD_MESSAGES.taken }) : errors.conflict(REASONS.conflict);
    }
    default:
      if (err.code?.startsWith('22')) return dataException(err);
      if (err.code?.startsWith('54')) return errors.badRequest(`the request is too large for the database: ${err.message}`);
      return e;
  }
}

/** Any other data exception: the value the client sent does not fit; Postgres's message says how. */
function dataException(err: PgError): AppError {
  return errors.badRequest(`invalid value: ${err.message}${err.detail ? ` (${err.detail})` : ''}`);
}
