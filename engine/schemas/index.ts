export * from './auth.js'
export * from './common.js'
export * from './methods.js'
export * from './records.js'
