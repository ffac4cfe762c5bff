export * from './client/index.js'
export * from './mock/index.js'
export * from './protocol/index.js'
