// The backend's own pure rules (helper A's proto/src/tickets.ts), imported by file path: @app/proto's package entry is
// its CommonJS build, and the browser bundle only needs these functions, not the NATS contract around them.
export { isValidCnpj, isValidCpf, documentDigits, ticketTitle, estimateTotal as protoEstimateTotal, TICKET_TITLE_MAX } from '../../../../proto/src/tickets';
