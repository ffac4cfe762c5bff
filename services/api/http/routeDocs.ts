import { z } from 'zod'
import { json, type ModuleDocs } from '../openapi/routeDoc.js'

export const healthAnswerSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
})

export const healthDocs: ModuleDocs = {
  tag: 'health',
  description: 'Liveness of the api and its database.',
  routes: [
    {
      method: 'get',
      path: '/health',
      summary: 'Whether the api and its database answer (503 when the database does not within 2 s)',
      auth: 'none',
      responses: { 200: json('Up', healthAnswerSchema) },
    },
  ],
}
