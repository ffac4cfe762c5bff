import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** French. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': 'Choisir un nom',
  'names.title.success': 'Nom enregistré',
  'names.input.label': 'Nom',
  'names.input.placeholder': 'Saisissez un nom',
  'names.available': 'Disponible',
  'names.registered': 'Enregistré',
  'names.taken': 'Ce nom est déjà pris. Essayez l’un de ceux-ci :',
  'names.register': 'Enregistrer',
  'names.registering': 'Enregistrement…',
  'names.successHeading': 'Nom de compte choisi avec succès',
  'names.successDetail': 'Vous pouvez maintenant utiliser {name} au lieu de votre adresse.',
  'names.successDone': 'Retour au compte',
  'names.choose': 'Choisir un nom',
  'names.error.TOO_SHORT': 'Le nom doit comporter au moins 4 caractères',
  'names.error.INVALID_CHARACTERS': 'Ne peut contenir que des lettres, des chiffres et le caractère -',
  'names.error.ALREADY_OWNS': 'Vous possédez déjà un nom',
  'names.error.INVALID_CHAIN_ID': 'chainId invalide',
  'names.error.RESOLVE_FAILED': 'Erreur lors de la résolution du nom',
  'names.error.SUGGESTIONS_FAILED': 'Erreur lors de la récupération des suggestions de noms',
  'names.error.REVERSE_FAILED': 'Erreur lors de la récupération des noms de l’adresse',
  'names.error.REGISTER_FAILED': 'Erreur lors de l’enregistrement du nom {name}',
  'names.error.NETWORK_NOT_FOUND': 'Réseau introuvable',
  'names.error.NO_AUTH_ACCOUNT': 'Adresse ou connecteur d’authentification introuvable',
  'names.reason.taken': 'Ce nom est déjà pris',
  'names.reason.signature': 'Signature invalide',
  'names.reason.expired': 'Message expiré',
  'names.reason.notFound': 'Nom introuvable',
}
