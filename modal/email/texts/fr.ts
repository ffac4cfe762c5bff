import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'Continuer avec un e-mail',
  'title.EmailVerifyOtp': 'Confirmer l’adresse e-mail',
  'title.EmailVerifyDevice': 'Enregistrer l’appareil',
  'title.UpdateEmailWallet': 'Modifier l’adresse e-mail',
  'title.UpdateEmailPrimaryOtp': 'Confirmer l’adresse e-mail actuelle',
  'title.UpdateEmailSecondaryOtp': 'Confirmer la nouvelle adresse e-mail',
  'title.ApproveTransaction': 'Approuver la transaction',
  label: 'Adresse e-mail',
  placeholder: 'Adresse e-mail',
  continue: 'Continuer',
  codeSent: 'Saisissez le code envoyé à {email}',
  approveDevice: 'Approuver cet appareil',
  approveDeviceHint:
    'Nous avons envoyé un lien à {email}. Ouvrez-le et approuvez cet appareil, puis nous vous enverrons un code.',
  retry: 'Réessayer',
  save: 'Enregistrer',
  update: 'Modifier l’adresse e-mail',
  export: 'Exporter le portefeuille',
  approveInFrame: 'Vérifiez la demande dans votre portefeuille sécurisé et approuvez-la depuis celui-ci.',
  'title.ConnectingSocial': 'Connexion sociale',
  socialLabel: 'Connexion sociale',
  continueWith: 'Continuer avec {name}',
  socialWaiting: 'Terminez la connexion avec {name} dans la fenêtre ouverte.',
  socialClosed: 'La fenêtre de connexion a été fermée avant la fin.',
  farcasterUnavailable: 'La connexion avec Farcaster n’est pas encore disponible dans ce portefeuille.',
}
