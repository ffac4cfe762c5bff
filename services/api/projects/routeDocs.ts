import { z } from 'zod'
import { json, type ModuleDocs } from '../openapi/routeDoc.js'
import { featuresSchema } from './project.js'

export const projectConfigAnswerSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  basic: z.boolean(),
  features: featuresSchema.describe('Every feature off in basic mode.'),
})

export const projectOriginsAnswerSchema = z.object({ origins: z.array(z.string()) })

export const projectDocs: ModuleDocs = {
  tag: 'project',
  description: "A project's configuration and allowed origins, as the modal reads them at start.",
  routes: [
    {
      method: 'get',
      path: '/v1/project/config',
      summary: "The project's name, basic mode and the features a client may use",
      auth: 'project',
      calledBy: ['modal'],
      responses: { 200: json('The configuration', projectConfigAnswerSchema) },
    },
    {
      method: 'get',
      path: '/v1/project/origins',
      summary: 'The origins (and origin patterns) the project allows',
      auth: 'project',
      calledBy: ['modal'],
      responses: { 200: json('The allowed origins', projectOriginsAnswerSchema) },
    },
  ],
}
