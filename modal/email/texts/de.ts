import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'Weiter mit E-Mail',
  'title.EmailVerifyOtp': 'E-Mail bestätigen',
  'title.EmailVerifyDevice': 'Gerät registrieren',
  'title.UpdateEmailWallet': 'E-Mail ändern',
  'title.UpdateEmailPrimaryOtp': 'Aktuelle E-Mail bestätigen',
  'title.UpdateEmailSecondaryOtp': 'Neue E-Mail bestätigen',
  'title.ApproveTransaction': 'Transaktion bestätigen',
  label: 'E-Mail',
  placeholder: 'E-Mail',
  continue: 'Weiter',
  codeSent: 'Gib den Code ein, den wir an {email} gesendet haben',
  approveDevice: 'Dieses Gerät bestätigen',
  approveDeviceHint:
    'Wir haben einen Link an {email} gesendet. Öffne ihn und bestätige dieses Gerät; danach senden wir dir einen Code.',
  retry: 'Erneut versuchen',
  save: 'Speichern',
  update: 'E-Mail ändern',
  export: 'Wallet exportieren',
  approveInFrame: 'Prüfe die Anfrage in deiner sicheren Wallet und bestätige sie dort.',
  'title.ConnectingSocial': 'Social Login',
  socialLabel: 'Social Login',
  continueWith: 'Weiter mit {name}',
  socialWaiting: 'Schließe die Anmeldung mit {name} im geöffneten Fenster ab.',
  socialClosed: 'Das Anmeldefenster wurde vor dem Abschluss geschlossen.',
  farcasterUnavailable: 'Die Anmeldung mit Farcaster ist in dieser Wallet noch nicht verfügbar.',
}
