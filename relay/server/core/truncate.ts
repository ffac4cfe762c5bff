/**
 * At most `max` characters of a client-controlled string, saying how long it was: what a client sends
 * is logged and echoed, and a 3 MB method name must not become 3 MB of log.
 */
export function truncate(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`
}
