export { requireAdmin } from './adminAuth.js'
export { adminPageRoutes } from './adminPage.js'
export { adminRoutes } from './adminRoutes.js'
export {
  checkAdminTokenStrength,
  MIN_ADMIN_TOKEN_DISTINCT,
  MIN_ADMIN_TOKEN_LENGTH,
  WeakAdminTokenError,
} from './adminTokenStrength.js'
