export { requireAdmin } from './adminAuth.js'
export { adminPageRoutes } from './adminPage.js'
export { adminRoutes } from './adminRoutes.js'
