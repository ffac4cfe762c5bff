/**
 * At most `max` characters of a client-controlled string, saying how long it was: what a client sends
 * is logged and echoed, and a 3 MB method name must not become 3 MB of log.
 */
export function truncate(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`
}

/** A client-controlled value of any type (an id, an error object) as bounded text for a log line. */
export function clientText(value: unknown, max = 200): string {
  if (typeof value === 'string') return truncate(value, max)
  const text = JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'bigint' ? inner.toString() : inner,
  )
  return truncate(text ?? String(value), max)
}
