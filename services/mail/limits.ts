/** Mails the inbox holds by default; past it the oldest goes first, so a forgotten dev stack stays small. */
export const DEFAULT_MAX_MESSAGES = 1000

/**
 * Characters of text the inbox holds by default, over every mail's subject, addresses and bodies; past it
 * the oldest mail goes first. A login mail has about 2,000, so the count cap comes first in use; this one
 * stops a thousand mails of a megabyte each (their text and HTML kept apart) from filling the process.
 */
export const DEFAULT_MAX_INBOX_CHARS = 50_000_000

/** Largest raw message (headers and body) the SMTP server accepts by default; a larger one gets 552. */
export const DEFAULT_MAX_MESSAGE_BYTES = 1_000_000

/** SMTP connections open at once; one more is answered 421 and closed. */
export const MAX_SMTP_CLIENTS = 20

/**
 * RCPT TO commands per mail transaction, and addresses a mail's To header may name (more gets 554): each
 * kept address costs far more memory than its few bytes in the message.
 */
export const MAX_SMTP_RECIPIENTS = 50

/** An SMTP connection silent this long is closed, so idle sockets are not held. */
export const SMTP_SOCKET_TIMEOUT_MS = 30_000

/** On close, a transaction under way gets this long to finish before its connection is cut. */
export const SMTP_CLOSE_GRACE_MS = 100

/** Mails `GET /api/v1/messages` returns when no `limit` is given (Mailpit's default). */
export const DEFAULT_LIST_LIMIT = 50

/** The largest `limit` of `GET /api/v1/messages`: at most the whole inbox at its default size. */
export const MAX_LIST_LIMIT = DEFAULT_MAX_MESSAGES

/** IDs one `DELETE /api/v1/messages` body may name. */
export const MAX_DELETE_IDS = DEFAULT_MAX_MESSAGES

/** Largest HTTP request body (a delete list of MAX_DELETE_IDS uuids fits). */
export const MAX_HTTP_BODY_BYTES = 64 * 1024

/** Characters of a mail's text in its list entry's `Snippet` (Mailpit's length). */
export const SNIPPET_CHARS = 250

/** Mails the HTML page lists, newest first. */
export const PAGE_MESSAGES = 100

/** Characters of each mail's text the HTML page shows. */
export const PAGE_TEXT_CHARS = 10_000

/** Mailer side: time to open a connection to the SMTP server, and then to get its greeting. */
export const MAILER_CONNECT_TIMEOUT_MS = 10_000

/** Mailer side: a silent SMTP connection is given up after this, so a send never hangs its caller. */
export const MAILER_SOCKET_TIMEOUT_MS = 30_000

/** Mailer side: pooled connections to the SMTP server. */
export const MAILER_MAX_CONNECTIONS = 2

/**
 * Time a message's parse gets, in a worker thread of its own, once the parser is loaded; past it the
 * worker is cut and the message refused with 554. Crafted markup can take html-to-text tens of seconds.
 */
export const PARSE_TIMEOUT_MS = 2_000

/** Heap of that worker; a message whose parse needs more is refused with 554. */
export const PARSE_HEAP_MB = 64

/**
 * Mails parsed at once, each in a worker of its own (its heap up to PARSE_HEAP_MB); the others wait their
 * turn, so twenty connections sending at once hold four workers, not twenty.
 */
export const MAX_PARSES_AT_ONCE = 4
