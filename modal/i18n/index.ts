export { type Catalogue, en, type MessageKey } from './en.js'
export { createTranslator, type Translate } from './translate.js'
