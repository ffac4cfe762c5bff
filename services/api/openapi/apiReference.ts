import { activityDocs } from '../activity/routeDocs.js'
import { adminDocs } from '../admin/routeDocs.js'
import { analyticsDocs } from '../analytics/routeDocs.js'
import { balanceDocs } from '../balances/routeDocs.js'
import { healthDocs } from '../http/routeDocs.js'
import { namesDocs } from '../names/routeDocs.js'
import { onrampDocs } from '../onramp/routeDocs.js'
import { projectDocs } from '../projects/routeDocs.js'
import { rpcProxyDocs } from '../rpcProxy/routeDocs.js'
import { siwxDocs } from '../siwx/routeDocs.js'
import { swapDocs } from '../swap/routeDocs.js'
import { verifyDocs } from '../verify/routeDocs.js'
import { walletDocs } from '../wallets/routeDocs.js'
import type { ModuleDocs } from './routeDoc.js'
import { openApiDocs } from './routeDocs.js'

/**
 * Every route of the api, module by module, in the order the app mounts them: the one source of
 * `GET /openapi.json` and of the README's table (a test holds both, and the app's routes, to it).
 */
export const apiReference: readonly ModuleDocs[] = [
  healthDocs,
  openApiDocs,
  projectDocs,
  adminDocs,
  balanceDocs,
  activityDocs,
  rpcProxyDocs,
  analyticsDocs,
  walletDocs,
  verifyDocs,
  siwxDocs,
  namesDocs,
  onrampDocs,
  swapDocs,
]
