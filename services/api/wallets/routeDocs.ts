import { z } from 'zod'
import { empty, json, type ModuleDocs, type ResponseDoc } from '../openapi/routeDoc.js'
import { ICON_FILE, type RegistryFileWallet } from './registryFile.js'

/** A wallet as the modal's AllWallets list reads it (modal/wallets/types.ts RegistryWallet). */
export const registryWalletSchema = z.object({
  id: z.string(),
  name: z.string(),
  rdns: z.string().optional(),
  homepage: z.string().optional(),
  imageUrl: z.string().optional().describe('An icon this api serves, or hosted elsewhere.'),
  mobile: z.object({ native: z.string().optional(), universal: z.string().optional() }).optional(),
}) satisfies z.ZodType<Omit<RegistryFileWallet, 'icon'>>

const icon: ResponseDoc = { description: 'The icon (svg, png or webp)', media: 'image/*' }

export const walletDocs: ModuleDocs = {
  tag: 'wallets',
  description: 'The wallet registry: public, readable from any origin.',
  routes: [
    {
      method: 'get',
      path: '/v1/wallets',
      summary: "The AllWallets list from the operator's registry file, icon URLs absolute on this api",
      auth: 'none',
      calledBy: ['modal (configured URL)'],
      responses: {
        200: json('The wallets', z.array(registryWalletSchema)),
        304: empty('Not modified (`If-None-Match` matched the ETag)'),
      },
    },
    {
      method: 'get',
      path: '/v1/wallets/icons/{file}',
      summary: "A wallet's icon from the registry's icons folder",
      auth: 'none',
      calledBy: ['modal (configured URL)'],
      params: z.object({ file: z.string().regex(ICON_FILE) }),
      responses: { 200: icon },
    },
  ],
}
