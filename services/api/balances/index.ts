export { BalanceService, type BalanceServiceOptions, type KnownTokens } from './balanceService.js'
export { type PricedAsset, type PriceSource, staticPriceSource } from './priceSource.js'
export { type BalanceRouteOptions, balanceRoutes } from './routes.js'
export { type TokenBalance, tokenBalanceSchema } from './tokenBalance.js'
