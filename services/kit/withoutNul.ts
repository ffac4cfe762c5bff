import { z } from 'zod'

/**
 * Refuses a string holding U+0000, as a check on any string schema (`z.string().max(64).check(withoutNul)`):
 * PostgreSQL's TEXT cannot hold it, so a client's NUL bound to an insert or even a lookup fails the
 * statement with a 500, where SQLite takes it. Every client string a statement binds passes it.
 */
export const withoutNul = z.refine<string>((value) => !value.includes('\u0000'), 'must not contain U+0000')
