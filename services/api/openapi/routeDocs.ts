import { openApiDocumentSchema } from './openApiShape.js'
import { json, type ModuleDocs } from './routeDoc.js'

export const openApiDocs: ModuleDocs = {
  tag: 'reference',
  description: 'This reference.',
  routes: [
    {
      method: 'get',
      path: '/openapi.json',
      summary:
        'Every route of the api with its parameters, body and answers, as OpenAPI 3.1; public, cacheable',
      auth: 'none',
      responses: { 200: json('The document', openApiDocumentSchema) },
    },
  ],
}
