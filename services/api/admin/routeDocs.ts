import { z } from 'zod'
import { json, type ModuleDocs, page } from '../openapi/routeDoc.js'
import {
  featuresSchema,
  newProjectSchema,
  projectIdSchema,
  projectPatchSchema,
  type StoredProject,
} from '../projects/project.js'

export const storedProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  allowedOrigins: z.array(z.string()),
  basic: z.boolean(),
  features: featuresSchema,
  rateLimitPerMinute: z.number(),
  smartAccountNetworks: z.array(z.number()).describe('EIP-155 chain ids with smart accounts on.'),
  createdAt: z.number().describe('Unix milliseconds.'),
  updatedAt: z.number().describe('Unix milliseconds.'),
}) satisfies z.ZodType<StoredProject>

const byId = z.object({ id: projectIdSchema })

export const adminDocs: ModuleDocs = {
  tag: 'admin',
  description: "The operator's project management, behind `Authorization: Bearer <admin token>`.",
  routes: [
    {
      method: 'get',
      path: '/v1/admin/projects',
      summary: 'Every project',
      auth: 'admin',
      calledBy: ['api pages'],
      responses: { 200: json('The projects', z.object({ projects: z.array(storedProjectSchema) })) },
    },
    {
      method: 'post',
      path: '/v1/admin/projects',
      summary: 'Creates a project (every feature off but those named; an id is generated when none is given)',
      auth: 'admin',
      calledBy: ['api pages'],
      body: { schema: newProjectSchema },
      responses: { 201: json('The project created', storedProjectSchema) },
    },
    {
      method: 'get',
      path: '/v1/admin/projects/{id}',
      summary: 'One project',
      auth: 'admin',
      params: byId,
      responses: { 200: json('The project', storedProjectSchema) },
    },
    {
      method: 'patch',
      path: '/v1/admin/projects/{id}',
      summary: "Changes a project's editable fields (`features` merges into the current ones)",
      auth: 'admin',
      calledBy: ['api pages'],
      params: byId,
      body: { schema: projectPatchSchema },
      responses: { 200: json('The project changed', storedProjectSchema) },
    },
    {
      method: 'get',
      path: '/admin',
      summary: 'The admin page: the projects and their features (the token is typed into the page)',
      auth: 'none',
      calledBy: ['browser'],
      responses: { 200: page('The page') },
    },
  ],
}
