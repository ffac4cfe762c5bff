import { z } from 'zod'
import { json, type ModuleDocs } from '../openapi/routeDoc.js'

export const healthAnswerSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
})

export const readyAnswerSchema = z.object({
  status: z.literal('ready'),
  checks: z.record(z.string(), z.literal('ok')),
})

export const healthDocs: ModuleDocs = {
  tag: 'health',
  description: 'Liveness and readiness of the api and what it depends on.',
  routes: [
    {
      method: 'get',
      path: '/health',
      summary: 'Whether the api and its database answer (503 when the database does not within 2 s)',
      auth: 'none',
      responses: { 200: json('Up', healthAnswerSchema) },
    },
    {
      method: 'get',
      path: '/ready',
      summary:
        'Whether the api can serve: its database and, with --redis, Redis each answer within 2 s (503 naming the checks that failed)',
      auth: 'none',
      responses: { 200: json('Ready', readyAnswerSchema) },
    },
  ],
}
