export * from './chain/index.js'
export { freePort, isPortTaken, PortInUseError } from './net/ports.js'
export { type ChildGroup, type ChildGroupOptions, startChildGroup, waitUntil } from './process/childGroup.js'
export * from './stack/index.js'
