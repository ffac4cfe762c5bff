// The few pieces every layer shares, below all of them.
export { Emitter, type Listener } from './emitter.js'
export { andThen, type Eventually } from './eventually.js'
export { featuresOff } from './featuresOff.js'
export { describeIssues, explainIssue, type ParseResult, type Parses } from './issues.js'
export { type LogFields, type Logger, type LogLevel, silentLogger } from './logger.js'
export { safeParseExplained } from './safeParseExplained.js'
export { unrefTimer } from './timers.js'
