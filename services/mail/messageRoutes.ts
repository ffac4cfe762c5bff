import { Hono } from 'hono'
import { z } from 'zod'
import { ApiError } from '../api/http/apiError.js'
import { validJsonText, validQuery } from '../api/http/validate.js'
import type { Inbox, StoredMail } from './inbox.js'
import { DEFAULT_LIST_LIMIT, MAX_DELETE_IDS, MAX_LIST_LIMIT } from './limits.js'

const wholeNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number)

const listQuery = z.object({
  limit: wholeNumber.pipe(z.number().min(1).max(MAX_LIST_LIMIT)).default(DEFAULT_LIST_LIMIT),
  start: wholeNumber.default(0),
})

const mailId = z.uuid()

const deleteBody = z.strictObject({ IDs: z.array(mailId).max(MAX_DELETE_IDS) })

/** A list entry, as Mailpit's `GET /api/v1/messages` writes it (the fields the project reads). */
const summaryOf = (mail: StoredMail) => ({
  ID: mail.id,
  MessageID: mail.messageId,
  From: mail.from,
  To: mail.to,
  Subject: mail.subject,
  Created: mail.created.toISOString(),
  Snippet: mail.snippet,
  Size: mail.size,
})

/** A whole mail, as Mailpit's `GET /api/v1/message/{ID}` writes it (the fields the project reads). */
const messageOf = (mail: StoredMail) => ({
  ID: mail.id,
  MessageID: mail.messageId,
  From: mail.from,
  To: mail.to,
  Subject: mail.subject,
  Date: (mail.date ?? mail.created).toISOString(),
  Text: mail.text,
  HTML: mail.html,
})

/** The Mailpit-compatible subset of the inbox's JSON API. */
export function messageRoutes(inbox: Inbox): Hono {
  return new Hono()
    .get('/api/v1/messages', (c) => {
      const { start, limit } = validQuery(c.req, listQuery)
      const messages = inbox.list(start, limit).map(summaryOf)
      c.header('cache-control', 'no-store')
      return c.json({ total: inbox.total, start, count: messages.length, messages })
    })
    .get('/api/v1/message/:id', (c) => {
      const id = mailId.safeParse(c.req.param('id'))
      if (!id.success) throw new ApiError(400, 'INVALID_REQUEST', 'ID: not a message ID')
      const mail = inbox.get(id.data)
      if (!mail) throw new ApiError(404, 'NOT_FOUND', 'Message not found')
      c.header('cache-control', 'no-store')
      return c.json(messageOf(mail))
    })
    .delete('/api/v1/messages', async (c) => {
      const text = await c.req.text()
      // No body deletes every mail, as in Mailpit; a body names the mails to delete.
      const ids = text.trim() === '' ? undefined : validJsonText(text, deleteBody).IDs
      return c.json({ deleted: inbox.delete(ids) })
    })
}
