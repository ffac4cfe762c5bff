import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** German. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': 'Krypto kaufen',
  'onramp.title.inProgress': 'Kauf läuft',
  'onramp.title.activity': 'Käufe',
  'onramp.buy': 'Krypto kaufen',
  'onramp.amount': 'Betrag ({currency})',
  'onramp.currency': 'Du kaufst',
  'onramp.method': 'Zahlungsart',
  'onramp.method.card': 'Karte',
  'onramp.method.ach_bank_account': 'Banküberweisung',
  'onramp.provider': 'Anbieter',
  'onramp.quoting': 'Angebot wird abgerufen…',
  'onramp.youGet': 'Du erhältst {amount} {symbol}',
  'onramp.fees': 'Gebühren {fees} {currency}, Netzwerk {network} {currency}',
  'onramp.continue': 'Weiter zur Zahlung',
  'onramp.noProviders': 'Kein Kaufanbieter bedient dieses Netzwerk',
  'onramp.popupBlocked': 'Erlaube Pop-ups für diese Seite, um die Zahlung zu öffnen',
  'onramp.inProgress.detail':
    'Schließe den Kauf im Zahlungsfenster ab. Diese Ansicht aktualisiert sich, sobald die Bestellung eintrifft.',
  'onramp.inProgress.timeout':
    'Innerhalb von 3 Minuten ist keine Bestellung eingetroffen. Versuche es erneut.',
  'onramp.reopen': 'Zahlung erneut öffnen',
  'onramp.activity.empty': 'Noch keine Käufe',
  'onramp.status.IN_PROGRESS': 'Läuft',
  'onramp.status.SUCCESS': 'Abgeschlossen',
  'onramp.status.FAILED': 'Fehlgeschlagen',
  'onramp.buyAgain': 'Erneut kaufen',
}
