import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Italian. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': 'Scegli un nome',
  'names.title.success': 'Nome registrato',
  'names.input.label': 'Nome',
  'names.input.placeholder': 'Digita un nome',
  'names.available': 'Disponibile',
  'names.registered': 'Registrato',
  'names.taken': 'Questo nome è già preso. Prova uno di questi:',
  'names.register': 'Registra',
  'names.registering': 'Registrazione…',
  'names.successHeading': 'Nome dell’account scelto correttamente',
  'names.successDetail': 'Ora puoi usare {name} al posto del tuo indirizzo.',
  'names.successDone': 'Torna all’account',
  'names.choose': 'Scegli un nome',
  'names.error.TOO_SHORT': 'Il nome deve contenere almeno 4 caratteri',
  'names.error.INVALID_CHARACTERS': 'Può contenere solo lettere, numeri e il carattere -',
  'names.error.ALREADY_OWNS': 'Possiedi già un nome',
  'names.error.INVALID_CHAIN_ID': 'chainId non valido',
  'names.error.RESOLVE_FAILED': 'Errore nella risoluzione del nome',
  'names.error.SUGGESTIONS_FAILED': 'Errore nel recupero dei suggerimenti di nomi',
  'names.error.REVERSE_FAILED': 'Errore nel recupero dei nomi dell’indirizzo',
  'names.error.REGISTER_FAILED': 'Errore nella registrazione del nome {name}',
  'names.error.NETWORK_NOT_FOUND': 'Rete non trovata',
  'names.error.NO_AUTH_ACCOUNT': 'Indirizzo o connettore di autenticazione non trovato',
  'names.reason.taken': 'Il nome è già preso',
  'names.reason.signature': 'Firma non valida',
  'names.reason.expired': 'Messaggio scaduto',
  'names.reason.notFound': 'Nome non trovato',
}
