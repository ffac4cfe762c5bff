export * from './client/index.js'
export * from './protocol/index.js'
