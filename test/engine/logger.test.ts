import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../engine/logger.js'

describe('engine logger', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('CONST-23 with no logger option only errors are logged', () => {
    const spies = {
      debug: vi.spyOn(console, 'debug').mockImplementation(() => undefined),
      info: vi.spyOn(console, 'info').mockImplementation(() => undefined),
      warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
      error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
    }
    const logger = createLogger(undefined)
    logger.debug('d')
    logger.info('i')
    logger.warn('w')
    logger.error('e', { topic: 't' })
    expect(spies.debug).not.toHaveBeenCalled()
    expect(spies.info).not.toHaveBeenCalled()
    expect(spies.warn).not.toHaveBeenCalled()
    expect(spies.error).toHaveBeenCalledExactlyOnceWith('[pairwise] e', { topic: 't' })
  })
})
