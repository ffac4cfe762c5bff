import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** German. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': 'Namen wählen',
  'names.title.success': 'Name registriert',
  'names.input.label': 'Name',
  'names.input.placeholder': 'Namen eingeben',
  'names.available': 'Verfügbar',
  'names.registered': 'Registriert',
  'names.taken': 'Dieser Name ist vergeben. Versuche einen dieser:',
  'names.register': 'Registrieren',
  'names.registering': 'Wird registriert…',
  'names.successHeading': 'Kontoname erfolgreich gewählt',
  'names.successDetail': 'Du kannst jetzt {name} statt deiner Adresse verwenden.',
  'names.successDone': 'Zurück zum Konto',
  'names.choose': 'Namen wählen',
  'names.error.TOO_SHORT': 'Der Name muss mindestens 4 Zeichen lang sein',
  'names.error.INVALID_CHARACTERS': 'Darf nur Buchstaben, Ziffern und das Zeichen - enthalten',
  'names.error.ALREADY_OWNS': 'Du besitzt bereits einen Namen',
  'names.error.INVALID_CHAIN_ID': 'Ungültige chainId',
  'names.error.RESOLVE_FAILED': 'Fehler beim Auflösen des Namens',
  'names.error.SUGGESTIONS_FAILED': 'Fehler beim Abrufen von Namensvorschlägen',
  'names.error.REVERSE_FAILED': 'Fehler beim Abrufen der Namen zur Adresse',
  'names.error.REGISTER_FAILED': 'Fehler beim Registrieren des Namens {name}',
  'names.error.NETWORK_NOT_FOUND': 'Netzwerk nicht gefunden',
  'names.error.NO_AUTH_ACCOUNT': 'Adresse oder Auth-Connector nicht gefunden',
  'names.reason.taken': 'Der Name ist bereits vergeben',
  'names.reason.signature': 'Ungültige Signatur',
  'names.reason.expired': 'Nachricht abgelaufen',
  'names.reason.notFound': 'Name nicht gefunden',
}
