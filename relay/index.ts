export * from './mock/index.js'
export * from './protocol/index.js'
